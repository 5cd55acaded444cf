import { and, eq, isNull } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { getDb } from '~/db/client.server'
import { packageHoldings, packages, services, users } from '~/db/schema'
import { getStripe, isStripeError } from '~/integrations/stripe.server'
import { AppError } from '~/lib/errors'
import { currentLanguage, tFor } from '~/lib/i18n/i18n.server'
import { log, logLine } from '~/lib/log.server'
import { check, hit, LIMITS } from '~/lib/rate-limit.server'
import { PAYMENT_HOLD_MS } from '~/models/booking/booking'
import { checkoutLineItems } from '~/models/booking/checkout-line-items'
import { PAYMENT_PROVIDER_FAILED, PRACTITIONER_CANNOT_BE_PAID } from '~/models/booking/payments.server'
import { SERVICE_LISTED } from '~/models/marketplace/service.server'
import { openPurchases, recordPackagePayment } from './holdings.server'
import {
  MAX_OPEN_PURCHASES,
  OWN_PACKAGE,
  PACKAGE_UNAVAILABLE,
  TOO_MANY_OPEN_PURCHASES,
  TOO_MANY_PURCHASES,
} from './package'
import { sendPackageBought } from './package-emails.server'
import { packagePrice } from './package-money'
import { packageTerms } from './package-words'

/**
 * Paying for a package (docs/decisions/051-packages.md): a Checkout session, a destination
 * charge like a booking's (our 5 % as the application fee, the rest transferred to the
 * practitioner), for a pending holding that copies the package's terms; only the payment's
 * webhook makes it paid, with its receipt (`recordPackagePayment`).
 */

/** Checkout's shortest life, as for bookings: 30 minutes and a minute's margin. */
const CHECKOUT_LIFE_MS = PAYMENT_HOLD_MS + 60_000

const s = alias(services, 's')

/**
 * Opens Checkout for a package of a listed service: refused for one's own, for one no longer
 * offered, when the practitioner cannot take payments, and past LIMITS.packagePurchases an hour
 * or MAX_OPEN_PURCHASES unpaid at once. Answers the Checkout page's address.
 */
