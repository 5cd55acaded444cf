import { and, eq, isNull } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { users } from '~/db/schema'
import { getStripe, isStripeError, type Stripe } from '~/integrations/stripe.server'
import { AppError } from '~/lib/errors'
import { msg, type Message } from '~/lib/i18n/message'
import { log, logLine } from '~/lib/log.server'
import type { PublicUser } from '~/models/accounts/user'

/**
 * Payment accounts (the Payment Setup of Settings): each practitioner is paid
 * through a Stripe Connect Express account. We create it, send the practitioner to Stripe's
 * hosted onboarding, and keep two things in our own row: the account id, and whether the
 * account can take payments (`onboardingComplete`, which lists their paid services).
 */

export const SETTINGS_PATH = '/practitioner/settings'

/** What the Settings screen and GET /api/stripe/account-status show. */
export type PaymentAccountStatus = { hasAccount: boolean; onboardingComplete: boolean }

/**
 * Our summary of the connected account, kept in `users.stripe_account_status`:
 * - `pending`: onboarding not submitted yet (details_submitted false);
 * - `restricted`: details submitted, but Stripe has not enabled charges (it needs more
 *   information, or is still verifying);
 * - `active`: details submitted and charges enabled: the practitioner can be paid.
 */
export type ConnectAccountStatus = 'active' | 'restricted' | 'pending'

/**
 * A payment-account step failed. `title` and `description` are the spec's toast (messages, or
 * Stripe's own words for a refusal it explains); the message (`title: description`) is what
 * /api answers. Provider failures are 502: the request was fine, Stripe (or the platform's
 * Stripe setup) was not.
 */
export class PaymentAccountError extends AppError {
  constructor(
    readonly title: Message,
    readonly description: Message,
    status = 502,
  ) {
    super(msg('practice:payments.errors.withReason', { title, description }), status)
    this.name = 'PaymentAccountError'
  }
}

export const CONNECT_REQUIRED = {
  title: msg('practice:payments.errors.connectRequired'),
  description: msg('practice:payments.errors.connectRequiredText'),
} as const
export const ACCOUNT_FAILED_TITLE = msg('practice:payments.errors.accountFailed')
const TRY_AGAIN = msg('practice:payments.errors.tryAgain')
export const ONBOARDING_FAILED = {
  title: msg('practice:payments.errors.onboardingFailed'),
  description: TRY_AGAIN,
} as const
export const NO_ACCOUNT_YET = msg('practice:payments.errors.noAccountYet')

type Practitioner = Pick<PublicUser, 'id' | 'email' | 'country'>

