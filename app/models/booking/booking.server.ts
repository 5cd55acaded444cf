import { and, eq, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { getDb } from '~/db/client.server'
import { bookings } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { log, logLine } from '~/lib/log.server'
import { centsToDollars, splitFee } from '~/lib/money'
import { check, hit, LIMITS } from '~/lib/rate-limit.server'
import type { PublicUser } from '~/models/accounts/user'
import { intakeStates, type IntakeState } from '~/models/intake/intake-state.server'
import { SERVICE_NOT_FOUND } from '~/models/marketplace/service'
import { recomputeBookingCounts, SERVICE_LISTED } from '~/models/marketplace/service.server'
import { ownMeetingLinkSql } from '~/models/sessions/join.server'
import { joinUrl } from '~/models/sessions/room-window'
import { canJoinSession, clientMayReschedule, holdLapsed, PAYMENT_HOLD_MS, refundDueCents } from './booking'
import { cancelLiveBooking, claimSlot, findBooking, isLive, type BookingRow } from './booking-state.server'
import { sendBookingCancelled, sendBookingConfirmed } from './emails.server'
import { reportNoShowRefusal } from './no-show'
import { BOOKING_NOT_FOUND, expireCheckoutQuietly, refundPayment } from './payments.server'
import { notifyPractitioner } from './practitioner-emails.server'

/** Who books or cancels: the signed-in user, as much of them as the emails need. */
export type BookingActor = Pick<PublicUser, 'id' | 'email' | 'firstName' | 'timeZone'>

export { BOOKING_NOT_FOUND }
export const SLOT_REQUIRED = 'Please select a time slot'
export const SLOT_UNAVAILABLE = 'This time slot is no longer available. Please choose another.'
export const OWN_SERVICE = 'You cannot book your own service.'
export const ALREADY_CANCELLED = 'This booking has already been cancelled.'
export const COMPLETED_NOT_CANCELLABLE = 'Completed sessions cannot be cancelled.'
export const STARTED_NOT_CANCELLABLE = 'This session has already started and can no longer be cancelled.'
export const REFUND_FAILED = 'Failed to cancel booking. Please try again.'
export const JUST_PAID = 'This booking was paid a moment ago. Please try cancelling again to see your refund.'
/**
 * Paid sessions one client may hold unpaid at once. Each holds its slot for PAYMENT_HOLD_MS;
 * without a cap one account could take every paid slot off the market, half an hour at a time.
 * A person paying for a session or two never meets it.
 */
export const MAX_UNPAID_HOLDS = 3
export const TOO_MANY_UNPAID_HOLDS = `You already have ${MAX_UNPAID_HOLDS} sessions waiting for payment. Pay for one, or cancel it from your dashboard, before booking another.`
/**
 * Bookings one client makes an hour (LIMITS.bookings, issue 41): booking and cancelling again
 * and again would write a row and email the practitioner each time, and free times, which cost
 * nothing to take, could be taken off the market without end.
 */
export const TOO_MANY_BOOKINGS =
  'You have booked many sessions in the last hour. Please wait a while before booking another.'

/** POST /api/bookings' body: serviceId and timeSlotId. */
export const CreateBookingSchema = z.object({
  serviceId: z.coerce.number({ error: 'A service is required' }).int().positive('A service is required'),
  timeSlotId: z.coerce.number({ error: SLOT_REQUIRED }).int(SLOT_REQUIRED).positive(SLOT_REQUIRED),
})

/** The booking screen's form: the service is the page's own, so only the slot is chosen. */
export const TimeSlotChoiceSchema = CreateBookingSchema.pick({ timeSlotId: true })

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
  input: { serviceId: number; timeSlotId: number },
  now = new Date(),
) {
  check(`bookings:${client.id}`, LIMITS.bookings, now.getTime(), TOO_MANY_BOOKINGS)
  const booking = getDb().transaction(
    (tx) => {
      const service = tx.get<{
        id: number
        name: string
        durationMinutes: number
        priceCents: number
        practitionerId: number
      }>(
        sql`SELECT s.id, s.name, s.duration_minutes AS durationMinutes, s.price_cents AS priceCents,
                   s.practitioner_id AS practitionerId
            FROM services s WHERE s.id = ${input.serviceId} AND ${SERVICE_LISTED}`,
      )
      if (!service) throw new AppError(SERVICE_NOT_FOUND, 404)
      if (service.practitionerId === client.id) throw new AppError(OWN_SERVICE, 400)
      const slot = tx.get<{ startTime: number; endTime: number }>(
        sql`SELECT start_time AS startTime, end_time AS endTime FROM time_slots
            WHERE id = ${input.timeSlotId} AND service_id = ${service.id} AND is_booked = 0 AND start_time > ${now.getTime()}`,
      )
      const requiresPayment = service.priceCents > 0
      if (requiresPayment) {
        const held = tx.get<{ count: number }>(
          sql`SELECT count(*) AS count FROM bookings
              WHERE client_id = ${client.id} AND status = 'pending' AND hold_expires_at > ${now.getTime()}`,
        )
        if (held && held.count >= MAX_UNPAID_HOLDS) throw new AppError(TOO_MANY_UNPAID_HOLDS, 409)
      }
      if (!slot || !claimSlot(tx, input.timeSlotId, now, service.id)) throw new AppError(SLOT_UNAVAILABLE, 409)

      const { platformFeeCents, practitionerAmountCents } = splitFee(service.priceCents)
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
          startTime: new Date(slot.startTime),
          endTime: new Date(slot.endTime),
          status: requiresPayment ? 'pending' : 'confirmed',
          holdExpiresAt: requiresPayment ? new Date(now.getTime() + PAYMENT_HOLD_MS) : null,
          totalAmountCents: service.priceCents,
          platformFeeCents,
          practitionerAmountCents,
          isPaid: false,
        })
        .returning({ id: bookings.id })
        .get()
      recomputeBookingCounts(tx, [service.id])
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
    startTime: row.startTime.toISOString(),
    isPaid: row.isPaid,
    paidCents: row.totalAmountCents - row.refundedAmountCents,
    refundCents,
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

/* Reading bookings. */

const VIEW_COLUMNS = sql`b.id, b.service_id AS serviceId, b.client_id AS clientId, b.practitioner_id AS practitionerId,
  b.time_slot_id AS timeSlotId, b.service_name AS serviceName, b.duration_minutes AS durationMinutes,
  b.start_time AS startTime, b.end_time AS endTime, b.status, b.total_amount_cents AS totalAmountCents,
  b.platform_fee_cents AS platformFeeCents, b.practitioner_amount_cents AS practitionerAmountCents,
  b.is_paid AS isPaid, b.refunded_amount_cents AS refundedAmountCents, b.hold_expires_at AS holdExpiresAt,
  b.cancellation_reason AS cancellationReason, b.cancellation_note AS cancellationNote, b.notes, b.created_at AS createdAt, b.updated_at AS updatedAt,
  b.sequence, b.moved_by_practitioner_at AS movedByPractitionerAt, b.move_message AS moveMessage, b.client_no_show_at AS clientNoShowAt,
  b.practitioner_no_show_reported_at AS practitionerNoShowReportedAt, b.session_ended_at AS sessionEndedAt,
  s.meeting_link AS meetingLink, ${ownMeetingLinkSql('s')} AS ownMeetingLink,
  p.first_name AS practitionerFirstName, p.last_name AS practitionerLastName,
  c.first_name AS clientFirstName, c.last_name AS clientLastName`

const VIEW_FROM = sql`bookings b LEFT JOIN services s ON s.id = b.service_id
  LEFT JOIN users p ON p.id = b.practitioner_id LEFT JOIN users c ON c.id = b.client_id`

type ViewRow = {
  id: number
  serviceId: number | null
  clientId: number | null
  practitionerId: number | null
  timeSlotId: number | null
  serviceName: string
  durationMinutes: number
  startTime: number
  endTime: number
  status: BookingRow['status']
  totalAmountCents: number
  platformFeeCents: number
  practitionerAmountCents: number
  isPaid: number
  refundedAmountCents: number
  holdExpiresAt: number | null
  cancellationReason: BookingRow['cancellationReason']
  cancellationNote: string | null
  notes: string | null
  createdAt: number
  updatedAt: number
  sequence: number
  movedByPractitionerAt: number | null
  moveMessage: string | null
  clientNoShowAt: number | null
  practitionerNoShowReportedAt: number | null
  sessionEndedAt: number | null
  meetingLink: string | null
  ownMeetingLink: string | null
  practitionerFirstName: string | null
  practitionerLastName: string | null
  clientFirstName: string | null
  clientLastName: string | null
}

/**
 * A booking as the API answers it: amounts in dollars, times ISO, the service as
 * bought (its name, duration and price are the booking's own copy), and the meeting link only
 * once the booking is confirmed.
 */
function toView(row: ViewRow) {
  return {
    id: row.id,
    serviceId: row.serviceId,
    clientId: row.clientId,
    practitionerId: row.practitionerId,
    timeSlotId: row.timeSlotId,
    startTime: new Date(row.startTime).toISOString(),
    endTime: new Date(row.endTime).toISOString(),
    status: row.status,
    totalAmount: centsToDollars(row.totalAmountCents),
    platformFee: centsToDollars(row.platformFeeCents),
    practitionerAmount: centsToDollars(row.practitionerAmountCents),
    isPaid: Boolean(row.isPaid),
    refundedAmount: centsToDollars(row.refundedAmountCents),
    /** Until when a pending booking's slot is held for its payment. */
    holdExpiresAt: row.status === 'pending' && row.holdExpiresAt ? new Date(row.holdExpiresAt).toISOString() : null,
    /** Why a cancelled booking was cancelled (the client, its hold running out, a refund...); null otherwise. */
    cancellationReason: row.status === 'cancelled' ? row.cancellationReason : null,
    /** The practitioner's reason, when they cancelled it. */
    cancellationNote: row.status === 'cancelled' ? row.cancellationNote : null,
    notes: row.notes,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    /** When the practitioner moved it, while the client has not accepted the new time (they may cancel for a full refund). */
    movedByPractitionerAt:
      isLive(row) && row.movedByPractitionerAt ? new Date(row.movedByPractitionerAt).toISOString() : null,
    /** The practitioner's message with that new time (plain text), while it waits for the client. */
    moveMessage: isLive(row) && row.movedByPractitionerAt ? row.moveMessage : null,
    /** When its practitioner marked that the client did not attend (no refund is due; no review). */
    clientNoShowAt: row.clientNoShowAt ? new Date(row.clientNoShowAt).toISOString() : null,
    /** When its client reported that the practitioner did not attend. */
    practitionerNoShowReportedAt: row.practitionerNoShowReportedAt
      ? new Date(row.practitionerNoShowReportedAt).toISOString()
      : null,
    /** When the practitioner ended the session in its room (the room stays closed). */
    sessionEndedAt: row.sessionEndedAt ? new Date(row.sessionEndedAt).toISOString() : null,
    /** Where Join Session leads once it is confirmed: its video room, or the practitioner's own meeting link. */
    joinUrl: row.status === 'confirmed' || row.status === 'completed' ? joinUrl(row.id, row.ownMeetingLink) : null,
    service: {
      name: row.serviceName,
      duration: row.durationMinutes,
      price: centsToDollars(row.totalAmountCents),
      meetingLink: row.status === 'confirmed' ? row.meetingLink : null,
    },
    practitioner: row.practitionerFirstName
      ? { firstName: row.practitionerFirstName, lastName: row.practitionerLastName ?? '' }
      : null,
    client: row.clientFirstName ? { firstName: row.clientFirstName, lastName: row.clientLastName ?? '' } : null,
  }
}

export type BookingView = ReturnType<typeof toView>

function rowsWhere(where: SQL) {
  return getDb().all<ViewRow>(
    sql`SELECT ${VIEW_COLUMNS} FROM ${VIEW_FROM} WHERE ${where} ORDER BY b.start_time DESC, b.id DESC`,
  )
}

function viewsWhere(where: SQL) {
  return rowsWhere(where).map(toView)
}

/** GET /api/bookings/:id: the client's own booking; anyone else's is not found. */
export function getBookingForClient(client: { id: number }, bookingId: number) {
  const [view] = viewsWhere(sql`b.id = ${bookingId} AND b.client_id = ${client.id}`)
  if (!view) throw new AppError(BOOKING_NOT_FOUND, 404)
  return view
}

/** A booking as the API answers it, to its client or its practitioner; anyone else's is not found. */
export function getBookingForParty(user: { id: number }, bookingId: number) {
  const [view] = viewsWhere(sql`b.id = ${bookingId} AND (b.client_id = ${user.id} OR b.practitioner_id = ${user.id})`)
  if (!view) throw new AppError(BOOKING_NOT_FOUND, 404)
  return view
}

/** GET /api/bookings/client: every booking of the client, cancelled ones included, newest first. */
export function listClientBookings(client: { id: number }) {
  return viewsWhere(sql`b.client_id = ${client.id}`)
}

/** GET /api/bookings: every booking of the practitioner's services, newest first. */
export function listPractitionerBookings(practitioner: { id: number }) {
  return viewsWhere(sql`b.practitioner_id = ${practitioner.id}`)
}

/**
 * A booking with what its client may do with it now (the dashboard's cards, its confirmation
 * page); `intake`: where its intake form stands, when its practitioner asks one.
 */
export function clientSession(view: BookingView, now = new Date(), intake: IntakeState | null = null) {
  // Live and not started: still ahead, so it may be cancelled (and added to a calendar).
  const upcoming = isCancellable({ status: view.status, startTime: new Date(view.startTime) }, now)
  const lapsed = holdLapsed(view, now)
  return {
    ...view,
    upcoming,
    // A lapsed hold is released by the sweeper within the minute: Book Again is what is offered.
    canCancel: upcoming && !lapsed,
    // Moved to another time by the client themselves while free cancellation applies.
    canReschedule:
      !lapsed &&
      clientMayReschedule(
        { status: view.status, free: view.totalAmount === 0, startTime: new Date(view.startTime) },
        now,
      ),
    canJoin: canJoinSession(view, now),
    // A pending booking can still be paid while its hold lasts.
    awaitingPayment:
      view.status === 'pending' &&
      !view.isPaid &&
      view.holdExpiresAt !== null &&
      Date.parse(view.holdExpiresAt) > now.getTime(),
    // Its hold ran out unpaid: said as such, with a way to book the time again.
    holdLapsed: lapsed,
    // Asked before a session still to come (a closed one says nothing more).
    intake: upcoming ? intake : intake === 'sent' ? intake : null,
    // The practitioner may not have come: the client can tell us, from the start until 7 days after.
    canReportNoShow:
      reportNoShowRefusal(
        {
          ...view,
          startTime: new Date(view.startTime),
          endTime: new Date(view.endTime),
          clientNoShowAt: null,
          practitionerNoShowReportedAt: view.practitionerNoShowReportedAt
            ? new Date(view.practitionerNoShowReportedAt)
            : null,
        },
        now,
      ) === null,
  }
}

export type ClientSession = ReturnType<typeof clientSession>

/**
 * The client's sessions for the dashboard, in three lists:
 * - upcoming: not ended yet, soonest first, with those awaiting payment on top (they need the
 *   client now: the hold runs out);
 * - past: ended (or completed), newest first;
 * - cancelled: kept out of both, newest first, each with the refund it got.
 * Each says what the client may do now; the counts are those of the dashboard's cards.
 */
export function getClientSessions(client: { id: number }, now = new Date()) {
  const views = viewsWhere(sql`b.client_id = ${client.id}`)
  const intake = intakeStates(views.map((view) => view.id))
  const all = views.map((view) => clientSession(view, now, intake.get(view.id) ?? null))
  const cancelled = all.filter((s) => s.status === 'cancelled')
  const sessions = all.filter((s) => s.status !== 'cancelled')
  const notEnded = (s: (typeof sessions)[number]) => s.status !== 'completed' && Date.parse(s.endTime) > now.getTime()
  const upcoming = sessions
    .filter(notEnded)
    .sort(
      (a, b) =>
        Number(b.awaitingPayment) - Number(a.awaitingPayment) || Date.parse(a.startTime) - Date.parse(b.startTime),
    )
  return {
    upcoming,
    past: sessions.filter((s) => !notEnded(s)),
    cancelled,
    counts: {
      total: sessions.length,
      // The sessions the Upcoming list shows, those awaiting payment included: a card saying
      // 0 above a pending session would be false.
      upcoming: upcoming.length,
      completed: sessions.filter((s) => s.status === 'completed').length,
      cancelled: cancelled.length,
    },
  }
}

/** A confirmed or pending session of the client, for its calendar invitation (with the event's revision). */
export function getSessionForCalendar(client: { id: number }, bookingId: number) {
  const [row] = rowsWhere(
    sql`b.id = ${bookingId} AND b.client_id = ${client.id} AND b.status IN ('pending', 'confirmed')`,
  )
  if (!row) throw new AppError(BOOKING_NOT_FOUND, 404)
  return { ...toView(row), sequence: row.sequence }
}
