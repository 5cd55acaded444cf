import path from 'node:path'
import { UNSAFE_flatRoutes as flatRoutes } from '@remix-run/dev'
import { matchRoutes } from '@remix-run/react'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { drizzleConnection, getDb } from '~/db/client.server'
import { PractitionerFiltersSchema } from '~/models/marketplace/practitioner-filters'
import {
  listPractitioners,
  getFeaturedPractitioners,
  getPractitionerProfile,
  listSpecialties,
} from '~/models/marketplace/practitioner.server'
import { ServiceFiltersSchema } from '~/models/marketplace/service-filters'
import {
  getPopularServices,
  getPublicService,
  listPractitionerServices,
  listServices,
} from '~/models/marketplace/service.server'
import * as categoriesApi from '~/routes/api.categories'
import * as messagesApi from '~/routes/api.messages'
import * as practitionerApi from '~/routes/api.practitioners.$id._index'
import * as practitionerServicesApi from '~/routes/api.practitioners.$id.services'
import * as practitionersApi from '~/routes/api.practitioners._index'
import * as featuredApi from '~/routes/api.practitioners.featured'
import * as reviewsApi from '~/routes/api.reviews'
import * as serviceApi from '~/routes/api.services.$id'
import * as servicesApi from '~/routes/api.services._index'
import * as popularApi from '~/routes/api.services.popular'
import * as specialtiesApi from '~/routes/api.specialties'
import * as slotsApi from '~/routes/api.time-slots.$serviceId.$date'
import { seedDemo } from '~/seed/demo'
import { callApi, getRequest, jsonRequest, type RouteFunction, getApi } from '../helpers'

/**
 * The browse API as a whole, over the demo seed: which file answers which URL, methods, ids,
 * query validation, and how many SQL statements a listing runs.
 */

beforeAll(async () => {
  expect(await seedDemo(getDb())).toBe('seeded')
})

describe('URL mapping (flat routes, as app/routes.ts builds them)', () => {
  const appDirectory = path.resolve(import.meta.dirname, '../../app')
  const manifest = flatRoutes(appDirectory, ['**/*.test.{ts,tsx}'], 'routes')

  type Node = { id: string; path?: string; index?: boolean; children?: Node[] }
  function tree(parentId: string): Node[] {
    return Object.values(manifest)
      .filter((route) => route.parentId === parentId)
      .map((route) => ({ id: route.id, path: route.path, index: route.index, children: tree(route.id) }))
  }
  const routes = [{ id: 'root', path: '/', children: tree('root') }] as Parameters<typeof matchRoutes>[0]

  function leaf(url: string) {
    const matches = matchRoutes(routes, url)
    const last = matches?.at(-1)
    return { id: last?.route.id, params: { ...last?.params } }
  }

  test.each([
    ['/api/services', 'routes/api.services._index', {}],
    ['/api/services/popular', 'routes/api.services.popular', {}],
    ['/api/services/42', 'routes/api.services.$id', { id: '42' }],
    ['/api/categories', 'routes/api.categories', {}],
    ['/api/specialties', 'routes/api.specialties', {}],
    ['/api/practitioners', 'routes/api.practitioners._index', {}],
    ['/api/practitioners/featured', 'routes/api.practitioners.featured', {}],
    ['/api/practitioners/7', 'routes/api.practitioners.$id._index', { id: '7' }],
    ['/api/practitioners/7/services', 'routes/api.practitioners.$id.services', { id: '7' }],
    ['/api/time-slots/3/2031-01-15', 'routes/api.time-slots.$serviceId.$date', { serviceId: '3', date: '2031-01-15' }],
    ['/api/reviews', 'routes/api.reviews', {}],
    ['/api/messages', 'routes/api.messages', {}],
    ['/api/services/42/extra', 'routes/api.$', { '*': 'services/42/extra' }],
  ])('%s → %s', (url, id, params) => {
    const found = leaf(url)
    expect(found.id).toBe(id)
    expect(found.params).toMatchObject(params)
  })

  test('the matched modules answer through their loaders', async () => {
    const modules: Record<string, { loader: RouteFunction }> = {
      'routes/api.services.popular': popularApi,
      'routes/api.practitioners.featured': featuredApi,
      'routes/api.categories': categoriesApi,
    }
    for (const url of ['/api/services/popular', '/api/practitioners/featured', '/api/categories']) {
      const { id, params } = leaf(url)
      const answer = await getApi(modules[id!]!.loader, url, params as Record<string, string>)
      expect(answer.status).toBe(200)
      expect(Array.isArray(answer.body)).toBe(true)
    }
  })
})

