import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { getDb } from '~/db/client.server'
import { bookings, reviews, services, users, userSpecialties } from '~/db/schema'
import { formatDate } from '~/lib/dates'
import { toFtsQuery } from '~/lib/fts.server'
import { currentLanguage, tFor } from '~/lib/i18n/i18n.server'
import type { Language } from '~/lib/i18n/languages'
import { pageWindow } from '~/lib/paging'
import { professionName } from '~/models/practice/professions'
import { memoForCatalogue } from './catalogue-version.server'
import {
  PRACTITIONERS_PAGE_SIZE,
  type DatedReview,
  type PractitionerCardData,
  type PractitionerProfile,
  type PublicReview,
} from './practitioner'
import { PRACTITIONER_LISTED } from './service.server'
import type { PractitionerFilters } from './practitioner-filters'

/** `users u`: the listing rule (PRACTITIONER_LISTED) and the orders below name it so. */
const u = alias(users, 'u')

const CARD_COLUMNS = {
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  profileImageUrl: u.profileImageUrl,
  title: u.title,
  bio: u.bio,
  rating: u.rating,
  reviewCount: u.reviewCount,
}

/** Orders an index can serve directly (users_practitioner_rating_idx), so no page sorts them all. */
const ORDERS: Record<PractitionerFilters['sortBy'], SQL> = {
  rating: sql`u.rating DESC, u.review_count DESC, u.id DESC`,
  reviews: sql`u.review_count DESC, u.rating DESC, u.id DESC`,
  name: sql`u.first_name COLLATE NOCASE, u.last_name COLLATE NOCASE, u.id`,
}

type CardRow = Omit<PractitionerCardData, 'specialties'>

/** The specialties of these practitioners, in their chosen order: one statement for a page. */
function withSpecialties(rows: CardRow[]): PractitionerCardData[] {
  if (!rows.length) return []
  const found = getDb()
    .select({ userId: userSpecialties.userId, specialty: userSpecialties.specialty })
    .from(userSpecialties)
    .where(
      inArray(
        userSpecialties.userId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(userSpecialties.userId, userSpecialties.position)
    .all()
  const byUser = new Map<number, string[]>()
  for (const { userId, specialty } of found) byUser.set(userId, [...(byUser.get(userId) ?? []), specialty])
  return rows.map((row) => ({ ...row, specialties: byUser.get(row.id) ?? [] }))
}

/**
 * A page of listed practitioners matching the search (name, title, bio, specialties, through
 * FTS5) and specialty, in the chosen order, and how many match. The count and each page shown
 * are kept in memory until the next catalogue write (memoForCatalogue): the cards show only
 * practitioners, their specialties and ratings, whose every write moves the version.
 */
export function listPractitioners(filters: PractitionerFilters) {
  const key = JSON.stringify([filters.search, filters.specialty, filters.sortBy, filters.page])
  return memoForCatalogue(`practitioners-page:${key}`, () => readPractitionersPage(filters))
}

function readPractitionersPage(filters: PractitionerFilters) {
  const db = getDb()
  const match = toFtsQuery(filters.search)
  const conditions: SQL[] = [PRACTITIONER_LISTED]
  // Raw: an FTS5 MATCH, which drizzle has no builder for.
  if (match) conditions.push(sql`u.id IN (SELECT rowid FROM people_fts WHERE people_fts MATCH ${match})`)
  if (filters.specialty) {
    const withSpecialty = db
      .select({ userId: userSpecialties.userId })
      .from(userSpecialties)
      .where(sql`${userSpecialties.specialty} = ${filters.specialty} COLLATE NOCASE`)
    conditions.push(inArray(u.id, withSpecialty))
  }
  const where = sql.join(conditions, sql` AND `)
  const total = memoForCatalogue(
    `practitioners:${JSON.stringify([filters.search, filters.specialty])}`,
    () => db.select({ n: count() }).from(u).where(where).get()?.n ?? 0,
  )
  const { page, pageCount, offset } = pageWindow(total, filters.page, PRACTITIONERS_PAGE_SIZE)
  const rows = db
    .select(CARD_COLUMNS)
    .from(u)
    .where(where)
    .orderBy(ORDERS[filters.sortBy])
    .limit(PRACTITIONERS_PAGE_SIZE)
    .offset(offset)
    .all()
  return { practitioners: withSpecialties(rows), total, page, pageCount, pageSize: PRACTITIONERS_PAGE_SIZE }
}

/**
 * The home page's "Meet Our Wellness Experts": highest rating, then most reviews, then most
 * completed sessions. Sessions are counted only for the top 50 by rating, so the page never
 * counts every practitioner's bookings; the answer is kept until the next catalogue write.
 */
export function getFeaturedPractitioners(limit = 4) {
  return memoForCatalogue(`featured:${limit}`, () => readFeaturedPractitioners(limit))
}

function readFeaturedPractitioners(limit: number) {
  const db = getDb()
  const top = db.select(CARD_COLUMNS).from(u).where(PRACTITIONER_LISTED).orderBy(ORDERS.rating).limit(50).as('top')
  const completedSessions = db
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.practitionerId, top.id), eq(bookings.status, 'completed')))
  const rows = db
    .select()
    .from(top)
    .orderBy(desc(top.rating), desc(top.reviewCount), sql`(${completedSessions}) DESC`, top.id)
    .limit(limit)
    .all()
  return withSpecialties(rows)
}