function storedAccount(userId: number) {
  return getDb()
    .select({
      accountId: users.stripeAccountId,
      status: users.stripeAccountStatus,
      onboardingComplete: users.onboardingComplete,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get()
}

export function getPaymentAccountStatus(userId: number): PaymentAccountStatus {
  const row = storedAccount(userId)
  return { hasAccount: Boolean(row?.accountId), onboardingComplete: row?.onboardingComplete ?? false }
}

/** Stripe says "...signed up for Connect..." when the platform account has not enabled it. */
function accountCreationError(error: unknown) {
  if (isStripeError(error)) {
    if (/\bconnect\b/i.test(error.message))
      return new PaymentAccountError(CONNECT_REQUIRED.title, CONNECT_REQUIRED.description)
    return new PaymentAccountError(ACCOUNT_FAILED_TITLE, error.message)
  }
  log.error({ err: error }, logLine`[connect] creating a connected account failed`)
  return new PaymentAccountError(ACCOUNT_FAILED_TITLE, TRY_AGAIN)
}

/** Creations under way in this process, per practitioner: a second click joins the first. */
const creating = new Map<number, Promise<string>>()

async function createAndStoreAccount(practitioner: Practitioner) {
  const stripe = await getStripe()
  let account: Stripe.Account
  try {
    account = await stripe.accounts.create(
      {
        type: 'express',
        country: practitioner.country,
        email: practitioner.email,
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        metadata: { userId: String(practitioner.id) },
      },
      // Stripe answers a repeat of this request (a retry after our write failed, another
      // instance racing us) with the account it already made instead of a second one. The
      // parameters are part of the key: a key reused with other parameters is an error.
      { idempotencyKey: `connect-account:${practitioner.id}:${practitioner.country}:${practitioner.email}` },
    )
  } catch (error) {
    throw accountCreationError(error)
  }
  // Only a row without an account takes this one, so a user never ends up with two.
  const claimed = getDb()
    .update(users)
    .set({
      stripeAccountId: account.id,
      stripeAccountStatus: 'pending',
      onboardingComplete: false,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, practitioner.id), isNull(users.stripeAccountId)))
    .run().changes
  if (claimed === 1) return account.id
  const winner = storedAccount(practitioner.id)?.accountId
  if (!winner) throw new AppError(msg('practice:payments.errors.accountNotFound'), 404)
  if (winner !== account.id)
    log.warn(logLine`[connect] user ${practitioner.id} already has ${winner}; ${account.id} was not stored`)
  return winner
}

/** The practitioner's account id: the stored one, else a new Express account (once). */
async function ensureAccount(practitioner: Practitioner) {
  const existing = storedAccount(practitioner.id)?.accountId
  if (existing) return existing
  let pending = creating.get(practitioner.id)
  if (!pending) {
    pending = createAndStoreAccount(practitioner).finally(() => creating.delete(practitioner.id))
    creating.set(practitioner.id, pending)
  }
  return pending
}

/** A fresh hosted-onboarding link (they expire within minutes, so one per visit). */
async function onboardingLink(accountId: string, origin: string) {
  try {
    const stripe = await getStripe()
    const link = await stripe.accountLinks.create({
      account: accountId,
      type: 'account_onboarding',
      refresh_url: `${origin}${SETTINGS_PATH}?onboarding=refresh`,
      return_url: `${origin}${SETTINGS_PATH}?onboarding=return`,
    })
    return { url: link.url }
  } catch (error) {
    log.error({ err: error }, logLine`[connect] creating an onboarding link for ${accountId} failed`)
    throw new PaymentAccountError(ONBOARDING_FAILED.title, ONBOARDING_FAILED.description)
  }
}

/**
 * 'Set Up Payment Account': creates the practitioner's Express account unless they have one
 * (then it is reused) and answers the URL of its hosted onboarding. Concurrent calls for one
 * practitioner create one account: they share one creation in this process, Stripe's
 * idempotency key and the conditional write cover the rest.
 */
export async function createConnectedAccount(practitioner: Practitioner, origin: string): Promise<{ url: string }> {
  const accountId = await ensureAccount(practitioner)
  return onboardingLink(accountId, origin)
}

/** 'Continue Stripe Setup': a new onboarding link for the existing account; 409 without one. */
export async function createOnboardingLink(
  practitioner: Pick<PublicUser, 'id'>,
  origin: string,
): Promise<{ url: string }> {
  const accountId = storedAccount(practitioner.id)?.accountId
  if (!accountId) throw new PaymentAccountError(ONBOARDING_FAILED.title, NO_ACCOUNT_YET, 409)
  return onboardingLink(accountId, origin)
}

function accountStatus(account: Stripe.Account): ConnectAccountStatus {
  if (!account.details_submitted) return 'pending'
  return account.charges_enabled ? 'active' : 'restricted'
}

export type SyncResult = { userId: number; onboardingComplete: boolean; status: ConnectAccountStatus } | null

/**
 * Reads the account from Stripe (never from an event's payload: events arrive late, twice or
 * out of order, the account itself is current) and stores whether it can take payments.
 * Called by the `account.updated` webhook and when the practitioner returns from onboarding.
 * Answers null when no practitioner has this account. Stripe failures are thrown.
 */
export async function syncConnectedAccount(accountId: string): Promise<SyncResult> {
  const stripe = await getStripe()
  const account = await stripe.accounts.retrieve(accountId)
  const onboardingComplete = Boolean(account.details_submitted && account.charges_enabled)
  const status = accountStatus(account)
  const db = getDb()
  const row = db
    .select({ id: users.id, status: users.stripeAccountStatus, onboardingComplete: users.onboardingComplete })
    .from(users)
    .where(eq(users.stripeAccountId, accountId))
    .get()
  if (!row) return null
  // Writes only a change (the flag relists paid services through a trigger); the read and the
  // write have no await between them, so nothing interleaves.
  if (row.status !== status || row.onboardingComplete !== onboardingComplete) {
    db.update(users)
      .set({ stripeAccountStatus: status, onboardingComplete, updatedAt: new Date() })
      .where(eq(users.id, row.id))
      .run()
  }
  return { userId: row.id, onboardingComplete, status }
}

/**
 * The practitioner came back from onboarding: syncs their account now rather than waiting
 * for the webhook. A Stripe failure is logged and the stored state answered instead.
 */
export async function refreshPaymentAccount(userId: number): Promise<PaymentAccountStatus> {
  const accountId = storedAccount(userId)?.accountId
  if (accountId) {
    try {
      await syncConnectedAccount(accountId)
    } catch (error) {
      log.error({ err: error }, logLine`[connect] syncing ${accountId} on return from onboarding failed`)
    }
  }
  return getPaymentAccountStatus(userId)
}
