import { eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { stripeEvents } from '~/db/schema'
import { getStripe, webhookSecret, type Stripe } from '~/integrations/stripe.server'
import { AppError } from '~/lib/errors'
import { syncConnectedAccount } from '~/models/practice/connect.server'
import { recordTransfer } from '~/models/practice/payouts.server'
import { recordPayment, recordRefund, releaseUnpaidBooking } from './payments.server'

/**
 * Stripe's webhook events (/webhooks/stripe). The signature is checked on the raw body; each
 * event id is applied once (stripe_events), and every handler is safe to repeat and correct in
 * any arrival order, because it decides from the booking's current state, not the event's.
 */

export const BAD_SIGNATURE = 'Invalid payment event signature'

export async function verifyStripeEvent(payload: string, signature: string | null): Promise<Stripe.Event> {
  if (!signature) throw new AppError(BAD_SIGNATURE, 400)
  const stripe = await getStripe()
  try {
    return stripe.webhooks.constructEvent(payload, signature, webhookSecret())
  } catch {
    throw new AppError(BAD_SIGNATURE, 400)
  }
}

function bookingIdOf(metadata: Stripe.Metadata | null | undefined) {
  const id = Number(metadata?.bookingId)
  return Number.isInteger(id) && id > 0 ? id : null
}

function idOf(value: string | { id: string } | null | undefined) {
  return typeof value === 'string' ? value : (value?.id ?? null)
}

async function paid(metadata: Stripe.Metadata | null | undefined, paymentIntent: string | { id: string } | null) {
  const bookingId = bookingIdOf(metadata)
  const paymentIntentId = idOf(paymentIntent)
  if (bookingId && paymentIntentId) await recordPayment({ bookingId, paymentIntentId })
}

async function handle(event: Stripe.Event) {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object
      // A completed session with a delayed payment method is not paid yet; its async event follows.
      if (session.payment_status === 'paid') await paid(session.metadata, session.payment_intent)
      return
    }
    case 'payment_intent.succeeded': {
      const intent = event.data.object
      return paid(intent.metadata, intent.id)
    }
    case 'checkout.session.async_payment_failed': {
      const bookingId = bookingIdOf(event.data.object.metadata)
      if (bookingId) releaseUnpaidBooking(bookingId, 'payment_failed')
      return
    }
    case 'checkout.session.expired': {
      // The hold lasts as long as the session; a booking still held (the client is paying
      // with the embedded form) is left to its hold.
      const bookingId = bookingIdOf(event.data.object.metadata)
      if (bookingId) releaseUnpaidBooking(bookingId, 'hold_expired', new Date(), true)
      return
    }
    case 'payment_intent.payment_failed':
      // A declined card is not the end: the client may try another while the hold lasts, and
      // the hold sweeper frees the slot if no payment comes.
      return
    case 'charge.refunded': {
      const charge = event.data.object
      const paymentIntentId = idOf(charge.payment_intent)
      if (paymentIntentId) {
        await recordRefund({
          paymentIntentId,
          bookingId: bookingIdOf(charge.metadata),
          amountRefundedCents: charge.amount_refunded,
        })
      }
      return
    }
    case 'transfer.created':
    case 'transfer.updated':
    case 'transfer.reversed': {
      const transfer = event.data.object
      const destination = idOf(transfer.destination)
      if (destination) {
        recordTransfer({
          id: transfer.id,
          amount: transfer.amount,
          amountReversed: transfer.amount_reversed,
          destination,
          transferGroup: transfer.transfer_group ?? null,
          created: transfer.created,
        })
      }
      return
    }
    case 'account.updated':
      return syncConnectedAccount(event.data.object.id)
    default:
      return
  }
}

/** Applies an event once; a repeat of an applied event changes nothing. */
export async function applyStripeEvent(event: Stripe.Event) {
  const db = getDb()
  if (db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id)).get()) {
    return 'duplicate' as const
  }
  // Recorded only once applied: a handler that failed (a refund Stripe refused) runs again
  // when Stripe retries the event.
  await handle(event)
  db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().run()
  return 'applied' as const
}