describe('the home queries on the demo seed', () => {
  test('3 popular services, in popularity order, all listed', async () => {
    const { body } = await getApi(popularApi.loader, '/api/services/popular')
    expect(body).toHaveLength(3)
    for (let i = 1; i < body.length; i++) {
      const [a, b] = [body[i - 1], body[i]]
      expect(a.rating > b.rating || (a.rating === b.rating && a.reviewCount >= b.reviewCount)).toBe(true)
    }
    for (const service of body) expect(getPublicService(service.id)).not.toBeNull()
  })

  test('4 featured practitioners, each with a public profile', async () => {
    const { body } = await getApi(featuredApi.loader, '/api/practitioners/featured')
    expect(body).toHaveLength(4)
    for (const person of body) expect(getPractitionerProfile(person.id)).not.toBeNull()
  })

  test('services, practitioners and specialties are there', async () => {
    const services = await getApi(servicesApi.loader, '/api/services')
    expect(Number(services.headers.get('X-Total-Count'))).toBeGreaterThan(0)
    const practitioners = await getApi(practitionersApi.loader, '/api/practitioners')
    expect(Number(practitioners.headers.get('X-Total-Count'))).toBeGreaterThan(0)
    expect((await getApi(specialtiesApi.loader, '/api/specialties')).body.length).toBeGreaterThan(0)
  })
})

describe('405 for other methods, with an Allow header', () => {
  const readOnly: [string, RouteFunction, Record<string, string>][] = [
    ['/api/services/popular', popularApi.action, {}],
    ['/api/categories', categoriesApi.action, {}],
    ['/api/specialties', specialtiesApi.action, {}],
    ['/api/practitioners', practitionersApi.action, {}],
    ['/api/practitioners/featured', featuredApi.action, {}],
    ['/api/practitioners/1', practitionerApi.action, { id: '1' }],
    ['/api/practitioners/1/services', practitionerServicesApi.action, { id: '1' }],
    ['/api/time-slots/1/2031-01-15', slotsApi.action, { serviceId: '1', date: '2031-01-15' }],
  ]

  test.each(readOnly)('POST, PUT, PATCH, DELETE %s', async (url, action, params) => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const answer = await callApi(action, jsonRequest(url, method, {}), params)
      expect(answer, method).toMatchObject({ status: 405, body: { message: 'Method not allowed' } })
      expect(answer.headers.get('Allow')).toBe('GET')
    }
  })

  test.each([['/api/reviews', reviewsApi]] as const)('%s: GET and PUT', async (url, module) => {
    const read = await callApi(module.loader, getRequest(url))
    expect(read.status).toBe(405)
    expect(read.headers.get('Allow')).toBe('POST')
    const put = await callApi(module.action, jsonRequest(url, 'PUT', {}))
    expect(put.status).toBe(405)
    expect(put.headers.get('Allow')).toBe('POST')
  })

  test('/api/messages: GET lists (401 signed out), PUT answers 405 with Allow: GET, POST', async () => {
    expect((await callApi(messagesApi.loader, getRequest('/api/messages'))).status).toBe(401)
    const put = await callApi(messagesApi.action, jsonRequest('/api/messages', 'PUT', {}))
    expect(put.status).toBe(405)
    expect(put.headers.get('Allow')).toBe('GET, POST')
  })
})

describe('ids in the path', () => {
  const malformed = ['abc', '0', '-1', '1.5', '1e3', '0x10', ' 1', '99999999999999999999', '']

  test.each([
    ['/api/services/', serviceApi.loader, 'Service not found'],
    ['/api/practitioners/', practitionerApi.loader, 'Practitioner not found'],
  ] as const)('%s:id unknown or not a number: 404 { message }', async (prefix, loader, message) => {
    for (const id of [...malformed, '999999']) {
      const answer = await getApi(loader, `${prefix}${encodeURIComponent(id)}`, { id })
      expect(answer, id).toMatchObject({ status: 404, body: { message } })
    }
  })

  test('/api/practitioners/:id/services and /api/time-slots/:serviceId too', async () => {
    for (const id of [...malformed, '999999']) {
      const services = await getApi(practitionerServicesApi.loader, `/api/practitioners/x/services`, { id })
      expect(services, id).toMatchObject({ status: 404, body: { message: 'Practitioner not found' } })
      const slots = await getApi(slotsApi.loader, `/api/time-slots/x/2031-01-15`, { serviceId: id, date: '2031-01-15' })
      expect(slots, id).toMatchObject({ status: 404, body: { message: 'Service not found' } })
    }
  })
})

