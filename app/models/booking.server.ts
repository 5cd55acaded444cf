import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { getDb } from '~/db/client.server'
import { bookings, services, users } from '~/db/schema'
import { sendEmail } from '~/integrations/email.server'
import { formatLongDate, formatTime, zoneAbbreviation } from '~/lib/dates'
import { AppError } from '~/lib/errors'
import { buildIcs } from '~/lib/ics'
import { centsToDollars, formatPrice, splitFee } from '~/lib/money'
import { CANCELLATION_POLICY } from './booking'
import type { PublicUser } from './user'
import { recomputeBookingCounts, SERVICE_LISTED } from './service.server'

/** Who books or cancels: the signed-in user, as much of them as the emails need. */
export type BookingActor = Pick<PublicUser, 'id' | 'email' | 'firstName' | 'timeZone'>

export const SLOT_UNAVAILABLE = 'This time slot is no longer available. Please choose another.'
export const SERVICE_NOT_FOUND = 'Service not found'
export const OWN_SERVICE = 'You cannot book your own service.'
/** Paid bookings need online payments (the next step of the booking flow); until then nothing is written. */
export const PAYMENT_UNAVAILABLE = 'Online payment is not available yet. Please choose a free session.'
export const BOOKING_NOT_FOUND = 'Booking not found'
export const ALREADY_CANCELLED = 'This booking has already been cancelled.'
export const COMPLETED_NOT_CANCELLABLE = 'Completed sessions cannot be cancelled.'
export const STARTED_NOT_CANCELLABLE = 'This session has already started and can no longer be cancelled.'
/** A paid booking is only cancelled together with its refund, so no money is ever lost. */
export const PAID_NOT_CANCELLABLE = 'Paid sessions can be cancelled once online payments are available.'

/** POST /api/bookings' body (spec §7). */
export const CreateBookingSchema = z.object({
  serviceId: z.coerce.number({ error: 'A service is required' }).int().positive('A service is required'),
  timeSlotId: z.coerce
    .number({ error: 'Please select a time slot' })
    .int('Please select a time slot')
    .positive('Please select a time slot'),
})

const LIVE_STATUSES = ['pending', 'confirmed'] as const

/** A client may cancel a pending or confirmed booking until the session starts (spec §4). */
export function isCancellable(booking: { status: string; startTime: Date }, now = new Date()) {
  return (LIVE_STATUSES as readonly string[]).includes(booking.status) && booking.startTime.getTime() > now.getTime()
}

type ServiceRow = {
  id: number
  name: string
  durationMinutes: number
  priceCents: number
  practitionerId: number
  meetingLink: string | null
  practitionerFirstName: string
  practitionerLastName: string
}

/**
 * Books a slot of a listed service. One IMMEDIATE transaction with no await inside: the slot
 * is claimed by a conditional update that only one attempt can win, so under any concurrency
 * (requests, processes) a slot gives exactly one booking (ARCHITECTURE §6); the partial unique
 * index on live bookings backs this up. Free services are confirmed at once; paid ones are
 * refused with 501 until online payments exist. The confirmation email (with an .ics) goes
 * after the commit.
 */
export async function createBooking(
  client: BookingActor,
  input: { serviceId: number; timeSlotId: number },
  now = new Date(),
) {
  const booking = getDb().transaction(
    (tx) => {
      const service = tx.get<ServiceRow>(
        sql`SELECT s.id, s.name, s.duration_minutes AS durationMinutes, s.price_cents AS priceCents,
                   s.practitioner_id AS practitionerId, s.meeting_link AS meetingLink,
                   u.first_name AS practitionerFirstName, u.last_name AS practitionerLastName
            FROM services s JOIN users u ON u.id = s.practitioner_id
            WHERE s.id = ${input.serviceId} AND ${SERVICE_LISTED}`,
      )
      if (!service) throw new AppError(SERVICE_NOT_FOUND, 404)
      if (service.practitionerId === client.id) throw new AppError(OWN_SERVICE, 400)
      const slot = tx.get<{ startTime: number; endTime: number }>(
        sql`SELECT start_time AS startTime, end_time AS endTime FROM time_slots
            WHERE id = ${input.timeSlotId} AND service_id = ${service.id} AND is_booked = 0 AND start_time > ${now.getTime()}`,
      )
      if (!slot) throw new AppError(SLOT_UNAVAILABLE, 409)
      if (service.priceCents > 0) throw new AppError(PAYMENT_UNAVAILABLE, 501)

      const claim = tx.run(
        sql`UPDATE time_slots SET is_booked = 1, updated_at = ${now.getTime()}
            WHERE id = ${input.timeSlotId} AND is_booked = 0 AND service_id = ${service.id}`,
      )
      if (claim.changes !== 1) throw new AppError(SLOT_UNAVAILABLE, 409)

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
          status: 'confirmed',
          totalAmountCents: service.priceCents,
          platformFeeCents,
          practitionerAmountCents,
          isPaid: false,
        })
        .returning({ id: bookings.id })
        .get()
      recomputeBookingCounts(tx, [service.id])
      return { id: row.id, service, startTime: new Date(slot.startTime), endTime: new Date(slot.endTime) }
    },
    { behavior: 'immediate' },
  )

  await notify(() => sendConfirmation(client, booking))
  return { id: booking.id, requiresPayment: false }
}

