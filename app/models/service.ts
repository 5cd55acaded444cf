import { z } from 'zod'
import { SERVICE_CATEGORIES } from '~/db/enums'

/** Browse filters (spec §2 Services browse, §7 GET /api/services), shared by the page and the API. */
export const PRICE_RANGES = [
  ['free', 'Free'],
  ['under50', 'Under $50 CAD'],
  ['50to100', '$50 - $100 CAD'],
  ['over100', 'Over $100 CAD'],
] as const

export type PriceRange = (typeof PRICE_RANGES)[number][0]

export const SERVICES_PAGE_SIZE = 24

const PRICE_RANGE_VALUES = PRICE_RANGES.map(([value]) => value) as [PriceRange, ...PriceRange[]]

/** An empty select or box means "any": '' and absent are the same. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional())

export const pageField = optional(
  z.coerce.number({ error: 'page must be a whole number of 1 or more' }).int('page must be a whole number of 1 or more').min(1, 'page must be a whole number of 1 or more').max(10_000, 'page is too large'),
).transform((v) => v ?? 1)

export const ServiceFiltersSchema = z.object({
  search: optional(z.string().trim().max(100, 'search must be at most 100 characters')),
  category: optional(z.enum(SERVICE_CATEGORIES, { error: `category must be one of: ${SERVICE_CATEGORIES.join(', ')}` })),
  priceRange: optional(z.enum(PRICE_RANGE_VALUES, { error: 'priceRange must be one of: free, under50, 50to100, over100' })),
  page: pageField,
})

export type ServiceFilters = z.output<typeof ServiceFiltersSchema>

/** Price bounds in cents for each range: [min inclusive, max exclusive). */
export const PRICE_RANGE_CENTS: Record<PriceRange, [number, number | null]> = {
  free: [0, 1],
  under50: [1, 5000],
  '50to100': [5000, 10001],
  over100: [10001, null],
}

/** A service as cards and the API show it (money in dollars, spec §7). */
export type ServiceCardData = {
  id: number
  name: string
  description: string
  category: string
  price: number
  duration: number
  imageUrl: string | null
  rating: number
  reviewCount: number
  isFreeIntro: boolean
  practitionerId: number
  practitioner: { id: number; firstName: string; lastName: string; profileImageUrl: string | null }
}

export type ServiceDetail = ServiceCardData & {
  details: string[]
  practitioner: ServiceCardData['practitioner'] & { title: string | null; bio: string | null }
}