export async function startPackageCheckout(
  client: { id: number; email: string },
  packageId: number,
  origin: string,
  now = new Date(),
) {
  check(`package-purchases:${client.id}`, LIMITS.packagePurchases, now.getTime(), TOO_MANY_PURCHASES)
  const holding = getDb().transaction(
    (tx) => {
      const offer = tx
        .select({
          id: packages.id,
          practitionerId: packages.practitionerId,
          sessions: packages.sessions,
          priceCents: packages.priceCents,
          expiresInMonths: packages.expiresInMonths,
          serviceId: s.id,
          serviceName: s.name,
          durationMinutes: s.durationMinutes,
          taxKind: s.taxKind,
          accountId: users.stripeAccountId,
          onboardingComplete: users.onboardingComplete,
        })
        .from(packages)
        .innerJoin(s, eq(s.id, packages.serviceId))
        .innerJoin(users, eq(users.id, packages.practitionerId))
        .where(and(eq(packages.id, packageId), eq(packages.active, true), isNull(packages.retiredAt), SERVICE_LISTED))
        .get()
      if (!offer) throw new AppError(PACKAGE_UNAVAILABLE, 404)
      if (offer.practitionerId === client.id) throw new AppError(OWN_PACKAGE, 400)
      if (!offer.accountId || !offer.onboardingComplete) throw new AppError(PRACTITIONER_CANNOT_BE_PAID, 409)
      if (openPurchases(tx, client.id, new Date(now.getTime() - CHECKOUT_LIFE_MS)) >= MAX_OPEN_PURCHASES) {
        throw new AppError(TOO_MANY_OPEN_PURCHASES, 409)
      }
      const price = packagePrice(offer.priceCents, offer.taxKind)
      const row = tx
        .insert(packageHoldings)
        .values({
          packageId: offer.id,
          clientId: client.id,
          practitionerId: offer.practitionerId,
          serviceId: offer.serviceId,
          // What was bought is copied: it outlives edits to the package and the service.
          serviceName: offer.serviceName,
          durationMinutes: offer.durationMinutes,
          status: 'pending',
          sessionsTotal: offer.sessions,
          expiresInMonths: offer.expiresInMonths,
          totalAmountCents: price.totalCents,
          taxCents: price.taxCents,
          taxKind: offer.taxKind,
          platformFeeCents: price.platformFeeCents,
          practitionerAmountCents: price.practitionerAmountCents,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: packageHoldings.id })
        .get()
      return { ...offer, holdingId: row.id, price }
    },
    { behavior: 'immediate' },
  )
  hit(`package-purchases:${client.id}`, LIMITS.packagePurchases, now.getTime())

  const metadata = { packageHoldingId: String(holding.holdingId) }
  // Checkout's page names what is bought in the buyer's language (the request's: they are signed in).
  const t = tFor(currentLanguage(), 'packages')
  try {
    const stripe = await getStripe()
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: checkoutLineItems(
        {
          serviceName: t('checkout.name', { service: holding.serviceName, sessions: holding.sessions }),
          totalAmountCents: holding.price.totalCents,
          taxCents: holding.price.taxCents,
          taxKind: holding.taxKind,
        },
        t('checkout.description', { terms: packageTerms(t, holding), minutes: holding.durationMinutes }),
        (kind) => tFor(currentLanguage(), 'billing')(`taxes.${kind}`),
      ),
      payment_intent_data: {
        application_fee_amount: holding.price.platformFeeCents,
        transfer_data: { destination: holding.accountId! },
        transfer_group: `package_${holding.holdingId}`,
        metadata,
      },
      metadata,
      client_reference_id: `package-${holding.holdingId}`,
      customer_email: client.email,
      expires_at: Math.floor((now.getTime() + CHECKOUT_LIFE_MS) / 1000),
      success_url: `${origin}/client-dashboard?package=paid#packages`,
      cancel_url: `${origin}/services/${holding.serviceId}`,
    })
    getDb()
      .update(packageHoldings)
      .set({ stripeCheckoutSessionId: session.id, updatedAt: now })
      .where(eq(packageHoldings.id, holding.holdingId))
      .run()
    if (!session.url) throw new Error('Checkout gave no address')
    return { url: session.url, holdingId: holding.holdingId }
  } catch (error) {
    // Never paid: the pending row goes, so it does not count against the client's open purchases.
    getDb()
      .delete(packageHoldings)
      .where(and(eq(packageHoldings.id, holding.holdingId), eq(packageHoldings.status, 'pending')))
      .run()
    log.error({ err: error }, '[packages] the payment provider failed')
    throw new AppError(
      isStripeError(error) && error.type === 'StripeCardError' ? error.message : PAYMENT_PROVIDER_FAILED,
      502,
    )
  }
}

/** A package's id in a payment's metadata, or null when the payment is not a package's. */
export function packageHoldingIdOf(metadata: Record<string, string> | null | undefined) {
  const id = Number(metadata?.packageHoldingId)
  return Number.isInteger(id) && id > 0 ? id : null
}

/**
 * A package's payment succeeded (the webhook): recorded with its receipt; a second payment for
 * a package already paid goes straight back.
 */
export async function packagePaid(
  payment: { holdingId: number; paymentIntentId: string; card?: Parameters<typeof recordPackagePayment>[0]['card'] },
  now = new Date(),
) {
  const outcome = recordPackagePayment(payment, now)
  if (outcome === 'paid') await sendPackageBought(payment.holdingId)
  if (outcome === 'second_payment') {
    const stripe = await getStripe()
    await stripe.refunds.create(
      {
        payment_intent: payment.paymentIntentId,
        reverse_transfer: true,
        refund_application_fee: true,
        metadata: { packageHoldingId: String(payment.holdingId) },
      },
      { idempotencyKey: `package-second-payment-${payment.paymentIntentId}` },
    )
  }
  if (outcome === 'unknown')
    log.warn(logLine`[packages] payment ${payment.paymentIntentId}: no package ${payment.holdingId}`)
  return outcome
}
