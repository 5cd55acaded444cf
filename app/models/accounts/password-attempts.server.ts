import { check, clientIp, hit, LIMITS, refund, reset, type Limit } from '~/lib/rate-limit.server'

/**
 * Every check of a secret a person types (a password at login, change password or delete
 * account; a second-factor code at sign-in, step-up or in security settings) draws on two
 * budgets of wrong attempts: one per account, whatever address the attempts come from, and one
 * per address (docs/decisions/015-password-hashing-and-login-limits.md, 042).
 */

function minutes(ms: number) {
  const count = Math.max(1, Math.ceil(ms / 60_000))
  return count === 1 ? '1 minute' : `${count} minutes`
}

// Said for any email, with an account or not, so it does not tell who has one.
export const accountLocked = (retryAfterMs: number) =>
  `Too many wrong passwords for this account. Try again in ${minutes(retryAfterMs)}, or reset your password.`

export const addressLocked = (retryAfterMs: number) =>
  `Too many wrong passwords from your network. Try again in ${minutes(retryAfterMs)}.`

export const codesLocked = (retryAfterMs: number) => `Too many wrong codes. Try again in ${minutes(retryAfterMs)}.`

type Budgets = {
  account: { key: string; limit: Limit; refusal: (retryAfterMs: number) => string }
  address: { key: string; limit: Limit; refusal: (retryAfterMs: number) => string }
}

/**
 * Runs one check against both budgets. Refused with a 429 before any work once either is
 * spent. The attempt is counted before the check runs, so many attempts sent at once cannot all
 * slip under the limit. When `verify` answers a result the secret was right: the attempt is
 * given back, and so are the earlier failures from this same address against this account,
 * never other addresses' (a success must not reopen the budget of someone guessing from
 * elsewhere). When it answers null the attempt stays counted. When it throws (the hash queue is
 * full) nothing was checked and the attempt is given back.
 */
async function limitAttempts<T>(request: Request, budgets: Budgets, verify: () => Promise<T | null>) {
  const ip = clientIp(request)
  const { account, address } = budgets
  const accountKey = account.key
  const addressKey = `${address.key}:${ip}`
  check(accountKey, account.limit, Date.now(), account.refusal)
  check(addressKey, address.limit, Date.now(), address.refusal)
  hit(accountKey, account.limit, Date.now(), ip)
  hit(addressKey, address.limit, Date.now(), ip)
  let result: T | null
  try {
    result = await verify()
  } catch (error) {
    refund(accountKey, ip, 1)
    refund(addressKey, ip, 1)
    throw error
  }
  if (result !== null) {
    refund(accountKey, ip)
    refund(addressKey, ip, 1)
  }
  return result
}

const passwordAccountKey = (email: string) => `password:${email.toLowerCase()}`

/** One password check for the account `email`, from the request's address. */
export function limitPasswordCheck<T>(request: Request, email: string, verify: () => Promise<T | null>) {
  return limitAttempts(
    request,
    {
      account: { key: passwordAccountKey(email), limit: LIMITS.login, refusal: accountLocked },
      address: { key: 'password-ip', limit: LIMITS.loginPerIp, refusal: addressLocked },
    },
    verify,
  )
}

/**
 * One second-factor code (an authenticator's code or a recovery code) for the account `userId`:
 * six digits fall to guessing far sooner than a password, so the budgets are smaller.
 */
export function limitCodeCheck<T>(request: Request, userId: number, verify: () => Promise<T | null>) {
  return limitAttempts(
    request,
    {
      account: { key: `code:${userId}`, limit: LIMITS.secondFactor, refusal: codesLocked },
      address: { key: 'code-ip', limit: LIMITS.secondFactorPerIp, refusal: codesLocked },
    },
    verify,
  )
}

/** A password reset proves the owner holds the email: their account's budget starts again. */
export function clearPasswordFailures(email: string) {
  reset(passwordAccountKey(email))
}
