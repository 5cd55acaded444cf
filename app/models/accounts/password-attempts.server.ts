import { msg } from '~/lib/i18n/message'
import { check, clientIp, hit, LIMITS, refund, reset, type Limit } from '~/lib/rate-limit.server'
import { knownBrowserOf } from '~/models/security/devices.server'

/**
 * Every check of a secret a person types (a password at login, change password or delete
 * account; a second-factor code at sign-in, step-up or in security settings) draws on budgets
 * of wrong attempts: for a password, one per account whatever the address and one per address
 * (docs/decisions/015-password-hashing-and-login-limits.md); for a code, the budgets of
 * `limitCodeCheck` (decision 042).
 */

/** The whole minutes left, at least one: the refusals' `count`. */
const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000))

// Said for any email, with an account or not, so it does not tell who has one.
export const accountLocked = (retryAfterMs: number) =>
  msg('auth:limits.accountLocked', { count: minutes(retryAfterMs) })

export const addressLocked = (retryAfterMs: number) =>
  msg('auth:limits.addressLocked', { count: minutes(retryAfterMs) })

export const codesLocked = (retryAfterMs: number) => msg('auth:limits.codesLocked', { count: minutes(retryAfterMs) })

type Budget = {
  key: string
  limit: Limit
  refusal: (retryAfterMs: number) => string
  /**
   * A right secret gives back this address's earlier failures against the budget too (a
   * budget of one account), or only the attempt itself (a budget shared by many accounts).
   */
  forgiving: boolean
}

/**
 * Runs one check against every budget. Refused with a 429 before any work once any is spent.
 * The attempt is counted before the check runs, so many attempts sent at once cannot all slip
 * under the limit. When `verify` answers a result the secret was right: the attempt is given
 * back, and in a forgiving budget so are the earlier failures from this same address, never
 * other addresses' (a success must not reopen the budget of someone guessing from elsewhere).
 * When it answers null the attempt stays counted. When it throws (the hash queue is full)
 * nothing was checked and the attempt is given back.
 */
async function limitAttempts<T>(request: Request, budgets: Budget[], verify: () => Promise<T | null>) {
  const ip = clientIp(request)
  for (const budget of budgets) check(budget.key, budget.limit, Date.now(), budget.refusal)
  for (const budget of budgets) hit(budget.key, budget.limit, Date.now(), ip)
  let result: T | null
  try {
    result = await verify()
  } catch (error) {
    for (const budget of budgets) refund(budget.key, ip, 1)
    throw error
  }
  if (result !== null) for (const budget of budgets) refund(budget.key, ip, budget.forgiving ? Infinity : 1)
  return result
}

const passwordAccountKey = (email: string) => `password:${email.toLowerCase()}`

/** One password check for the account `email`, from the request's address. */
export function limitPasswordCheck<T>(request: Request, email: string, verify: () => Promise<T | null>) {
  return limitAttempts(
    request,
    [
      { key: passwordAccountKey(email), limit: LIMITS.login, refusal: accountLocked, forgiving: true },
      { key: `password-ip:${clientIp(request)}`, limit: LIMITS.loginPerIp, refusal: addressLocked, forgiving: false },
    ],
    verify,
  )
}

/**
 * One second-factor code (an authenticator's code or a recovery code) for the account `userId`.
 * Six digits fall to guessing far sooner than a password, so the budgets are small, and none of
 * them may let whoever has the password lock the owner out of the code step:
 * - per account and address: ten wrong codes from one address stop that address only, so the
 *   owner elsewhere still signs in;
 * - per address, whatever the account;
 * - an account-wide ceiling (100), which bounds a guess spread over many addresses.
 * A browser that has signed in to this account before (its random `__device` id, which the
 * password does not give) is the owner's: it has a budget of its own per account and browser,
 * instead of its address's two and the ceiling, so nobody else's wrong codes can stop it.
 */
export async function limitCodeCheck<T>(request: Request, userId: number, verify: () => Promise<T | null>) {
  const ip = clientIp(request)
  const browser = await knownBrowserOf(request, userId)
  const budget = (key: string, limit: Limit, forgiving: boolean): Budget => ({
    key,
    limit,
    refusal: codesLocked,
    forgiving,
  })
  const budgets = browser
    ? [budget(`code:${userId}:browser:${browser.slice(0, 32)}`, LIMITS.secondFactor, true)]
    : [
        budget(`code:${userId}:${ip}`, LIMITS.secondFactor, true),
        budget(`code-ip:${ip}`, LIMITS.secondFactorPerIp, false),
        budget(`code-account:${userId}`, LIMITS.secondFactorPerAccount, true),
      ]
  return limitAttempts(request, budgets, verify)
}

/** A password reset proves the owner holds the email: their account's budget starts again. */
export function clearPasswordFailures(email: string) {
  reset(passwordAccountKey(email))
}
