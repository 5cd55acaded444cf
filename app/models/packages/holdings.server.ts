import { and, asc, count, desc, eq, gt, lte, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { packageHoldings, users } from '~/db/schema'
import { DEFAULT_TIME_ZONE } from '~/lib/dates'
import { AppError } from '~/lib/errors'
import { formatsFor } from '~/lib/i18n/formats'
import { currentLanguage } from '~/lib/i18n/i18n.server'
import type { Language } from '~/lib/i18n/languages'
import type { PaymentCard } from '~/models/billing/receipts.server'
import { FULL_REFUND_NOTICE_MS } from '~/models/booking/booking'
import type { CancellationReason } from '~/models/booking/booking-state.server'
import { NO_PACKAGE_SESSION, packageExpired } from './package'
import { packageExpiry } from './package-money'
import { issuePackageReceipt } from './package-receipts.server'

/**
 * The packages clients hold (docs/decisions/051-packages.md): a purchase's payment recorded
 * with its receipt, the balance a booking takes a session from and a cancellation gives one
 * back to, and what a client holds. Every balance change runs inside the caller's IMMEDIATE
 * transaction with one conditional UPDATE, backed by the table's CHECK (never below zero,
 * never more used than bought).
 */

export type HoldingRow = typeof packageHoldings.$inferSelect

/** Sessions still to book: bought, less used, less refunded. */
const REMAINING = sql<number>`(${packageHoldings.sessionsTotal} - ${packageHoldings.sessionsUsed} - ${packageHoldings.sessionsRefunded})`

export function findHolding(tx: Db | Tx, id: number) {
  return tx.select().from(packageHoldings).where(eq(packageHoldings.id, id)).get()
}

/**
 * Takes one session of the client's paid, unexpired package of this service (the one that
 * expires first) for a booking being made in the same transaction: one conditional UPDATE, so
 * two bookings racing for the last session cannot both have it. Refuses with the reason: an
 * expired package says so, otherwise there is none left.
 */
export function takePackageSession(tx: Db | Tx, who: { clientId: number; serviceId: number }, now: Date) {
  const usable = tx
    .select({ id: packageHoldings.id })
    .from(packageHoldings)
    .where(
      and(
        eq(packageHoldings.clientId, who.clientId),
        eq(packageHoldings.serviceId, who.serviceId),
        eq(packageHoldings.status, 'paid'),
        gt(packageHoldings.expiresAt, now),
        gt(REMAINING, 0),
      ),
    )
    .orderBy(asc(packageHoldings.expiresAt), asc(packageHoldings.id))
    .limit(1)
    .get()
  const taken =
    usable &&
    tx.run(
      sql`UPDATE package_holdings SET sessions_used = sessions_used + 1, updated_at = ${now.getTime()}
          WHERE id = ${usable.id} AND sessions_used + sessions_refunded < sessions_total AND expires_at > ${now.getTime()}`,
    ).changes === 1
  if (taken) return usable.id
  const expired = tx
    .select({ expiresAt: packageHoldings.expiresAt, zone: users.timeZone })
    .from(packageHoldings)
    .leftJoin(users, eq(users.id, packageHoldings.clientId))
    .where(
      and(
        eq(packageHoldings.clientId, who.clientId),
        eq(packageHoldings.serviceId, who.serviceId),
        eq(packageHoldings.status, 'paid'),
        lte(packageHoldings.expiresAt, now),
        gt(REMAINING, 0),
      ),
    )
    .orderBy(desc(packageHoldings.expiresAt))
    .limit(1)
    .get()
  // Said to the client booking (the request's reader), the date in their zone and language.
  if (expired?.expiresAt)
    throw new AppError(
      packageExpired(formatsFor(currentLanguage()).date(expired.expiresAt, expired.zone ?? DEFAULT_TIME_ZONE)),
      409,
    )
  throw new AppError(NO_PACKAGE_SESSION, 409)
}

/**
 * Whether cancelling a package booking gives its session back: a practitioner's cancellation
 * and an account's removal always do; the client's own does while free cancellation applies
 * (24 hours or more ahead, or whenever while the practitioner's move of it waits for them), like
 * a paid session's refund. Later the session is used.
 */
export function givesSessionBack(
  booking: { startTime: Date; movedByPractitionerAt: Date | null },
  reason: CancellationReason,
  now: Date,
) {
  if (reason !== 'client') return true
  if (booking.movedByPractitionerAt) return true
  return booking.startTime.getTime() - now.getTime() >= FULL_REFUND_NOTICE_MS
}

/**
 * A package booking being cancelled in the caller's transaction (cancelLiveBooking): its
 * session goes back to the holding when `givesSessionBack` says so, never below zero used.
 */
export function returnPackageSession(
  tx: Db | Tx,
  booking: { packageHoldingId: number | null; startTime: Date; movedByPractitionerAt: Date | null },
  reason: CancellationReason,
  now: Date,
) {
  if (booking.packageHoldingId === null || !givesSessionBack(booking, reason, now)) return false
  return (
    tx.run(
      sql`UPDATE package_holdings SET sessions_used = sessions_used - 1, updated_at = ${now.getTime()}
          WHERE id = ${booking.packageHoldingId} AND sessions_used > 0`,
    ).changes === 1
  )
}

/**
 * A package's payment landed (its Checkout completed): the pending holding is paid, valid from
 * now for its months, and its receipt issued, in one IMMEDIATE transaction. Safe to apply twice.
 * A payment for a holding that is already paid by another payment is answered `second_payment`
 * (the caller refunds it).
 */
export function recordPackagePayment(
  payment: { holdingId: number; paymentIntentId: string; card?: PaymentCard | null },
  now = new Date(),
) {
  return getDb().transaction(
    (tx) => {
      const holding = findHolding(tx, payment.holdingId)
      if (!holding) return 'unknown' as const
      if (holding.status === 'paid') {
        return holding.stripePaymentIntentId === payment.paymentIntentId
          ? ('duplicate' as const)
          : ('second_payment' as const)
      }
      tx.update(packageHoldings)
        .set({
          status: 'paid',
          stripePaymentIntentId: payment.paymentIntentId,
          paidAt: now,
          expiresAt: packageExpiry(now, holding.expiresInMonths),
          updatedAt: now,
        })
        .where(eq(packageHoldings.id, holding.id))
        .run()
      issuePackageReceipt(tx, holding.id, payment.card ?? null, now)
      return 'paid' as const
    },
    { behavior: 'immediate' },
  )
}

export type HeldPackage = {
  id: number
  packageId: number | null
  serviceId: number | null
  serviceName: string
  sessionsTotal: number
  sessionsUsed: number
  sessionsRefunded: number
  remaining: number
  /** Sessions that took place (completed bookings made with it). */
  delivered: number
  paidAt: Date
  expiresAt: Date
  expired: boolean
  totalAmountCents: number
  refundedAmountCents: number
}

const delivered = sql<number>`(SELECT count(*) FROM bookings b WHERE b.package_holding_id = package_holdings.id AND b.status = 'completed')`

function heldColumns() {
  return {
    id: packageHoldings.id,
    packageId: packageHoldings.packageId,
    serviceId: packageHoldings.serviceId,
    serviceName: packageHoldings.serviceName,
    sessionsTotal: packageHoldings.sessionsTotal,
    sessionsUsed: packageHoldings.sessionsUsed,
    sessionsRefunded: packageHoldings.sessionsRefunded,
    remaining: REMAINING,
    delivered,
    paidAt: packageHoldings.paidAt,
    expiresAt: packageHoldings.expiresAt,
    totalAmountCents: packageHoldings.totalAmountCents,
    refundedAmountCents: packageHoldings.refundedAmountCents,
  }
}

function toHeld(row: ReturnType<typeof heldRows>[number], now: Date): HeldPackage {
  return { ...row, paidAt: row.paidAt!, expiresAt: row.expiresAt!, expired: row.expiresAt!.getTime() <= now.getTime() }
}

function heldRows(where: ReturnType<typeof eq>) {
  return getDb()
    .select(heldColumns())
    .from(packageHoldings)
    .where(and(where, eq(packageHoldings.status, 'paid')))
    .orderBy(desc(packageHoldings.paidAt), desc(packageHoldings.id))
    .all()
}

/** The packages a client bought, newest first (their dashboard, `GET /api/packages/mine`). */
export function listClientPackages(clientId: number, now = new Date()): HeldPackage[] {
  return heldRows(eq(packageHoldings.clientId, clientId)).map((row) => toHeld(row, now))
}

const client = alias(users, 'client')

/** The packages sold by a practitioner, newest first, with their clients' names (Earnings). */
export function listSoldPackages(practitionerId: number, now = new Date()) {
  return getDb()
    .select({
      ...heldColumns(),
      practitionerAmountCents: packageHoldings.practitionerAmountCents,
      clientFirstName: client.firstName,
      clientLastName: client.lastName,
    })
    .from(packageHoldings)
    .leftJoin(client, eq(client.id, packageHoldings.clientId))
    .where(and(eq(packageHoldings.practitionerId, practitionerId), eq(packageHoldings.status, 'paid')))
    .orderBy(desc(packageHoldings.paidAt), desc(packageHoldings.id))
    .limit(200)
    .all()
    .map((row) => ({
      ...toHeld(row, now),
      practitionerAmountCents: row.practitionerAmountCents,
      /** Null when the client's account is gone (the card says "Former client"). */
      clientName: row.clientFirstName === null ? null : `${row.clientFirstName} ${row.clientLastName}`,
    }))
}

/** Sessions the client may still book of this service now (the booking page's "Use a package session"). */
export function packageSessionsLeft(clientId: number, serviceId: number, now = new Date()) {
  const [row] = getDb()
    .select({ left: sql<number>`coalesce(sum(${REMAINING}), 0)` })
    .from(packageHoldings)
    .where(
      and(
        eq(packageHoldings.clientId, clientId),
        eq(packageHoldings.serviceId, serviceId),
        eq(packageHoldings.status, 'paid'),
        gt(packageHoldings.expiresAt, now),
      ),
    )
    .all()
  return row?.left ?? 0
}

/** Purchases the client left open (created in the last `withinMs`), for the cap on them. */
export function openPurchases(tx: Db | Tx, clientId: number, since: Date) {
  const [row] = tx
    .select({ count: count() })
    .from(packageHoldings)
    .where(
      and(
        eq(packageHoldings.clientId, clientId),
        eq(packageHoldings.status, 'pending'),
        gt(packageHoldings.createdAt, since),
      ),
    )
    .all()
  return row?.count ?? 0
}

/**
 * The packages sold as Earnings and the Packages screen print them, in the practitioner's zone
 * and language (the request's: they are signed in).
 */
export function soldPackageCards(
  practitionerId: number,
  zone: string,
  now = new Date(),
  language: Language = currentLanguage(),
) {
  const f = formatsFor(language)
  return listSoldPackages(practitionerId, now).map((h) => ({
    id: h.id,
    clientName: h.clientName,
    serviceName: h.serviceName,
    sessions: h.sessionsTotal,
    remaining: h.expired ? 0 : h.remaining,
    used: h.sessionsUsed,
    refunded: h.sessionsRefunded,
    delivered: h.delivered,
    paid: f.money(h.totalAmountCents),
    refundedAmount: h.refundedAmountCents > 0 ? f.money(h.refundedAmountCents) : null,
    validUntil: f.date(h.expiresAt, zone),
    expired: h.expired,
    unused: h.sessionsTotal - h.sessionsUsed - h.sessionsRefunded,
  }))
}

/** What the practitioner earned from packages: their share of each paid one, net of refunds (the bookings' rule). */
export function packageEarningsCents(practitionerId: number) {
  const [row] = getDb()
    .select({
      net: sql<number>`coalesce(sum(${packageHoldings.practitionerAmountCents} - ${packageHoldings.refundedAmountCents} * ${packageHoldings.practitionerAmountCents} / ${packageHoldings.totalAmountCents}), 0)`,
    })
    .from(packageHoldings)
    .where(and(eq(packageHoldings.practitionerId, practitionerId), eq(packageHoldings.status, 'paid')))
    .all()
  return row?.net ?? 0
}
