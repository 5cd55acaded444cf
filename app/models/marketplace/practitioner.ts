import { msg, type Message } from '~/lib/i18n/message'

/** Practitioner browse, shared by the /practitioners page and GET /api/practitioners. */
export const PRACTITIONER_SORTS = [
  ['rating', msg('marketplace:sorts.rating')],
  ['reviews', msg('marketplace:sorts.reviews')],
  ['name', msg('marketplace:sorts.name')],
] as const

export type PractitionerSort = (typeof PRACTITIONER_SORTS)[number][0]

export const PRACTITIONERS_PAGE_SIZE = 24

export const PRACTITIONER_NOT_FOUND = msg('marketplace:practitioner.notFound')

/**
 * The fallback specialty when a practitioner lists none, shown on their card: a specialty's
 * name like the others, which pages show in the reader's language (./specialties.ts).
 */
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

/**
 * A practitioner's page: the card, their reviews, and the professional details clients may see
 * (issue 44): the profession by its name, the regulatory college and the registration number.
 * The business address and the GST/HST number are for receipts only.
 */
export type PractitionerProfile = PractitionerCardData & {
  profession: string | null
  regulatoryBody: string | null
  registrationNumber: string | null
  reviews: PublicReview[]
}

/**
 * The parts of the trust line under a practitioner's name, "Registered Massage Therapist ·
 * College … · Reg. no. 12345", each shown with `translateMessage` and joined by ' · ': the
 * profession and the college as given, the registration number as a message. Empty when the
 * practitioner gave none.
 */
export function credentialsLine({
  profession,
  regulatoryBody,
  registrationNumber,
}: Pick<PractitionerProfile, 'profession' | 'regulatoryBody' | 'registrationNumber'>): Message[] {
  const registration = registrationNumber
    ? msg('marketplace:practitioner.registrationNumber', { number: registrationNumber })
    : null
  return [profession, regulatoryBody, registration].filter((part): part is string => Boolean(part))
}

/** A review with its date written in the viewer's zone ('Nov 21, 2026'), for the profile page. */
export type DatedReview = PublicReview & { dateLabel: string }
