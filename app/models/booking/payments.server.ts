import { and, eq, isNull, lte, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import { getDb } from '~/db/client.server'
import { bookings, users } from '~/db/schema'
import { getStripe, isStripeError } from '~/integrations/stripe.server'
import { DEFAULT_TIME_ZONE } from '~/lib/dates'
import { AppError } from '~/lib/errors'
import { formatsFor } from '~/lib/i18n/formats'
import { currentLanguage, tFor } from '~/lib/i18n/i18n.server'
import type { Language } from '~/lib/i18n/languages'
import { msg } from '~/lib/i18n/message'
import { log, logLine } from '~/lib/log.server'
import { issuePaymentReceipt, issueRefundReceipt, type PaymentCard } from '~/models/billing/receipts.server'
import { HOLD_LAPSED, PAYMENT_HOLD_MS } from './booking'
import {
  cancelLiveBooking,
  claimSlot,
  confirmPaidBooking,
  findBooking,
  isLive,
  type BookingRow,
  type CancellationReason,
} from './booking-state.server'
import { checkoutLineItems } from './checkout-line-items'
import { sendBookingConfirmed, sendPaymentRefunded } from './emails.server'
import { notifyPractitioner } from './practitioner-emails.server'

/**
 * Paying for a booking (docs/decisions/005-slot-claiming-and-holds.md): a pending paid
 * booking holds its slot while a Stripe Checkout session (or a PaymentIntent for the
 * embedded form) can be paid; the payment is a destination charge, so Stripe sends 95% to
 * the practitioner's connected account and keeps our 5% as the application fee. Only
 * webhook events confirm a booking, and each outcome below is safe to apply twice and in
 * any order.
 */

export const BOOKING_NOT_FOUND = msg('booking:errors.bookingNotFound')
export const ALREADY_PAID = msg('booking:errors.alreadyPaid')
export const NOT_AWAITING_PAYMENT = msg('booking:errors.notAwaitingPayment')
export const PRACTITIONER_CANNOT_BE_PAID = msg('booking:errors.practitionerCannotBePaid')
export const PAYMENT_PROVIDER_FAILED = msg('booking:errors.paymentProviderFailed')

const INVALID_BOOKING = msg('booking:errors.invalidBooking')

/** The body of POST /api/stripe/create-checkout and /api/create-payment-intent, and of the payment page's forms. */
export const BookingPaymentSchema = z.object({
  bookingId: z.coerce.number({ error: INVALID_BOOKING }).int(INVALID_BOOKING).positive(INVALID_BOOKING),
})

/** Checkout sessions last a little over Stripe's 30-minute minimum, so creation never races it. */
const CHECKOUT_MINIMUM_MS = PAYMENT_HOLD_MS + 60_000

type Payable = BookingRow & { accountId: string }

/** The client's own booking, still waiting for payment within its hold, with where the money goes. */
function loadPayable(client: { id: number }, bookingId: number, now: Date): Payable {
  const row = getDb()
    .select({ booking: bookings, accountId: users.stripeAccountId, onboardingComplete: users.onboardingComplete })
    .from(bookings)
    .leftJoin(users, eq(users.id, bookings.practitionerId))
    .where(and(eq(bookings.id, bookingId), eq(bookings.clientId, client.id)))
    .get()
  if (!row) throw new AppError(BOOKING_NOT_FOUND, 404)
  const { booking } = row
  if (booking.isPaid) throw new AppError(ALREADY_PAID, 409)
  if (booking.status !== 'pending') throw new AppError(NOT_AWAITING_PAYMENT, 409)
  if (!booking.holdExpiresAt || booking.holdExpiresAt.getTime() <= now.getTime()) throw new AppError(HOLD_LAPSED, 409)
  if (!row.accountId || !row.onboardingComplete) throw new AppError(PRACTITIONER_CANNOT_BE_PAID, 409)
  return { ...booking, accountId: row.accountId }
}

/** What a payment for this booking carries: the split, the destination, and the booking's id. */
function destinationCharge(booking: Payable) {
  return {
    application_fee_amount: booking.platformFeeCents,
    transfer_data: { destination: booking.accountId },
    // Links the automatic transfer back to the booking, for the practitioner's transfer list.
    transfer_group: `booking_${booking.id}`,
    metadata: { bookingId: String(booking.id) },
  }
}

/** A payment provider failure, logged, as the message a person can act on. */
function providerFailure(error: unknown): never {
  if (error instanceof AppError) throw error
  log.error({ err: error }, '[payments] the payment provider failed')
  throw new AppError(
    isStripeError(error) && error.type === 'StripeCardError' ? error.message : PAYMENT_PROVIDER_FAILED,
    502,
  )
}

/** 'Nov 24, 2026, 9:00 AM EST · 60-minute session' ('24 nov. 2026, 9 h 00 HNE · séance de 60 minutes') */
function sessionLine(
  booking: { startTime: Date; durationMinutes: number },
  timeZone: string | null | undefined,
  language: Language,
) {
  const zone = timeZone ?? DEFAULT_TIME_ZONE
  const f = formatsFor(language)
  const when = `${f.date(booking.startTime, zone)}, ${f.time(booking.startTime, zone)} ${f.zone(booking.startTime, zone)}`
  return tFor(language, 'booking')('checkout.lineItem', { when, minutes: booking.durationMinutes })
}

/**
 * A hosted Checkout page for the booking (the booking screen, the checkout page and POST
 * /api/stripe/create-checkout): the open session when there is one, else a new session whose
 * life the hold then matches. When Stripe will not open one, the booking is released and its
 * slot freed at once (docs/decisions/011-checkout-failure-frees-the-slot.md): the client can
 * book again straight away instead of finding the time held by their own unpayable booking.
 * Stripe's page names the session in the client's language (their choice, else the request's).
 */
export async function startCheckout(
  client: { id: number; email: string; timeZone?: string | null; language?: Language | null },
  bookingId: number,
  origin: string,
  now = new Date(),
) {
  const booking = loadPayable(client, bookingId, now)
  try {
    const stripe = await getStripe()
    if (booking.stripeCheckoutSessionId) {
      const existing = await stripe.checkout.sessions.retrieve(booking.stripeCheckoutSessionId)
      if (existing.status === 'open' && existing.url) return { url: existing.url }
    }
    const expiresAt = Math.max(booking.holdExpiresAt!.getTime(), now.getTime() + CHECKOUT_MINIMUM_MS)
    const { metadata, ...charge } = destinationCharge(booking)
    const language = client.language ?? currentLanguage()
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      // Stripe's own page in the client's language too (it has Canadian French, not Canadian English).
      locale: language === 'fr' ? 'fr-CA' : 'en',
      // The payment page says which session it pays for (its time in the client's zone), and its tax.
      line_items: checkoutLineItems(booking, sessionLine(booking, client.timeZone, language), (kind) =>
        tFor(language, 'billing')(`taxes.${kind}`),
      ),
      payment_intent_data: { ...charge, metadata },
      metadata,
      client_reference_id: String(booking.id),
      customer_email: client.email,
      expires_at: Math.floor(expiresAt / 1000),
      success_url: `${origin}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}/client-dashboard?payment=cancelled`,
    })
    const recorded = getDb()
      .update(bookings)
      .set({ stripeCheckoutSessionId: session.id, holdExpiresAt: new Date(expiresAt), updatedAt: now })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'pending'), eq(bookings.isPaid, false)))
      .run()
    if (recorded.changes !== 1 || !session.url) {
      // The booking stopped waiting meanwhile: this session must not take money for it.
      await stripe.checkout.sessions.expire(session.id).catch(() => undefined)
      throw new AppError(NOT_AWAITING_PAYMENT, 409)
    }
    return { url: session.url }
  } catch (error) {
    // A refusal of ours (the booking stopped waiting) leaves the booking as it is.
    if (!(error instanceof AppError)) releaseUnpaidBooking(booking.id, 'payment_failed', now)
    providerFailure(error)
  }
}

