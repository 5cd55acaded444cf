import { sql, type SQL } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { formatDate } from '~/lib/dates'
import { toFtsQuery } from '~/lib/fts.server'
import { pageWindow } from '~/lib/paging'
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

const CARD_COLUMNS = sql.raw(
  `u.id, u.first_name AS firstName, u.last_name AS lastName, u.profile_image_url AS profileImageUrl,
   u.title, u.bio, u.rating, u.review_count AS reviewCount`,
)

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
  const found = getDb().all<{ userId: number; specialty: string }>(
    sql`SELECT user_id AS userId, specialty FROM user_specialties WHERE user_id IN ${rows.map((r) => r.id)} ORDER BY user_id, position`,
  )
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
  if (match) conditions.push(sql`u.id IN (SELECT rowid FROM people_fts WHERE people_fts MATCH ${match})`)
  if (filters.specialty) {
    conditions.push(
      sql`u.id IN (SELECT user_id FROM user_specialties WHERE specialty = ${filters.specialty} COLLATE NOCASE)`,
    )
  }
  const where = sql.join(conditions, sql` AND `)
  const total = memoForCatalogue(
    `practitioners:${JSON.stringify([filters.search, filters.specialty])}`,
    () => db.get<{ n: number }>(sql`SELECT count(*) AS n FROM users u WHERE ${where}`)?.n ?? 0,
  )
  const { page, pageCount, offset } = pageWindow(total, filters.page, PRACTITIONERS_PAGE_SIZE)
  const rows = db.all<CardRow>(
    sql`SELECT ${CARD_COLUMNS} FROM users u WHERE ${where} ORDER BY ${ORDERS[filters.sortBy]} LIMIT ${PRACTITIONERS_PAGE_SIZE} OFFSET ${offset}`,
  )
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
  const rows = getDb().all<CardRow>(
    sql`SELECT * FROM (SELECT ${CARD_COLUMNS} FROM users u WHERE ${PRACTITIONER_LISTED} ORDER BY ${ORDERS.rating} LIMIT 50) top
        ORDER BY top.rating DESC, top.reviewCount DESC,
          (SELECT count(*) FROM bookings b WHERE b.practitioner_id = top.id AND b.status = 'completed') DESC, top.id
        LIMIT ${limit}`,
  )
  return withSpecialties(rows)
}

/** Specialties of listed practitioners, for the filter list (kept until the next catalogue write). */
export function listSpecialties() {
  return memoForCatalogue('specialties', () =>
    getDb()
      .all<{ specialty: string }>(
        sql`SELECT DISTINCT us.specialty FROM user_specialties us JOIN users u ON u.id = us.user_id WHERE ${PRACTITIONER_LISTED} ORDER BY us.specialty COLLATE NOCASE`,
      )
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
  const row = getDb().get<CardRow>(
    sql`SELECT ${CARD_COLUMNS} FROM users u WHERE u.id = ${id} AND ${PRACTITIONER_LISTED}`,
  )
  if (!row) return null
  const [card] = withSpecialties([row])
  return { ...card!, reviews: listReviews(id) }
}

function listReviews(practitionerId: number): PublicReview[] {
  return getDb()
    .all<Omit<PublicReview, 'date'> & { createdAt: number }>(
      sql`SELECT r.id, r.rating, r.content, r.created_at AS createdAt,
            c.first_name || ' ' || substr(c.last_name, 1, 1) || '.' AS clientName, c.profile_image_url AS clientImage,
            s.name AS serviceName
          FROM reviews r JOIN users c ON c.id = r.client_id LEFT JOIN services s ON s.id = r.service_id
          WHERE r.practitioner_id = ${practitionerId} ORDER BY r.created_at DESC, r.id DESC LIMIT 100`,
    )
    .map(({ createdAt, ...review }) => ({ ...review, date: new Date(createdAt).toISOString() }))
}

/** The reviews with their dates written in the viewer's zone, so the page shows the server's. */
export function datedReviews(reviews: readonly PublicReview[], timeZone: string): DatedReview[] {
  return reviews.map((review) => ({ ...review, dateLabel: formatDate(review.date, timeZone) }))
}
