import type { Language } from '~/lib/i18n/languages'
import { msg } from '~/lib/i18n/message'
import type { TaxKind } from '~/models/billing/tax'

/**
 * Services as the browse pages show them. No zod here, so cards and filters stay light in the
 * browser; the query schema is in service-filters.ts.
 */
export const PRICE_RANGES = [
  ['free', msg('marketplace:priceRanges.free')],
  ['under50', msg('marketplace:priceRanges.under50')],
  ['50to100', msg('marketplace:priceRanges.from50to100')],
  ['over100', msg('marketplace:priceRanges.over100')],
] as const

export type PriceRange = (typeof PRICE_RANGES)[number][0]

export const SERVICES_PAGE_SIZE = 24

export const SERVICE_NOT_FOUND = msg('marketplace:service.notFound')

/** Price bounds in cents for each range: [min inclusive, max exclusive). */
export const PRICE_RANGE_CENTS: Record<PriceRange, [number, number | null]> = {
  free: [0, 1],
  under50: [1, 5000],
  '50to100': [5000, 10001],
  over100: [10001, null],
}

/** A service as cards and the API show it (money in dollars, as the API speaks it). */
export type ServiceCardData = {
  id: number
  name: string
  /** As the practitioner wrote it, in `descriptionLanguage`; pages show `descriptionFor` the reader (./description.ts). */
  description: string
  descriptionLanguage: Language
  /** The same description in the other language, when the practitioner wrote one. */
  descriptionTranslation: string | null
  category: string
  price: number
  duration: number
  imageUrl: string | null
  rating: number
  reviewCount: number
  isFreeIntro: boolean
  /** The tax added to `price` when booked (none by default), and its name (null without tax). */
  taxKind: TaxKind
  taxName: string | null
  practitionerId: number
  practitioner: { id: number; firstName: string; lastName: string; profileImageUrl: string | null }
}

export type ServiceDetail = ServiceCardData & {
  details: string[]
  practitioner: ServiceCardData['practitioner'] & { title: string | null; bio: string | null }
}
