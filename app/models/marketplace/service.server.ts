import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { preparedOnce } from '~/db/prepared.server'
import { bookings, services, users } from '~/db/schema'
import { toFtsQuery } from '~/lib/fts.server'
import { pageWindow } from '~/lib/paging'
import { idFromParam } from '~/lib/route-params'
import { taxNameOf } from '~/models/billing/price-lines'
import { memoForCatalogue } from './catalogue-version.server'
import { PRICE_RANGE_CENTS, SERVICES_PAGE_SIZE, type ServiceCardData, type ServiceDetail } from './service'
import type { ServiceFilters } from './service-filters'

/**
 * Who and what the public sees (docs/decisions/004-the-listing-rule.md): a practitioner is
 * listed once the profile is complete (photo, title, bio) and while no admin has suspended them;
 * a service is listed when it is active, its practitioner is listed, and, if it costs money, the
 * practitioner can take payments.
 */
/** Over `users u`. */
const BLANK = `' ' || char(9, 10, 13)`
export const PRACTITIONER_LISTED = sql.raw(
  `u.is_practitioner = 1 AND u.suspended_at IS NULL AND trim(coalesce(u.profile_image_url, ''), ${BLANK}) <> '' AND trim(coalesce(u.title, ''), ${BLANK}) <> '' AND trim(coalesce(u.bio, ''), ${BLANK}) <> ''`,
)
/**
 * Over `services s`. The same rule, applied through `services.is_listed`, which triggers keep
 * exact (the `service_listing` view holds the rule in SQL: `drizzle/0001_browse.sql`, made again
 * with suspension in `drizzle/0007_admin.sql`).
 */
export const SERVICE_LISTED = sql.raw('s.is_listed = 1')

/** Most trusted first: rating, then how many reviews, then how often booked. */
const POPULARITY_ORDER = sql.raw('s.rating DESC, s.review_count DESC, s.booking_count DESC, s.id DESC')

/** `services s` and `users u`, as the rules above and the orders name them. */
const s = alias(services, 's')
const u = alias(users, 'u')

const CARD_COLUMNS = {
  id: s.id,
  name: s.name,
  description: s.description,
  descriptionLanguage: s.descriptionLanguage,
  descriptionTranslation: s.descriptionTranslation,
  category: s.category,
  priceCents: s.priceCents,
  duration: s.durationMinutes,
  imageUrl: s.imageUrl,
  rating: s.rating,
  reviewCount: s.reviewCount,
  isFreeIntro: s.isFreeIntro,
  taxKind: s.taxKind,
  practitionerId: s.practitionerId,
  firstName: u.firstName,
  lastName: u.lastName,
  profileImageUrl: u.profileImageUrl,
}

/** Services' cards with their practitioners, to be filtered and ordered. */
const cards = <T extends typeof CARD_COLUMNS>(columns: T) =>
  getDb().select(columns).from(s).innerJoin(u, eq(u.id, s.practitionerId))

type CardRow = ReturnType<ReturnType<typeof cards<typeof CARD_COLUMNS>>['all']>[number]

function toCard(row: CardRow): ServiceCardData {
  const { priceCents, firstName, lastName, profileImageUrl, isFreeIntro, ...rest } = row
  return {
    ...rest,
    price: priceCents / 100,
    isFreeIntro,
    // The price is before tax; cards show it so, and the service's page adds the tax's name.
    taxName: taxNameOf(row.taxKind),
    practitioner: { id: row.practitionerId, firstName, lastName, profileImageUrl },
  }
}

/**
 * The filters as SQL. `inOrder`: written so that SQLite cannot use the category and price
 * indexes (a unary `+` on the column), leaving it the popularity index to walk in order.
 */
function filterConditions(filters: Omit<ServiceFilters, 'page'>, { inOrder = false } = {}) {
  const category = inOrder ? sql.raw('+s.category') : sql.raw('s.category')
  const price = inOrder ? sql.raw('+s.price_cents') : sql.raw('s.price_cents')
  const conditions: SQL[] = [SERVICE_LISTED]
  if (filters.category) conditions.push(sql`${category} = ${filters.category}`)
  if (filters.priceRange) {
    const [min, max] = PRICE_RANGE_CENTS[filters.priceRange]
    conditions.push(sql`${price} >= ${min}`)
    if (max !== null) conditions.push(sql`${price} < ${max}`)
  }
  return sql.join(conditions, sql` AND `)
}