type BookingRow = typeof bookings.$inferSelect

/**
 * Cancels the client's own booking while it is pending or confirmed and not started: the
 * booking becomes cancelled, its slot opens again and the service's count follows, in one
 * transaction. Another person's booking is not found (404); a paid one is refused (409) until
 * refunds exist. The cancellation email goes after the commit.
 */
export async function cancelBooking(client: BookingActor, bookingId: number, now = new Date()) {
  const booking = getDb().transaction(
    (tx) => {
      const row = tx
        .select()
        .from(bookings)
        .where(and(eq(bookings.id, bookingId), eq(bookings.clientId, client.id)))
        .get()
      if (!row) throw new AppError(BOOKING_NOT_FOUND, 404)
      if (row.status === 'cancelled') throw new AppError(ALREADY_CANCELLED, 409)
      if (row.status === 'completed') throw new AppError(COMPLETED_NOT_CANCELLABLE, 409)
      if (!isCancellable(row, now)) throw new AppError(STARTED_NOT_CANCELLABLE, 409)
      if (row.isPaid) throw new AppError(PAID_NOT_CANCELLABLE, 409)

      tx.update(bookings)
        .set({ status: 'cancelled', cancelledAt: now, holdExpiresAt: null, updatedAt: now })
        .where(eq(bookings.id, row.id))
        .run()
      if (row.timeSlotId !== null) {
        tx.run(sql`UPDATE time_slots SET is_booked = 0, updated_at = ${now.getTime()} WHERE id = ${row.timeSlotId}`)
      }
      if (row.serviceId !== null) recomputeBookingCounts(tx, [row.serviceId])
      return row
    },
    { behavior: 'immediate' },
  )

  await notify(() => sendCancellation(client, booking))
  return { id: booking.id, status: 'cancelled' as const }
}

/** The booking has happened; a failing email is logged (the outbox keeps it), never undone. */
async function notify(send: () => Promise<unknown>) {
  try {
    await send()
  } catch (error) {
    console.error('[booking] email failed', error)
  }
}

function when(start: Date, end: Date, timeZone: string) {
  return `${formatLongDate(start, timeZone)}, ${formatTime(start, timeZone)} – ${formatTime(end, timeZone)} ${zoneAbbreviation(start, timeZone)}`
}

function sendConfirmation(
  client: BookingActor,
  booking: { id: number; service: ServiceRow; startTime: Date; endTime: Date },
) {
  const { service } = booking
  const practitioner = `${service.practitionerFirstName} ${service.practitionerLastName}`
  const joinLine = service.meetingLink
    ? `Join your session here: ${service.meetingLink}`
    : `${practitioner} will share the meeting link before the session.`
  const ics = buildIcs({
    uid: `booking-${booking.id}@solace`,
    start: booking.startTime,
    end: booking.endTime,
    summary: `${service.name} with ${practitioner}`,
    description: `Your Solace session with ${practitioner}.\n${joinLine}`,
    location: service.meetingLink,
  })
  return sendEmail({
    to: client.email,
    subject: `Booking confirmed: ${service.name}`,
    text: [
      `Hi ${client.firstName},`,
      '',
      `Your session "${service.name}" with ${practitioner} is confirmed.`,
      `When: ${when(booking.startTime, booking.endTime, client.timeZone)} (${service.durationMinutes} minutes)`,
      `Price: ${formatPrice(centsToDollars(service.priceCents))}`,
      joinLine,
      '',
      `${CANCELLATION_POLICY} You can cancel from your dashboard.`,
      'The attached invitation adds the session to your calendar.',
    ].join('\n'),
    attachments: [
      { filename: 'session.ics', contentType: 'text/calendar', content: Buffer.from(ics).toString('base64') },
    ],
  })
}

