import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { getDb } from '~/db/client.server'
import { stripeEvents } from '~/db/schema'
import { getStripe, webhookSecret, type Stripe } from '~/integrations/stripe.server'
import { AppError } from '~/lib/errors'
import { msg } from '~/lib/i18n/message'
import { log, logLine } from '~/lib/log.server'
import { isTransientFailure } from '~/lib/transient-failure.server'
import { paymentCardOf } from '~/models/billing/payment-card.server'
import { packageHoldingIdOf, packagePaid } from '~/models/packages/package-payments.server'
import { packageRefundRecorded } from '~/models/packages/package-refunds.server'
import { syncConnectedAccount } from '~/models/practice/connect.server'
import { recordTransfer } from '~/models/practice/payouts.server'
import { recordPayment, recordRefund, releaseUnpaidBooking } from './payments.server'

/**
 * Stripe's webhook events (/webhooks/stripe). The signature is checked on the raw body; each
 * event id is claimed before it is applied, so it is applied once even when two deliveries
 * arrive together; and every handler is safe to repeat and correct in any arrival order,
 * because it decides from the booking's current state, not the event's
 * (docs/decisions/006-webhook-handling.md, docs/decisions/016-webhook-claims-and-retries.md).
 */

export const BAD_SIGNATURE = msg('booking:errors.badSignature')
export const EVENT_IN_PROGRESS = msg('booking:errors.eventInProgress')
export const EVENT_NOT_APPLIED_YET = msg('booking:errors.eventNotAppliedYet')

/** How far ahead of our clock a signature's time may be: clocks drift a little, never minutes. */
export const FUTURE_SKEW_SECONDS = 60

/**
 * A claim older than this is taken as abandoned (the process applying it died), and the next
 * delivery applies the event. Well above the longest a handler takes: one Stripe call, with
 * the SDK's timeout and retries, and a few database waits.
 */
export const CLAIM_STALE_MS = 5 * 60_000

/** The signature's own time (`t=`): one, as a whole number of seconds, or the header is forged. */
function signedAt(signature: string) {
  const times = signature.split(',').filter((part) => part.startsWith('t='))
  const seconds = times.length === 1 ? Number(times[0]!.slice(2)) : NaN
  return Number.isSafeInteger(seconds) ? seconds : null
}

/**
 * The event, if the signature is ours: made with exactly the configured secret, no older than
 * the SDK's tolerance and no further in the future than FUTURE_SKEW_SECONDS (a signature
 * dated ahead would otherwise stay valid for as long as it likes).
 */
export async function verifyStripeEvent(
  payload: string,
  signature: string | null,
  now = new Date(),
): Promise<Stripe.Event> {
  const at = signature ? signedAt(signature) : null
  if (!signature || at === null || at > Math.floor(now.getTime() / 1000) + FUTURE_SKEW_SECONDS) {
    throw new AppError(BAD_SIGNATURE, 400)
  }
  const stripe = await getStripe()
  try {
    return stripe.webhooks.constructEvent(payload, signature, webhookSecret(), undefined, undefined, now.getTime())
  } catch {
    throw new AppError(BAD_SIGNATURE, 400)
  }
}

/* What each handler reads of its object, checked before anything is written. */

/** An event whose object lacks what its handler reads: it will never apply, so it is acknowledged. */
class UnappliableEvent extends Error {
  constructor(event: { id: string; type: string }, issues: string) {
    super(`${event.type} ${event.id} cannot be applied: ${issues}`)
    this.name = 'UnappliableEvent'
  }
}

const Id = z
  .union([z.string().min(1), z.object({ id: z.string().min(1) })])
  .transform((v) => (typeof v === 'string' ? v : v.id))
const Metadata = z.record(z.string(), z.string()).nullish()
const Cents = z.number().int().nonnegative()

