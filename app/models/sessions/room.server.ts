import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { bookings, services } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { formatsFor, type Formats } from '~/lib/i18n/formats'
import { tFor } from '~/lib/i18n/i18n.server'
import type { Language } from '~/lib/i18n/languages'
import { msg } from '~/lib/i18n/message'
import { otherPartyOf } from '~/models/booking/other-party.server'
import { BOOKING_NOT_FOUND } from '~/models/booking/payments.server'
import { iceServersFor } from './ice-servers.server'
import { ownMeetingLinkSql } from './join.server'
import { ROOM_TEXT, roomState, roomWindow, type RoomState, type SessionRoomData } from './room'

/**
 * A booking's video room as one of its two people may see it (docs/decisions/039-video-rooms.md).
 * Anyone else, and a booking that does not exist, get the same 404.
 */

export type Side = 'client' | 'practitioner'

/** Why signaling is refused outside an open room: what the page says in that state. */
export const ROOM_NOT_OPEN: Record<Exclude<RoomState, 'open'>, string> = {
  cancelled: ROOM_TEXT.cancelled,
  unpaid: ROOM_TEXT.unpaid,
  early: ROOM_TEXT.opensBeforeStart,
  ended: ROOM_TEXT.ended,
  'own-link': ROOM_TEXT.ownLink.client,
}

/** The booking's row for its room, if `user` is its client or its practitioner; else 404. */
export function findRoomBooking(user: { id: number }, bookingId: number) {
  const row = getDb()
    .select({
      id: bookings.id,
      clientId: bookings.clientId,
      practitionerId: bookings.practitionerId,
      serviceName: bookings.serviceName,
      durationMinutes: bookings.durationMinutes,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      status: bookings.status,
      sessionEndedAt: bookings.sessionEndedAt,
      meetingLink: services.meetingLink,
      ownMeetingLink: sql<string | null>`${ownMeetingLinkSql('services')}`,
    })
    .from(bookings)
    .leftJoin(services, eq(services.id, bookings.serviceId))
    .where(and(eq(bookings.id, bookingId), or(eq(bookings.clientId, user.id), eq(bookings.practitionerId, user.id))))
    .get()
  if (!row) throw new AppError(BOOKING_NOT_FOUND, 404)
  const side: Side = row.practitionerId === user.id ? 'practitioner' : 'client'
  return { ...row, side }
}

export type RoomBooking = ReturnType<typeof findRoomBooking>

/** Where the room stands now for this booking. */
export const stateOf = (booking: RoomBooking, now = new Date()) => roomState(booking, now)

/**
 * The room's booking when it is open now, for signaling; else the reason it is not (409), or 404
 * for anyone but its two people.
 */
export function openRoomFor(user: { id: number }, bookingId: number, now = new Date()) {
  const booking = findRoomBooking(user, bookingId)
  const state = stateOf(booking, now)
  if (state !== 'open') throw new AppError(ROOM_NOT_OPEN[state], 409)
  return booking
}

/** A time of day in the viewer's zone and language, with the zone: '6:35 PM EST', '18 h 35 HNE'. */
const timeIn = (formats: Formats, instant: Date, timeZone: string) =>
  `${formats.time(instant, timeZone)} ${formats.zone(instant, timeZone)}`

/**
 * The room's page: the session, the other person, the window, and the ICE servers for this
 * person, worded in the viewer's language and zone.
 */
export function getRoomPage(
  user: { id: number; firstName: string },
  bookingId: number,
  timeZone: string,
  language: Language = 'en',
  now = new Date(),
): SessionRoomData {
  const booking = findRoomBooking(user, bookingId)
  const other = otherPartyOf(booking, booking.side)
  const t = tFor(language, 'room')
  const formats = formatsFor(language)
  // Stands in for a deleted account's name in the room's sentences ('your practitioner is waiting').
  const fallbackName = t(`otherFallback.${booking.side}`)
  const { opensAt, closesAt } = roomWindow(booking)
  const state = stateOf(booking, now)
  return {
    booking: {
      id: booking.id,
      serviceName: booking.serviceName,
      durationMinutes: booking.durationMinutes,
      startTime: booking.startTime.toISOString(),
      endTime: booking.endTime.toISOString(),
      when: t('when', {
        date: formats.longDate(booking.startTime, timeZone),
        start: formats.time(booking.startTime, timeZone),
        end: formats.time(booking.endTime, timeZone),
        zone: formats.zone(booking.startTime, timeZone),
      }),
    },
    me: { role: booking.side, firstName: user.firstName },
    other: other
      ? { firstName: other.firstName, name: `${other.firstName} ${other.lastName}` }
      : { firstName: fallbackName, name: fallbackName },
    state,
    opensAt: opensAt.toISOString(),
    closesAt: closesAt.toISOString(),
    now: now.toISOString(),
    ended: booking.sessionEndedAt
      ? { at: booking.sessionEndedAt.toISOString(), time: timeIn(formats, booking.sessionEndedAt, timeZone) }
      : null,
    opensAtTime: timeIn(formats, opensAt, timeZone),
    meetingLink: booking.ownMeetingLink ?? booking.meetingLink ?? null,
    // Credentials only for a room that can be entered.
    iceServers: state === 'open' ? iceServersFor(user.id, now) : [],
    backTo: {
      to: booking.side === 'practitioner' ? '/practitioner/dashboard' : `/bookings/${booking.id}`,
      label: msg(`room:back.${booking.side}`),
    },
  }
}

/**
 * The practitioner ends the session (from its booked start: before it, only Leave): the room
 * stays closed from now on, and the booking is completed at once, with the time it ended, so
 * both dashboards and the booking page stop offering what belongs to a session still ahead
 * (Cancel, Reschedule, Join) without waiting for the sweeper and the booked end. One statement:
 * the status and the time move together.
 */
export function markSessionEnded(booking: Pick<RoomBooking, 'id' | 'startTime'>, now = new Date()) {
  if (now.getTime() < booking.startTime.getTime()) throw new AppError(ROOM_TEXT.endNotYet, 409)
  getDb()
    .update(bookings)
    .set({ sessionEndedAt: now, status: 'completed', updatedAt: now })
    .where(
      and(
        eq(bookings.id, booking.id),
        inArray(bookings.status, ['confirmed', 'completed']),
        isNull(bookings.sessionEndedAt),
      ),
    )
    .run()
}
