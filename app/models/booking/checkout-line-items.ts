import type { TaxKind } from '~/models/billing/tax'

/**
 * The lines of a booking's Checkout session (payments.server.ts startCheckout): the session's
 * fee, and its tax as a line of its own when there is one (issue 44), so Stripe's page itemises
 * what the receipt will. Their sum is the booking's total, which is what Checkout charges.
 */
export function checkoutLineItems(
  booking: { serviceName: string; totalAmountCents: number; taxCents: number; taxKind: TaxKind },
  /** Which session it pays for: its time in the client's zone. */
  description: string,
  /** The tax's name in the buyer's language ('HST 13%', 'TVH 13 %'). */
  taxName: (kind: TaxKind) => string,
) {
  const line = (name: string, cents: number, about?: string) => ({
    quantity: 1,
    price_data: {
      currency: 'cad',
      unit_amount: cents,
      product_data: about === undefined ? { name } : { name, description: about },
    },
  })
  const fee = line(booking.serviceName, booking.totalAmountCents - booking.taxCents, description)
  return booking.taxKind === 'none' ? [fee] : [fee, line(taxName(booking.taxKind), booking.taxCents)]
}
