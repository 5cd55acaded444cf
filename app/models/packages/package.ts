import { z } from 'zod'
import { MAX_PRICE_DOLLARS } from '~/models/practice/service-form'

/**
 * Packages of sessions, client-safe (docs/decisions/051-packages.md): the practitioner's form and
 * `POST/PATCH /api/packages` share these schemas (the price in dollars, as `/api` speaks), and
 * the texts every screen and route shows.
 */

export const MIN_SESSIONS = 2
export const MAX_SESSIONS = 50
export const MAX_EXPIRY_MONTHS = 36
/** Packages one practitioner may offer: the profile and the service page list them all. */
export const MAX_PACKAGES = 30
/** Purchases one client may leave open (Checkout not paid yet) at once. */
export const MAX_OPEN_PURCHASES = 3

export const PACKAGE_NOT_FOUND = 'Package not found'
export const HOLDING_NOT_FOUND = 'Package not found'
export const PACKAGE_UNAVAILABLE = 'This package is no longer offered.'
export const OWN_PACKAGE = 'You cannot buy your own package.'
export const TOO_MANY_PACKAGES = `You can offer at most ${MAX_PACKAGES} packages. Delete one before adding another.`
export const TOO_MANY_OPEN_PURCHASES = `You already have ${MAX_OPEN_PURCHASES} package purchases waiting for payment. Please finish or leave one before starting another.`
export const TOO_MANY_PURCHASES = 'You have started many package purchases in the last hour. Please wait a while.'
export const FREE_SERVICE_PACKAGE = 'A free service cannot be sold as a package.'
export const NO_PACKAGE_SESSION = 'You have no package sessions left for this service.'
export const NOTHING_TO_REFUND = 'This package has no unused sessions to refund.'
export const PACKAGE_REFUND_FAILED = 'The refund failed, so the sessions were kept. Please try again.'
export const packageExpired = (on: string) => `Your package for this service expired on ${on}, so it cannot be used.`
export const USE_PACKAGE_SESSION = 'Use a package session'
/** Where a session's price would be, for one booked with a package session (paid with the package). */
export const PAID_WITH_PACKAGE = 'Paid with a package'
export const BUY_PACKAGE = 'Buy package'

const sessions = z.coerce
  .number({ error: 'Sessions must be a number' })
  .int('Sessions must be a whole number')
  .min(MIN_SESSIONS, `A package has at least ${MIN_SESSIONS} sessions`)
  .max(MAX_SESSIONS, `A package has at most ${MAX_SESSIONS} sessions`)

const price = z.coerce
  .number({ error: 'Price must be a number' })
  .positive('Price must be more than 0')
  .max(MAX_PRICE_DOLLARS, `Price must be at most ${MAX_PRICE_DOLLARS}`)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Price can have at most 2 decimal places')

const expiresInMonths = z.coerce
  .number({ error: 'Validity must be a number of months' })
  .int('Validity must be a whole number of months')
  .min(1, 'A package stays valid at least 1 month')
  .max(MAX_EXPIRY_MONTHS, `A package stays valid at most ${MAX_EXPIRY_MONTHS} months`)

/** A form's checkbox or a JSON boolean: 'on', 'true', '1' and true are yes, anything else no. */
export const yes = z.preprocess((v) => v === true || v === 'on' || v === 'true' || v === '1', z.boolean())

/** `POST /api/packages` and the services screen's form: `{ serviceId, sessions, price, expiresInMonths, active? }`. */
export const PackageSchema = z.object({
  serviceId: z.coerce.number({ error: 'A service is required' }).int().positive('A service is required'),
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

/** '5 sessions · valid 6 months' */
export function packageTerms(offer: { sessions: number; expiresInMonths: number }) {
  const months = offer.expiresInMonths === 1 ? '1 month' : `${offer.expiresInMonths} months`
  return `${offer.sessions} sessions · valid ${months}`
}
