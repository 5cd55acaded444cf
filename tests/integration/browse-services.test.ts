import { beforeAll, describe, expect, test } from 'vitest'
import { SERVICE_CATEGORIES } from '~/db/enums'
import type { ServiceCardData, ServiceDetail } from '~/models/marketplace/service'
import * as categoriesApi from '~/routes/api.categories'
import * as serviceApi from '~/routes/api.services.$id'
import * as servicesApi from '~/routes/api.services._index'
import * as popularApi from '~/routes/api.services.popular'
import { createListedPractitioner, insertService, updateServiceRow, getApi } from '../helpers'

/**
 * Services browse through GET /api/services (and /popular, /:id, /api/categories), over one
 * fixed catalogue built once: the filters, search, pagination and popularity order.
 */

async function list(query = '') {
  const answer = await getApi<ServiceCardData[]>(servicesApi.loader, `/api/services${query}`)
  expect(answer.status).toBe(200)
  return answer
}

async function names(query = '') {
  return (await list(query)).body.map((s) => s.name).sort()
}

const STRENGTH_COUNT = 30
let practitioner: Awaited<ReturnType<typeof createListedPractitioner>>
const ids: Record<string, number> = {}

beforeAll(async () => {
  practitioner = await createListedPractitioner({
    firstName: 'Maya',
    lastName: 'Chen',
    title: 'Wellness Guide',
    bio: 'Calm and kind.',
  })
  const add = (name: string, values: Parameters<typeof insertService>[1]) => {
    ids[name] = insertService(practitioner.id, { name, ...values }).id
  }
  add('Gentle Morning Yoga', {
    category: 'Yoga',
    priceCents: 0,
    description: 'Stretch and wake up slowly.',
    isFreeIntro: true,
  })
  add('Mindful Breathing Basics', {
    category: 'Meditation',
    priceCents: 4999,
    description: 'A tranquil practice for busy minds.',
  })
  add('Plant-Based Meal Planning', { category: 'Nutrition', priceCents: 5000, description: 'Eat well every week.' })
  add('Stress Resilience Coaching', {
    category: 'Mental Wellness',
    priceCents: 10000,
    description: 'Tools for hard days.',
  })
  add('Reiki Energy Balance', { category: 'Holistic Health', priceCents: 10001, description: 'Hands-on energy work.' })
  add('Sound Bath', { category: 'Other', priceCents: 1, description: 'Gongs and bowls.' })
  add('Retired Yoga Flow', { category: 'Yoga', priceCents: 0, description: 'No longer offered.', isActive: false })
  for (let n = 1; n <= STRENGTH_COUNT; n++) {
    add(`Strength Circuit ${String(n).padStart(2, '0')}`, {
      category: 'Fitness',
      priceCents: 7500,
      description: 'Full-body workout.',
    })
  }
  // Popularity: rating, then review count, then booking count.
  updateServiceRow(ids['Reiki Energy Balance']!, { rating: 5, reviewCount: 10, bookingCount: 3 })
  updateServiceRow(ids['Sound Bath']!, { rating: 5, reviewCount: 10, bookingCount: 1 })
  updateServiceRow(ids['Plant-Based Meal Planning']!, { rating: 5, reviewCount: 2, bookingCount: 50 })
  updateServiceRow(ids['Stress Resilience Coaching']!, { rating: 4.5, reviewCount: 100, bookingCount: 90 })
  updateServiceRow(ids['Retired Yoga Flow']!, { rating: 5, reviewCount: 500, bookingCount: 500 })
})

const LISTED = 6 + STRENGTH_COUNT

describe('GET /api/services: the answer', () => {
  test('a list of service cards, money in dollars, with the count headers', async () => {
    const { body, headers } = await list()
    expect(Array.isArray(body)).toBe(true)
    expect(body).toHaveLength(24)
    expect(headers.get('X-Total-Count')).toBe(String(LISTED))
    expect(headers.get('X-Page')).toBe('1')
    expect(headers.get('X-Page-Count')).toBe('2')
    expect(headers.get('Content-Type')).toMatch(/application\/json/)
    const breathing = (await list('?search=breathing')).body[0]!
    expect(breathing).toEqual({
      id: ids['Mindful Breathing Basics'],
      name: 'Mindful Breathing Basics',
      description: 'A tranquil practice for busy minds.',
      // Written in English, with no French text (issue 48).
      descriptionLanguage: 'en',
      descriptionTranslation: null,
      category: 'Meditation',
      price: 49.99,
      duration: 60,
      imageUrl: null,
      rating: 0,
      reviewCount: 0,
      isFreeIntro: false,
      // The price is before tax; none by default (issue 44).
      taxKind: 'none',
      taxName: null,
      practitionerId: practitioner.id,
      practitioner: {
        id: practitioner.id,
        firstName: 'Maya',
        lastName: 'Chen',
        profileImageUrl: practitioner.profileImageUrl,
      },
    })
  })

  test('a free service has price 0 and its free-intro flag', async () => {
    const [yoga] = (await list('?search=gentle')).body
    expect(yoga).toMatchObject({ price: 0, isFreeIntro: true, category: 'Yoga' })
  })

  test('an inactive service is never listed', async () => {
    expect(await names('?category=Yoga')).toEqual(['Gentle Morning Yoga'])
    expect(await names('?search=retired')).toEqual([])
  })

  test('unknown parameters are ignored', async () => {
    const { headers } = await list('?foo=bar&sort=cheap')
    expect(headers.get('X-Total-Count')).toBe(String(LISTED))
  })
})

