import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { TAX_KINDS } from '~/models/billing/tax'
import {
  packageExpiry,
  packageNetCents,
  packagePrice,
  perSessionCents,
  savingPerSessionCents,
  sessionsValueCents,
  unusedSessionsRefund,
} from './package-money'

/**
 * The money rules of packages (docs/decisions/051-packages.md) over every price a package may
 * have ($0.01 to $100,000.00), every size (2 to 50 sessions) and every tax.
 */

const price = fc.integer({ min: 1, max: 10_000_000 })
const sessions = fc.integer({ min: 2, max: 50 })
const kind = fc.constantFrom(...TAX_KINDS)

function bought(priceCents: number, taxKind: (typeof TAX_KINDS)[number], total: number) {
  const p = packagePrice(priceCents, taxKind)
  return {
    totalAmountCents: p.totalCents,
    taxCents: p.taxCents,
    platformFeeCents: p.platformFeeCents,
    practitionerAmountCents: p.practitionerAmountCents,
    sessionsTotal: total,
  }
}

describe('buying a package', () => {
  test('the same 5 % fee as a session: of the price alone, every cent accounted for', () => {
    fc.assert(
      fc.property(price, kind, (priceCents, taxKind) => {
        const p = packagePrice(priceCents, taxKind)
        expect(p.platformFeeCents).toBe(Math.round(priceCents * 0.05))
        expect(p.platformFeeCents + p.practitionerAmountCents).toBe(p.totalCents)
        expect(p.totalCents).toBe(priceCents + p.taxCents)
      }),
      { numRuns: 1000 },
    )
  })

  test('the saving per session is never claimed beyond the real difference', () => {
    fc.assert(
      fc.property(price, price, sessions, (servicePrice, priceCents, n) => {
        const saving = savingPerSessionCents(servicePrice, priceCents, n)
        expect(saving).toBeGreaterThanOrEqual(0)
        expect(saving * n).toBeLessThanOrEqual(Math.max(0, servicePrice * n - priceCents))
        if (priceCents >= servicePrice * n) expect(saving).toBe(0)
      }),
      { numRuns: 1000 },
    )
    expect(perSessionCents(20000, 5)).toBe(4000)
    expect(savingPerSessionCents(5000, 20000, 5)).toBe(1000)
  })
})

describe('what sessions are worth and the unused sessions refund', () => {
  test('sessions are worth their share, rounded down, and all of them the whole payment', () => {
    fc.assert(
      fc.property(price, kind, sessions, (priceCents, taxKind, n) => {
        const paid = bought(priceCents, taxKind, n)
        expect(sessionsValueCents(paid, n)).toBe(paid.totalAmountCents)
        expect(sessionsValueCents(paid, 0)).toBe(0)
        let previous = 0
        for (let k = 1; k <= n; k++) {
          const value = sessionsValueCents(paid, k)
          expect(value).toBeGreaterThanOrEqual(previous)
          expect(value).toBeLessThanOrEqual(paid.totalAmountCents)
          previous = value
        }
      }),
      { numRuns: 300 },
    )
  })

  test('a refund never returns more than was paid, nor more tax or fee than was charged', () => {
    fc.assert(
      fc.property(
        price,
        kind,
        sessions.chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n }))),
        (priceCents, taxKind, [n, unused]) => {
          const paid = bought(priceCents, taxKind, n)
          const refund = unusedSessionsRefund(paid, unused)
          expect(refund.refundCents).toBe(sessionsValueCents(paid, unused))
          expect(refund.feeCents + refund.taxCents).toBe(refund.refundCents)
          expect(refund.taxCents).toBeLessThanOrEqual(paid.taxCents)
          expect(refund.platformFeeCents).toBeLessThanOrEqual(paid.platformFeeCents)
          expect(refund.platformFeeCents).toBeGreaterThanOrEqual(0)
          expect(refund.practitionerCents).toBeGreaterThanOrEqual(0)
          // The practitioner keeps at least the used sessions' share, less our fee on it.
          expect(packageNetCents({ ...paid, refundedAmountCents: refund.refundCents })).toBeGreaterThanOrEqual(0)
          if (unused === n) {
            expect(refund).toMatchObject({
              refundCents: paid.totalAmountCents,
              taxCents: paid.taxCents,
              platformFeeCents: paid.platformFeeCents,
            })
            expect(packageNetCents({ ...paid, refundedAmountCents: refund.refundCents })).toBe(0)
          }
        },
      ),
      { numRuns: 1000 },
    )
  })

  test('refunds in several goes (sessions given back later) never add up to more than was paid', () => {
    fc.assert(
      fc.property(
        price,
        kind,
        sessions,
        fc.array(fc.integer({ min: 1, max: 50 }), { maxLength: 6 }),
        (p, k, n, parts) => {
          const paid = bought(p, k, n)
          let refunded = 0
          let left = n
          for (const part of parts) {
            const unused = Math.min(part, left)
            left -= unused
            refunded += unusedSessionsRefund(paid, unused, refunded).refundCents
          }
          expect(refunded).toBeLessThanOrEqual(paid.totalAmountCents)
        },
      ),
      { numRuns: 500 },
    )
  })
})

test('a package is valid for whole months, clamped to the month’s last day', () => {
  expect(packageExpiry(new Date('2026-01-31T15:00:00Z'), 1).toISOString()).toBe('2026-02-28T15:00:00.000Z')
  expect(packageExpiry(new Date('2026-11-27T10:00:00Z'), 3).toISOString()).toBe('2027-02-27T10:00:00.000Z')
  expect(packageExpiry(new Date('2026-05-15T00:00:00Z'), 12).toISOString()).toBe('2027-05-15T00:00:00.000Z')
})
