import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { getDb, type Db } from '~/db/client.server'
import { preparedOnce } from '~/db/prepared.server'
import { bookings, services, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { ownMeetingLinkSql } from '~/models/sessions/join.server'
import { joinUrl } from '~/models/sessions/room-window'
import { isLive } from './booking-state.server'
import { BOOKING_NOT_FOUND } from './payments.server'

/**
 * Reading bookings: one shape, `Booking`, for every page and for the API, read with the query
 * builder from the schema (times as `Date`, amounts in cents, flags as booleans). What a booking
 * shows in each state (the meeting link once confirmed, the hold while pending, the practitioner's
 * move while it waits...) is decided here, once; the `/api` routes only turn it into ISO times
 * and dollars (`bookingJson` in booking-api.server.ts).
 */

const practitioner = alias(users, 'practitioner')
const client = alias(users, 'client')

const COLUMNS = {
  id: bookings.id,
  serviceId: bookings.serviceId,
  clientId: bookings.clientId,
  practitionerId: bookings.practitionerId,
  timeSlotId: bookings.timeSlotId,
  packageHoldingId: bookings.packageHoldingId,
  serviceName: bookings.serviceName,
  durationMinutes: bookings.durationMinutes,
  startTime: bookings.startTime,
  endTime: bookings.endTime,
  status: bookings.status,
  totalAmountCents: bookings.totalAmountCents,
  taxCents: bookings.taxCents,
  taxKind: bookings.taxKind,
  platformFeeCents: bookings.platformFeeCents,
  practitionerAmountCents: bookings.practitionerAmountCents,
  isPaid: bookings.isPaid,
  refundedAmountCents: bookings.refundedAmountCents,
  holdExpiresAt: bookings.holdExpiresAt,
  cancellationReason: bookings.cancellationReason,
  cancellationNote: bookings.cancellationNote,
  notes: bookings.notes,
  createdAt: bookings.createdAt,
  updatedAt: bookings.updatedAt,
  sequence: bookings.sequence,
  movedByPractitionerAt: bookings.movedByPractitionerAt,
  moveMessage: bookings.moveMessage,
  clientNoShowAt: bookings.clientNoShowAt,
  practitionerNoShowReportedAt: bookings.practitionerNoShowReportedAt,
  clientNoShowDisputedAt: bookings.clientNoShowDisputedAt,
  sessionEndedAt: bookings.sessionEndedAt,
  meetingLink: services.meetingLink,
  ownMeetingLink: sql<string | null>`${ownMeetingLinkSql('services')}`,
  practitionerFirstName: practitioner.firstName,
  practitionerLastName: practitioner.lastName,
  clientFirstName: client.firstName,
  clientLastName: client.lastName,
}

/** Bookings with their service and both people, newest first, where `where` says. */
function selectBookings(db: Db, where: SQL | undefined) {
  return db
    .select(COLUMNS)
    .from(bookings)
    .leftJoin(services, eq(services.id, bookings.serviceId))
    .leftJoin(practitioner, eq(practitioner.id, bookings.practitionerId))
    .leftJoin(client, eq(client.id, bookings.clientId))
    .where(where)
    .orderBy(desc(bookings.startTime), desc(bookings.id))
}

function selectWhere(where: SQL | undefined) {
  return selectBookings(getDb(), where).all()
}

/**
 * A client's bookings: the client dashboard reads them on every visit, and building this query
 * (37 columns, three joins) cost more than running it, so it is built once per connection
 * (decision 047).
 */
const clientBookings = preparedOnce((db) =>
  selectBookings(db, eq(bookings.clientId, sql.placeholder('clientId'))).prepare(),
)

type Row = ReturnType<typeof selectWhere>[number]

/**
 * A booking as its two people and the API see it: the service as bought (its name, duration and
 * price are the booking's own copy), the meeting link only once confirmed, and each state's
 * fields only in that state.
 */
function toBooking(row: Row) {
  const live = isLive(row)
  return {
    id: row.id,
    serviceId: row.serviceId,
    clientId: row.clientId,
    practitionerId: row.practitionerId,
    timeSlotId: row.timeSlotId,
    /** Booked with a session of this package (nothing paid on the booking itself); not in the API. */
    packageHoldingId: row.packageHoldingId,
    startTime: row.startTime,
    endTime: row.endTime,
    status: row.status,
    totalAmountCents: row.totalAmountCents,
    /** The tax within the total (none, 0, by default), copied from the service when booked. */
    taxCents: row.taxCents,
    taxKind: row.taxKind,
    platformFeeCents: row.platformFeeCents,
    practitionerAmountCents: row.practitionerAmountCents,
    isPaid: row.isPaid,
    refundedAmountCents: row.refundedAmountCents,
    /** Until when a pending booking's slot is held for its payment. */
    holdExpiresAt: row.status === 'pending' ? row.holdExpiresAt : null,
    /** Why a cancelled booking was cancelled (the client, its hold running out, a refund...); null otherwise. */
    cancellationReason: row.status === 'cancelled' ? row.cancellationReason : null,
    /** The practitioner's reason, when they cancelled it. */
    cancellationNote: row.status === 'cancelled' ? row.cancellationNote : null,
    notes: row.notes,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    /** The calendar event's revision (iCalendar SEQUENCE); not in the API. */
    sequence: row.sequence,
    /** When the practitioner moved it, while the client has not accepted the new time (they may cancel for a full refund). */
    movedByPractitionerAt: live ? row.movedByPractitionerAt : null,
    /** The practitioner's message with that new time (plain text), while it waits for the client. */
    moveMessage: live && row.movedByPractitionerAt ? row.moveMessage : null,
    /** When its practitioner marked that the client did not attend (no refund is due; no review). */
    clientNoShowAt: row.clientNoShowAt,
    /** When its client reported that the practitioner did not attend. */
    practitionerNoShowReportedAt: row.practitionerNoShowReportedAt,
    /** When the client, marked absent, told the admins they were there; not in the API. */
    clientNoShowDisputedAt: row.clientNoShowDisputedAt,
    /** When the practitioner ended the session in its room (the room stays closed). */
    sessionEndedAt: row.sessionEndedAt,
    /** Where Join Session leads once it is confirmed: its video room, or the practitioner's own meeting link. */
    joinUrl: row.status === 'confirmed' || row.status === 'completed' ? joinUrl(row.id, row.ownMeetingLink) : null,
    service: {
      name: row.serviceName,
      duration: row.durationMinutes,
      meetingLink: row.status === 'confirmed' ? row.meetingLink : null,
    },
    practitioner: row.practitionerFirstName
      ? { firstName: row.practitionerFirstName, lastName: row.practitionerLastName ?? '' }
      : null,
    client: row.clientFirstName ? { firstName: row.clientFirstName, lastName: row.clientLastName ?? '' } : null,
  }
}

export type Booking = ReturnType<typeof toBooking>

/** The bookings `where` selects, newest first. */
export function bookingsWhere(where: SQL | undefined) {
  return selectWhere(where).map(toBooking)
}

/** GET /api/bookings/:id and the client's pages: the client's own booking; anyone else's is not found. */
export function getBookingForClient(user: { id: number }, bookingId: number) {
  const [booking] = bookingsWhere(and(eq(bookings.id, bookingId), eq(bookings.clientId, user.id)))
  if (!booking) throw new AppError(BOOKING_NOT_FOUND, 404)
  return booking
}

/** A booking to its client or its practitioner; anyone else's is not found. */
export function getBookingForParty(user: { id: number }, bookingId: number) {
  const [booking] = bookingsWhere(
    and(eq(bookings.id, bookingId), or(eq(bookings.clientId, user.id), eq(bookings.practitionerId, user.id))),
  )
  if (!booking) throw new AppError(BOOKING_NOT_FOUND, 404)
  return booking
}

/** GET /api/bookings/client and the client dashboard: every booking of the client, cancelled ones included, newest first. */
export function listClientBookings(user: { id: number }) {
  return clientBookings().all({ clientId: user.id }).map(toBooking)
}

/** GET /api/bookings: every booking of the practitioner's services, newest first. */
export function listPractitionerBookings(user: { id: number }) {
  return bookingsWhere(eq(bookings.practitionerId, user.id))
}

/** A confirmed or pending session of the client, for its calendar invitation (with the event's revision). */
export function getSessionForCalendar(user: { id: number }, bookingId: number) {
  const [booking] = bookingsWhere(
    and(eq(bookings.id, bookingId), eq(bookings.clientId, user.id), inArray(bookings.status, ['pending', 'confirmed'])),
  )
  if (!booking) throw new AppError(BOOKING_NOT_FOUND, 404)
  return booking
}
