import { sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'

/**
 * The practitioner's 'Automatic Transfers' (on Earnings), written from Stripe's transfer
 * events: each destination charge moves the practitioner's share to their connected account.
 * Events may come twice or out of order, so a row only moves forward: paid, then partially
 * reversed, then reversed (a refund takes the transfer back).
 */
export type TransferEvent = {
  id: string
  amount: number
  amountReversed: number
  destination: string
  transferGroup: string | null
  created: number
}

function transferStatus(transfer: TransferEvent) {
  if (transfer.amountReversed >= transfer.amount) return 'reversed'
  return transfer.amountReversed > 0 ? 'partially_reversed' : 'paid'
}

const STATUS_RANK = (column: string) =>
  sql.raw(`CASE ${column} WHEN 'reversed' THEN 2 WHEN 'partially_reversed' THEN 1 ELSE 0 END`)

/** Records a transfer to one of our practitioners; transfers to other accounts are not ours. */
export function recordTransfer(transfer: TransferEvent) {
  const status = transferStatus(transfer)
  // A transfer already recorded moves forward whatever account it names now.
  const known = getDb().run(
    sql`UPDATE payouts SET status = ${status}, updated_at = ${Date.now()}
        WHERE stripe_transfer_id = ${transfer.id} AND ${STATUS_RANK(`'${status}'`)} > ${STATUS_RANK('status')}`,
  ).changes
  if (known) return known
  const bookingId = /^booking_(\d+)$/.exec(transfer.transferGroup ?? '')?.[1]
  const createdAt = transfer.created * 1000
  return getDb().run(
    sql`INSERT INTO payouts (practitioner_id, booking_id, stripe_transfer_id, amount_cents, status, created_at, updated_at)
        SELECT u.id, (SELECT id FROM bookings WHERE id = ${bookingId ? Number(bookingId) : null}), ${transfer.id},
               ${transfer.amount}, ${status}, ${createdAt}, ${Date.now()}
        FROM users u WHERE u.stripe_account_id = ${transfer.destination}
        ON CONFLICT (stripe_transfer_id) DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at
        WHERE ${STATUS_RANK('excluded.status')} > ${STATUS_RANK('payouts.status')}`,
  ).changes
}
