import { z } from 'zod'
import { msg } from '~/lib/i18n/message'
import { pageField } from './service-filters'

const emptyAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

/** Practitioner browse filters, shared by the /practitioners page and GET /api/practitioners. */
export const PractitionerFiltersSchema = z.object({
  search: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .max(100, msg('marketplace:filters.searchTooLong', { max: 100 }))
      .optional(),
  ),
  specialty: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .max(60, msg('marketplace:filters.specialtyTooLong', { max: 60 }))
      .optional(),
  ),
  sortBy: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['rating', 'reviews', 'name'], {
        error: msg('marketplace:filters.sortByInvalid', { values: 'rating, reviews, name' }),
      })
      .default('rating'),
  ),
  page: pageField,
})

export type PractitionerFilters = z.output<typeof PractitionerFiltersSchema>