describe('query validation: 400 { message }', () => {
  test.each([
    [
      '/api/services?category=Dance',
      'category must be one of: Yoga, Meditation, Nutrition, Mental Wellness, Fitness, Holistic Health, Other',
    ],
    [
      '/api/services?category=yoga',
      'category must be one of: Yoga, Meditation, Nutrition, Mental Wellness, Fitness, Holistic Health, Other',
    ],
    ['/api/services?priceRange=cheap', 'priceRange must be one of: free, under50, 50to100, over100'],
    ['/api/services?page=0', 'page must be a whole number of 1 or more'],
    ['/api/services?page=-2', 'page must be a whole number of 1 or more'],
    ['/api/services?page=1.5', 'page must be a whole number of 1 or more'],
    ['/api/services?page=two', 'page must be a whole number of 1 or more'],
    ['/api/services?page=10001', 'page is too large'],
  ])('%s', async (url, message) => {
    expect(await getApi(servicesApi.loader, url)).toMatchObject({ status: 400, body: { message } })
  })

  test.each([
    ['/api/practitioners?sortBy=price', 'sortBy must be one of: rating, reviews, name'],
    ['/api/practitioners?page=0', 'page must be a whole number of 1 or more'],
    ['/api/practitioners?page=abc', 'page must be a whole number of 1 or more'],
    [`/api/practitioners?search=${'q'.repeat(101)}`, 'search must be at most 100 characters'],
  ])('%s', async (url, message) => {
    expect(await getApi(practitionersApi.loader, url)).toMatchObject({ status: 400, body: { message } })
  })
})

describe('SQL statements per request (no per-row queries)', () => {
  afterEach(() => vi.restoreAllMocks())

  /** As after a catalogue write: the counts and lists kept in memory (memoForCatalogue) are read again. */
  function catalogueChanged() {
    getDb().$client.exec('UPDATE catalogue_version SET version = version + 1 WHERE id = 1')
  }

  /**
   * Every query drizzle runs asks its connection for a statement (kept or new); the catalogue
   * version's own read is not one of them. Counted after a catalogue write, so nothing comes
   * from memory.
   */
  function countStatements<T>(run: () => T) {
    catalogueChanged()
    const prepare = vi.spyOn(drizzleConnection(), 'prepare')
    const result = run()
    const count = prepare.mock.calls.length
    prepare.mockRestore()
    return { result, count }
  }

  test('listServices: 2 statements for a full page of 24, the same for a shorter page; 3 for a search', () => {
    const full = countStatements(() => listServices(ServiceFiltersSchema.parse({})))
    expect(full.result.services).toHaveLength(24)
    // The count and the page.
    expect(full.count).toBe(2)
    const last = countStatements(() => listServices(ServiceFiltersSchema.parse({ page: '999' })))
    expect(last.count).toBe(full.count)
    // The count, the ranking (kept for its other pages) and the page's cards.
    const searched = countStatements(() =>
      listServices(ServiceFiltersSchema.parse({ search: 'yoga', priceRange: 'over100' })),
    )
    expect(searched.count).toBe(3)
  })

  test('listPractitioners: at most 3 statements whatever the page holds', () => {
    const all = countStatements(() => listPractitioners(PractitionerFiltersSchema.parse({})))
    expect(all.result.practitioners.length).toBeGreaterThan(1)
    // The count, the page, and the page's specialties in one statement.
    expect(all.count).toBe(3)
    const one = countStatements(() =>
      listPractitioners(PractitionerFiltersSchema.parse({ sortBy: 'name', search: 'a' })),
    )
    expect(one.count).toBeLessThanOrEqual(all.count)
    const none = countStatements(() => listPractitioners(PractitionerFiltersSchema.parse({ search: 'zzzznobody' })))
    expect(none.count).toBeLessThanOrEqual(all.count)
  })

  test('the home and profile queries are a fixed few too', () => {
    expect(countStatements(() => getPopularServices(3)).count).toBe(1)
    expect(countStatements(() => getFeaturedPractitioners(4)).count).toBeLessThanOrEqual(2)
    expect(countStatements(() => listSpecialties()).count).toBe(1)
    const featured = getFeaturedPractitioners(1)[0]!
    expect(countStatements(() => getPractitionerProfile(featured.id)).count).toBeLessThanOrEqual(3)
    expect(countStatements(() => listPractitionerServices(featured.id)).count).toBe(1)
    // All kept until the catalogue changes: a repeat reads none of them again.
    const readAll = () => {
      getPractitionerProfile(featured.id)
      listPractitionerServices(featured.id)
      getPopularServices(3)
      getFeaturedPractitioners(4)
    }
    readAll()
    const prepare = vi.spyOn(drizzleConnection(), 'prepare')
    readAll()
    expect(prepare).not.toHaveBeenCalled()
  })

  test('until the catalogue changes, a repeat runs nothing and a new page its cards: the count, the ranking, the specialties and the pages seen are in memory', () => {
    const filters = ServiceFiltersSchema.parse({ search: 'yoga' })
    expect(countStatements(() => listServices(filters)).count).toBe(3)
    expect(listSpecialties().length).toBeGreaterThan(0)
    const prepare = vi.spyOn(drizzleConnection(), 'prepare')
    listServices(filters)
    listServices({ ...filters, page: 2 })
    listSpecialties()
    expect(prepare.mock.calls.length).toBe(1)
  })

  test('GET /api/services with 24 results runs the same statements as the model', async () => {
    catalogueChanged()
    const prepare = vi.spyOn(drizzleConnection(), 'prepare')
    const answer = await getApi(servicesApi.loader, '/api/services?page=1')
    expect(answer.body).toHaveLength(24)
    expect(prepare.mock.calls.length).toBe(2)
  })
})
