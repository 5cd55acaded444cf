import { and, count, eq, gt } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { z } from 'zod'
import { getDb, type Tx } from '~/db/client.server'
import { bookings, services, timeSlots } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { msg } from '~/lib/i18n/message'
import { log, logLine } from '~/lib/log.server'
import { centsToDollars } from '~/lib/money'
import { check, hit, LIMITS } from '~/lib/rate-limit.server'
import type { PublicUser } from '~/models/accounts/user'
import { priceBreakdown } from '~/models/billing/tax'
import { SERVICE_NOT_FOUND } from '~/models/marketplace/service'
import { recomputeBookingCounts, SERVICE_LISTED } from '~/models/marketplace/service.server'
import { givesSessionBack, takePackageSession } from '~/models/packages/holdings.server'
import { yes } from '~/models/packages/package'
import { PAYMENT_HOLD_MS, refundDueCents } from './booking'
import { cancelLiveBooking, claimSlot, findBooking, isLive } from './booking-state.server'
import { sendBookingCancelled, sendBookingConfirmed } from './emails.server'
import { BOOKING_NOT_FOUND, expireCheckoutQuietly, refundPayment } from './payments.server'
import { notifyPractitioner } from './practitioner-emails.server'

/** Who books or cancels: the signed-in user, as much of them as the emails need. */
export type BookingActor = Pick<PublicUser, 'id' | 'email' | 'firstName' | 'timeZone'>

export { BOOKING_NOT_FOUND }
export const SLOT_REQUIRED = msg('booking:errors.slotRequired')
export const SLOT_UNAVAILABLE = msg('booking:errors.slotUnavailable')
export const OWN_SERVICE = msg('booking:errors.ownService')
export const ALREADY_CANCELLED = msg('booking:errors.alreadyCancelled')
export const COMPLETED_NOT_CANCELLABLE = msg('booking:errors.completedNotCancellable')
export const STARTED_NOT_CANCELLABLE = msg('booking:errors.startedNotCancellable')
export const REFUND_FAILED = msg('booking:errors.refundFailed')
export const JUST_PAID = msg('booking:errors.justPaid')
/**
 * Paid sessions one client may hold unpaid at once. Each holds its slot for PAYMENT_HOLD_MS;
 * without a cap one account could take every paid slot off the market, half an hour at a time.
 * A person paying for a session or two never meets it.
 */
export const MAX_UNPAID_HOLDS = 3
export const TOO_MANY_UNPAID_HOLDS = msg('booking:errors.tooManyUnpaidHolds', { max: MAX_UNPAID_HOLDS })
/**
 * Bookings one client makes an hour (LIMITS.bookings, issue 41): booking and cancelling again
 * and again would write a row and email the practitioner each time, and free times, which cost
 * nothing to take, could be taken off the market without end.
 */
export const TOO_MANY_BOOKINGS = msg('booking:errors.tooManyBookings')

/**
 * A slot held for this client (a waitlist offer, app/models/waitlist/claim.server.ts): `take`
 * ends the hold inside the booking's transaction (or throws why it cannot), so the claim below
 * is the one every booking makes; `taken` records what it became, in the same transaction.
 */
export type HeldSlot = { take: (tx: Tx) => void; taken: (tx: Tx, bookingId: number) => void }

/** Services under `s`, as the listing rule (SERVICE_LISTED) names them. */
const listed = alias(services, 's')

const SERVICE_REQUIRED = msg('booking:errors.serviceRequired')

/** POST /api/bookings' body: serviceId and timeSlotId; `usePackage` books it with a package session (issue 47). */
export const CreateBookingSchema = z.object({
  serviceId: z.coerce.number({ error: SERVICE_REQUIRED }).int().positive(SERVICE_REQUIRED),
  timeSlotId: z.coerce.number({ error: SLOT_REQUIRED }).int(SLOT_REQUIRED).positive(SLOT_REQUIRED),
  usePackage: yes.optional(),
})

/** The booking screen's form: the service is the page's own, so only the slot is chosen (and perhaps a package session). */
export const TimeSlotChoiceSchema = CreateBookingSchema.pick({ timeSlotId: true, usePackage: true })

