import { beforeAll, describe, expect, test } from 'vitest'
import type { PractitionerCardData } from '~/models/marketplace/practitioner'
import type { ServiceCardData } from '~/models/marketplace/service'
import * as practitionerApi from '~/routes/api.practitioners.$id._index'
import * as practitionerServicesApi from '~/routes/api.practitioners.$id.services'
import * as practitionersApi from '~/routes/api.practitioners._index'
import * as featuredApi from '~/routes/api.practitioners.featured'
import * as serviceApi from '~/routes/api.services.$id'
import * as servicesApi from '~/routes/api.services._index'
import * as popularApi from '~/routes/api.services.popular'
import * as slotsApi from '~/routes/api.time-slots.$serviceId.$date'
import {
  createListedPractitioner,
  createUser,
  insertService,
  insertSlot,
  updateServiceRow,
  updateUserRow,
  getApi,
} from '../helpers'

/**
 * Who and what the public sees (issue 3's rules), through every public endpoint: a service is
 * listed when active, its practitioner's profile is complete (photo, title, bio) and, if it
 * costs money, the practitioner can take payments. Changes to those columns show at once
 * (the triggers keep services.is_listed exact).
 */

async function listedServiceIds() {
  const { status, body } = await getApi<ServiceCardData[]>(servicesApi.loader, '/api/services')
  expect(status).toBe(200)
  return body.map((s) => s.id)
}

async function popularIds() {
  return (await getApi<ServiceCardData[]>(popularApi.loader, '/api/services/popular')).body.map((s) => s.id)
}

async function listedPractitionerIds() {
  const { status, body } = await getApi<PractitionerCardData[]>(practitionersApi.loader, '/api/practitioners')
  expect(status).toBe(200)
  return body.map((p) => p.id)
}

async function serviceStatus(id: number) {
  return (await getApi(serviceApi.loader, `/api/services/${id}`, { id: String(id) })).status
}

const SLOT_DAY = '2031-06-16'
async function slotsStatus(serviceId: number) {
  return (
    await getApi(slotsApi.loader, `/api/time-slots/${serviceId}/${SLOT_DAY}?timeZone=UTC`, {
      serviceId: String(serviceId),
      date: SLOT_DAY,
    })
  ).status
}

async function profileStatus(id: number) {
  return (await getApi(practitionerApi.loader, `/api/practitioners/${id}`, { id: String(id) })).status
}

async function practitionerServices(id: number) {
  return getApi<ServiceCardData[]>(practitionerServicesApi.loader, `/api/practitioners/${id}/services`, {
    id: String(id),
  })
}

/** Everything the public sees of one service: listed, detail, slots. */
async function expectServiceVisible(id: number, visible: boolean) {
  expect((await listedServiceIds()).includes(id), `service ${id} in the list`).toBe(visible)
  expect(await serviceStatus(id)).toBe(visible ? 200 : 404)
  expect(await slotsStatus(id)).toBe(visible ? 200 : 404)
}

async function serviceWithSlot(practitionerId: number, values: Parameters<typeof insertService>[1] = {}) {
  const service = insertService(practitionerId, values)
  insertSlot({ practitionerId, serviceId: service.id, startTime: new Date(`${SLOT_DAY}T10:00:00Z`) })
  // Popular enough to be on the home page whenever it is listed.
  updateServiceRow(service.id, { rating: 5, reviewCount: 50 })
  return service
}

describe('a complete, payment-ready practitioner', () => {
  let practitioner: Awaited<ReturnType<typeof createListedPractitioner>>
  let paid: { id: number }
  let free: { id: number }

  beforeAll(async () => {
    practitioner = await createListedPractitioner({ firstName: 'Ready', lastName: 'One' })
    paid = await serviceWithSlot(practitioner.id, { priceCents: 8000, name: 'Paid one' })
    free = await serviceWithSlot(practitioner.id, { priceCents: 0, name: 'Free one' })
  })

  test('they and their active services are listed everywhere', async () => {
    await expectServiceVisible(paid.id, true)
    await expectServiceVisible(free.id, true)
    expect(await listedPractitionerIds()).toContain(practitioner.id)
    expect(await profileStatus(practitioner.id)).toBe(200)
    const own = await practitionerServices(practitioner.id)
    expect(own.status).toBe(200)
    expect(own.body.map((s) => s.id).sort()).toEqual([paid.id, free.id].sort())
  })

  test('deactivating a service hides it (list, detail, slots, profile list, home); reactivating shows it', async () => {
    updateServiceRow(paid.id, { isActive: false })
    await expectServiceVisible(paid.id, false)
    expect((await practitionerServices(practitioner.id)).body.map((s) => s.id)).toEqual([free.id])
    expect(await popularIds()).not.toContain(paid.id)
    // The practitioner stays listed with their other service.
    expect(await profileStatus(practitioner.id)).toBe(200)

    updateServiceRow(paid.id, { isActive: true })
    await expectServiceVisible(paid.id, true)
  })

  test('a service created inactive is never shown', async () => {
    const inactive = await serviceWithSlot(practitioner.id, { isActive: false })
    await expectServiceVisible(inactive.id, false)
    expect(await popularIds()).not.toContain(inactive.id)
  })
})

