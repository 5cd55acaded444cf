import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '~/db/client.server'
import { bookingMoveNotices, bookings, emailOutbox, type CANCELLATION_REASONS } from '~/db/schema'
import { recomputeBookingCounts } from '~/models/marketplace/service.server'
import { returnPackageSession } from '~/models/packages/holdings.server'
import { offerFreedSlot } from '~/models/waitlist/offers.server'

/**
 * The booking transitions every path shares (a client cancelling, a hold running out, a
 * payment landing, a refund from the payment provider's dashboard), so the slot and the
 * service's booking count always move together with the status. Callers run them inside
 * their own IMMEDIATE transaction.
 */
export type BookingRow = typeof bookings.$inferSelect
export type CancellationReason = (typeof CANCELLATION_REASONS)[number]

export const LIVE_STATUSES = ['pending', 'confirmed'] as const

export function isLive(booking: { status: string }) {
  return (LIVE_STATUSES as readonly string[]).includes(booking.status)
}

export function findBooking(tx: Db | Tx, bookingId: number) {
  return tx.select().from(bookings).where(eq(bookings.id, bookingId)).get()
}

/** The calendar event's next revision: calendars keep the event with the highest SEQUENCE. */
const NEXT_SEQUENCE = sql`${bookings.sequence} + 1`

/**
 * Cancels a live booking and opens its slot again (offered first to the service's waitlist,
 * docs/decisions/050-waitlist.md); `note` is the practitioner's reason when they cancelled it.
 */
export function cancelLiveBooking(
  tx: Db | Tx,
  booking: BookingRow,
  reason: CancellationReason,
  now: Date,
  note: string | null = null,
) {
  tx.update(bookings)
    .set({
      status: 'cancelled',
      cancellationReason: reason,
      cancellationNote: note,
      cancelledAt: now,
      holdExpiresAt: null,
      sequence: NEXT_SEQUENCE,
      updatedAt: now,
    })
    .where(eq(bookings.id, booking.id))
    .run()
  if (booking.timeSlotId !== null) {
    tx.run(sql`UPDATE time_slots SET is_booked = 0, updated_at = ${now.getTime()} WHERE id = ${booking.timeSlotId}`)
    // An account being removed takes the practitioner's times with it, or leaves a time to be
    // offered by a later change: no offer goes out for a time that may vanish with it.
    if (reason !== 'account_removed') offerFreedSlot(tx, booking.timeSlotId, now)
  }
  if (booking.serviceId !== null) recomputeBookingCounts(tx, [booking.serviceId])
  // Booked with a package: its session goes back as the cancellation's reason and time say (decision 051).
  returnPackageSession(tx, booking, reason, now)
  dropWaitingMoveEmails(tx, booking.id)
}

/** A payment confirmed the booking: it is paid, and no longer held. */
export function confirmPaidBooking(tx: Db | Tx, booking: BookingRow, paymentIntentId: string, now: Date) {
  tx.update(bookings)
    .set({
      status: 'confirmed',
      isPaid: true,
      stripePaymentIntentId: paymentIntentId,
      holdExpiresAt: null,
      cancelledAt: null,
      cancellationReason: null,
      cancellationNote: null,
      sequence: NEXT_SEQUENCE,
      updatedAt: now,
    })
    .where(eq(bookings.id, booking.id))
    .run()
  if (booking.serviceId !== null) recomputeBookingCounts(tx, [booking.serviceId])
}

/** Takes a slot if it is still free; true when this call got it. */
export function claimSlot(tx: Db | Tx, timeSlotId: number, now: Date, serviceId?: number) {
  const scope = serviceId === undefined ? sql`` : sql` AND service_id = ${serviceId}`
  return (
    tx.run(
      sql`UPDATE time_slots SET is_booked = 1, updated_at = ${now.getTime()} WHERE id = ${timeSlotId} AND is_booked = 0${scope}`,
    ).changes === 1
  )
}

/**
 * A booking cancelled: the move emails still waiting would arrive after the cancellation's, telling
 * of a time it no longer has, so they never go (the cancellation's invitation removes the event).
 */
function dropWaitingMoveEmails(tx: Db | Tx, bookingId: number) {
  const ids = tx
    .select({ id: bookingMoveNotices.outboxId })
    .from(bookingMoveNotices)
    .where(and(eq(bookingMoveNotices.bookingId, bookingId), isNotNull(bookingMoveNotices.outboxId)))
    .all()
    .map((row) => row.id!)
  if (ids.length) {
    tx.delete(emailOutbox)
      .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.status, 'queued'), eq(emailOutbox.attempts, 0)))
      .run()
  }
  tx.delete(bookingMoveNotices).where(eq(bookingMoveNotices.bookingId, bookingId)).run()
}
