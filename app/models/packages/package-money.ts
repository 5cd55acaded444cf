import { priceBreakdown, refundParts, type PriceBreakdown, type TaxKind } from '~/models/billing/tax'

/**
 * The money rules of packages, in one place (docs/decisions/051-packages.md). Pure and
 * client-safe: the offer cards, the models and the property tests share them. Cents throughout.
 *
 * - A package is paid like a session: its price is the fee, the service's tax is added on top,
 *   our 5 % is of the price alone, the rest and the whole tax are the practitioner's
 *   (`priceBreakdown`, the bookings' own rule).
 * - A session of a package is worth the total paid divided by its sessions, rounded down: the
 *   unused sessions' refund is that share of what was paid, never more than was paid, and the
 *   whole of it when no session was used.
 * - The refund splits into tax, fee and platform fee in proportion, as a booking's does
 *   (`refundParts`), since the payment provider gives our fee back in the same proportion.
 */

/** What buying a package at this price costs with its tax, and who gets what. */
export function packagePrice(priceCents: number, taxKind: TaxKind): PriceBreakdown {
  return priceBreakdown(priceCents, taxKind)
}

/** A package's price per session before tax, rounded to the cent (what the offer card prints). */
export function perSessionCents(priceCents: number, sessions: number) {
  return Math.round(priceCents / sessions)
}

/**
 * What each session saves against the service's own price, in cents, rounded down so we never
 * claim a saving that is not there; 0 when the package costs as much or more.
 */
export function savingPerSessionCents(servicePriceCents: number, priceCents: number, sessions: number) {
  return Math.max(0, Math.floor((servicePriceCents * sessions - priceCents) / sessions))
}

type Paid = { totalAmountCents: number; taxCents: number; platformFeeCents: number; sessionsTotal: number }

/** What `sessions` sessions of a bought package are worth of what was paid: the proportional share, rounded down. */
export function sessionsValueCents(paid: Pick<Paid, 'totalAmountCents' | 'sessionsTotal'>, sessions: number) {
  if (sessions <= 0 || paid.sessionsTotal <= 0) return 0
  if (sessions >= paid.sessionsTotal) return paid.totalAmountCents
  return Math.floor((paid.totalAmountCents * sessions) / paid.sessionsTotal)
}

/**
 * The refund of `unused` sessions when `alreadyRefundedCents` went back before: their share of
 * the total, capped by what is left to refund, with its tax, fee and our platform fee as the
 * payment provider returns them (in proportion to the whole payment).
 */
export function unusedSessionsRefund(paid: Paid, unused: number, alreadyRefundedCents = 0) {
  const refundCents = Math.max(
    0,
    Math.min(sessionsValueCents(paid, unused), paid.totalAmountCents - alreadyRefundedCents),
  )
  const parts = refundParts(refundCents, {
    totalCents: paid.totalAmountCents,
    taxCents: paid.taxCents,
    platformFeeCents: paid.platformFeeCents,
  })
  return {
    refundCents,
    ...parts,
    /** What leaves the practitioner: the refund less the platform fee given back with it. */
    practitionerCents: refundCents - parts.platformFeeCents,
  }
}

/** The practitioner's share of a package after refunds: the bookings' rule (earnings.server.ts), rounded down. */
export function packageNetCents(paid: {
  totalAmountCents: number
  practitionerAmountCents: number
  refundedAmountCents: number
}) {
  if (paid.totalAmountCents <= 0) return 0
  return (
    paid.practitionerAmountCents -
    Math.floor((paid.refundedAmountCents * paid.practitionerAmountCents) / paid.totalAmountCents)
  )
}

/** The instant a package bought at `paidAt` stops being usable: the same day and time `months` later (clamped to the month's end). */
export function packageExpiry(paidAt: Date, months: number) {
  const end = new Date(paidAt.getTime())
  const day = end.getUTCDate()
  end.setUTCDate(1)
  end.setUTCMonth(end.getUTCMonth() + months)
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate()
  end.setUTCDate(Math.min(day, lastDay))
  return end
}
