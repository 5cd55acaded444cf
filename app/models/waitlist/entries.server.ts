import { and, asc, count, eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { services, users, waitlistClosedServices, waitlistEntries, waitlistOffers } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { msg } from '~/lib/i18n/message'
import { pageWindow } from '~/lib/paging'
import { check, hit } from '~/lib/rate-limit.server'
import { SERVICE_NOT_FOUND } from '~/models/marketplace/service'
import { withdrawOffer } from './offers.server'
import {
  ALREADY_WAITING,
  ENTRY_NOT_FOUND,
  MAX_WAITLIST_ENTRIES,
  OWN_WAITLIST,
  TOO_MANY_ENTRIES,
  WAITLIST_OFF,
  WAITLIST_PAGE_SIZE,
  type WaitlistJoinInput,
} from './waitlist'

/**
 * Waitlist entries (docs/decisions/050-waitlist.md): a client joins a listed service's waitlist
 * (one waiting entry per service, at most MAX_WAITLIST_ENTRIES at once), sees and leaves their
 * own; a practitioner sees who waits for each of their services, removes someone, and turns a
 * service's waitlist off. A client never sees anything of another client.
 */

/** Joins a client may make an hour: leaving and joining again, over and over, writes a row each time. */
export const WAITLIST_JOINS = { max: 20, windowMs: 60 * 60_000 }
export const TOO_MANY_JOINS = msg('waitlist:errors.tooManyJoins')

/** A waiting entry as its client sees it. */
export type OwnEntry = {
  id: number
  serviceId: number
  serviceName: string
  practitionerName: string
  windows: { days: number[]; from: string; to: string }[]
  timeZone: string
  joinedAt: Date
}

const OWN_ENTRY = {
  id: waitlistEntries.id,
  serviceId: waitlistEntries.serviceId,
  serviceName: services.name,
  practitionerFirstName: users.firstName,
  practitionerLastName: users.lastName,
  windows: waitlistEntries.windows,
  timeZone: waitlistEntries.timeZone,
  joinedAt: waitlistEntries.createdAt,
}

function toOwnEntry(row: {
  id: number
  serviceId: number
  serviceName: string
  practitionerFirstName: string
  practitionerLastName: string
  windows: OwnEntry['windows']
  timeZone: string
  joinedAt: Date
}): OwnEntry {
  const { practitionerFirstName, practitionerLastName, ...rest } = row
  return { ...rest, practitionerName: `${practitionerFirstName} ${practitionerLastName}` }
}

/**
 * Joins the waitlist of a listed service whose waitlist is on, with the client's windows read in
 * `timeZone`. The count and the insert share one IMMEDIATE transaction, so the cap holds under
 * concurrent joins; the partial unique index keeps one waiting entry per client and service.
 */
export function joinWaitlist(client: { id: number }, input: WaitlistJoinInput, timeZone: string, now = new Date()) {
  const key = `waitlist-joins:${client.id}`
  check(key, WAITLIST_JOINS, now.getTime(), TOO_MANY_JOINS)
  const entry = getDb().transaction(
    (tx) => {
      const service = tx
        .select({ id: services.id, practitionerId: services.practitionerId, closed: waitlistClosedServices.serviceId })
        .from(services)
        .leftJoin(waitlistClosedServices, eq(waitlistClosedServices.serviceId, services.id))
        .where(and(eq(services.id, input.serviceId), eq(services.isListed, true)))
        .get()
      if (!service) throw new AppError(SERVICE_NOT_FOUND, 404, 'serviceId')
      if (service.practitionerId === client.id) throw new AppError(OWN_WAITLIST, 400, 'serviceId')
      if (service.closed !== null) throw new AppError(WAITLIST_OFF, 409, 'serviceId')
      const waiting = tx
        .select({ serviceId: waitlistEntries.serviceId })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.clientId, client.id), eq(waitlistEntries.status, 'waiting')))
        .all()
      if (waiting.some((row) => row.serviceId === service.id)) throw new AppError(ALREADY_WAITING, 409, 'serviceId')
      if (waiting.length >= MAX_WAITLIST_ENTRIES) throw new AppError(TOO_MANY_ENTRIES, 409)
      return tx
        .insert(waitlistEntries)
        .values({
          clientId: client.id,
          serviceId: service.id,
          windows: input.windows,
          timeZone,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: waitlistEntries.id })
        .get()
    },
    { behavior: 'immediate' },
  )
  hit(key, WAITLIST_JOINS, now.getTime())
  return getOwnEntry(client, entry.id)
}