const filtersKey = (filters: Omit<ServiceFilters, 'page'>) =>
  JSON.stringify([filters.search, filters.category, filters.priceRange])

/**
 * How many services a filter matches, kept until the next catalogue write. `matching` is raw
 * SQL (a FROM and its WHERE) because a search joins the FTS5 table by MATCH, which drizzle has
 * no builder for.
 */
function countMatching(filters: Omit<ServiceFilters, 'page'>, matching: SQL) {
  return memoForCatalogue(
    `services:${filtersKey(filters)}`,
    () => getDb().select({ n: count() }).from(matching).get()?.n ?? 0,
  )
}

/** How many of a search's best matches are kept in order: 50 pages, 4 KB a search. */
const RANKED_IDS_KEPT = 1000

/**
 * A search's best matches in order (relevance, then popularity), kept until the next catalogue
 * write. Ranking is the search's whole cost: FTS5 scores every match (7,000 for "yoga" on the
 * benchmark's catalogue) before the page can be cut, for each visitor and each page.
 */
function rankedMatches(filters: Omit<ServiceFilters, 'page'>, matching: SQL) {
  return memoForCatalogue(`ranked:${filtersKey(filters)}`, () =>
    Int32Array.from(
      getDb()
        // Wrapped in sql: drizzle refuses a column of a table missing from the FROM it built,
        // and this FROM is raw.
        .select({ id: sql`${s.id}`.mapWith(s.id) })
        .from(matching)
        .orderBy(sql`f.rank, ${POPULARITY_ORDER}`)
        .limit(RANKED_IDS_KEPT)
        .all()
        .map((row) => row.id),
    ),
  )
}

/** These services' cards, in this order. */
function cardsInOrder(ids: ArrayLike<number>) {
  if (!ids.length) return []
  const rows = cards(CARD_COLUMNS)
    .where(inArray(s.id, Array.from(ids)))
    .all()
  const byId = new Map(rows.map((row) => [row.id, row]))
  return Array.from(ids, (id) => byId.get(id)!)
}

/**
 * One page of listed services matching the filters, and how many match in all. A search ranks
 * by relevance (FTS5's bm25), otherwise by popularity. The count and a search's first thousand
 * matches in order change only with the catalogue, so they are kept in memory until the next
 * catalogue write (memoForCatalogue); otherwise the page walks only the index to its offset and
 * joins the rows it shows afterwards, so page 500 costs about what page 1 costs.
 *
 * With a category or price filter and no search, SQLite would take the filter's index and
 * sort every match (40 ms for a common price range on 50,000 services). When the filter
 * matches many services, walking the popularity index in order and skipping the others finds
 * the page sooner: about (offset + page size) × listed / matching rows are read, against
 * `matching` rows to sort. The counts, kept in memory, decide.
 *
 * The page itself is kept too until the next catalogue write: its cards show only services and
 * their practitioners, whose every write moves the version. A signed-in visitor (never answered
 * from the render cache) browsing the same pages as others then costs no statement but the
 * version's.
 */
export function listServices(filters: ServiceFilters) {
  return memoForCatalogue(`services-page:${filtersKey(filters)}:${filters.page}`, () => readServicesPage(filters))
}

