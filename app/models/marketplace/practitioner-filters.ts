import { z } from 'zod'
import { pageField } from './service-filters'

const emptyAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

/** Practitioner browse filters, shared by the /practitioners page and GET /api/practitioners. */
export const PractitionerFiltersSchema = z.object({
  search: z.preprocess(
    emptyAsUndefined,
    z.string().trim().max(100, 'search must be at most 100 characters').optional(),
  ),
  specialty: z.preprocess(
    emptyAsUndefined,
    z.string().trim().max(60, 'specialty must be at most 60 characters').optional(),
  ),
  sortBy: z.preprocess(
    emptyAsUndefined,
    z.enum(['rating', 'reviews', 'name'], { error: 'sortBy must be one of: rating, reviews, name' }).default('rating'),
  ),
  page: pageField,
})

export type PractitionerFilters = z.output<typeof PractitionerFiltersSchema>
