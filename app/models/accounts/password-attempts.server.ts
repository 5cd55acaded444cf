import { check, clientIp, hit, LIMITS, refund, reset } from '~/lib/rate-limit.server'

/**
 * Every check of a password (login, change password, delete account) draws on two budgets of
 * wrong passwords: one per account, whatever address the attempts come from, and one per
 * address (docs/decisions/015-password-hashing-and-login-limits.md).
 */

const accountKey = (email: string) => `password:${email.toLowerCase()}`
const addressKey = (ip: string) => `password-ip:${ip}`

function minutes(ms: number) {
  const count = Math.max(1, Math.ceil(ms / 60_000))
  return count === 1 ? '1 minute' : `${count} minutes`
}

// Said for any email, with an account or not, so it does not tell who has one.
export const accountLocked = (retryAfterMs: number) =>
  `Too many wrong passwords for this account. Try again in ${minutes(retryAfterMs)}, or reset your password.`

export const addressLocked = (retryAfterMs: number) =>
  `Too many wrong passwords from your network. Try again in ${minutes(retryAfterMs)}.`

/**
 * Runs one password check for the account `email`, from the request's address. Refused with
 * a 429 before any hashing once either budget is spent. The attempt is counted before the
 * check runs, so many attempts sent at once cannot all slip under the limit. When `verify`
 * answers a result the password was right: the attempt is given back, and so are the earlier
 * failures from this same address against this account, never other addresses' (a successful
 * login must not reopen the budget of someone guessing from elsewhere). When it answers null
 * the attempt stays counted. When it throws (the hash queue is full) nothing was checked and
 * the attempt is given back.
 */
export async function limitPasswordCheck<T>(
  request: Request,
  email: string,
  verify: () => Promise<T | null>,
): Promise<T | null> {
  const ip = clientIp(request)
  const account = accountKey(email)
  const address = addressKey(ip)
  check(account, LIMITS.login, Date.now(), accountLocked)
  check(address, LIMITS.loginPerIp, Date.now(), addressLocked)
  hit(account, LIMITS.login, Date.now(), ip)
  hit(address, LIMITS.loginPerIp, Date.now(), ip)
  let result: T | null
  try {
    result = await verify()
  } catch (error) {
    refund(account, ip, 1)
    refund(address, ip, 1)
    throw error
  }
  if (result !== null) {
    refund(account, ip)
    refund(address, ip, 1)
  }
  return result
}

/** A password reset proves the owner holds the email: their account's budget starts again. */
export function clearPasswordFailures(email: string) {
  reset(accountKey(email))
}
