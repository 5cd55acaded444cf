import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { services, timeSlots, users, waitlistClosedServices, waitlistEntries, waitlistOffers } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { pageWindow } from '~/lib/paging'
import { SERVICE_NOT_FOUND } from '~/models/marketplace/service'
import { withdrawOffer } from './offers.server'
import { WAITLIST_PAGE_SIZE } from './waitlist'

/**
 * The practitioner's side of their services' waitlists (docs/decisions/050-waitlist.md): who
 * waits for each, and the switch that turns one off. Removing someone is `removeFromWaitlist`
 * in entries.server.ts.
 */

/** The practitioner's service, or 404. */
function ownService(practitionerId: number, serviceId: number) {
  const row = getDb()
    .select({ id: services.id, name: services.name, closed: waitlistClosedServices.serviceId })
    .from(services)
    .leftJoin(waitlistClosedServices, eq(waitlistClosedServices.serviceId, services.id))
    .where(and(eq(services.id, serviceId), eq(services.practitionerId, practitionerId)))
    .get()
  if (!row) throw new AppError(SERVICE_NOT_FOUND, 404)
  return { id: row.id, name: row.name, waitlistOn: row.closed === null }
}

/**
 * Turns a service's waitlist on or off. Off: nobody joins and nothing is offered; live offers are
 * withdrawn and their times open to everyone. Those waiting stay in line for when it is on again.
 */
export function setWaitlistOn(practitioner: { id: number }, serviceId: number, on: boolean, now = new Date()) {
  ownService(practitioner.id, serviceId)
  getDb().transaction(
    (tx) => {
      if (on) {
        tx.delete(waitlistClosedServices).where(eq(waitlistClosedServices.serviceId, serviceId)).run()
        return
      }
      tx.insert(waitlistClosedServices).values({ serviceId, createdAt: now }).onConflictDoNothing().run()
      const live = tx
        .select({ timeSlotId: waitlistOffers.timeSlotId })
        .from(waitlistOffers)
        .innerJoin(timeSlots, eq(timeSlots.id, waitlistOffers.timeSlotId))
        .where(and(eq(waitlistOffers.state, 'live'), eq(timeSlots.serviceId, serviceId)))
        .all()
      for (const { timeSlotId } of live) if (timeSlotId !== null) withdrawOffer(tx, timeSlotId, now)
    },
    { behavior: 'immediate' },
  )
  return { serviceId, waitlistOn: on }
}

/** Who waits for one of the practitioner's services, in line order, a page at a time. */
export function listServiceWaitlist(practitioner: { id: number }, serviceId: number, requested = 1) {
  const service = ownService(practitioner.id, serviceId)
  const waiting = and(eq(waitlistEntries.serviceId, serviceId), eq(waitlistEntries.status, 'waiting'))
  const db = getDb()
  const total = db.select({ n: count() }).from(waitlistEntries).where(waiting).get()?.n ?? 0
  const { page, pageCount, offset } = pageWindow(total, requested, WAITLIST_PAGE_SIZE)
  const rows = db
    .select({
      id: waitlistEntries.id,
      firstName: users.firstName,
      lastName: users.lastName,
      windows: waitlistEntries.windows,
      timeZone: waitlistEntries.timeZone,
      joinedAt: waitlistEntries.createdAt,
      offeredUntil: sql<number | null>`(SELECT o.expires_at FROM waitlist_offers o
        WHERE o.entry_id = ${waitlistEntries.id} AND o.state = 'live')`,
    })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.clientId))
    .where(waiting)
    .orderBy(asc(waitlistEntries.id))
    .limit(WAITLIST_PAGE_SIZE)
    .offset(offset)
    .all()
  const entries = rows.map(({ offeredUntil, ...row }, i) => ({
    ...row,
    place: offset + i + 1,
    offeredUntil: offeredUntil === null ? null : new Date(offeredUntil),
  }))
  return { service, entries, total, page, pageCount, pageSize: WAITLIST_PAGE_SIZE }
}

/** Each of the practitioner's services with how many wait, and whether its waitlist is on. */
export function waitlistOverview(practitionerId: number) {
  const rows = getDb()
    .select({
      id: services.id,
      name: services.name,
      closed: waitlistClosedServices.serviceId,
      waiting: sql<number>`(SELECT count(*) FROM waitlist_entries e WHERE e.service_id = ${services.id} AND e.status = 'waiting')`,
    })
    .from(services)
    .leftJoin(waitlistClosedServices, eq(waitlistClosedServices.serviceId, services.id))
    .where(eq(services.practitionerId, practitionerId))
    .orderBy(desc(services.isActive), asc(services.name))
    .all()
  return rows.map(({ closed, ...row }) => ({ ...row, waitlistOn: closed === null }))
}
