import { log } from '~/lib/log.server'
import { answerOffline } from '../offline-apis.server'
import { deliverEventsAutomatically } from './events.server'
import { stripeEmulatorHandlers } from './handlers.server'

const globalForEmulator = globalThis as unknown as { __solaceStripeEmulator?: boolean }

/**
 * Emulated payments (no STRIPE_SECRET_KEY): msw answers the Stripe API inside this process and
 * lets every other request through; the events it raises are delivered to our webhook.
 */
export function startPaymentsEmulator() {
  if (globalForEmulator.__solaceStripeEmulator) return
  globalForEmulator.__solaceStripeEmulator = true
  // The process's one msw server, shared with the demo AI (see offline-apis.server.ts).
  answerOffline('payments', stripeEmulatorHandlers)
  deliverEventsAutomatically()
  log.info('[payments] emulated: test payments only, no card is charged')
}
