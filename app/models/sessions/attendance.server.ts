import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { sessionAttendance } from '~/db/schema'

/**
 * Who was in a booking's video room, when (ids and times only): a row each time a person joins,
 * closed when they leave or their page goes away. Written on the primary, by the signaling hub.
 */

export function recordJoin(bookingId: number, userId: number, now = new Date()) {
  return getDb()
    .insert(sessionAttendance)
    .values({ bookingId, userId, joinedAt: now })
    .returning({ id: sessionAttendance.id })
    .get().id
}

/** Closes a stay (once: a closed one keeps its first time). */
export function recordLeave(attendanceId: number, now = new Date()) {
  getDb()
    .update(sessionAttendance)
    .set({ leftAt: now })
    .where(and(eq(sessionAttendance.id, attendanceId), isNull(sessionAttendance.leftAt)))
    .run()
}

/**
 * Stays left open by a machine that stopped with people in its rooms (a deploy, a failover): the
 * primary's sweeper closes every open stay its own rooms do not hold, at the time it finds them.
 */
export function closeStrayStays(held: Set<number>, now = new Date()) {
  const open = getDb()
    .select({ id: sessionAttendance.id })
    .from(sessionAttendance)
    .where(isNull(sessionAttendance.leftAt))
    .all()
    .filter((stay) => !held.has(stay.id))
  for (const stay of open) recordLeave(stay.id, now)
  return open.length
}

export type Stay = { userId: number | null; joinedAt: Date; leftAt: Date | null }

/** The stays in several bookings' rooms, by booking, first first (one query). */
export function attendanceOf(bookingIds: number[]) {
  const byBooking = new Map<number, Stay[]>()
  if (!bookingIds.length) return byBooking
  const rows = getDb()
    .select({
      bookingId: sessionAttendance.bookingId,
      userId: sessionAttendance.userId,
      joinedAt: sessionAttendance.joinedAt,
      leftAt: sessionAttendance.leftAt,
    })
    .from(sessionAttendance)
    .where(inArray(sessionAttendance.bookingId, bookingIds))
    .orderBy(asc(sessionAttendance.joinedAt), asc(sessionAttendance.id))
    .all()
  for (const { bookingId, ...stay } of rows) byBooking.set(bookingId, [...(byBooking.get(bookingId) ?? []), stay])
  return byBooking
}

/** Every stay in a booking's room, first first. */
export function listAttendance(bookingId: number): Stay[] {
  return attendanceOf([bookingId]).get(bookingId) ?? []
}
