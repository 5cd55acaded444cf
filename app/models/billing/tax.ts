import { TAX_KINDS } from '~/db/enums'
import { splitFee } from '~/lib/money'

/**
 * Sales tax on a session (issue 44, docs/decisions/049-receipts.md). The practitioner declares
 * per service which tax applies (none by default); we do not decide their obligation, only
 * compute and itemise what they declare. Client-safe: the service form, the booking card and
 * the server share it.
 */
export type TaxKind = (typeof TAX_KINDS)[number]
export { TAX_KINDS }

/** Each tax's rate in thousandths of a percent (14.975 % = 14975), so the arithmetic stays integer. */
const RATE_MILLI_PERCENT: Record<TaxKind, number> = {
  none: 0,
  gst5: 5000,
  hst13: 13000,
  hst14: 14000,
  hst15: 15000,
  gst_qst: 14975,
}

/**
 * The tax's English name, as the API gives it and an English receipt prints it. A page or a
 * French receipt names it in its reader's language from the catalogue (`billing:taxes.<kind>`,
 * 'TVH 13 %'; price-lines.ts `taxNameIn`).
 */
export const TAX_NAMES: Record<TaxKind, string> = {
  none: 'No tax',
  gst5: 'GST 5%',
  hst13: 'HST 13%',
  hst14: 'HST 14%',
  hst15: 'HST 15%',
  gst_qst: 'GST + QST 14.975%',
}

export function isTaxKind(value: unknown): value is TaxKind {
  return typeof value === 'string' && (TAX_KINDS as readonly string[]).includes(value)
}

/** The tax on a fee in cents, rounded to the nearest cent (half up). */
export function taxOn(feeCents: number, kind: TaxKind) {
  return Math.round((feeCents * RATE_MILLI_PERCENT[kind]) / 100_000)
}

export type PriceBreakdown = {
  /** The session's price, before tax. */
  feeCents: number
  taxCents: number
  /** What the client pays: fee + tax. */
  totalCents: number
  /** Our 5 % of the fee before tax. */
  platformFeeCents: number
  /** The rest of the fee and all the tax, which the practitioner remits. */
  practitionerAmountCents: number
}

/** What a session at this price costs with its tax, and who gets what: every cent accounted for. */
export function priceBreakdown(feeCents: number, kind: TaxKind): PriceBreakdown {
  const taxCents = taxOn(feeCents, kind)
  const { platformFeeCents, practitionerAmountCents } = splitFee(feeCents)
  return {
    feeCents,
    taxCents,
    totalCents: feeCents + taxCents,
    platformFeeCents,
    practitionerAmountCents: practitionerAmountCents + taxCents,
  }
}

/**
 * How a refund of `refundCents` splits, in proportion to what was paid (all positive): its tax
 * (rounded down, so a partial refund never returns more tax than was paid; a full refund
 * returns all of it), the fee that is the rest, and the platform fee given back with it, as the
 * payment provider refunds the application fee in proportion.
 */
export function refundParts(
  refundCents: number,
  paid: { totalCents: number; taxCents: number; platformFeeCents: number },
) {
  if (paid.totalCents <= 0 || refundCents <= 0) return { feeCents: 0, taxCents: 0, platformFeeCents: 0 }
  const whole = refundCents >= paid.totalCents
  const taxCents = whole ? paid.taxCents : Math.floor((refundCents * paid.taxCents) / paid.totalCents)
  const platformFeeCents = whole
    ? paid.platformFeeCents
    : Math.round((refundCents * paid.platformFeeCents) / paid.totalCents)
  return { feeCents: refundCents - taxCents, taxCents, platformFeeCents }
}