function sendCancellation(client: BookingActor, booking: BookingRow) {
  return sendEmail({
    to: client.email,
    subject: `Booking cancelled: ${booking.serviceName}`,
    text: [
      `Hi ${client.firstName},`,
      '',
      `Your session "${booking.serviceName}" on ${when(booking.startTime, booking.endTime, client.timeZone)} has been cancelled.`,
      booking.isPaid ? '' : 'Nothing was charged for this session.',
      '',
      'You can book another time whenever you like.',
    ].join('\n'),
  })
}

/* Reading bookings. */

const VIEW_COLUMNS = sql`b.id, b.service_id AS serviceId, b.client_id AS clientId, b.practitioner_id AS practitionerId,
  b.time_slot_id AS timeSlotId, b.service_name AS serviceName, b.duration_minutes AS durationMinutes,
  b.start_time AS startTime, b.end_time AS endTime, b.status, b.total_amount_cents AS totalAmountCents,
  b.platform_fee_cents AS platformFeeCents, b.practitioner_amount_cents AS practitionerAmountCents,
  b.is_paid AS isPaid, b.notes, b.created_at AS createdAt, s.meeting_link AS meetingLink,
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
  notes: string | null
  createdAt: number
  meetingLink: string | null
  practitionerFirstName: string | null
  practitionerLastName: string | null
  clientFirstName: string | null
  clientLastName: string | null
}

/**
 * A booking as the API answers it (spec §5): amounts in dollars, times ISO, the service as
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
    notes: row.notes,
    createdAt: new Date(row.createdAt).toISOString(),
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

function viewsWhere(where: SQL) {
  return getDb().all<ViewRow>(sql`SELECT ${VIEW_COLUMNS} FROM ${VIEW_FROM} WHERE ${where} ORDER BY b.start_time DESC, b.id DESC`).map(toView)
}

/** GET /api/bookings/:id: the client's own booking; anyone else's is not found. */
export function getBookingForClient(client: { id: number }, bookingId: number) {
  const [view] = viewsWhere(sql`b.id = ${bookingId} AND b.client_id = ${client.id}`)
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
 * The client's sessions, newest first, cancelled ones left out (spec §2 client dashboard),
 * with the counts of its cards: total, upcoming (confirmed, starting later), completed.
 */
export function getClientSessions(clientId: number, now = new Date()) {
  const db = getDb()
  const rows = db
    .select({
      id: bookings.id,
      serviceName: bookings.serviceName,
      durationMinutes: bookings.durationMinutes,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      status: bookings.status,
      totalAmountCents: bookings.totalAmountCents,
      isPaid: bookings.isPaid,
      notes: bookings.notes,
      meetingLink: services.meetingLink,
      practitionerFirstName: users.firstName,
      practitionerLastName: users.lastName,
    })
    .from(bookings)
    .leftJoin(services, eq(services.id, bookings.serviceId))
    .leftJoin(users, eq(users.id, bookings.practitionerId))
    .where(and(eq(bookings.clientId, clientId), ne(bookings.status, 'cancelled')))
    .orderBy(desc(bookings.startTime))
    .all()
  const counts = db
    .select({
      upcoming: sql<number>`coalesce(sum(${bookings.status} = 'confirmed' and ${bookings.startTime} > ${now.getTime()}), 0)`,
      completed: sql<number>`coalesce(sum(${bookings.status} = 'completed'), 0)`,
    })
    .from(bookings)
    .where(eq(bookings.clientId, clientId))
    .get()
  return {
    sessions: rows.map((row) => ({ ...row, canCancel: isCancellable(row, now) })),
    counts: { total: rows.length, upcoming: counts?.upcoming ?? 0, completed: counts?.completed ?? 0 },
  }
}
