import { AppError } from './errors'

/**
 * Fixed-window counters kept in memory. Every write request reaches the primary instance
 * (LiteFS replays non-GET requests there), so one process sees them all.
 */
type Window = { count: number; resetAt: number }

const windows = new Map<string, Window>()

export type Limit = { max: number; windowMs: number }

export const LIMITS = {
  login: { max: 10, windowMs: 15 * 60_000 },
  loginPerIp: { max: 50, windowMs: 15 * 60_000 },
  signup: { max: 10, windowMs: 60 * 60_000 },
  passwordReset: { max: 5, windowMs: 60 * 60_000 },
  passwordResetPerIp: { max: 20, windowMs: 60 * 60_000 },
  contact: { max: 5, windowMs: 60 * 60_000 },
  leads: { max: 5, windowMs: 60 * 60_000 },
  messages: { max: 20, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>

export const TOO_MANY_REQUESTS = 'Too many attempts. Please wait a few minutes and try again.'

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
  const fresh = { count: 0, resetAt: now + limit.windowMs }
  windows.set(key, fresh)
  return fresh
}

/** Counts one attempt; throws a 429 AppError once the window is full. */
export function hit(key: string, limit: Limit, now = Date.now()) {
  const window = current(key, limit, now)
  if (window.count >= scaled(limit).max) throw new AppError(TOO_MANY_REQUESTS, 429)
  window.count += 1
  if (windows.size > 50_000) sweep(now)
}

/** Throws if the window is already full, without counting (for "count failures only"). */
export function check(key: string, limit: Limit, now = Date.now()) {
  if (current(key, limit, now).count >= scaled(limit).max) throw new AppError(TOO_MANY_REQUESTS, 429)
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
