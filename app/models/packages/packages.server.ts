import { and, asc, count, eq, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { getDb } from '~/db/client.server'
import { packageHoldings, packages, services } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { dollarsToCents } from '~/lib/money'
import { hit, LIMITS } from '~/lib/rate-limit.server'
import { SERVICE_NOT_FOUND } from '~/models/marketplace/service'
import { SERVICE_LISTED } from '~/models/marketplace/service.server'
import {
  FREE_SERVICE_PACKAGE,
  MAX_PACKAGES,
  PACKAGE_NOT_FOUND,
  TOO_MANY_PACKAGES,
  type PackageOffer,
  type PackagePatchSchema,
  type PackageSchema,
} from './package'
import { perSessionCents, savingPerSessionCents } from './package-money'
import type { z } from 'zod'

/**
 * A practitioner's packages (docs/decisions/051-packages.md): offered per service, changed,
 * switched off, and deleted, or retired when someone holds one (their holding copied its terms,
 * and its receipts and bookings point at it). The public side reads the active ones of listed
 * services.
 */

export type OwnPackage = {
  id: number
  serviceId: number
  serviceName: string
  servicePriceCents: number
  sessions: number
  priceCents: number
  expiresInMonths: number
  active: boolean
  /** Bought (or being bought) by someone at least once: deleting it retires it. */
  held: boolean
}

/** The columns of an own package; `held` a subquery, made when the query runs. */
function ownColumns() {
  return {
    id: packages.id,
    serviceId: packages.serviceId,
    serviceName: services.name,
    servicePriceCents: services.priceCents,
    sessions: packages.sessions,
    priceCents: packages.priceCents,
    expiresInMonths: packages.expiresInMonths,
    active: packages.active,
    held: sql<boolean>`exists (SELECT 1 FROM package_holdings h WHERE h.package_id = packages.id)`.mapWith(Boolean),
  }
}

/** The practitioner's packages not retired, by service then size. */
export function listOwnPackages(practitionerId: number): OwnPackage[] {
  return getDb()
    .select(ownColumns())
    .from(packages)
    .innerJoin(services, eq(services.id, packages.serviceId))
    .where(and(eq(packages.practitionerId, practitionerId), isNull(packages.retiredAt)))
    .orderBy(asc(services.name), asc(packages.sessions), asc(packages.id))
    .all()
}

/** One of the practitioner's packages not retired, or 404 (another's is not found either). */
export function getOwnPackage(practitionerId: number, id: number): OwnPackage {
  const row = getDb()
    .select(ownColumns())
    .from(packages)
    .innerJoin(services, eq(services.id, packages.serviceId))
    .where(and(eq(packages.id, id), eq(packages.practitionerId, practitionerId), isNull(packages.retiredAt)))
    .get()
  if (!row) throw new AppError(PACKAGE_NOT_FOUND, 404)
  return row
}

/** Each change moves the practitioner's public pages: LIMITS.packageChanges an hour. */
function countChange(practitionerId: number, now: Date) {
  hit(`package-changes:${practitionerId}`, LIMITS.packageChanges, now.getTime())
}

/** A package offered for one of the practitioner's own paid services; at most MAX_PACKAGES not retired. */
export function createPackage(practitionerId: number, input: z.output<typeof PackageSchema>, now = new Date()) {
  countChange(practitionerId, now)
  return getDb().transaction(
    (tx) => {
      const service = tx
        .select({ id: services.id, priceCents: services.priceCents })
        .from(services)
        .where(and(eq(services.id, input.serviceId), eq(services.practitionerId, practitionerId)))
        .get()
      if (!service) throw new AppError(SERVICE_NOT_FOUND, 404, 'serviceId')
      if (service.priceCents === 0) throw new AppError(FREE_SERVICE_PACKAGE, 400, 'serviceId')
      const [own] = tx
        .select({ count: count() })
        .from(packages)
        .where(and(eq(packages.practitionerId, practitionerId), isNull(packages.retiredAt)))
        .all()
      if (own && own.count >= MAX_PACKAGES) throw new AppError(TOO_MANY_PACKAGES, 409)
      const row = tx
        .insert(packages)
        .values({
          practitionerId,
          serviceId: service.id,
          sessions: input.sessions,
          priceCents: dollarsToCents(input.price),
          expiresInMonths: input.expiresInMonths,
          active: input.active ?? true,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: packages.id })
        .get()
      return row.id
    },
    { behavior: 'immediate' },
  )
}

/** Changes an offer's terms or switches it; a package bought already keeps what each buyer bought. */
export function updatePackage(
  practitionerId: number,
  id: number,
  input: z.output<typeof PackagePatchSchema>,
  now = new Date(),
) {
  countChange(practitionerId, now)
  getOwnPackage(practitionerId, id)
  getDb()
    .update(packages)
    .set({
      ...(input.sessions === undefined ? {} : { sessions: input.sessions }),
      ...(input.price === undefined ? {} : { priceCents: dollarsToCents(input.price) }),
      ...(input.expiresInMonths === undefined ? {} : { expiresInMonths: input.expiresInMonths }),
      ...(input.active === undefined ? {} : { active: input.active }),
      updatedAt: now,
    })
    .where(and(eq(packages.id, id), eq(packages.practitionerId, practitionerId)))
    .run()
  return getOwnPackage(practitionerId, id)
}

/**
 * Deletes an offer. One somebody bought (even if paid back since) is retired instead: it
 * leaves every list and cannot be bought, while the holdings, bookings and receipts that
 * point at it stay whole. Answers which it was.
 */
export function deletePackage(practitionerId: number, id: number, now = new Date()) {
  countChange(practitionerId, now)
  return getDb().transaction(
    (tx) => {
      const row = tx
        .select({ id: packages.id })
        .from(packages)
        .where(and(eq(packages.id, id), eq(packages.practitionerId, practitionerId), isNull(packages.retiredAt)))
        .get()
      if (!row) throw new AppError(PACKAGE_NOT_FOUND, 404)
      const bought = tx
        .select({ id: packageHoldings.id })
        .from(packageHoldings)
        .where(eq(packageHoldings.packageId, id))
        .limit(1)
        .get()
      if (bought) {
        tx.update(packages).set({ active: false, retiredAt: now, updatedAt: now }).where(eq(packages.id, id)).run()
        return 'retired' as const
      }
      tx.delete(packages).where(eq(packages.id, id)).run()
      return 'deleted' as const
    },
    { behavior: 'immediate' },
  )
}

const s = alias(services, 's')

/**
 * The active packages of a practitioner's listed services (their profile, `GET
 * /api/practitioners/:id/packages`), or of one service (its pages), with the price per session
 * and what each saves against the service's own price.
 */
export function listOffers(where: { practitionerId: number } | { serviceId: number }): PackageOffer[] {
  const scope = 'serviceId' in where ? eq(s.id, where.serviceId) : eq(s.practitionerId, where.practitionerId)
  return getDb()
    .select({
      id: packages.id,
      serviceId: s.id,
      serviceName: s.name,
      servicePriceCents: s.priceCents,
      sessions: packages.sessions,
      priceCents: packages.priceCents,
      expiresInMonths: packages.expiresInMonths,
    })
    .from(packages)
    .innerJoin(s, eq(s.id, packages.serviceId))
    .where(and(scope, SERVICE_LISTED, eq(packages.active, true), isNull(packages.retiredAt)))
    .orderBy(asc(s.name), asc(packages.sessions), asc(packages.id))
    .all()
    .map(({ servicePriceCents, ...offer }) => ({
      ...offer,
      perSessionCents: perSessionCents(offer.priceCents, offer.sessions),
      savingPerSessionCents: savingPerSessionCents(servicePriceCents, offer.priceCents, offer.sessions),
    }))
}

/**
 * The offers as the public pages' cards show them: what each card prints, worded there in the
 * page's language (`offerCardWords`, package.ts).
 */
export function offerCards(where: Parameters<typeof listOffers>[0]) {
  return listOffers(where).map(({ serviceId: _service, ...offer }) => offer)
}