/** Specialties of listed practitioners, for the filter list (kept until the next catalogue write). */
export function listSpecialties() {
  return memoForCatalogue('specialties', () =>
    getDb()
      .selectDistinct({ specialty: userSpecialties.specialty })
      .from(userSpecialties)
      .innerJoin(u, eq(u.id, userSpecialties.userId))
      .where(PRACTITIONER_LISTED)
      .orderBy(sql`${userSpecialties.specialty} COLLATE NOCASE`)
      .all()
      .map((r) => r.specialty),
  )
}

/**
 * A listed practitioner with specialties and reviews (newest first), or null. Kept until the
 * next catalogue write, like the listing: a reviewer's name or picture moves the version too.
 */
export function getPractitionerProfile(id: number): PractitionerProfile | null {
  return memoForCatalogue(`practitioner:${id}`, () => readPractitionerProfile(id))
}

function readPractitionerProfile(id: number): PractitionerProfile | null {
  const row = getDb()
    .select({
      ...CARD_COLUMNS,
      profession: u.profession,
      professionOther: u.professionOther,
      regulatoryBody: u.regulatoryBody,
      registrationNumber: u.registrationNumber,
    })
    .from(u)
    .where(and(eq(u.id, id), PRACTITIONER_LISTED))
    .get()
  if (!row) return null
  const { profession, professionOther, regulatoryBody, registrationNumber, ...cardRow } = row
  const [card] = withSpecialties([cardRow])
  return {
    ...card!,
    // In the reader's language, as the profile shows it.
    profession: professionName(profession, professionOther, tFor(currentLanguage(), 'practice')),
    regulatoryBody,
    registrationNumber,
    reviews: listReviews(id),
  }
}

function listReviews(practitionerId: number): PublicReview[] {
  const client = alias(users, 'c')
  return getDb()
    .select({
      id: reviews.id,
      rating: reviews.rating,
      content: reviews.content,
      createdAt: reviews.createdAt,
      clientName: sql<string>`${client.firstName} || ' ' || substr(${client.lastName}, 1, 1) || '.'`,
      clientImage: client.profileImageUrl,
      serviceName: services.name,
    })
    .from(reviews)
    .innerJoin(client, eq(client.id, reviews.clientId))
    .leftJoin(services, eq(services.id, reviews.serviceId))
    .where(eq(reviews.practitionerId, practitionerId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(100)
    .all()
    .map(({ createdAt, ...review }) => ({ ...review, date: createdAt.toISOString() }))
}

/** The reviews with their dates written in the viewer's zone and language, so the page shows the server's. */
export function datedReviews(reviews: readonly PublicReview[], timeZone: string, language: Language): DatedReview[] {
  return reviews.map((review) => ({ ...review, dateLabel: formatDate(review.date, timeZone, language) }))
}