export function getOwnEntry(client: { id: number }, entryId: number) {
  const row = getDb()
    .select(OWN_ENTRY)
    .from(waitlistEntries)
    .innerJoin(services, eq(services.id, waitlistEntries.serviceId))
    .innerJoin(users, eq(users.id, services.practitionerId))
    .where(
      and(
        eq(waitlistEntries.id, entryId),
        eq(waitlistEntries.clientId, client.id),
        eq(waitlistEntries.status, 'waiting'),
      ),
    )
    .get()
  if (!row) throw new AppError(ENTRY_NOT_FOUND, 404)
  return toOwnEntry(row)
}

/** The client's waiting entries, oldest first, a page at a time. */
export function listOwnEntries(client: { id: number }, requested = 1) {
  const mine = and(eq(waitlistEntries.clientId, client.id), eq(waitlistEntries.status, 'waiting'))
  const db = getDb()
  const total = db.select({ n: count() }).from(waitlistEntries).where(mine).get()?.n ?? 0
  const { page, pageCount, offset } = pageWindow(total, requested, WAITLIST_PAGE_SIZE)
  const rows = db
    .select(OWN_ENTRY)
    .from(waitlistEntries)
    .innerJoin(services, eq(services.id, waitlistEntries.serviceId))
    .innerJoin(users, eq(users.id, services.practitionerId))
    .where(mine)
    .orderBy(asc(waitlistEntries.id))
    .limit(WAITLIST_PAGE_SIZE)
    .offset(offset)
    .all()
  return { entries: rows.map(toOwnEntry), total, page, pageCount, pageSize: WAITLIST_PAGE_SIZE }
}

/** The client's entry for this service, if they wait for it (the booking page's link says so). */
export function waitingEntryFor(clientId: number, serviceId: number) {
  return (
    getDb()
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.clientId, clientId),
          eq(waitlistEntries.serviceId, serviceId),
          eq(waitlistEntries.status, 'waiting'),
        ),
      )
      .get()?.id ?? null
  )
}

/**
 * Takes an entry off its waitlist with any live offer it holds (the held time opens for everyone,
 * or goes to the next in line), in one IMMEDIATE transaction. `who` decides whose entry it may be.
 */
function removeEntry(entryId: number, owns: (row: { clientId: number; practitionerId: number }) => boolean, now: Date) {
  getDb().transaction(
    (tx) => {
      const row = tx
        .select({ id: waitlistEntries.id, clientId: waitlistEntries.clientId, practitionerId: services.practitionerId })
        .from(waitlistEntries)
        .innerJoin(services, eq(services.id, waitlistEntries.serviceId))
        .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.status, 'waiting')))
        .get()
      if (!row || !owns(row)) throw new AppError(ENTRY_NOT_FOUND, 404)
      const live = tx
        .select({ timeSlotId: waitlistOffers.timeSlotId })
        .from(waitlistOffers)
        .where(and(eq(waitlistOffers.entryId, row.id), eq(waitlistOffers.state, 'live')))
        .all()
      for (const { timeSlotId } of live) if (timeSlotId !== null) withdrawOffer(tx, timeSlotId, now)
      tx.delete(waitlistEntries).where(eq(waitlistEntries.id, row.id)).run()
    },
    { behavior: 'immediate' },
  )
}

/** The client leaves a waitlist (their own entry only; anyone else's is not found). */
export function leaveWaitlist(client: { id: number }, entryId: number, now = new Date()) {
  removeEntry(entryId, (row) => row.clientId === client.id, now)
  return { id: entryId }
}

/** The practitioner takes a client off the waitlist of one of their services. */
export function removeFromWaitlist(practitioner: { id: number }, entryId: number, now = new Date()) {
  removeEntry(entryId, (row) => row.practitionerId === practitioner.id, now)
  return { id: entryId }
}

/** Whether a service takes a waitlist (its practitioner has not turned it off). */
export function isWaitlistOn(serviceId: number) {
  return !getDb()
    .select({ id: waitlistClosedServices.serviceId })
    .from(waitlistClosedServices)
    .where(eq(waitlistClosedServices.serviceId, serviceId))
    .get()
}

/** An entry as `/api/waitlist` answers it: times as ISO instants. */
export function toApiEntry(entry: OwnEntry) {
  return { ...entry, joinedAt: entry.joinedAt.toISOString() }
}
