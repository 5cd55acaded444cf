import Stripe from 'stripe'
import { getEnv, paymentsAreEmulated } from '~/env.server'

/**
 * The emulated mode's keys. They only ever reach the local emulator (msw answers every call
 * before it leaves the process) and are for local use only.
 */
export const EMULATED_SECRET_KEY = 'sk_test_emulated_local_only'
export const EMULATED_WEBHOOK_SECRET = 'whsec_emulated_local_only'

const globalForStripe = globalThis as unknown as { __solaceStripe?: Promise<Stripe> }

/**
 * The Stripe client. With STRIPE_SECRET_KEY it talks to Stripe; without it the payments
 * emulator is started first, so the same SDK calls run against local handlers (tests install
 * those handlers in their own msw server instead).
 */
export function getStripe(): Promise<Stripe> {
  globalForStripe.__solaceStripe ??= (async () => {
    if (paymentsAreEmulated() && getEnv().NODE_ENV !== 'test') {
      const { startPaymentsEmulator } = await import('./stripe-emulator/server.server')
      startPaymentsEmulator()
    }
    return new Stripe(getEnv().STRIPE_SECRET_KEY ?? EMULATED_SECRET_KEY, {
      // The SDK retries network failures with the same idempotency key, so a retry never pays twice.
      maxNetworkRetries: 2,
      timeout: 15_000,
      appInfo: { name: 'Solace' },
    })
  })()
  return globalForStripe.__solaceStripe
}

/** The secret webhook signatures are checked with. */
export function webhookSecret() {
  const env = getEnv()
  if (paymentsAreEmulated()) return EMULATED_WEBHOOK_SECRET
  if (!env.STRIPE_WEBHOOK_SECRET) throw new Error('STRIPE_WEBHOOK_SECRET is not set')
  return env.STRIPE_WEBHOOK_SECRET
}

/** The key the browser's Payment Element uses; null when payments are emulated. */
export function publishableKey() {
  return paymentsAreEmulated() ? null : (getEnv().STRIPE_PUBLISHABLE_KEY ?? null)
}

export function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError
}

export type { Stripe }