/** A PaymentIntent for the embedded payment form (POST /api/create-payment-intent). */
export async function preparePaymentIntent(client: { id: number }, bookingId: number, now = new Date()) {
  const booking = loadPayable(client, bookingId, now)
  try {
    const stripe = await getStripe()
    if (booking.stripePaymentIntentId) {
      const existing = await stripe.paymentIntents.retrieve(booking.stripePaymentIntentId)
      if (existing.status !== 'canceled' && existing.status !== 'succeeded' && existing.client_secret) {
        return { clientSecret: existing.client_secret }
      }
    }
    const intent = await stripe.paymentIntents.create({
      amount: booking.totalAmountCents,
      currency: 'cad',
      automatic_payment_methods: { enabled: true },
      ...destinationCharge(booking),
    })
    getDb()
      .update(bookings)
      .set({ stripePaymentIntentId: intent.id, updatedAt: now })
      .where(and(eq(bookings.id, booking.id), eq(bookings.isPaid, false)))
      .run()
    return { clientSecret: intent.client_secret! }
  } catch (error) {
    providerFailure(error)
  }
}

/** Refunds a payment, taking the practitioner's transfer and our fee back in proportion. */
export async function refundPayment(
  paymentIntentId: string,
  bookingId: number,
  idempotencyKey: string,
  amountCents?: number,
) {
  const stripe = await getStripe()
  return stripe.refunds.create(
    {
      payment_intent: paymentIntentId,
      ...(amountCents === undefined ? {} : { amount: amountCents }),
      reverse_transfer: true,
      refund_application_fee: true,
      metadata: { bookingId: String(bookingId) },
    },
    { idempotencyKey },
  )
}

