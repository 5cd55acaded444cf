import { and, eq, sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { bookings, payouts, users } from '~/db/schema'

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
  const db = getDb()
  const now = new Date()
  // A transfer already recorded moves forward whatever account it names now.
  const known = db
    .update(payouts)
    .set({ status, updatedAt: now })
    .where(
      and(eq(payouts.stripeTransferId, transfer.id), sql`${STATUS_RANK(`'${status}'`)} > ${STATUS_RANK('status')}`),
    )
    .run().changes
  if (known) return known
  const bookingId = /^booking_(\d+)$/.exec(transfer.transferGroup ?? '')?.[1]
  // The booking while it still exists (else null); a row only for one of our practitioners.
  const booking = db
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.id, bookingId ? Number(bookingId) : sql`NULL`))
  return db
    .insert(payouts)
    .select(
      // Every column in the table's order (drizzle's rule for INSERT ... SELECT); a new id.
      db
        .select({
          id: sql`NULL`.as('id'),
          practitionerId: users.id,
          bookingId: sql`(${booking})`.as('booking_id'),
          stripeTransferId: sql`${transfer.id}`.as('stripe_transfer_id'),
          amountCents: sql`${transfer.amount}`.as('amount_cents'),
          status: sql`${status}`.as('status'),
          createdAt: sql`${transfer.created * 1000}`.as('created_at'),
          updatedAt: sql`${now.getTime()}`.as('updated_at'),
        })
        .from(users)
        .where(eq(users.stripeAccountId, transfer.destination)),
    )
    .onConflictDoUpdate({
      target: payouts.stripeTransferId,
      set: { status: sql`excluded.status`, updatedAt: sql`excluded.updated_at` },
      setWhere: sql`${STATUS_RANK('excluded.status')} > ${STATUS_RANK('payouts.status')}`,
    })
    .run().changes
}
