import { and, asc, desc, eq, gt, isNotNull } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { getDb } from '~/db/client.server'
import { services, timeSlots, users, waitlistEntries, waitlistOffers } from '~/db/schema'

/**
 * What the dashboards say of the waitlist: a client's live offers (their own only), and a
 * practitioner's times their waitlist filled lately.
 */

const practitioner = alias(users, 'practitioner')
const client = alias(users, 'client')

/** The client's offers still holding a time for them, soonest ending first. */
export function liveOffersOf(clientId: number, now = new Date()) {
  return getDb()
    .select({
      id: waitlistOffers.id,
      expiresAt: waitlistOffers.expiresAt,
      startTime: timeSlots.startTime,
      serviceName: services.name,
      priceCents: services.priceCents,
      practitionerFirstName: practitioner.firstName,
      practitionerLastName: practitioner.lastName,
    })
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .innerJoin(timeSlots, eq(timeSlots.id, waitlistOffers.timeSlotId))
    .innerJoin(services, eq(services.id, waitlistEntries.serviceId))
    .innerJoin(practitioner, eq(practitioner.id, services.practitionerId))
    .where(
      and(eq(waitlistEntries.clientId, clientId), eq(waitlistOffers.state, 'live'), gt(waitlistOffers.expiresAt, now)),
    )
    .orderBy(asc(waitlistOffers.expiresAt))
    .all()
    .map(({ practitionerFirstName, practitionerLastName, ...offer }) => ({
      ...offer,
      practitionerName: `${practitionerFirstName} ${practitionerLastName}`,
    }))
}

export const RECENT_FILLS_MS = 7 * 24 * 60 * 60_000

/** Times of the practitioner's that a waitlisted client took in the last week, newest first (at most 5). */
export function recentWaitlistFills(practitionerId: number, now = new Date()) {
  return getDb()
    .select({
      bookingId: waitlistOffers.bookingId,
      takenAt: waitlistOffers.endedAt,
      startTime: timeSlots.startTime,
      serviceName: services.name,
      clientFirstName: client.firstName,
      clientLastName: client.lastName,
    })
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .innerJoin(timeSlots, eq(timeSlots.id, waitlistOffers.timeSlotId))
    .innerJoin(services, eq(services.id, waitlistEntries.serviceId))
    .innerJoin(client, eq(client.id, waitlistEntries.clientId))
    .where(
      and(
        eq(services.practitionerId, practitionerId),
        eq(waitlistOffers.state, 'claimed'),
        isNotNull(waitlistOffers.bookingId),
        gt(waitlistOffers.endedAt, new Date(now.getTime() - RECENT_FILLS_MS)),
      ),
    )
    .orderBy(desc(waitlistOffers.endedAt))
    .limit(5)
    .all()
}
