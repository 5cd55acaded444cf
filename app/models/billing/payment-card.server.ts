import { getStripe } from '~/integrations/stripe.server'
import { log, logLine } from '~/lib/log.server'
import { isTransientFailure } from '~/lib/transient-failure.server'
import type { PaymentCard } from './receipts.server'

/**
 * The card a payment was made with, as its charge reports it (brand and last four digits), for
 * the receipt. Asked of the payment provider before the payment is recorded: the webhook event
 * that says a payment succeeded does not carry it. A transient failure is thrown, so the event
 * is retried and the receipt gets its card; any other (an unknown payment, a non-card method)
 * gives null, and the receipt says "Card".
 */
export async function paymentCardOf(paymentIntentId: string): Promise<PaymentCard | null> {
  try {
    const stripe = await getStripe()
    const intent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] })
    const charge = intent.latest_charge
    if (!charge) return null
    const details =
      typeof charge === 'string'
        ? (await stripe.charges.retrieve(charge)).payment_method_details
        : charge.payment_method_details
    const card = details?.card
    return card?.brand && card.last4 ? { brand: card.brand, last4: card.last4 } : null
  } catch (error) {
    if (isTransientFailure(error)) throw error
    log.warn(
      logLine`[receipts] no card details for ${paymentIntentId}: ${error instanceof Error ? error.message : error}`,
    )
    return null
  }
}
