import type { Language } from '~/lib/i18n/languages'
import { centsToDollars, formatEarnings, formatPrice } from '~/lib/money'
import { priceBreakdown, TAX_NAMES, type TaxKind } from './tax'
import type { TFunction } from 'i18next'

/**
 * How a price with its tax reads to the person about to pay, and after (issue 44). Client-safe,
 * but the booking page has a strict JavaScript budget: its loader calls these and passes the
 * strings, so nothing here reaches that page's bundle.
 *
 * In the reader's language (docs/decisions/052-languages.md): each takes the words to write
 * with, the `billing` namespace's `t` (a page's `useTranslation('billing')`, the server's
 * `tFor(language, 'billing')`) and the language: always given, so no page carries a catalogue it
 * does not read.
 */
export type PriceWords = { t: TFunction<'billing'>; language: Language }

/** The tax's name as the API shows it (in English, as data), or null when there is none. */
export function taxNameOf(kind: TaxKind) {
  return kind === 'none' ? null : TAX_NAMES[kind]
}

/** The tax's name in the reader's language ('HST 13%', 'TVH 13 %'), or null when there is none. */
export function taxNameIn(kind: TaxKind, { t }: PriceWords) {
  return kind === 'none' ? null : t(`taxes.${kind}`)
}

/** 'Fee $50.00 CAD · HST 13% $6.50 CAD · Total $56.50 CAD' for a taxed fee; null without tax. */
export function taxBreakdownLine(feeCents: number, kind: TaxKind, words: PriceWords) {
  const name = taxNameIn(kind, words)
  if (!name) return null
  const { taxCents, totalCents } = priceBreakdown(feeCents, kind)
  const money = (cents: number) => formatEarnings(cents, words.language)
  return words.t('price.breakdown', {
    fee: money(feeCents),
    tax: name,
    taxAmount: money(taxCents),
    total: money(totalCents),
  })
}

/**
 * A booking's fee and tax rows (label, amount), for its checkout and confirmation; none without
 * tax, so those pages read exactly as before. The fee is what was paid less the tax.
 */
export function bookingTaxRows(
  booking: { totalAmountCents: number; taxCents: number; taxKind: TaxKind },
  words: PriceWords,
) {
  const name = taxNameIn(booking.taxKind, words)
  if (!name) return []
  return [
    { label: words.t('price.fee'), value: formatEarnings(booking.totalAmountCents - booking.taxCents, words.language) },
    { label: name, value: formatEarnings(booking.taxCents, words.language) },
  ]
}

/**
 * What a booking's confirmation says was or is to be paid: 'Free', or the price and any refund;
 * when taxed, the fee and tax rows, then the total.
 */
export function bookingPriceRows(
  b: {
    totalAmountCents: number
    taxCents: number
    taxKind: TaxKind
    refundedAmountCents: number
    isPaid: boolean
  },
  words: PriceWords,
) {
  const { t, language } = words
  const total = formatPrice(centsToDollars(b.totalAmountCents), language)
  if (b.totalAmountCents === 0) return [{ label: t('price.price'), value: total }]
  const value =
    b.refundedAmountCents > 0
      ? t('price.withRefund', { price: total, refunded: formatPrice(centsToDollars(b.refundedAmountCents), language) })
      : total
  const taxed = b.taxKind !== 'none'
  const last = b.isPaid
    ? { label: t(taxed ? 'price.totalPaid' : 'price.pricePaid'), value }
    : { label: t(taxed ? 'price.total' : 'price.price'), value: total }
  return [...bookingTaxRows(b, words), last]
}
