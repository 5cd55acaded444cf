import { sql } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { SERVICE_CATEGORIES } from '~/db/enums'
import { PRICE_RANGE_CENTS, PRICE_RANGES, SERVICES_PAGE_SIZE } from '~/models/marketplace/service'
import { ServiceFiltersSchema } from '~/models/marketplace/service-filters'
import { listServices } from '~/models/marketplace/service.server'
import { createListedPractitioner, insertService } from '../helpers'

/**
 * A filtered list is read two ways (docs/decisions/027-render-cache.md, `listServices`): through
 * the filter's index and a sort, or by walking the popularity index in order when the filter
 * matches many services. Whichever way is taken, every page is the one the plain query gives.
 */

beforeAll(async () => {
  const practitioner = await createListedPractitioner()
  const categories = SERVICE_CATEGORIES.slice(0, 3)
  for (let i = 0; i < 150; i += 1) {
    insertService(practitioner.id, {
      name: `Service ${i}`,
      category: categories[i % 3 === 0 ? 0 : i % 7 === 0 ? 2 : 1],
      priceCents: [0, 2500, 2500, 2500, 2500, 7500, 12500][i % 7],
      rating: (i * 37) % 6,
      reviewCount: (i * 13) % 5,
      bookingCount: i % 3,
    })
  }
})

function plainPage(filters: { category?: string; priceRange?: keyof typeof PRICE_RANGE_CENTS }, page: number) {
  const [min, max] = filters.priceRange ? PRICE_RANGE_CENTS[filters.priceRange] : [0, null]
  return getDb()
    .all<{ id: number }>(
      sql`SELECT s.id FROM services s WHERE s.is_listed = 1
          ${filters.category ? sql`AND s.category = ${filters.category}` : sql``}
          AND s.price_cents >= ${min} ${max !== null ? sql`AND s.price_cents < ${max}` : sql``}
          ORDER BY s.rating DESC, s.review_count DESC, s.booking_count DESC, s.id DESC
          LIMIT ${SERVICES_PAGE_SIZE} OFFSET ${(page - 1) * SERVICES_PAGE_SIZE}`,
    )
    .map((row) => row.id)
}

test('every page of every filter is the plain query’s page, in the same order', () => {
  const filters = [
    {},
    ...SERVICE_CATEGORIES.slice(0, 3).map((category) => ({ category })),
    ...PRICE_RANGES.map(([priceRange]) => ({ priceRange })),
    ...SERVICE_CATEGORIES.slice(0, 2).flatMap((category) =>
      PRICE_RANGES.map(([priceRange]) => ({ category, priceRange })),
    ),
  ]
  let pagesChecked = 0
  for (const filter of filters) {
    const first = listServices(ServiceFiltersSchema.parse(filter))
    for (let page = 1; page <= first.pageCount; page += 1) {
      const listed = listServices(ServiceFiltersSchema.parse({ ...filter, page: String(page) }))
      expect(
        listed.services.map((s) => s.id),
        `${JSON.stringify(filter)} page ${page}`,
      ).toEqual(plainPage(filter as Parameters<typeof plainPage>[0], page))
      pagesChecked += 1
    }
  }
  expect(pagesChecked).toBeGreaterThan(filters.length)
})
