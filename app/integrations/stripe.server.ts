import { randomBytes } from 'node:crypto'
import Stripe from 'stripe'
import { getEnv, installationSecret, paymentsAreEmulated } from '~/env.server'

/**
 * The emulated mode's API key. It only ever reaches the local emulator (msw answers every call
 * before it leaves the process), which checks no key, so it may be public.
 */
export const EMULATED_SECRET_KEY = 'sk_test_emulated_local_only'

/** Where the emulator's webhook signing secret is kept, next to the database. */
export const EMULATOR_SECRET_FILE = '.stripe-emulator-secret'

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

const emulatorSecrets = new Map<string, string>()

/**
 * The secret the payments emulator signs its events with. Generated once per installation,
 * never a constant in the source: a staging demo (ALLOW_EMULATED_PAYMENTS) is public, and a
 * known secret would let anyone sign an event that marks a booking paid or cancels one
 * (docs/decisions/008-emulated-payments.md). Where no file can be kept beside the database
 * (a read-only directory, or a LiteFS mount, which is meant for databases), one for this
 * process does as well: the emulator only signs what this same process posts to its own
 * webhook.
 */
export function emulatorWebhookSecret() {
  const databasePath = getEnv().DATABASE_PATH
  let secret = emulatorSecrets.get(databasePath)
  if (!secret) {
    try {
      secret = installationSecret(EMULATOR_SECRET_FILE, databasePath)
    } catch (error) {
      console.warn(
        `[payments emulator] no ${EMULATOR_SECRET_FILE} beside the database; this process signs with its own`,
        error,
      )
      secret = randomBytes(32).toString('hex')
    }
    secret = `whsec_${secret}`
    emulatorSecrets.set(databasePath, secret)
  }
  return secret
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
