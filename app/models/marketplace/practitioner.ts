/** Practitioner browse, shared by the /practitioners page and GET /api/practitioners. */
export const PRACTITIONER_SORTS = [
  ['rating', 'Highest Rated'],
  ['reviews', 'Most Reviews'],
  ['name', 'Name (A-Z)'],
] as const

export type PractitionerSort = (typeof PRACTITIONER_SORTS)[number][0]

export const PRACTITIONERS_PAGE_SIZE = 24

export const PRACTITIONER_NOT_FOUND = 'Practitioner not found'

/** The fallback specialty when a practitioner lists none, shown on their card. */
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

/** A review with its date written in the viewer's zone ('Nov 21, 2026'), for the profile page. */
export type DatedReview = PublicReview & { dateLabel: string }
