import { z } from 'zod'
import { pageField } from './service'

/** Practitioner browse (spec §2, §7 GET /api/practitioners), shared by the page and the API. */
export const PRACTITIONER_SORTS = [
  ['rating', 'Highest Rated'],
  ['reviews', 'Most Reviews'],
  ['name', 'Name (A-Z)'],
] as const

export type PractitionerSort = (typeof PRACTITIONER_SORTS)[number][0]

export const PRACTITIONERS_PAGE_SIZE = 24

const emptyAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

export const PractitionerFiltersSchema = z.object({
  search: z.preprocess(emptyAsUndefined, z.string().trim().max(100, 'search must be at most 100 characters').optional()),
  specialty: z.preprocess(emptyAsUndefined, z.string().trim().max(60, 'specialty must be at most 60 characters').optional()),
  sortBy: z.preprocess(
    emptyAsUndefined,
    z.enum(['rating', 'reviews', 'name'], { error: 'sortBy must be one of: rating, reviews, name' }).default('rating'),
  ),
  page: pageField,
})

export type PractitionerFilters = z.output<typeof PractitionerFiltersSchema>

/** The fallback specialty when a practitioner lists none (spec §2 practitioner card). */
export const FALLBACK_SPECIALTY = 'General Consultation'

export type PractitionerCardData = {
  id: number
  firstName: string
  lastName: string
  profileImageUrl: string | null
  title: string | null
  bio: string | null
  specialties: string[]
  rating: number
  reviewCount: number
}

export type PublicReview = {
  id: number
  rating: number
  content: string
  date: string
  clientName: string
  clientImage: string | null
  serviceName: string | null
}

export type PractitionerProfile = PractitionerCardData & { reviews: PublicReview[] }
