import { centsToDollars, formatEarnings, formatPrice } from '~/lib/money'
import { priceBreakdown, TAX_NAMES, type TaxKind } from './tax'

/**
 * How a price with its tax reads to the person about to pay, and after (issue 44). Client-safe,
 * but the booking page has a strict JavaScript budget: its loader calls these and passes the
 * strings, so nothing here reaches that page's bundle.
 */

/** The tax's name as the API and the pages show it, or null when there is none. */
export function taxNameOf(kind: TaxKind) {
  return kind === 'none' ? null : TAX_NAMES[kind]
}

/** 'Fee $50.00 CAD · HST 13% $6.50 CAD · Total $56.50 CAD' for a taxed fee; null without tax. */
export function taxBreakdownLine(feeCents: number, kind: TaxKind) {
  const name = taxNameOf(kind)
  if (!name) return null
  const { taxCents, totalCents } = priceBreakdown(feeCents, kind)
  return `Fee ${formatEarnings(feeCents)} · ${name} ${formatEarnings(taxCents)} · Total ${formatEarnings(totalCents)}`
}

/**
 * A booking's fee and tax rows (label, amount), for its checkout and confirmation; none without
 * tax, so those pages read exactly as before. The fee is what was paid less the tax.
 */
export function bookingTaxRows(booking: { totalAmountCents: number; taxCents: number; taxKind: TaxKind }) {
  const name = taxNameOf(booking.taxKind)
  if (!name) return []
  return [
    { label: 'Fee', value: formatEarnings(booking.totalAmountCents - booking.taxCents) },
    { label: name, value: formatEarnings(booking.taxCents) },
  ]
}

/**
 * What a booking's confirmation says was or is to be paid: 'Free', or the price and any refund;
 * when taxed, the fee and tax rows, then the total.
 */
export function bookingPriceRows(b: {
  totalAmountCents: number
  taxCents: number
  taxKind: TaxKind
  refundedAmountCents: number
  isPaid: boolean
}) {
  const total = formatPrice(centsToDollars(b.totalAmountCents))
  if (b.totalAmountCents === 0) return [{ label: 'Price', value: total }]
  const refunded = b.refundedAmountCents > 0 ? ` (refunded ${formatPrice(centsToDollars(b.refundedAmountCents))})` : ''
  const label = b.taxKind === 'none' ? 'Price' : 'Total'
  const last = b.isPaid ? { label: `${label} paid`, value: `${total}${refunded}` } : { label, value: total }
  return [...bookingTaxRows(b), last]
}