describe('filters', () => {
  test('category', async () => {
    expect(await names('?category=Nutrition')).toEqual(['Plant-Based Meal Planning'])
    expect(await names('?category=Mental%20Wellness')).toEqual(['Stress Resilience Coaching'])
    const fitness = await list('?category=Fitness')
    expect(fitness.headers.get('X-Total-Count')).toBe(String(STRENGTH_COUNT))
    expect(fitness.body.every((s) => s.category === 'Fitness')).toBe(true)
  })

  test('price ranges, at each boundary', async () => {
    expect(await names('?priceRange=free')).toEqual(['Gentle Morning Yoga'])
    // 0.01 and 49.99 are under 50; 50.00 is not.
    expect(await names('?priceRange=under50')).toEqual(['Mindful Breathing Basics', 'Sound Bath'])
    // 50.00 and 100.00 are both inside 50 to 100 (as are the 75.00 circuits).
    const mid = await list('?priceRange=50to100&search=planning')
    expect(mid.body.map((s) => s.price)).toEqual([50])
    expect((await list('?priceRange=50to100&search=stress')).body.map((s) => s.price)).toEqual([100])
    expect((await list('?priceRange=50to100')).headers.get('X-Total-Count')).toBe(String(2 + STRENGTH_COUNT))
    // 100.01 is over 100.
    expect(await names('?priceRange=over100')).toEqual(['Reiki Energy Balance'])
    expect((await list('?priceRange=over100')).body[0]!.price).toBe(100.01)
  })

  test('empty values mean "any"', async () => {
    const { headers } = await list('?search=&category=&priceRange=&page=')
    expect(headers.get('X-Total-Count')).toBe(String(LISTED))
  })

  test('combined filters all apply', async () => {
    expect(await names('?category=Fitness&priceRange=under50')).toEqual([])
    expect((await list('?category=Fitness&priceRange=50to100&search=circuit')).headers.get('X-Total-Count')).toBe(
      String(STRENGTH_COUNT),
    )
    expect(await names('?category=Yoga&priceRange=free&search=morning')).toEqual(['Gentle Morning Yoga'])
    expect(await names('?category=Meditation&search=yoga')).toEqual([])
  })
})

describe('search', () => {
  test('over the name, case-insensitive', async () => {
    expect(await names('?search=reiki')).toEqual(['Reiki Energy Balance'])
    expect(await names('?search=REIKI')).toEqual(['Reiki Energy Balance'])
    expect(await names('?search=%20%20Reiki%20%20')).toEqual(['Reiki Energy Balance'])
  })

  test('by word prefix: "yog" finds Yoga', async () => {
    expect(await names('?search=yog')).toEqual(['Gentle Morning Yoga'])
    expect(await names('?search=medit')).toEqual(['Mindful Breathing Basics'])
  })

  test('over the description', async () => {
    expect(await names('?search=tranquil')).toEqual(['Mindful Breathing Basics'])
    expect(await names('?search=gongs')).toEqual(['Sound Bath'])
  })

  test('over the category (every word must match)', async () => {
    expect(await names('?search=holistic')).toEqual(['Reiki Energy Balance'])
    expect(await names('?search=mental%20wellness')).toEqual(['Stress Resilience Coaching'])
    expect(await names('?search=mental%20yoga')).toEqual([])
  })

  test('FTS syntax characters are plain text, never an error', async () => {
    for (const text of [
      '"',
      '"yoga',
      'yoga*',
      'NEAR(yoga',
      'yoga OR',
      'AND',
      'name:yoga',
      '-yoga',
      '^yoga',
      '(',
      "'; DROP TABLE services;--",
      '*',
      '{name}:x',
    ]) {
      const answer = await getApi(servicesApi.loader, `/api/services?${new URLSearchParams({ search: text })}`)
      expect(answer.status, text).toBe(200)
    }
    expect(await names(`?${new URLSearchParams({ search: '"yog*' })}`)).toEqual(['Gentle Morning Yoga'])
    expect(await names(`?${new URLSearchParams({ search: 'name:reiki' })}`)).toEqual([])
    // Nothing searchable left: no search at all.
    const symbols = await list(`?${new URLSearchParams({ search: '*"()' })}`)
    expect(symbols.headers.get('X-Total-Count')).toBe(String(LISTED))
  })

  test('a search too long is refused', async () => {
    const answer = await getApi(servicesApi.loader, `/api/services?search=${'a'.repeat(101)}`)
    expect(answer).toMatchObject({ status: 400, body: { message: 'search must be at most 100 characters' } })
  })
})

