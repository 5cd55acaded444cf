import { centsToDollars } from '~/lib/money'
import type { HeldPackage } from './holdings.server'
import type { PackageOffer } from './package'
import type { OwnPackage } from './packages.server'

/** Packages as the JSON API answers them: dollars and ISO instants (only the /api routes call these). */

export function packageJson(own: OwnPackage) {
  return {
    id: own.id,
    serviceId: own.serviceId,
    serviceName: own.serviceName,
    sessions: own.sessions,
    price: centsToDollars(own.priceCents),
    expiresInMonths: own.expiresInMonths,
    active: own.active,
    held: own.held,
  }
}

export function offerJson(offer: PackageOffer) {
  return {
    id: offer.id,
    serviceId: offer.serviceId,
    serviceName: offer.serviceName,
    sessions: offer.sessions,
    price: centsToDollars(offer.priceCents),
    expiresInMonths: offer.expiresInMonths,
    pricePerSession: centsToDollars(offer.perSessionCents),
    savingPerSession: centsToDollars(offer.savingPerSessionCents),
  }
}

export function heldPackageJson(held: HeldPackage) {
  return {
    id: held.id,
    packageId: held.packageId,
    serviceId: held.serviceId,
    serviceName: held.serviceName,
    sessions: held.sessionsTotal,
    used: held.sessionsUsed,
    refunded: held.sessionsRefunded,
    remaining: held.expired ? 0 : held.remaining,
    delivered: held.delivered,
    paidAt: held.paidAt.toISOString(),
    expiresAt: held.expiresAt.toISOString(),
    expired: held.expired,
    amountPaid: centsToDollars(held.totalAmountCents),
    amountRefunded: centsToDollars(held.refundedAmountCents),
  }
}
