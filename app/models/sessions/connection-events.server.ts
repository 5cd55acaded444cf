import { and, count, eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { sessionConnectionEvents } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { CONNECTION_TEXT, MAX_CONNECTION_EVENTS, MAX_EVENT_AGE_MS, type ConnectionEvent } from './connection-events'
import { roomWindow } from './room-window'
import { findRoomBooking, ROOM_NOT_OPEN, stateOf } from './room.server'

/**
 * A room's page reports how its connection went (connection-events.ts): for the booking's two
 * people only (anyone else the room's 404), while the room is open and for a while after it
 * closed (a report held back by the network, the page closing after the End), at most
 * MAX_CONNECTION_EVENTS per person and session: a report that would pass it is refused whole
 * (409). Dated by the server's clock, from how long ago the page says each happened.
 */
export function recordConnectionEvents(
  user: { id: number },
  bookingId: number,
  events: ConnectionEvent[],
  now = new Date(),
) {
  const booking = findRoomBooking(user, bookingId)
  const state = stateOf(booking, now)
  const lateBy = now.getTime() - roomWindow(booking).closesAt.getTime()
  if (state !== 'open' && !(state === 'ended' && lateBy <= MAX_EVENT_AGE_MS)) {
    throw new AppError(ROOM_NOT_OPEN[state], 409)
  }
  const db = getDb()
  // One synchronous transaction: two reports at once cannot both pass the bound.
  db.transaction(
    (tx) => {
      const held =
        tx
          .select({ n: count() })
          .from(sessionConnectionEvents)
          .where(and(eq(sessionConnectionEvents.bookingId, booking.id), eq(sessionConnectionEvents.userId, user.id)))
          .get()?.n ?? 0
      if (held + events.length > MAX_CONNECTION_EVENTS) throw new AppError(CONNECTION_TEXT.full, 409)
      tx.insert(sessionConnectionEvents)
        .values(
          events.map((event) => ({
            bookingId: booking.id,
            userId: user.id,
            side: booking.side,
            kind: event.kind,
            at: new Date(now.getTime() - event.agoMs),
            valueMs: event.valueMs ?? null,
            relay: event.relay ?? null,
          })),
        )
        .run()
    },
    { behavior: 'immediate' },
  )
}
