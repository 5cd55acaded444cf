import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { tFor } from '~/lib/i18n/i18n.server'
import { bookingPriceRows, bookingTaxRows, taxBreakdownLine, taxNameIn, taxNameOf } from './price-lines'
import { priceBreakdown, refundParts, TAX_KINDS, TAX_NAMES, taxOn } from './tax'

/**
 * The tax and fee arithmetic of issue 44, over every price a service may have (0 to $10,000.00
 * in cents) and every tax: every cent accounted for, our 5 % on the fee alone, and refunds that
 * never give back more tax than was paid.
 */

const fee = fc.integer({ min: 0, max: 1_000_000 })
const kind = fc.constantFrom(...TAX_KINDS)

/** The words English readers get. */
const en = { t: tFor('en', 'billing'), language: 'en' as const }

describe('priceBreakdown', () => {
  test('total = fee + tax, platform + practitioner = total, platform = 5 % of the fee, tax never negative', () => {
    fc.assert(
      fc.property(fee, kind, (feeCents, taxKind) => {
        const price = priceBreakdown(feeCents, taxKind)
        expect(price.feeCents).toBe(feeCents)
        expect(price.taxCents).toBeGreaterThanOrEqual(0)
        expect(price.taxCents).toBe(taxOn(feeCents, taxKind))
        expect(price.totalCents).toBe(feeCents + price.taxCents)
        expect(price.platformFeeCents + price.practitionerAmountCents).toBe(price.totalCents)
        expect(price.platformFeeCents).toBe(Math.round(feeCents * 0.05))
        // The practitioner gets the whole tax, which they remit.
        expect(price.practitionerAmountCents - price.taxCents).toBe(feeCents - price.platformFeeCents)
        if (taxKind === 'none' || feeCents === 0) expect(price.taxCents).toBe(0)
      }),
      { numRuns: 2000 },
    )
  })

  test('the named rates, rounded to the cent', () => {
    expect(priceBreakdown(11500, 'hst13')).toEqual({
      feeCents: 11500,
      taxCents: 1495,
      totalCents: 12995,
      platformFeeCents: 575,
      practitionerAmountCents: 12420,
    })
    expect(taxOn(10000, 'gst5')).toBe(500)
    expect(taxOn(10000, 'hst14')).toBe(1400)
    expect(taxOn(10000, 'hst15')).toBe(1500)
    expect(taxOn(10000, 'gst_qst')).toBe(1498) // 1497.5, half up
    expect(taxOn(6500, 'none')).toBe(0)
  })
})

describe('refundParts', () => {
  test('any refund up to the total sums to the refund and never returns more tax than was paid; a full refund returns all of it', () => {
    const paidAndRefund = fc
      .tuple(fee, kind)
      .map(([feeCents, taxKind]) => priceBreakdown(feeCents, taxKind))
      .chain((paid) => fc.tuple(fc.constant(paid), fc.integer({ min: 0, max: paid.totalCents })))
    fc.assert(
      fc.property(paidAndRefund, ([paid, refundCents]) => {
        const parts = refundParts(refundCents, paid)
        expect(parts.feeCents + parts.taxCents).toBe(refundCents)
        expect(parts.taxCents).toBeGreaterThanOrEqual(0)
        expect(parts.taxCents).toBeLessThanOrEqual(paid.taxCents)
        expect(parts.feeCents).toBeGreaterThanOrEqual(0)
        expect(parts.platformFeeCents).toBeGreaterThanOrEqual(0)
        expect(parts.platformFeeCents).toBeLessThanOrEqual(paid.platformFeeCents)
        if (refundCents === paid.totalCents) {
          expect(parts.taxCents).toBe(paid.taxCents)
          expect(parts.platformFeeCents).toBe(paid.platformFeeCents)
        }
      }),
      { numRuns: 2000 },
    )
  })
})

describe('how a price with tax reads', () => {
  test('the booking card’s line, and nothing without tax', () => {
    expect(taxBreakdownLine(11500, 'hst13', en)).toBe('Fee $115.00 CAD · HST 13% $14.95 CAD · Total $129.95 CAD')
    expect(taxBreakdownLine(6500, 'none', en)).toBeNull()
    expect(taxNameOf('none')).toBeNull()
    expect(taxNameOf('gst5')).toBe(TAX_NAMES.gst5)
  })

  test('a booking’s rows: fee, tax, total; without tax the one price row as before', () => {
    const taxed = { totalAmountCents: 12995, taxCents: 1495, taxKind: 'hst13' as const, refundedAmountCents: 0 }
    expect(bookingTaxRows(taxed, en)).toEqual([
      { label: 'Fee', value: '$115.00 CAD' },
      { label: 'HST 13%', value: '$14.95 CAD' },
    ])
    expect(bookingPriceRows({ ...taxed, isPaid: true }, en).at(-1)).toEqual({
      label: 'Total paid',
      value: '$129.95 CAD',
    })
    const plain = { totalAmountCents: 6500, taxCents: 0, taxKind: 'none' as const, refundedAmountCents: 0 }
    expect(bookingPriceRows({ ...plain, isPaid: true }, en)).toEqual([{ label: 'Price paid', value: '$65.00 CAD' }])
    expect(bookingPriceRows({ ...plain, totalAmountCents: 0, isPaid: false }, en)).toEqual([
      { label: 'Price', value: 'Free' },
    ])
  })
})

describe('how a price with tax reads in French', () => {
  const fr = { t: tFor('fr', 'billing'), language: 'fr' as const }
  const n = '\u00a0'
  test('the tax by its French name (TPS, TVH, TVQ), money as French writes it', () => {
    expect(taxBreakdownLine(11500, 'hst13', fr)).toBe(
      `Honoraires 115,00${n}$ · TVH 13${n}% 14,95${n}$ · Total 129,95${n}$`,
    )
    expect(taxNameIn('gst_qst', fr)).toBe(`TPS + TVQ 14,975${n}%`)
    expect(taxNameIn('gst5', fr)).toBe(`TPS 5${n}%`)
    const taxed = { totalAmountCents: 12995, taxCents: 1495, taxKind: 'hst13' as const, refundedAmountCents: 1000 }
    expect(bookingPriceRows({ ...taxed, isPaid: true }, fr)).toEqual([
      { label: 'Honoraires', value: `115,00${n}$` },
      { label: `TVH 13${n}%`, value: `14,95${n}$` },
      { label: 'Total payé', value: `129,95${n}$ (remboursé${n}: 10,00${n}$)` },
    ])
    expect(bookingPriceRows({ ...taxed, totalAmountCents: 0, isPaid: false }, fr)).toEqual([
      { label: 'Prix', value: 'Gratuit' },
    ])
  })
})
