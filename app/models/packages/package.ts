import { z } from 'zod'
import { msg } from '~/lib/i18n/message'
import { MAX_PRICE_DOLLARS } from '~/models/practice/service-form'

/**
 * Packages of sessions, client-safe (docs/decisions/051-packages.md): the practitioner's form and
 * `POST/PATCH /api/packages` share these schemas (the price in dollars, as `/api` speaks), and
 * the messages every screen and route shows (catalogue keys, `packages:`, shown in the reader's
 * language: docs/decisions/052-languages.md).
 */

export const MIN_SESSIONS = 2
export const MAX_SESSIONS = 50
export const MAX_EXPIRY_MONTHS = 36
/** Packages one practitioner may offer: the profile and the service page list them all. */
export const MAX_PACKAGES = 30
/** Purchases one client may leave open (Checkout not paid yet) at once. */
export const MAX_OPEN_PURCHASES = 3

export const PACKAGE_NOT_FOUND = msg('packages:errors.notFound')
export const HOLDING_NOT_FOUND = msg('packages:errors.notFound')
export const PACKAGE_UNAVAILABLE = msg('packages:errors.unavailable')
export const OWN_PACKAGE = msg('packages:errors.ownPackage')
export const TOO_MANY_PACKAGES = msg('packages:errors.tooManyPackages', { max: MAX_PACKAGES })
export const TOO_MANY_OPEN_PURCHASES = msg('packages:errors.tooManyOpenPurchases', { max: MAX_OPEN_PURCHASES })
export const TOO_MANY_PURCHASES = msg('packages:errors.tooManyPurchases')
export const FREE_SERVICE_PACKAGE = msg('packages:errors.freeService')
export const NO_PACKAGE_SESSION = msg('packages:errors.noSessionLeft')
export const NOTHING_TO_REFUND = msg('packages:errors.nothingToRefund')
export const PACKAGE_REFUND_FAILED = msg('packages:errors.refundFailed')
/** `date` as the reader writes it ('Mar 27, 2027', '27 mars 2027'). */
export const packageExpired = (date: string) => msg('packages:errors.expired', { date })
/* What the screen's toasts and the API's answers say once a change is made. */
export const PACKAGE_ADDED = msg('packages:toasts.added')
export const PACKAGE_UPDATED = msg('packages:toasts.updated')
export const PACKAGE_DELETED = msg('packages:toasts.deleted')
export const PACKAGE_RETIRED = msg('packages:toasts.retired')
export const RETIRED_KEEP_SESSIONS = msg('packages:toasts.retiredDescription')
export const SESSIONS_REFUNDED = msg('packages:toasts.refunded')
export const sessionsRefundedDescription = (sessions: number, amount: string) =>
  msg('packages:toasts.refundedDescription', { count: sessions, amount })
export const PACKAGE_NOT_SAVED = msg('packages:toasts.notSaved')
export const PACKAGE_REFUND_NOT_MADE = msg('packages:toasts.refundFailed')
export const PURCHASE_FAILED = msg('packages:toasts.purchaseFailed')

/** The booking page's choice to book with a package session (it adds how many are left). */
export const USE_PACKAGE_SESSION = msg('packages:usePackageSession')
/** Where a session's price would be, for one booked with a package session (paid with the package). */
export const PAID_WITH_PACKAGE = msg('packages:paidWithPackage')

const sessions = z.coerce
  .number({ error: msg('packages:errors.sessionsNumber') })
  .int(msg('packages:errors.sessionsWhole'))
  .min(MIN_SESSIONS, msg('packages:errors.sessionsMin', { min: MIN_SESSIONS }))
  .max(MAX_SESSIONS, msg('packages:errors.sessionsMax', { max: MAX_SESSIONS }))

const price = z.coerce
  .number({ error: msg('packages:errors.priceNumber') })
  .positive(msg('packages:errors.pricePositive'))
  .max(MAX_PRICE_DOLLARS, msg('packages:errors.priceMax', { max: MAX_PRICE_DOLLARS }))
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, msg('packages:errors.priceCents'))

const expiresInMonths = z.coerce
  .number({ error: msg('packages:errors.monthsNumber') })
  .int(msg('packages:errors.monthsWhole'))
  .min(1, msg('packages:errors.monthsMin'))
  .max(MAX_EXPIRY_MONTHS, msg('packages:errors.monthsMax', { max: MAX_EXPIRY_MONTHS }))

/** A form's checkbox or a JSON boolean: 'on', 'true', '1' and true are yes, anything else no. */
export const yes = z.preprocess((v) => v === true || v === 'on' || v === 'true' || v === '1', z.boolean())

/** `POST /api/packages` and the services screen's form: `{ serviceId, sessions, price, expiresInMonths, active? }`. */
export const PackageSchema = z.object({
  serviceId: z.coerce
    .number({ error: msg('packages:errors.serviceRequired') })
    .int()
    .positive(msg('packages:errors.serviceRequired')),
  sessions,
  price,
  expiresInMonths,
  active: z.preprocess((v) => (v === undefined ? true : v), yes).optional(),
})

/** `PATCH /api/packages/:id`: any of the offer's terms; what is left out stays. Terms bought already are copied on each purchase. */
export const PackagePatchSchema = z.object({
  sessions: sessions.optional(),
  price: price.optional(),
  expiresInMonths: expiresInMonths.optional(),
  active: z.boolean().optional(),
})

/** The screen's form for one package: every term and the switch (an unticked box is off). */
export const PackageFormSchema = PackageSchema.omit({ serviceId: true, active: true }).extend({ active: yes })

/** An offer as the public pages show it (cents; dollars at the edge). */
export type PackageOffer = {
  id: number
  serviceId: number
  serviceName: string
  sessions: number
  priceCents: number
  expiresInMonths: number
  perSessionCents: number
  savingPerSessionCents: number
}
