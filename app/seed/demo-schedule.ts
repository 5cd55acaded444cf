import { bookings, payouts, timeSlots } from '~/db/schema'
import { priceBreakdown } from '~/models/billing/tax'
import type { PlannedSession } from './demo-sessions'
import type { PlannedSlot } from './demo-slots'
import type { Tx } from './types'

const MINUTE_MS = 60_000

/**
 * Writes the planned slots, then the bookings in the order they were made, with the payment
 * references and transfer (payout) that a paid booking has after the payment provider's
 * webhook. Returns each session's booking id, for the reviews.
 */
export function insertSchedule(tx: Tx, slots: PlannedSlot[], sessions: PlannedSession[]) {
  const ordered = [...slots].sort((a, b) => a.start.getTime() - b.start.getTime())
  for (const slot of ordered) {
    slot.id = tx
      .insert(timeSlots)
      .values({
        practitionerId: slot.practitionerId,
        serviceId: slot.serviceId,
        startTime: slot.start,
        endTime: slot.end,
        isBooked: slot.isBooked,
        batchId: slot.batchId,
        createdAt: slot.createdAt,
        updatedAt: slot.createdAt,
      })
      .returning({ id: timeSlots.id })
      .get().id
  }

  const bookingIds = new Map<PlannedSession, number>()
  const byBookingTime = [...sessions].sort((a, b) => a.bookedAt.getTime() - b.bookedAt.getTime())
  byBookingTime.forEach((session, index) => {
    const { service, slot } = session
    if (slot.id === undefined) throw new Error('A session points at a slot that was not written')
    const ref = String(index + 1).padStart(4, '0')
    const paid = service.priceCents > 0
    // As a booking made on the site: the fee and its tax, our 5 % of the fee (app/models/billing/tax.ts).
    const price = priceBreakdown(service.priceCents, service.taxKind)
    const { platformFeeCents, practitionerAmountCents } = price
    // Paid at checkout a few minutes after booking; completed by the sweeper at the end time.
    const paidAt = new Date(session.bookedAt.getTime() + 3 * MINUTE_MS)
    const updatedAt =
      session.status === 'completed' ? slot.end : (session.cancelledAt ?? (paid ? paidAt : session.bookedAt))
    const cancelled = session.status === 'cancelled'
    const bookingId = tx
      .insert(bookings)
      .values({
        serviceId: service.id,
        clientId: session.clientId,
        practitionerId: service.practitionerId,
        timeSlotId: slot.id,
        serviceName: service.name,
        durationMinutes: service.durationMinutes,
        startTime: slot.start,
        endTime: slot.end,
        status: session.status,
        totalAmountCents: price.totalCents,
        taxCents: price.taxCents,
        taxKind: service.taxKind,
        platformFeeCents,
        practitionerAmountCents,
        isPaid: paid,
        stripeCheckoutSessionId: paid ? `cs_demo_${ref}` : null,
        stripePaymentIntentId: paid ? `pi_demo_${ref}` : null,
        // Cancelled more than 24 hours ahead: a full refund (cancellation policy).
        refundedAmountCents: cancelled ? price.totalCents : 0,
        stripeRefundId: cancelled && paid ? `re_demo_${ref}` : null,
        cancelledAt: session.cancelledAt,
        cancellationReason: cancelled ? 'client' : null,
        notes: session.notes,
        createdAt: session.bookedAt,
        updatedAt,
      })
      .returning({ id: bookings.id })
      .get().id
    bookingIds.set(session, bookingId)
    if (paid && !cancelled) {
      tx.insert(payouts)
        .values({
          practitionerId: service.practitionerId,
          bookingId,
          stripeTransferId: `tr_demo_${ref}`,
          amountCents: practitionerAmountCents,
          status: 'paid',
          createdAt: paidAt,
          updatedAt: paidAt,
        })
        .run()
    }
  })
  return bookingIds
}