describe.each([
  ['photo', { profileImageUrl: null }, { profileImageUrl: '/uploads/images/fixed.webp' }],
  ['photo (empty)', { profileImageUrl: '' }, { profileImageUrl: '/uploads/images/fixed.webp' }],
  ['title', { title: null }, { title: 'Herbalist' }],
  ['title (blank)', { title: '   ' }, { title: 'Herbalist' }],
  ['bio', { bio: null }, { bio: 'Twenty years of practice.' }],
  ['bio (blank)', { bio: '    ' }, { bio: 'Twenty years of practice.' }],
  ['bio (tabs and line breaks)', { bio: '\n\t \r\n' }, { bio: 'Twenty years of practice.' }],
  ['title (line breaks)', { title: '\n\n' }, { title: 'Herbalist' }],
] as const)('a practitioner without a %s', (_field, missing, fix) => {
  let practitioner: Awaited<ReturnType<typeof createListedPractitioner>>
  let paid: { id: number }
  let free: { id: number }

  beforeAll(async () => {
    practitioner = await createListedPractitioner({ firstName: 'Incomplete', ...missing })
    paid = await serviceWithSlot(practitioner.id, { priceCents: 6000 })
    free = await serviceWithSlot(practitioner.id, { priceCents: 0 })
  })

  test('is hidden, with all their services (list, detail 404, slots 404, profile 404, home)', async () => {
    await expectServiceVisible(paid.id, false)
    await expectServiceVisible(free.id, false)
    expect(await popularIds()).not.toContain(free.id)
    expect(await listedPractitionerIds()).not.toContain(practitioner.id)
    expect(
      (await getApi(featuredApi.loader, '/api/practitioners/featured')).body.map((p: { id: number }) => p.id),
    ).not.toContain(practitioner.id)
    expect(await profileStatus(practitioner.id)).toBe(404)
    expect(await practitionerServices(practitioner.id)).toMatchObject({
      status: 404,
      body: { message: 'Practitioner not found' },
    })
  })

  test('completing the profile makes them and their services appear at once', async () => {
    updateUserRow(practitioner.id, fix)
    await expectServiceVisible(paid.id, true)
    await expectServiceVisible(free.id, true)
    expect(await listedPractitionerIds()).toContain(practitioner.id)
    expect(await profileStatus(practitioner.id)).toBe(200)
    expect((await practitionerServices(practitioner.id)).body).toHaveLength(2)

    // And emptying the field again hides them again.
    updateUserRow(practitioner.id, missing)
    await expectServiceVisible(free.id, false)
    expect(await profileStatus(practitioner.id)).toBe(404)
  })
})

describe('a practitioner who cannot take payments yet', () => {
  let practitioner: Awaited<ReturnType<typeof createListedPractitioner>>
  let paid: { id: number }
  let free: { id: number }

  beforeAll(async () => {
    practitioner = await createListedPractitioner({ firstName: 'Onboarding', onboardingComplete: false })
    paid = await serviceWithSlot(practitioner.id, { priceCents: 4500 })
    free = await serviceWithSlot(practitioner.id, { priceCents: 0, isFreeIntro: true })
  })

  test('shows their free service and hides the paid one; they are listed themselves', async () => {
    await expectServiceVisible(free.id, true)
    await expectServiceVisible(paid.id, false)
    expect(await popularIds()).not.toContain(paid.id)
    expect(await listedPractitionerIds()).toContain(practitioner.id)
    expect((await practitionerServices(practitioner.id)).body.map((s) => s.id)).toEqual([free.id])
  })

  test('putting a price on the free service hides it; back to free shows it', async () => {
    updateServiceRow(free.id, { priceCents: 1000 })
    await expectServiceVisible(free.id, false)
    updateServiceRow(free.id, { priceCents: 0 })
    await expectServiceVisible(free.id, true)
  })

  test('finishing payment onboarding lists the paid service', async () => {
    updateUserRow(practitioner.id, { onboardingComplete: true })
    await expectServiceVisible(paid.id, true)
    expect((await practitionerServices(practitioner.id)).body.map((s) => s.id).sort()).toEqual(
      [paid.id, free.id].sort(),
    )
  })
})

describe('people who are not practitioners', () => {
  test('a client with a complete-looking profile is not listed', async () => {
    const client = await createUser({ firstName: 'Client' })
    updateUserRow(client.id, {
      title: 'Engineer',
      bio: 'Not a practitioner.',
      profileImageUrl: '/uploads/images/c.webp',
    })
    expect(await listedPractitionerIds()).not.toContain(client.id)
    expect(await profileStatus(client.id)).toBe(404)
    expect((await practitionerServices(client.id)).status).toBe(404)
  })

  test('a practitioner who stops being one takes their services with them', async () => {
    const practitioner = await createListedPractitioner({ firstName: 'Leaving' })
    const service = await serviceWithSlot(practitioner.id, { priceCents: 0 })
    await expectServiceVisible(service.id, true)
    updateUserRow(practitioner.id, { isPractitioner: false })
    await expectServiceVisible(service.id, false)
    expect(await profileStatus(practitioner.id)).toBe(404)
  })
})
