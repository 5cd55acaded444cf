/** The platform keeps 5% of each session fee; the practitioner receives the rest (terms page). */
export const PLATFORM_FEE_RATE = 0.05

export function splitFee(totalCents: number) {
  const platformFeeCents = Math.round(totalCents * PLATFORM_FEE_RATE)
  return { platformFeeCents, practitionerAmountCents: totalCents - platformFeeCents }
}
