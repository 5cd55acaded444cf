import { beforeAll, describe, expect, test } from 'vitest'
import type { PractitionerCardData, PractitionerProfile } from '~/models/marketplace/practitioner'
import type { ServiceCardData } from '~/models/marketplace/service'
import * as practitionerApi from '~/routes/api.practitioners.$id._index'
import * as practitionerServicesApi from '~/routes/api.practitioners.$id.services'
import * as practitionersApi from '~/routes/api.practitioners._index'
import * as featuredApi from '~/routes/api.practitioners.featured'
import * as specialtiesApi from '~/routes/api.specialties'
import {
  createListedPractitioner,
  createUser,
  insertCompletedSession,
  insertReview,
  insertService,
  updateUserRow,
  getApi,
} from '../helpers'

/**
 * Practitioners browse through GET /api/practitioners (and /featured, /:id, /:id/services,
 * /api/specialties), over one fixed set of people built once.
 */

async function list(query = '') {
  const answer = await getApi<PractitionerCardData[]>(practitionersApi.loader, `/api/practitioners${query}`)
  expect(answer.status).toBe(200)
  return answer
}

async function names(query = '') {
  return (await list(query)).body.map((p) => `${p.firstName} ${p.lastName}`)
}

type Person = Awaited<ReturnType<typeof createListedPractitioner>>
let maya: Person
let liam: Person
let bea: Person
let noah: Person
let hidden: Person
let client: Awaited<ReturnType<typeof createUser>>

beforeAll(async () => {
  maya = await createListedPractitioner({
    firstName: 'Maya',
    lastName: 'Chen',
    title: 'Registered Dietitian',
    bio: 'I help people heal their gut through food.',
    specialties: ['Nutrition', 'Gut Health'],
    rating: 4.8,
    reviewCount: 20,
  })
  liam = await createListedPractitioner({
    firstName: 'Liam',
    lastName: 'Park',
    title: 'Yoga Teacher',
    bio: 'Vinyasa and restorative classes.',
    specialties: ['Yoga', 'Breathwork'],
    rating: 4.8,
    reviewCount: 35,
  })
  await createListedPractitioner({
    firstName: 'aaron',
    lastName: 'Zimmer',
    title: 'Psychotherapist',
    bio: 'Anxiety and burnout, gently.',
    specialties: ['Anxiety', 'Mental Wellness'],
    rating: 5,
    reviewCount: 3,
  })
  bea = await createListedPractitioner({
    firstName: 'Bea',
    lastName: 'Quinn',
    title: 'Meditation Guide',
    bio: 'Sit with me.',
  })
  // Same rating and review count as Maya, later id, but more completed sessions.
  noah = await createListedPractitioner({
    firstName: 'Noah',
    lastName: 'Reed',
    title: 'Strength Coach',
    bio: 'Lift well, live well.',
    specialties: ['fitness'],
    rating: 4.8,
    reviewCount: 20,
  })
  hidden = await createListedPractitioner({
    firstName: 'Hidden',
    lastName: 'Person',
    bio: null,
    specialties: ['Hidden Specialty', 'Yoga'],
    rating: 5,
    reviewCount: 99,
  })
  client = await createUser({ firstName: 'Jordan', lastName: 'Lee' })
  updateUserRow(client.id, { profileImageUrl: '/uploads/images/jordan.webp' })

  const noahService = insertService(noah.id, { name: 'Strength basics', category: 'Fitness' })
  insertCompletedSession({ clientId: client.id, practitionerId: noah.id, serviceId: noahService.id, hoursAgo: 30 })
  insertCompletedSession({ clientId: client.id, practitionerId: noah.id, serviceId: noahService.id, hoursAgo: 60 })
})

describe('GET /api/practitioners: the answer', () => {
  test('a list of cards with specialties (in their order) and the count headers', async () => {
    const { body, headers } = await list()
    expect(headers.get('X-Total-Count')).toBe('5')
    expect(headers.get('X-Page')).toBe('1')
    expect(headers.get('X-Page-Count')).toBe('1')
    expect(body.find((p) => p.id === maya.id)).toEqual({
      id: maya.id,
      firstName: 'Maya',
      lastName: 'Chen',
      profileImageUrl: maya.profileImageUrl,
      title: 'Registered Dietitian',
      bio: 'I help people heal their gut through food.',
      specialties: ['Nutrition', 'Gut Health'],
      rating: 4.8,
      reviewCount: 20,
    })
    expect(body.find((p) => p.id === bea.id)!.specialties).toEqual([])
  })

  test('only listed practitioners: never incomplete profiles, never clients', async () => {
    const ids = (await list()).body.map((p) => p.id)
    expect(ids).not.toContain(hidden.id)
    expect(ids).not.toContain(client.id)
    expect(await names('?search=hidden')).toEqual([])
  })
})

