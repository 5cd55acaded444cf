/** Money is integer cents inside; people and the API see dollars (CAD). */
export function centsToDollars(cents: number) {
  return cents / 100
}

export function dollarsToCents(dollars: number) {
  return Math.round(dollars * 100)
}

/** 'Free' for 0, otherwise '$49.99 CAD' (spec §9); takes dollars, as the API speaks them. */
export function formatPrice(dollars: number) {
  if (dollars === 0) return 'Free'
  return `$${dollars.toFixed(2)} CAD`
}