/** Stops an unpaid Checkout session from taking money (it may already be gone). */
export async function expireCheckoutQuietly(sessionId: string) {
  try {
    const stripe = await getStripe()
    await stripe.checkout.sessions.expire(sessionId)
  } catch (error) {
    log.info(logLine`[payments] checkout ${sessionId} not expired: ${error instanceof Error ? error.message : error}`)
  }
}

/* Outcomes of payment events. */

const REVIVABLE: readonly (CancellationReason | null)[] = ['hold_expired', 'payment_failed']

/**
 * A payment for the booking succeeded. Pending: confirmed. Its hold lapsed but the slot is still
 * free: confirmed all the same. Paid already by this payment: nothing. Otherwise (the slot went
 * to someone else, the client cancelled, or a second payment): the money goes back in full,
 * before anything is recorded, so a failed refund is retried with the event. A confirmed payment
 * has its receipt issued in the same transaction, printing `card` when the provider told it.
 */
export async function recordPayment(
  payment: { bookingId: number; paymentIntentId: string; card?: PaymentCard | null },
  now = new Date(),
) {
  const outcome = getDb().transaction(
    (tx) => {
      const booking = findBooking(tx, payment.bookingId)
      if (!booking) return 'unknown' as const
      if (booking.isPaid)
        return booking.stripePaymentIntentId === payment.paymentIntentId
          ? ('duplicate' as const)
          : ('second_payment' as const)
      const revivable =
        booking.status === 'cancelled' &&
        REVIVABLE.includes(booking.cancellationReason) &&
        booking.timeSlotId !== null &&
        booking.startTime.getTime() > now.getTime() &&
        claimSlot(tx, booking.timeSlotId, now)
      if (booking.status === 'pending' || revivable) {
        confirmPaidBooking(tx, booking, payment.paymentIntentId, now)
        issuePaymentReceipt(tx, booking.id, payment.card ?? null, now)
        return 'confirmed' as const
      }
      return 'late' as const
    },
    { behavior: 'immediate' },
  )

  if (outcome === 'confirmed') {
    await sendBookingConfirmed(payment.bookingId)
    await notifyPractitioner(payment.bookingId, 'booked')
  }
  if (outcome === 'second_payment') {
    await refundPayment(payment.paymentIntentId, payment.bookingId, `second-payment-${payment.paymentIntentId}`)
  }
  if (outcome === 'late') {
    const refund = await refundPayment(
      payment.paymentIntentId,
      payment.bookingId,
      `late-payment-${payment.paymentIntentId}`,
    )
    // The money came in and went back: the booking says so (its refund event records the amount).
    getDb()
      .update(bookings)
      .set({ isPaid: true, stripePaymentIntentId: payment.paymentIntentId, stripeRefundId: refund.id, updatedAt: now })
      .where(and(eq(bookings.id, payment.bookingId), eq(bookings.isPaid, false)))
      .run()
  }
  return outcome
}

/**
 * Ends an unpaid pending booking and frees its slot: its hold ran out, its Checkout session
 * expired, or its payment failed for good. With `onlyIfLapsed`, a booking whose hold is still
 * running (the client may be paying another way) is left alone.
 */
