import Stripe from 'stripe'

/**
 * Whether a failure may pass if the same work is tried again later, because it came from
 * something around the request rather than from the request itself: the database busy,
 * locked or unavailable, or Stripe unreachable, failing (5xx) or rate-limiting us (429).
 * Anything else (a malformed object, a rule that says no, Stripe refusing the request, a
 * bug) fails the same way every time. The webhook asks Stripe to retry only the first kind
 * (docs/decisions/016-webhook-claims-and-retries.md).
 *
 * Causes are followed: drizzle wraps the driver's error in its own.
 */
export function isTransientFailure(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    if (isTransientDatabaseError(cause) || isTransientStripeError(cause)) return true
    cause = (cause as { cause?: unknown }).cause
  }
  return false
}

/**
 * better-sqlite3's result codes (extended ones keep the primary as their prefix): another
 * writer holds the lock past the busy timeout, an I/O error or a full disk, or a database
 * that only reads for now (a LiteFS replica while the primary moves).
 */
const TRANSIENT_SQLITE = ['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_IOERR', 'SQLITE_FULL', 'SQLITE_READONLY']

function isTransientDatabaseError(error: unknown) {
  const code = (error as { code?: unknown }).code
  return (
    error instanceof Error &&
    error.name === 'SqliteError' &&
    typeof code === 'string' &&
    TRANSIENT_SQLITE.some((primary) => code === primary || code.startsWith(`${primary}_`))
  )
}

function isTransientStripeError(error: unknown) {
  if (!(error instanceof Stripe.errors.StripeError)) return false
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError
  ) {
    return true
  }
  const status = error.statusCode ?? 0
  return status === 429 || status >= 500
}