function readServicesPage(filters: ServiceFilters) {
  const match = toFtsQuery(filters.search)
  const where = filterConditions(filters)
  const matching = match
    ? sql`services_fts f JOIN services s ON s.id = f.rowid WHERE services_fts MATCH ${match} AND ${where}`
    : sql`services s WHERE ${where}`
  const total = countMatching(filters, matching)
  const { page, pageCount, offset } = pageWindow(total, filters.page, SERVICES_PAGE_SIZE)
  const window = { total, page, pageCount, pageSize: SERVICES_PAGE_SIZE }
  // A search's first 50 pages come from its kept ranking; further pages rank again.
  const ranked = match ? rankedMatches(filters, matching) : null
  if (ranked && (offset + SERVICES_PAGE_SIZE <= ranked.length || ranked.length < RANKED_IDS_KEPT)) {
    const ids = ranked.subarray(offset, offset + SERVICES_PAGE_SIZE)
    return { services: cardsInOrder(ids).map(toCard), ...window }
  }
  const filtered = Boolean(filters.category || filters.priceRange)
  const listed = !match && filtered ? countMatching({}, sql`services s WHERE ${SERVICE_LISTED}`) : 0
  const inOrder = listed > 0 && (offset + SERVICES_PAGE_SIZE) * listed < total * total
  const pageOf = inOrder ? sql`services s WHERE ${filterConditions(filters, { inOrder })}` : matching
  const order = match ? sql`f.rank, ${POPULARITY_ORDER}` : POPULARITY_ORDER
  // Raw: the page's ids come from `pageOf`, which a search writes with an FTS5 MATCH.
  const pageIds = sql`(
    SELECT s.id, ${match ? sql`f.rank` : sql`0`} AS rank FROM ${pageOf}
    ORDER BY ${order} LIMIT ${SERVICES_PAGE_SIZE} OFFSET ${offset}
  ) p`
  const rows = getDb()
    .select(CARD_COLUMNS)
    .from(pageIds)
    .innerJoin(s, eq(s.id, sql`p.id`))
    .innerJoin(u, eq(u.id, s.practitionerId))
    .orderBy(sql`p.rank, ${POPULARITY_ORDER}`)
    .all()
  return { services: rows.map(toCard), ...window }
}

/** The home page's "Popular Wellness Services" (kept until the next catalogue write). */
export function getPopularServices(limit = 3) {
  return memoForCatalogue(`popular:${limit}`, () =>
    cards(CARD_COLUMNS).where(SERVICE_LISTED).orderBy(POPULARITY_ORDER).limit(limit).all().map(toCard),
  )
}

/** A practitioner's listed services, for their public profile (kept until the next catalogue write). */
export function listPractitionerServices(practitionerId: number) {
  return memoForCatalogue(`practitioner-services:${practitionerId}`, () =>
    cards(CARD_COLUMNS)
      .where(sql`${s.practitionerId} = ${practitionerId} AND ${SERVICE_LISTED}`)
      .orderBy(sql`s.is_free_intro DESC, s.price_cents, s.id`)
      .all()
      .map(toCard),
  )
}

/** Prepared once: a service page reads it on every request. */
const publicService = preparedOnce(() =>
  cards({ ...CARD_COLUMNS, details: s.details, title: u.title, bio: u.bio })
    .where(and(eq(s.id, sql.placeholder('id')), SERVICE_LISTED))
    .prepare(),
)

/** A listed service with its details and practitioner, or null (hidden and missing look alike). */
export function getPublicService(id: number): ServiceDetail | null {
  const row = publicService().get({ id })
  if (!row) return null
  const { details, title, bio, ...cardRow } = row
  const card = toCard(cardRow)
  return { ...card, details, practitioner: { ...card.practitioner, title, bio } }
}

/**
 * Sets each service's booking count (confirmed and completed bookings) from the bookings;
 * the booking model calls it with the services it touched, the seed with none (all).
 */
export function recomputeBookingCounts(tx: Db | Tx, serviceIds?: number[]) {
  const booked = tx
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.serviceId, services.id), inArray(bookings.status, ['confirmed', 'completed'])))
  tx.update(services)
    .set({ bookingCount: sql`(${booked})` })
    .where(serviceIds ? inArray(services.id, serviceIds.length ? serviceIds : [-1]) : undefined)
    .run()
}

/** `getPublicService` for an id taken from a URL: a malformed id is simply not found. */
export function getPublicServiceByParam(param: string | undefined): ServiceDetail | null {
  const id = idFromParam(param)
  return id === null ? null : getPublicService(id)
}
