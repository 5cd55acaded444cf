/** Money is integer cents inside; people and the API see dollars (CAD). */
export function centsToDollars(cents: number) {
  return cents / 100
}

export function dollarsToCents(dollars: number) {
  return Math.round(dollars * 100)
}

/** 'Free' for 0, otherwise '$49.99 CAD'; takes dollars, as the API speaks them. */
export function formatPrice(dollars: number) {
  if (dollars === 0) return 'Free'
  return `$${dollars.toFixed(2)} CAD`
}

/**
 * Earnings in cents as '$0.00 CAD': always 2 decimals, and CAD like every other screen, the
 * dashboard included (docs/decisions/002-money-in-cents-one-currency.md).
 */
export function formatEarnings(cents: number) {
  return `$${centsToDollars(cents).toFixed(2)} CAD`
}

/** Earnings in cents with their sign, a minus sign before a refund's: '−$113.00 CAD'. */
export function formatSignedEarnings(cents: number) {
  return cents < 0 ? `−${formatEarnings(-cents)}` : formatEarnings(cents)
}

/** The platform keeps 5% of each session fee; the practitioner receives the rest (terms page). */
export const PLATFORM_FEE_RATE = 0.05

/** Splits a fee in cents with no cent lost: the two parts always add up to the total. */
export function splitFee(totalCents: number) {
  const platformFeeCents = Math.round(totalCents * PLATFORM_FEE_RATE)
  return { platformFeeCents, practitionerAmountCents: totalCents - platformFeeCents }
}
