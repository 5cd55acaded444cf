import { DEFAULT_LANGUAGE, NO_BREAK_SPACE, type Language } from './i18n/languages'

/** Money is integer cents inside; people and the API see dollars (CAD). */
export function centsToDollars(cents: number) {
  return cents / 100
}

export function dollarsToCents(dollars: number) {
  return Math.round(dollars * 100)
}

/** Said for a price of 0, in each language. */
const FREE: Record<Language, string> = { en: 'Free', fr: 'Gratuit' }

/**
 * An amount of dollars with 2 decimals: '$49.99 CAD' in English (the spec's), '49,99 $' in
 * French, with its groups of thousands ('1 234,50 $') and no-break spaces (decision 052).
 */
function formatDollars(dollars: number, language: Language) {
  if (language === 'en') return `$${dollars.toFixed(2)} CAD`
  const [whole, decimals] = dollars.toFixed(2).split('.')
  return `${groupThousands(whole!)},${decimals}${NO_BREAK_SPACE}$`
}

function groupThousands(digits: string) {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, NO_BREAK_SPACE)
}

/** 'Free' for 0, otherwise '$49.99 CAD' ('Gratuit', '49,99 $'); takes dollars, as the API speaks them. */
export function formatPrice(dollars: number, language: Language = DEFAULT_LANGUAGE) {
  if (dollars === 0) return FREE[language]
  return formatDollars(dollars, language)
}

/**
 * Earnings in cents as '$0.00 CAD' ('0,00 $'): always 2 decimals, and CAD like every other
 * screen, the dashboard included (docs/decisions/002-money-in-cents-one-currency.md).
 */
export function formatEarnings(cents: number, language: Language = DEFAULT_LANGUAGE) {
  return formatDollars(centsToDollars(cents), language)
}

/** Earnings in cents with their sign, a minus sign before a refund's: '−$113.00 CAD'. */
export function formatSignedEarnings(cents: number, language: Language = DEFAULT_LANGUAGE) {
  return cents < 0 ? `−${formatEarnings(-cents, language)}` : formatEarnings(cents, language)
}

/** A number as the language writes it: '4.8' / '4,8', '1,234' / '1 234'. */
export function formatNumber(value: number, language: Language = DEFAULT_LANGUAGE, decimals?: number) {
  const text = decimals === undefined ? String(value) : value.toFixed(decimals)
  const [whole, fraction] = text.split('.')
  if (language === 'en')
    return text.replace(
      /^(-?)(\d+)/,
      (_, sign: string, digits: string) => sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ','),
    )
  return `${groupThousands(whole!)}${fraction === undefined ? '' : `,${fraction}`}`
}

/** The platform keeps 5% of each session fee; the practitioner receives the rest (terms page). */
export const PLATFORM_FEE_RATE = 0.05

/** Splits a fee in cents with no cent lost: the two parts always add up to the total. */
export function splitFee(totalCents: number) {
  const platformFeeCents = Math.round(totalCents * PLATFORM_FEE_RATE)
  return { platformFeeCents, practitionerAmountCents: totalCents - platformFeeCents }
}