describe('sort', () => {
  test('rating (the default): rating, then review count', async () => {
    const expected = ['aaron Zimmer', 'Liam Park', 'Noah Reed', 'Maya Chen', 'Bea Quinn']
    expect(await names()).toEqual(expected)
    expect(await names('?sortBy=rating')).toEqual(expected)
    expect(await names('?sortBy=')).toEqual(expected)
  })

  test('reviews: review count, then rating', async () => {
    expect(await names('?sortBy=reviews')).toEqual(['Liam Park', 'Noah Reed', 'Maya Chen', 'aaron Zimmer', 'Bea Quinn'])
  })

  test('name: first then last name, ignoring case', async () => {
    expect(await names('?sortBy=name')).toEqual(['aaron Zimmer', 'Bea Quinn', 'Liam Park', 'Maya Chen', 'Noah Reed'])
  })

  test('an unknown sort is refused with the allowed values', async () => {
    const answer = await getApi(practitionersApi.loader, '/api/practitioners?sortBy=price')
    expect(answer).toMatchObject({ status: 400, body: { message: 'sortBy must be one of: rating, reviews, name' } })
  })
})

describe('search', () => {
  test('over the name, case-insensitive, by prefix', async () => {
    expect(await names('?search=zimmer')).toEqual(['aaron Zimmer'])
    expect(await names('?search=LIAM')).toEqual(['Liam Park'])
    expect(await names('?search=maya%20che')).toEqual(['Maya Chen'])
  })

  test('over the title, the bio and the specialties', async () => {
    expect(await names('?search=dietitian')).toEqual(['Maya Chen'])
    expect(await names('?search=burnout')).toEqual(['aaron Zimmer'])
    expect(await names('?search=breath')).toEqual(['Liam Park'])
    expect(await names('?search=gut')).toEqual(['Maya Chen'])
  })

  test('FTS syntax characters are plain text, never an error', async () => {
    for (const text of ['"', 'yoga*', 'NEAR(', 'title:yoga', 'OR', '-', "x' OR 1=1 --"]) {
      const answer = await getApi(
        practitionersApi.loader,
        `/api/practitioners?${new URLSearchParams({ search: text })}`,
      )
      expect(answer.status, text).toBe(200)
    }
  })
})

describe('specialty filter', () => {
  test('matches a specialty exactly, ignoring case', async () => {
    expect(await names('?specialty=Yoga')).toEqual(['Liam Park'])
    expect(await names('?specialty=yoga')).toEqual(['Liam Park'])
    expect(await names('?specialty=FITNESS')).toEqual(['Noah Reed'])
    expect(await names('?specialty=Yog')).toEqual([])
    expect(await names('?specialty=Hidden%20Specialty')).toEqual([])
  })

  test('combines with search and sort', async () => {
    expect(await names('?specialty=Mental%20Wellness&search=anxiety&sortBy=name')).toEqual(['aaron Zimmer'])
    expect(await names('?specialty=Nutrition&search=yoga')).toEqual([])
  })

  test('too long a specialty is refused', async () => {
    const answer = await getApi(practitionersApi.loader, `/api/practitioners?specialty=${'x'.repeat(61)}`)
    expect(answer).toMatchObject({ status: 400, body: { message: 'specialty must be at most 60 characters' } })
  })
})

test('GET /api/specialties: those of listed practitioners, each once, alphabetical', async () => {
  const { status, body } = await getApi<string[]>(specialtiesApi.loader, '/api/specialties')
  expect(status).toBe(200)
  // 'Yoga' is both Liam's and the hidden practitioner's: once. 'Hidden Specialty' is nobody listed's.
  expect(body).toEqual(['Anxiety', 'Breathwork', 'fitness', 'Gut Health', 'Mental Wellness', 'Nutrition', 'Yoga'])
})

test('GET /api/practitioners/featured: rating, then review count, then completed sessions; 4 at most', async () => {
  const { status, body } = await getApi<PractitionerCardData[]>(featuredApi.loader, '/api/practitioners/featured')
  expect(status).toBe(200)
  // Noah and Maya tie on rating and reviews; Noah's two completed sessions put him first.
  expect(body.map((p) => p.firstName)).toEqual(['aaron', 'Liam', 'Noah', 'Maya'])
  expect(body[2]!.specialties).toEqual(['fitness'])
})

