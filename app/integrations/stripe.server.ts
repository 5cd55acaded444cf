import Stripe from 'stripe'
import { getEnv, paymentsAreEmulated } from '~/env.server'
import { emulatorWebhookSecret } from './stripe-emulator/webhook-secret.server'

/**
 * The emulated mode's API key. It only ever reaches the local emulator (msw answers every call
 * before it leaves the process), which checks no key, so it may be public.
 */
export const EMULATED_SECRET_KEY = 'sk_test_emulated_local_only'

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

/**
 * The one secret webhook signatures are checked with: STRIPE_WEBHOOK_SECRET exactly when
 * real keys are set (the emulator's secret is then never accepted), else the emulator's.
 */
export function webhookSecret() {
  const env = getEnv()
  if (paymentsAreEmulated()) return emulatorWebhookSecret()
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