describe('pagination', () => {
  test('24 per page; page 2 holds the rest, with no overlap', async () => {
    const first = await list('?page=1')
    const second = await list('?page=2')
    expect(first.body).toHaveLength(24)
    expect(second.body).toHaveLength(LISTED - 24)
    expect(second.headers.get('X-Page')).toBe('2')
    const all = new Set([...first.body, ...second.body].map((s) => s.id))
    expect(all.size).toBe(LISTED)
  })

  test('a page beyond the end answers the last page', async () => {
    const beyond = await list('?page=99')
    expect(beyond.headers.get('X-Page')).toBe('2')
    expect(beyond.headers.get('X-Page-Count')).toBe('2')
    expect(beyond.body.map((s) => s.id)).toEqual((await list('?page=2')).body.map((s) => s.id))
  })

  test('with a search: the total counts every match, the page holds 24', async () => {
    const first = await list('?search=strength')
    expect(first.headers.get('X-Total-Count')).toBe(String(STRENGTH_COUNT))
    expect(first.body).toHaveLength(24)
    expect((await list('?search=strength&page=2')).body).toHaveLength(STRENGTH_COUNT - 24)
  })

  test('no result: an empty list, one (empty) page', async () => {
    const none = await list('?search=nothingmatchesthis')
    expect(none.body).toEqual([])
    expect(none.headers.get('X-Total-Count')).toBe('0')
    expect(none.headers.get('X-Page')).toBe('1')
    expect(none.headers.get('X-Page-Count')).toBe('1')
  })
})

describe('popularity order', () => {
  test('rating, then review count, then booking count', async () => {
    const { body } = await list()
    expect(body.slice(0, 4).map((s) => s.name)).toEqual([
      'Reiki Energy Balance', // 5, 10 reviews, 3 bookings
      'Sound Bath', // 5, 10 reviews, 1 booking
      'Plant-Based Meal Planning', // 5, 2 reviews
      'Stress Resilience Coaching', // 4.5, 100 reviews
    ])
  })

  test('GET /api/services/popular: the top 3 by the same rule (hidden ones never)', async () => {
    const { status, body } = await getApi<ServiceCardData[]>(popularApi.loader, '/api/services/popular')
    expect(status).toBe(200)
    expect(body.map((s) => s.name)).toEqual(['Reiki Energy Balance', 'Sound Bath', 'Plant-Based Meal Planning'])
    expect(body[0]).toMatchObject({ price: 100.01, rating: 5, reviewCount: 10, practitioner: { id: practitioner.id } })
  })
})

describe('GET /api/services/:id', () => {
  test('the service with its details and practitioner (id, names, image, title, bio)', async () => {
    const id = ids['Plant-Based Meal Planning']!
    updateServiceRow(id, { details: ['Weekly plan', 'Shopping list'], imageUrl: '/uploads/images/meal.webp' })
    const { status, body } = await getApi<ServiceDetail>(serviceApi.loader, `/api/services/${id}`, { id: String(id) })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      id,
      name: 'Plant-Based Meal Planning',
      price: 50,
      duration: 60,
      category: 'Nutrition',
      imageUrl: '/uploads/images/meal.webp',
      details: ['Weekly plan', 'Shopping list'],
      practitionerId: practitioner.id,
      practitioner: {
        id: practitioner.id,
        firstName: 'Maya',
        lastName: 'Chen',
        profileImageUrl: practitioner.profileImageUrl,
        title: 'Wellness Guide',
        bio: 'Calm and kind.',
      },
    })
  })

  test('an inactive or unknown service: 404 { message }', async () => {
    for (const id of [ids['Retired Yoga Flow']!, 999_999]) {
      const answer = await getApi(serviceApi.loader, `/api/services/${id}`, { id: String(id) })
      expect(answer).toMatchObject({ status: 404, body: { message: 'Service not found' } })
    }
  })
})

test('GET /api/categories: the seven categories', async () => {
  const { status, body } = await getApi<string[]>(categoriesApi.loader, '/api/categories')
  expect(status).toBe(200)
  expect(body).toEqual([...SERVICE_CATEGORIES])
  expect(body).toEqual(['Yoga', 'Meditation', 'Nutrition', 'Mental Wellness', 'Fitness', 'Holistic Health', 'Other'])
})
