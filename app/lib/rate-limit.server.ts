import { AppError } from './errors'
import { announceRateLimit } from './expensive-steps.server'
import { msg } from './i18n/message'
import { counter } from './metrics.server'

/**
 * Fixed-window counters kept in memory. Every write request reaches the primary instance
 * (LiteFS replays non-GET requests there), so one process sees them all.
 */
type Window = {
  count: number
  resetAt: number
  /** How many of `count` each source (a client address) made, for `refund`. */
  sources?: Map<string, number>
}

const windows = new Map<string, Window>()

export type Limit = { max: number; windowMs: number }

export const LIMITS = {
  // Wrong passwords from any check (login, change password, delete account), per account
  // whatever the address and per address: docs/decisions/015-password-hashing-and-login-limits.md.
  login: { max: 10, windowMs: 15 * 60_000 },
  loginPerIp: { max: 50, windowMs: 15 * 60_000 },
  // Wrong second-factor codes (sign-in, step-up, security settings), per account and address
  // (or per account and browser, for one that signed in to it before): ten guesses at a
  // six-digit code every 15 minutes; per address; and an account-wide ceiling on guesses spread
  // over many addresses, which a browser that signed in to the account before is not held to,
  // so the owner is never the one it stops (decision 042).
  secondFactor: { max: 10, windowMs: 15 * 60_000 },
  secondFactorPerIp: { max: 50, windowMs: 15 * 60_000 },
  secondFactorPerAccount: { max: 100, windowMs: 15 * 60_000 },
  // "Someone knows your password" emails (wrong codes after the right password), per account.
  wrongCodesEmail: { max: 1, windowMs: 60 * 60_000 },
  // Passkey sign-ins started, per address: each may write an anonymous session row.
  passkeySignInPerIp: { max: 60, windowMs: 15 * 60_000 },
  signup: { max: 10, windowMs: 60 * 60_000 },
  passwordReset: { max: 5, windowMs: 60 * 60_000 },
  passwordResetPerIp: { max: 20, windowMs: 60 * 60_000 },
  // New passwords sent with a reset link, per address: a person needs one or two.
  passwordResetSubmitPerIp: { max: 20, windowMs: 60 * 60_000 },
  // Asked changes of an account's email, per account: each one emails two addresses.
  emailChange: { max: 5, windowMs: 60 * 60_000 },
  // Bookings made, per client account: each writes a row and emails the practitioner (issue 41).
  bookings: { max: 20, windowMs: 60 * 60_000 },
  contact: { max: 5, windowMs: 60 * 60_000 },
  leads: { max: 5, windowMs: 60 * 60_000 },
  messages: { max: 20, windowMs: 60 * 60_000 },
  // Receipts a practitioner sends again to their clients: each emails a client (issue 44).
  receiptEmails: { max: 10, windowMs: 60 * 60_000 },
  // Package purchases started, per client account: each writes a row and opens a Checkout (issue 47).
  packagePurchases: { max: 10, windowMs: 60 * 60_000 },
  // A practitioner's package offers created, changed or deleted: each moves their public pages (issue 47).
  packageChanges: { max: 60, windowMs: 60 * 60_000 },
  // A video room's signaling, per account: streams opened (each page load, each reconnection),
  // and messages (a call's negotiation is a few descriptions and some dozens of candidates).
  roomStreams: { max: 60, windowMs: 10 * 60_000 },
  roomSignals: { max: 600, windowMs: 60_000 },
} satisfies Record<string, Limit>

export const TOO_MANY_REQUESTS = msg('common:errors.tooManyRequests')

/** What a full window answers: a fixed text, or one made from the time left until it ends. */
export type Refusal = string | ((retryAfterMs: number) => string)

/**
 * The client's address, as stamped by our HTTP server (server/security.js). Headers a client
 * could set itself, like X-Forwarded-For, are never trusted for this.
 */
export function clientIp(request: Request) {
  return request.headers.get(CLIENT_IP_HEADER) ?? 'local'
}

export const CLIENT_IP_HEADER = 'x-solace-client-ip'

/**
 * RATE_LIMIT_FACTOR multiplies every limit (default 1). The end-to-end server raises it, since
 * all its browsers share one address; production leaves it alone.
 */
function scaled(limit: Limit): Limit {
  const factor = Number(process.env.RATE_LIMIT_FACTOR ?? 1)
  return Number.isFinite(factor) && factor >= 1 ? { ...limit, max: Math.floor(limit.max * factor) } : limit
}

function current(key: string, limit: Limit, now: number) {
  const existing = windows.get(key)
  if (existing && existing.resetAt > now) return existing
  const fresh: Window = { count: 0, resetAt: now + limit.windowMs }
  windows.set(key, fresh)
  return fresh
}

const refusals = counter({
  name: 'solace_rate_limit_refusals_total',
  help: "Requests refused by a rate limit (429), by limit (the key's name, e.g. password, password-ip, signup, messages)",
  labelNames: ['limit'],
})

/** A key's limit, as metrics name it: its prefix (`password` of `password:ada@example.com`), never the address or account after it. */
function limitName(key: string) {
  return /^[a-z][a-z-]*(?=:)/.exec(key)?.[0] ?? 'other'
}

function refuse(key: string, window: Window, now: number, refusal: Refusal): never {
  refusals.inc({ limit: limitName(key) })
  const retryAfterMs = Math.max(0, window.resetAt - now)
  const message = typeof refusal === 'string' ? refusal : refusal(retryAfterMs)
  throw new AppError(message, 429, undefined, Math.max(1, Math.ceil(retryAfterMs / 1000)))
}

/**
 * Counts one attempt; throws a 429 AppError once the window is full. A `source` is
 * remembered with the attempt so that `refund` can later take back that source's attempts
 * and nobody else's.
 */
export function hit(key: string, limit: Limit, now = Date.now(), source?: string) {
  announceRateLimit(key)
  const window = current(key, limit, now)
  if (window.count >= scaled(limit).max) refuse(key, window, now, TOO_MANY_REQUESTS)
  window.count += 1
  if (source !== undefined) {
    window.sources ??= new Map()
    window.sources.set(source, (window.sources.get(source) ?? 0) + 1)
  }
  if (windows.size > 50_000) sweep(now)
}

/** Throws if the window is already full, without counting (for "count failures only"). */
export function check(key: string, limit: Limit, now = Date.now(), refusal: Refusal = TOO_MANY_REQUESTS) {
  announceRateLimit(key)
  const window = current(key, limit, now)
  if (window.count >= scaled(limit).max) refuse(key, window, now, refusal)
}

/**
 * Takes back up to `count` attempts (all of them by default) that `source` made against `key`
 * in its current window. Attempts counted without a source, or by other sources, stay.
 */
export function refund(key: string, source: string, count = Infinity) {
  const window = windows.get(key)
  const made = window?.sources?.get(source)
  if (!window || !made) return
  const taken = Math.min(made, count)
  window.count -= taken
  if (made > taken) window.sources!.set(source, made - taken)
  else window.sources!.delete(source)
}

/**
 * Counts one use if the window has room and answers whether it had: for work that is skipped,
 * not refused, once its budget is spent (a warning email), so nothing is thrown or counted as
 * a refusal.
 */
export function take(key: string, limit: Limit, now = Date.now()) {
  const window = current(key, limit, now)
  if (window.count >= scaled(limit).max) return false
  window.count += 1
  return true
}

export function reset(key: string) {
  windows.delete(key)
}

function sweep(now: number) {
  for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key)
}

/** Tests start each case from empty counters. */
export function resetAllLimits() {
  windows.clear()
}
