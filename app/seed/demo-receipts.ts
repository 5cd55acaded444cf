import { eq } from 'drizzle-orm'
import { bookings } from '~/db/schema'
import { issuePaymentReceipt, issueRefundReceipt } from '~/models/billing/receipts.server'
import type { PlannedSession } from './demo-sessions'
import type { Tx } from './types'

const MINUTE_MS = 60_000

/** The card the demo's payments were made with: Stripe's test Visa (local demo data). */
const DEMO_CARD = { brand: 'visa', last4: '4242' }

function paidTotal(tx: Tx, bookingId: number) {
  return tx.select({ total: bookings.totalAmountCents }).from(bookings).where(eq(bookings.id, bookingId)).get()!.total
}

/**
 * The receipts the demo's paid sessions would have: one for each payment, a few minutes after
 * it was booked (as insertSchedule dates it), and a refund receipt for each one cancelled, in the
 * order they happened, so each practitioner's numbers run with time as real ones do. Issued by
 * the same functions as a real payment's (docs/decisions/049-receipts.md).
 */
export function issueDemoReceipts(tx: Tx, sessions: PlannedSession[], bookingIds: Map<PlannedSession, number>) {
  const moments: { at: Date; issue: () => void }[] = []
  for (const session of sessions) {
    const bookingId = bookingIds.get(session)
    if (bookingId === undefined || session.service.priceCents <= 0) continue
    const paidAt = new Date(session.bookedAt.getTime() + 3 * MINUTE_MS)
    moments.push({ at: paidAt, issue: () => issuePaymentReceipt(tx, bookingId, DEMO_CARD, paidAt) })
    const cancelledAt = session.status === 'cancelled' ? session.cancelledAt : null
    if (cancelledAt) {
      // Cancelled more than 24 hours ahead: refunded in full (insertSchedule records the same).
      moments.push({
        at: cancelledAt,
        issue: () => issueRefundReceipt(tx, bookingId, paidTotal(tx, bookingId), cancelledAt),
      })
    }
  }
  for (const moment of moments.sort((a, b) => a.at.getTime() - b.at.getTime())) moment.issue()
}