describe('GET /api/practitioners/:id', () => {
  test('the profile with specialties and reviews (newest first, with clientName and clientImage)', async () => {
    const service = insertService(maya.id, { name: 'Gut reset' })
    const older = insertCompletedSession({
      clientId: client.id,
      practitionerId: maya.id,
      serviceId: service.id,
      hoursAgo: 200,
    })
    const newer = insertCompletedSession({
      clientId: client.id,
      practitionerId: maya.id,
      serviceId: service.id,
      hoursAgo: 100,
    })
    const first = insertReview({
      bookingId: older.id,
      clientId: client.id,
      practitionerId: maya.id,
      serviceId: service.id,
      rating: 4,
      content: 'Very helpful.',
      createdAt: new Date('2026-01-05T12:00:00Z'),
    })
    const second = insertReview({
      bookingId: newer.id,
      clientId: client.id,
      practitionerId: maya.id,
      serviceId: null,
      rating: 5,
      content: 'Even better the second time.',
      createdAt: new Date('2026-02-05T12:00:00Z'),
    })

    const { status, body } = await getApi<PractitionerProfile>(
      practitionerApi.loader,
      `/api/practitioners/${maya.id}`,
      {
        id: String(maya.id),
      },
    )
    expect(status).toBe(200)
    expect(body).toMatchObject({
      id: maya.id,
      firstName: 'Maya',
      lastName: 'Chen',
      title: 'Registered Dietitian',
      specialties: ['Nutrition', 'Gut Health'],
      rating: 4.8,
      reviewCount: 20,
    })
    expect(body.reviews).toEqual([
      {
        id: second.id,
        rating: 5,
        content: 'Even better the second time.',
        date: '2026-02-05T12:00:00.000Z',
        clientName: 'Jordan L.',
        clientImage: '/uploads/images/jordan.webp',
        serviceName: null,
      },
      {
        id: first.id,
        rating: 4,
        content: 'Very helpful.',
        date: '2026-01-05T12:00:00.000Z',
        clientName: 'Jordan L.',
        clientImage: '/uploads/images/jordan.webp',
        serviceName: 'Gut reset',
      },
    ])
  })

  test('no reviews: an empty list', async () => {
    const { body } = await getApi<PractitionerProfile>(practitionerApi.loader, `/api/practitioners/${bea.id}`, {
      id: String(bea.id),
    })
    expect(body.reviews).toEqual([])
  })

  test('unknown, unlisted or not a practitioner: 404 { message }', async () => {
    for (const id of [999_999, hidden.id, client.id]) {
      const answer = await getApi(practitionerApi.loader, `/api/practitioners/${id}`, { id: String(id) })
      expect(answer).toMatchObject({ status: 404, body: { message: 'Practitioner not found' } })
    }
  })
})

describe('GET /api/practitioners/:id/services', () => {
  test('their listed services: free intro first, then by price', async () => {
    const paid = insertService(liam.id, { name: 'Vinyasa flow', category: 'Yoga', priceCents: 6000 })
    const cheaper = insertService(liam.id, { name: 'Restorative', category: 'Yoga', priceCents: 3000 })
    const intro = insertService(liam.id, { name: 'Intro call', category: 'Yoga', priceCents: 0, isFreeIntro: true })
    insertService(liam.id, { name: 'Retired class', category: 'Yoga', isActive: false })
    const { status, body } = await getApi<ServiceCardData[]>(
      practitionerServicesApi.loader,
      `/api/practitioners/${liam.id}/services`,
      { id: String(liam.id) },
    )
    expect(status).toBe(200)
    expect(body.map((s) => s.id)).toEqual([intro.id, cheaper.id, paid.id])
    expect(body[1]).toMatchObject({ price: 30, practitioner: { id: liam.id, firstName: 'Liam' } })
  })

  test('a listed practitioner without services: an empty list', async () => {
    const { status, body } = await getApi(practitionerServicesApi.loader, `/api/practitioners/${bea.id}/services`, {
      id: String(bea.id),
    })
    expect(status).toBe(200)
    expect(body).toEqual([])
  })

  test('unknown or unlisted practitioner: 404', async () => {
    for (const id of [999_999, hidden.id]) {
      const answer = await getApi(practitionerServicesApi.loader, `/api/practitioners/${id}/services`, {
        id: String(id),
      })
      expect(answer).toMatchObject({ status: 404, body: { message: 'Practitioner not found' } })
    }
  })
})

describe('pagination', () => {
  test('24 per page, with the same headers as services; beyond the end answers the last page', async () => {
    for (let n = 0; n < 22; n++) {
      await createListedPractitioner({
        firstName: `Extra${String(n).padStart(2, '0')}`,
        lastName: 'Helper',
        specialties: ['Extra'],
      })
    }
    const first = await list('?sortBy=name')
    expect(first.headers.get('X-Total-Count')).toBe('27')
    expect(first.headers.get('X-Page-Count')).toBe('2')
    expect(first.body).toHaveLength(24)
    const second = await list('?sortBy=name&page=2')
    expect(second.body.map((p) => p.firstName)).toEqual(['Liam', 'Maya', 'Noah'])
    const beyond = await list('?sortBy=name&page=5')
    expect(beyond.headers.get('X-Page')).toBe('2')
    expect(beyond.body.map((p) => p.id)).toEqual(second.body.map((p) => p.id))
  })
})
