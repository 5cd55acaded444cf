/**
 * When a booking's video room is open, and where Join Session leads (client-safe, without zod:
 * the dashboards and booking pages import it; docs/decisions/039-video-rooms.md).
 */

const MINUTE_MS = 60_000

/** The room opens this long before the session starts... */
export const ROOM_OPENS_BEFORE_MS = 15 * MINUTE_MS
/** ...and closes this long after it ends. */
export const ROOM_CLOSES_AFTER_MS = 30 * MINUTE_MS

/**
 * Where a booking's room stands now:
 * - `cancelled`, `unpaid`: no room (a pending booking is not paid yet);
 * - `early`: before its window, with a countdown;
 * - `open`: inside its window;
 * - `ended`: after its window, or the practitioner ended it;
 * - `own-link`: the practitioner holds this service's sessions at their own meeting link.
 */
export type RoomState = 'cancelled' | 'unpaid' | 'early' | 'open' | 'ended' | 'own-link'

export function roomWindow(session: { startTime: Date; endTime: Date }) {
  return {
    opensAt: new Date(session.startTime.getTime() - ROOM_OPENS_BEFORE_MS),
    closesAt: new Date(session.endTime.getTime() + ROOM_CLOSES_AFTER_MS),
  }
}

export function roomState(
  session: {
    status: string
    startTime: Date
    endTime: Date
    sessionEndedAt: Date | null
    ownMeetingLink: string | null
  },
  now = new Date(),
): RoomState {
  if (session.status === 'cancelled') return 'cancelled'
  if (session.status === 'pending') return 'unpaid'
  if (session.ownMeetingLink) return 'own-link'
  if (isRoomOpen(session, now)) return 'open'
  return now.getTime() < roomWindow(session).opensAt.getTime() && !session.sessionEndedAt ? 'early' : 'ended'
}

/**
 * Join Session is offered while the room is open: a confirmed (or just completed) session, from
 * 15 minutes before its start until 30 minutes after its end, unless the practitioner ended it.
 */
export function isRoomOpen(
  session: { status: string; startTime: Date; endTime: Date; sessionEndedAt?: Date | null },
  now = new Date(),
) {
  if ((session.status !== 'confirmed' && session.status !== 'completed') || session.sessionEndedAt) return false
  const { opensAt, closesAt } = roomWindow(session)
  return now.getTime() >= opensAt.getTime() && now.getTime() < closesAt.getTime()
}

/** The address of a booking's room: every Join Session button leads here. */
export const sessionRoomPath = (bookingId: number) => `/sessions/${bookingId}`
/**
 * Where Join Session leads for a booking: its room, or the practitioner's own meeting link when
 * their service holds sessions there (`ownMeetingLinkSql` in join.server.ts selects it).
 */
export function joinUrl(bookingId: number, ownMeetingLink: string | null) {
  return ownMeetingLink || sessionRoomPath(bookingId)
}

/** Its signaling address: an event stream (GET) and messages (POST). */
export const signalPath = (bookingId: number) => `/sessions/${bookingId}/signal`
