import { z } from 'zod'
import { SERVICE_CATEGORIES } from '~/db/enums'
import { PRICE_RANGES, type PriceRange } from './service'

const PRICE_RANGE_VALUES = PRICE_RANGES.map(([value]) => value) as [PriceRange, ...PriceRange[]]

/** An empty select or box means "any": '' and absent are the same. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional())

export const pageField = optional(
  z.coerce
    .number({ error: 'page must be a whole number of 1 or more' })
    .int('page must be a whole number of 1 or more')
    .min(1, 'page must be a whole number of 1 or more')
    .max(10_000, 'page is too large'),
).transform((v) => v ?? 1)

/** Services browse filters, shared by the /services page and GET /api/services. */
export const ServiceFiltersSchema = z.object({
  search: optional(z.string().trim().max(100, 'search must be at most 100 characters')),
  category: optional(
    z.enum(SERVICE_CATEGORIES, { error: `category must be one of: ${SERVICE_CATEGORIES.join(', ')}` }),
  ),
  priceRange: optional(
    z.enum(PRICE_RANGE_VALUES, { error: 'priceRange must be one of: free, under50, 50to100, over100' }),
  ),
  page: pageField,
})

export type ServiceFilters = z.output<typeof ServiceFiltersSchema>