/** A client may cancel a pending or confirmed booking until the session starts. */
export function isCancellable(booking: { status: string; startTime: Date }, now = new Date()) {
  return isLive(booking) && booking.startTime.getTime() > now.getTime()
}

/**
 * Books a slot of a listed service. One IMMEDIATE transaction with no await inside: the slot
 * is claimed by a conditional update that only one attempt can win, so under any concurrency
 * (requests, processes) a slot gives exactly one booking; the partial unique index on live
 * bookings backs this up (docs/decisions/005-slot-claiming-and-holds.md). A free session is
 * confirmed at once (its email goes after the commit); a paid one is pending, holding the
 * slot for PAYMENT_HOLD_MS while the client pays (payments.server.ts), and is
 * confirmed by the payment's webhook.
 */
export async function createBooking(
  client: BookingActor,
  input: { serviceId: number; timeSlotId: number; usePackage?: boolean },
  now = new Date(),
  held?: HeldSlot,
) {
  check(`bookings:${client.id}`, LIMITS.bookings, now.getTime(), TOO_MANY_BOOKINGS)
  const booking = getDb().transaction(
    (tx) => {
      held?.take(tx)
      const service = tx
        .select({
          id: listed.id,
          name: listed.name,
          durationMinutes: listed.durationMinutes,
          priceCents: listed.priceCents,
          taxKind: listed.taxKind,
          practitionerId: listed.practitionerId,
        })
        .from(listed)
        .where(and(eq(listed.id, input.serviceId), SERVICE_LISTED))
        .get()
      if (!service) throw new AppError(SERVICE_NOT_FOUND, 404)
      if (service.practitionerId === client.id) throw new AppError(OWN_SERVICE, 400)
      const slot = tx
        .select({ startTime: timeSlots.startTime, endTime: timeSlots.endTime })
        .from(timeSlots)
        .where(
          and(
            eq(timeSlots.id, input.timeSlotId),
            eq(timeSlots.serviceId, service.id),
            eq(timeSlots.isBooked, false),
            gt(timeSlots.startTime, now),
          ),
        )
        .get()
      // A package session is taken in this transaction with the slot: both or neither (decision 051).
      const packageHoldingId = input.usePackage
        ? takePackageSession(tx, { clientId: client.id, serviceId: service.id }, now)
        : null
      const requiresPayment = packageHoldingId === null && service.priceCents > 0
      if (requiresPayment) {
        const [unpaid] = tx
          .select({ count: count() })
          .from(bookings)
          .where(and(eq(bookings.clientId, client.id), eq(bookings.status, 'pending'), gt(bookings.holdExpiresAt, now)))
          .all()
        if (unpaid && unpaid.count >= MAX_UNPAID_HOLDS) throw new AppError(TOO_MANY_UNPAID_HOLDS, 409)
      }
      if (!slot || !claimSlot(tx, input.timeSlotId, now, service.id)) throw new AppError(SLOT_UNAVAILABLE, 409)

      // The client pays the fee and its tax; our 5 % is of the fee alone, the tax goes to the practitioner.
      // A package session was paid with the package: nothing is charged on the booking.
      const price = priceBreakdown(packageHoldingId === null ? service.priceCents : 0, service.taxKind)
      const row = tx
        .insert(bookings)
        .values({
          serviceId: service.id,
          clientId: client.id,
          practitionerId: service.practitionerId,
          timeSlotId: input.timeSlotId,
          // What was bought is kept on the booking: it outlives edits to the service.
          serviceName: service.name,
          durationMinutes: service.durationMinutes,
          startTime: slot.startTime,
          endTime: slot.endTime,
          status: requiresPayment ? 'pending' : 'confirmed',
          holdExpiresAt: requiresPayment ? new Date(now.getTime() + PAYMENT_HOLD_MS) : null,
          totalAmountCents: price.totalCents,
          taxCents: price.taxCents,
          taxKind: packageHoldingId === null ? service.taxKind : 'none',
          platformFeeCents: price.platformFeeCents,
          practitionerAmountCents: price.practitionerAmountCents,
          isPaid: false,
          packageHoldingId,
        })
        .returning({ id: bookings.id })
        .get()
      recomputeBookingCounts(tx, [service.id])
      held?.taken(tx, row.id)
      return { id: row.id, requiresPayment }
    },
    { behavior: 'immediate' },
  )
  hit(`bookings:${client.id}`, LIMITS.bookings, now.getTime())

  if (!booking.requiresPayment) {
    await sendBookingConfirmed(booking.id)
    await notifyPractitioner(booking.id, 'booked')
  }
  return booking
}

