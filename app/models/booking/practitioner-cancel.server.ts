import { and, eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { bookings } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { msg } from '~/lib/i18n/message'
import { log, logLine } from '~/lib/log.server'
import { centsToDollars } from '~/lib/money'
import { removeOpenSlot } from '~/models/practice/slots.server'
import { withdrawOffer } from '~/models/waitlist/offers.server'
import { cancelLiveBooking, findBooking } from './booking-state.server'
import {
  ALREADY_CANCELLED,
  COMPLETED_NOT_CANCELLABLE,
  isCancellable,
  REFUND_FAILED,
  STARTED_NOT_CANCELLABLE,
} from './booking.server'
import { sendCancelledByPractitioner } from './emails.server'
import { BOOKING_NOT_FOUND, expireCheckoutQuietly, refundPayment } from './payments.server'
import type { PractitionerCancelInput } from './practitioner-cancel'

export const PAID_MEANWHILE = msg('booking:errors.paidMeanwhile')

/** The practitioner's own booking, or 404 (another practitioner's is not found either). */
export function findPractitionerBooking(practitioner: { id: number }, bookingId: number) {
  const row = getDb()
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.practitionerId, practitioner.id)))
    .get()
  if (!row) throw new AppError(BOOKING_NOT_FOUND, 404)
  return row
}

/** True when the booking is one of the person's own sessions as its practitioner. */
export function isPractitionerOf(user: { id: number }, bookingId: number) {
  return Boolean(
    getDb()
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.id, bookingId), eq(bookings.practitionerId, user.id)))
      .get(),
  )
}

/** The practitioner's own booking if it may be cancelled now: live and not started. */
export function findCancellableByPractitioner(practitioner: { id: number }, bookingId: number, now = new Date()) {
  const row = findPractitionerBooking(practitioner, bookingId)
  if (row.status === 'cancelled') throw new AppError(ALREADY_CANCELLED, 409)
  if (row.status === 'completed') throw new AppError(COMPLETED_NOT_CANCELLABLE, 409)
  if (!isCancellable(row, now)) throw new AppError(STARTED_NOT_CANCELLABLE, 409)
  return row
}

/**
 * A practitioner calls off one of their upcoming sessions, with a reason for the client. Whatever
 * the policy would give a client, the client is refunded in full (through the refund path every
 * cancellation uses, before anything changes, so a refused refund leaves the booking as it was),
 * told by email with the reason, and the time opens again unless `keepSlotClosed`. This is
 * also how a practitioner clears their sessions before deleting their account.
 */
export async function cancelAsPractitioner(
  practitioner: { id: number },
  bookingId: number,
  input: PractitionerCancelInput,
  now = new Date(),
) {
  const row = findCancellableByPractitioner(practitioner, bookingId, now)
  const refundCents = row.isPaid ? row.totalAmountCents - row.refundedAmountCents : 0
  if (refundCents > 0) {
    try {
      await refundPayment(row.stripePaymentIntentId!, row.id, `practitioner-cancel-${row.id}`, refundCents)
    } catch (error) {
      log.error({ err: error }, logLine`[booking ${row.id}] refund failed`)
      throw new AppError(REFUND_FAILED, 502)
    }
  }
  if (!row.isPaid && row.stripeCheckoutSessionId) await expireCheckoutQuietly(row.stripeCheckoutSessionId)

  getDb().transaction(
    (tx) => {
      const current = findBooking(tx, row.id)!
      if (current.status === 'cancelled') {
        // The refund's own event cancelled it a moment ago: that was this cancellation.
        if (current.cancellationReason === 'refunded') {
          tx.update(bookings)
            .set({ cancellationReason: 'practitioner', cancellationNote: input.reason, updatedAt: now })
            .where(eq(bookings.id, row.id))
            .run()
        } else throw new AppError(ALREADY_CANCELLED, 409)
      } else {
        // Paid between the page and now: cancelling would keep money that goes back in full.
        if (current.isPaid !== row.isPaid) throw new AppError(PAID_MEANWHILE, 409)
        cancelLiveBooking(tx, current, 'practitioner', now, input.reason)
      }
      if (input.keepSlotClosed && current.timeSlotId !== null) {
        // The freed time went to the waitlist a moment ago, in this transaction: it is taken back.
        withdrawOffer(tx, current.timeSlotId, now)
        removeOpenSlot(tx, practitioner.id, current.timeSlotId)
      }
    },
    { behavior: 'immediate' },
  )

  await sendCancelledByPractitioner(row.id, input.reason, refundCents)
  return { id: row.id, status: 'cancelled' as const, refundAmount: centsToDollars(refundCents) }
}