export function releaseUnpaidBooking(
  bookingId: number,
  reason: CancellationReason,
  now = new Date(),
  onlyIfLapsed = false,
) {
  return getDb().transaction(
    (tx) => {
      const booking = findBooking(tx, bookingId)
      if (!booking || booking.status !== 'pending' || booking.isPaid) return false
      if (onlyIfLapsed && booking.holdExpiresAt && booking.holdExpiresAt.getTime() > now.getTime()) return false
      cancelLiveBooking(tx, booking, reason, now)
      return true
    },
    { behavior: 'immediate' },
  )
}

/**
 * A refund reached the charge (`charge.refunded`): the booking paid by it records the refunded
 * total (never less than known), and a live booking refunded in full is cancelled. Each new
 * refunded amount issues a refund receipt in the same transaction, and the client hears of it once.
 */
export async function recordRefund(
  charge: { paymentIntentId: string; bookingId: number | null; amountRefundedCents: number },
  now = new Date(),
) {
  const result = getDb().transaction(
    (tx) => {
      const byIntent = tx
        .select()
        .from(bookings)
        .where(eq(bookings.stripePaymentIntentId, charge.paymentIntentId))
        .get()
      // A late payment's refund can arrive before the booking records that payment.
      const booking =
        byIntent ??
        (charge.bookingId === null
          ? undefined
          : tx
              .select()
              .from(bookings)
              .where(and(eq(bookings.id, charge.bookingId), isNull(bookings.stripePaymentIntentId)))
              .get())
      if (!booking) return null
      const refunded = Math.min(
        booking.totalAmountCents,
        Math.max(booking.refundedAmountCents, charge.amountRefundedCents),
      )
      const added = refunded - booking.refundedAmountCents
      tx.update(bookings)
        .set({
          isPaid: true,
          stripePaymentIntentId: charge.paymentIntentId,
          refundedAmountCents: refunded,
          updatedAt: now,
        })
        .where(eq(bookings.id, booking.id))
        .run()
      if (isLive(booking) && refunded >= booking.totalAmountCents) cancelLiveBooking(tx, booking, 'refunded', now)
      issueRefundReceipt(tx, booking.id, added, now)
      const late = booking.status === 'cancelled' && REVIVABLE.includes(booking.cancellationReason)
      return { bookingId: booking.id, added, late }
    },
    { behavior: 'immediate' },
  )
  if (result && result.added > 0) {
    await sendPaymentRefunded(result.bookingId, result.added, result.late ? 'late_payment' : 'refund')
  }
  return result
}

/* Sweepers (run on the primary). */

/** Pending bookings whose hold ran out without a payment are cancelled and their slots freed. */
export function releaseLapsedHolds(now = new Date()) {
  const lapsed = getDb()
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.status, 'pending'), eq(bookings.isPaid, false), lte(bookings.holdExpiresAt, now)))
    .all()
  return lapsed.filter(({ id }) => releaseUnpaidBooking(id, 'hold_expired', now)).length
}

/** Confirmed sessions whose end has passed are completed. */
export function completeEndedSessions(now = new Date()) {
  return getDb().run(
    sql`UPDATE bookings SET status = 'completed', updated_at = ${now.getTime()}
        WHERE status = 'confirmed' AND end_time <= ${now.getTime()}`,
  ).changes
}

/* What the return page shows. */

/**
 * The booking a payment return points at (Checkout's session id or the Payment Element's
 * intent id), the client's own only, and where its payment stands as our database knows it:
 * the page never confirms anything itself, the webhook does.
 */
export function findPaymentReturn(
  client: { id: number },
  ref: { sessionId?: string | null; paymentIntentId?: string | null },
) {
  const matches = [
    ref.sessionId ? eq(bookings.stripeCheckoutSessionId, ref.sessionId) : undefined,
    ref.paymentIntentId ? eq(bookings.stripePaymentIntentId, ref.paymentIntentId) : undefined,
  ].filter((match) => match !== undefined)
  if (!matches.length) return null
  const row = getDb()
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.clientId, client.id), or(...matches)))
    .get()
  return row?.id ?? null
}

export type PaymentState = 'paid' | 'processing' | 'refunded' | 'not_paid'

export function paymentStateOf(booking: {
  status: string
  isPaid: boolean
  refundedAmountCents: number
  totalAmountCents: number
}): PaymentState {
  if (booking.isPaid && booking.refundedAmountCents >= booking.totalAmountCents) return 'refunded'
  if (booking.isPaid) return 'paid'
  return booking.status === 'pending' ? 'processing' : 'not_paid'
}