const CheckoutSession = z.object({ metadata: Metadata, payment_status: z.string(), payment_intent: Id.nullish() })
const SessionMetadata = z.object({ metadata: Metadata })
const PaymentIntent = z.object({ id: z.string().min(1), metadata: Metadata })
const Charge = z.object({ payment_intent: Id.nullish(), metadata: Metadata, amount_refunded: Cents })
const Transfer = z.object({
  id: z.string().min(1),
  amount: Cents,
  amount_reversed: Cents,
  destination: Id.nullish(),
  transfer_group: z.string().nullish(),
  created: z.number().int().positive(),
})
const Account = z.object({ id: z.string().min(1) })

function read<S extends z.ZodType>(schema: S, event: Envelope): z.output<S> {
  const parsed = schema.safeParse(event.data.object)
  if (!parsed.success) {
    throw new UnappliableEvent(event, parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '))
  }
  return parsed.data
}

function bookingIdOf(metadata: Record<string, string> | null | undefined) {
  const id = Number(metadata?.bookingId)
  return Number.isInteger(id) && id > 0 ? id : null
}

async function paid(
  event: Envelope,
  metadata: Record<string, string> | null | undefined,
  paymentIntentId?: string | null,
) {
  // A package's payment (decision 051) names its holding instead of a booking.
  const [holdingId, bookingId] = [packageHoldingIdOf(metadata), bookingIdOf(metadata)]
  if (!paymentIntentId || !(holdingId || bookingId)) return
  const card = await paymentCardOf(paymentIntentId)
  if (holdingId) return void (await packagePaid({ holdingId, paymentIntentId, card }))
  if (!bookingId) return
  const outcome = await recordPayment({ bookingId, paymentIntentId, card })
  if (outcome === 'unknown') log.warn(logLine`[webhook] ${event.type} ${event.id}: no booking ${bookingId}`)
}

async function handle(event: Envelope) {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = read(CheckoutSession, event)
      // A completed session with a delayed payment method is not paid yet; its async event follows.
      if (session.payment_status === 'paid') await paid(event, session.metadata, session.payment_intent)
      return
    }
    case 'payment_intent.succeeded': {
      const intent = read(PaymentIntent, event)
      return paid(event, intent.metadata, intent.id)
    }
    case 'checkout.session.async_payment_failed': {
      const bookingId = bookingIdOf(read(SessionMetadata, event).metadata)
      if (bookingId) releaseUnpaidBooking(bookingId, 'payment_failed')
      return
    }
    case 'checkout.session.expired': {
      // The hold lasts as long as the session; a booking still held (the client is paying
      // with the embedded form) is left to its hold.
      const bookingId = bookingIdOf(read(SessionMetadata, event).metadata)
      if (bookingId) releaseUnpaidBooking(bookingId, 'hold_expired', new Date(), true)
      return
    }
    case 'payment_intent.payment_failed':
      // A declined card is not the end: the client may try another while the hold lasts, and
      // the hold sweeper frees the slot if no payment comes.
      return
    case 'charge.refunded': {
      const charge = read(Charge, event)
      if (charge.payment_intent) {
        const booking = await recordRefund({
          paymentIntentId: charge.payment_intent,
          bookingId: bookingIdOf(charge.metadata),
          amountRefundedCents: charge.amount_refunded,
        })
        // Not a booking's payment: perhaps a package's (decision 051).
        const refunded = { paymentIntentId: charge.payment_intent, amountRefundedCents: charge.amount_refunded }
        if (!booking) await packageRefundRecorded(refunded)
      }
      return
    }
    case 'transfer.created':
    case 'transfer.updated':
    case 'transfer.reversed': {
      const transfer = read(Transfer, event)
      if (transfer.destination) {
        recordTransfer({
          id: transfer.id,
          amount: transfer.amount,
          amountReversed: transfer.amount_reversed,
          destination: transfer.destination,
          transferGroup: transfer.transfer_group ?? null,
          created: transfer.created,
        })
      }
      return
    }
    case 'account.updated':
      await syncConnectedAccount(read(Account, event).id)
      return
    default:
      return
  }
}

/* Claims: each event id is applied by one delivery at a time, and once. */

const EventEnvelope = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
})
type Envelope = z.output<typeof EventEnvelope>

