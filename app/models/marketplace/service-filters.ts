import { z } from 'zod'
import { SERVICE_CATEGORIES } from '~/db/enums'
import { msg } from '~/lib/i18n/message'
import { PRICE_RANGES, type PriceRange } from './service'

const PRICE_RANGE_VALUES = PRICE_RANGES.map(([value]) => value) as [PriceRange, ...PriceRange[]]

/** An empty select or box means "any": '' and absent are the same. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional())

const PAGE_INVALID = msg('marketplace:filters.pageInvalid')

export const pageField = optional(
  z.coerce
    .number({ error: PAGE_INVALID })
    .int(PAGE_INVALID)
    .min(1, PAGE_INVALID)
    .max(10_000, msg('marketplace:filters.pageTooLarge')),
).transform((v) => v ?? 1)

/** Services browse filters, shared by the /services page and GET /api/services. */
export const ServiceFiltersSchema = z.object({
  search: optional(
    z
      .string()
      .trim()
      .max(100, msg('marketplace:filters.searchTooLong', { max: 100 })),
  ),
  category: optional(
    z.enum(SERVICE_CATEGORIES, {
      error: msg('marketplace:filters.categoryInvalid', { values: SERVICE_CATEGORIES.join(', ') }),
    }),
  ),
  priceRange: optional(
    z.enum(PRICE_RANGE_VALUES, {
      error: msg('marketplace:filters.priceRangeInvalid', { values: PRICE_RANGE_VALUES.join(', ') }),
    }),
  ),
  page: pageField,
})

export type ServiceFilters = z.output<typeof ServiceFiltersSchema>
