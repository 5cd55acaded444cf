import { and, desc, eq, ne, sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { bookings, services, users } from '~/db/schema'

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
    sessions: rows,
    counts: { total: rows.length, upcoming: counts?.upcoming ?? 0, completed: counts?.completed ?? 0 },
  }
}