/**
 * Claims the event for this delivery: a new id, or a claim abandoned for CLAIM_STALE_MS,
 * becomes `processing` at `now`. One statement, so of two deliveries only one claims it.
 */
function claimEvent(event: Envelope, now: Date) {
  const at = now.getTime()
  const claimed = getDb().run(
    sql`INSERT INTO stripe_events (id, type, status, claimed_at) VALUES (${event.id}, ${event.type}, 'processing', ${at})
        ON CONFLICT (id) DO UPDATE SET status = 'processing', claimed_at = excluded.claimed_at
        WHERE stripe_events.status = 'processing' AND stripe_events.claimed_at <= ${at - CLAIM_STALE_MS}`,
  ).changes
  if (claimed === 1) return 'claimed' as const
  const row = getDb()
    .select({ status: stripeEvents.status })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, event.id))
    .get()
  return row?.status === 'done' ? ('done' as const) : ('taken' as const)
}

function finishClaim(event: Envelope, claimedAt: Date) {
  getDb().run(
    sql`UPDATE stripe_events SET status = 'done', processed_at = ${Date.now()}
        WHERE id = ${event.id} AND status = 'processing' AND claimed_at = ${claimedAt.getTime()}`,
  )
}

/** Gives the claim up, so the next delivery applies the event; if even that fails, it goes stale. */
function releaseClaim(event: Envelope, claimedAt: Date) {
  try {
    getDb().run(
      sql`DELETE FROM stripe_events
          WHERE id = ${event.id} AND status = 'processing' AND claimed_at = ${claimedAt.getTime()}`,
    )
  } catch (error) {
    log.error({ err: error }, logLine`[webhook] ${event.type} ${event.id}: its claim stays until it is stale`)
  }
}

export type EventOutcome = 'applied' | 'duplicate' | 'ignored'

function logRetry(event: Envelope, error: unknown) {
  log.warn({ err: error }, logLine`[webhook] ${event.type} ${event.id} not applied yet; Stripe will retry`)
}

/**
 * Applies a verified event once:
 * - `applied`: this delivery claimed it and its handler ran;
 * - `duplicate`: it was applied before, nothing changes;
 * - `ignored`: it can never apply (an object without what its handler reads, a handler that
 *   failed for a reason retrying cannot fix); logged, acknowledged, and left unclaimed, so a
 *   resend after a fix applies it;
 * - 409 while another delivery is applying it, and 503 when a transient failure (the database
 *   busy, Stripe unreachable) stopped it: both claim nothing, and Stripe sends it again later.
 */
export async function applyStripeEvent(event: unknown, now = new Date()): Promise<EventOutcome> {
  const envelope = EventEnvelope.safeParse(event)
  if (!envelope.success) {
    log.error(
      logLine`[webhook] an event without id, type or object was acknowledged unapplied: ${envelope.error.issues}`,
    )
    return 'ignored'
  }
  const claimed = envelope.data

  let claim: ReturnType<typeof claimEvent>
  try {
    claim = claimEvent(claimed, now)
  } catch (error) {
    if (!isTransientFailure(error)) throw error
    logRetry(claimed, error)
    throw new AppError(EVENT_NOT_APPLIED_YET, 503)
  }
  if (claim === 'done') return 'duplicate'
  if (claim === 'taken') throw new AppError(EVENT_IN_PROGRESS, 409)

  try {
    await handle(claimed)
  } catch (error) {
    const transient = isTransientFailure(error)
    if (transient) logRetry(claimed, error)
    else log.error({ err: error }, logLine`[webhook] ${claimed.type} ${claimed.id} acknowledged unapplied`)
    releaseClaim(claimed, now)
    if (transient) throw new AppError(EVENT_NOT_APPLIED_YET, 503)
    return 'ignored'
  }

  try {
    finishClaim(claimed, now)
  } catch (error) {
    // Applied but not marked so: the retry finds the claim and, once it is stale, applies the
    // event again, which every handler allows.
    if (!isTransientFailure(error)) throw error
    logRetry(claimed, error)
    throw new AppError(EVENT_NOT_APPLIED_YET, 503)
  }
  return 'applied'
}