/** The client's own booking, or 404 (another person's booking is not found either). */
function findOwnBooking(client: { id: number }, bookingId: number) {
  const row = getDb()
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.clientId, client.id)))
    .get()
  if (!row) throw new AppError(BOOKING_NOT_FOUND, 404)
  return row
}

/** The client's own booking if it may be cancelled now, with the refund that would give. */
function findCancellable(client: { id: number }, bookingId: number, now: Date) {
  const row = findOwnBooking(client, bookingId)
  if (row.status === 'cancelled') throw new AppError(ALREADY_CANCELLED, 409)
  if (row.status === 'completed') throw new AppError(COMPLETED_NOT_CANCELLABLE, 409)
  if (!isCancellable(row, now)) throw new AppError(STARTED_NOT_CANCELLABLE, 409)
  return { row, refundCents: refundDueCents(row, now) }
}

/**
 * What cancelling now would do, for the confirmation prompt: the refund the policy gives
 * (docs/decisions/007-refunds-and-cancellation-policy.md), in cents. Throws like
 * cancelBooking when it cannot be cancelled.
 */
export function previewCancellation(client: { id: number }, bookingId: number, now = new Date()) {
  const { row, refundCents } = findCancellable(client, bookingId, now)
  return {
    id: row.id,
    serviceName: row.serviceName,
    startTime: row.startTime,
    isPaid: row.isPaid,
    paidCents: row.totalAmountCents - row.refundedAmountCents,
    refundCents,
    // Booked with a package (decision 051): whether cancelling now gives its session back; null otherwise.
    packageSessionBack: row.packageHoldingId === null ? null : givesSessionBack(row, 'client', now),
  }
}

/**
 * Cancels the client's own booking while it is pending or confirmed and not started. A paid
 * booking cancelled 24 hours or more ahead is refunded in full first (the refund reverses the
 * practitioner's transfer and our fee); only then is the booking cancelled and its slot freed,
 * so a refund Stripe refuses leaves the booking as it was. An unpaid pending booking's Checkout
 * session is expired so it cannot take money afterwards.
 */
export async function cancelBooking(client: BookingActor, bookingId: number, now = new Date()) {
  const { row, refundCents } = findCancellable(client, bookingId, now)
  const { isPaid } = row
  if (refundCents > 0) {
    try {
      await refundPayment(row.stripePaymentIntentId!, row.id, `cancel-booking-${row.id}`, refundCents)
    } catch (error) {
      log.error({ err: error }, logLine`[booking ${row.id}] refund failed`)
      throw new AppError(REFUND_FAILED, 502)
    }
  }
  if (!isPaid && row.stripeCheckoutSessionId) await expireCheckoutQuietly(row.stripeCheckoutSessionId)

  getDb().transaction(
    (tx) => {
      const current = findBooking(tx, row.id)!
      // The refund's own event may have cancelled it already: that is this cancellation.
      if (current.status === 'cancelled') return
      // Paid between the prompt and now: cancelling would keep money the policy owes back.
      if (current.isPaid !== isPaid) throw new AppError(JUST_PAID, 409)
      cancelLiveBooking(tx, current, 'client', now)
    },
    { behavior: 'immediate' },
  )

  await sendBookingCancelled(row.id, refundCents)
  // A session that was on the practitioner's calendar: they are told it is gone.
  if (row.status === 'confirmed') await notifyPractitioner(row.id, 'cancelled')
  return { id: row.id, status: 'cancelled' as const, refundAmount: centsToDollars(refundCents) }
}
