import { beforeAll, describe, expect, test } from 'vitest'
import type { OpenSlot } from '~/models/marketplace/open-slots.server'
import * as slotsApi from '~/routes/api.time-slots.$serviceId.$date'
import {
  callApi,
  createListedPractitioner,
  createUser,
  getRequest,
  insertService,
  insertSlot,
  signIn,
  type RequestOptions,
} from '../helpers'

/**
 * GET /api/time-slots/:serviceId/:yyyy-MM-dd: the open slots of one calendar day, in the
 * viewer's zone (their setting, their browser's hint, Toronto, or ?timeZone=).
 */

function slots(serviceId: number | string, date: string, query = '', options: RequestOptions = {}) {
  return callApi<OpenSlot[]>(slotsApi.loader, getRequest(`/api/time-slots/${serviceId}/${date}${query}`, options), {
    serviceId: String(serviceId),
    date,
  })
}

async function starts(serviceId: number, date: string, query = '', options: RequestOptions = {}) {
  const answer = await slots(serviceId, date, query, options)
  expect(answer.status).toBe(200)
  return answer.body.map((s) => s.startTime)
}

let practitionerId: number
let serviceId: number
let otherServiceId: number

function slotAt(iso: string, values: { isBooked?: boolean; serviceId?: number; minutes?: number } = {}) {
  return insertSlot({ practitionerId, serviceId: values.serviceId ?? serviceId, startTime: new Date(iso), ...values })
}

beforeAll(async () => {
  const practitioner = await createListedPractitioner({ firstName: 'Slot', lastName: 'Keeper' })
  practitionerId = practitioner.id
  serviceId = insertService(practitionerId, { name: 'Timed', priceCents: 0 }).id
  otherServiceId = insertService(practitionerId, { name: 'Other', priceCents: 0 }).id

  // 2031-01-15 in Toronto (EST, UTC-5) runs from 05:00Z on the 15th to 05:00Z on the 16th.
  slotAt('2031-01-15T18:00:00Z') // 13:00 Toronto (inserted first, answered last but one)
  slotAt('2031-01-15T14:00:00Z') // 09:00 Toronto
  slotAt('2031-01-15T15:00:00Z', { isBooked: true }) // 10:00 Toronto, booked
  slotAt('2031-01-15T14:30:00Z', { serviceId: otherServiceId }) // another service
  slotAt('2031-01-15T23:30:00Z') // 18:30 Toronto; 08:30 on the 16th in Tokyo
  slotAt('2031-01-15T04:30:00Z') // 23:30 on the 14th in Toronto
  slotAt('2031-01-16T05:30:00Z') // 00:30 on the 16th in Toronto
})

describe('open slots of a day', () => {
  test('only that service, not booked, in time order, as { id, startTime, endTime }', async () => {
    const answer = await slots(serviceId, '2031-01-15', '?timeZone=America/Toronto')
    expect(answer.status).toBe(200)
    expect(answer.body.map((s) => s.startTime)).toEqual([
      '2031-01-15T14:00:00.000Z',
      '2031-01-15T18:00:00.000Z',
      '2031-01-15T23:30:00.000Z',
    ])
    expect(answer.body[0]).toEqual({
      id: expect.any(Number),
      startTime: '2031-01-15T14:00:00.000Z',
      endTime: '2031-01-15T15:00:00.000Z',
    })
  })

  test('a slot at 23:30 UTC is the same day in Toronto and the next day in Tokyo', async () => {
    expect(await starts(serviceId, '2031-01-15', '?timeZone=America/Toronto')).toContain('2031-01-15T23:30:00.000Z')
    expect(await starts(serviceId, '2031-01-15', '?timeZone=Asia/Tokyo')).not.toContain('2031-01-15T23:30:00.000Z')
    expect(await starts(serviceId, '2031-01-16', '?timeZone=Asia/Tokyo')).toContain('2031-01-15T23:30:00.000Z')
    // Tokyo's 16th runs from 15:00Z on the 15th: 18:00Z and 23:30Z, and 05:30Z on the 16th.
    expect(await starts(serviceId, '2031-01-16', '?timeZone=Asia/Tokyo')).toEqual([
      '2031-01-15T18:00:00.000Z',
      '2031-01-15T23:30:00.000Z',
      '2031-01-16T05:30:00.000Z',
    ])
  })

  test('the day bounds follow the zone: the previous and next Toronto days', async () => {
    expect(await starts(serviceId, '2031-01-14', '?timeZone=America/Toronto')).toEqual(['2031-01-15T04:30:00.000Z'])
    expect(await starts(serviceId, '2031-01-16', '?timeZone=America/Toronto')).toEqual(['2031-01-16T05:30:00.000Z'])
  })

  test('a day without slots: an empty list', async () => {
    expect(await starts(serviceId, '2031-01-20', '?timeZone=UTC')).toEqual([])
  })

  test('slots that have started are not offered', async () => {
    const past = new Date(Date.now() - 2 * 60 * 60 * 1000)
    const slot = insertSlot({ practitionerId, serviceId, startTime: past })
    const day = past.toISOString().slice(0, 10)
    const answer = await slots(serviceId, day, '?timeZone=UTC')
    expect(answer.status).toBe(200)
    expect(answer.body.map((s) => s.id)).not.toContain(slot.id)
    // A past day answers an empty list, not an error.
    expect(await starts(serviceId, '2020-01-15', '?timeZone=UTC')).toEqual([])
  })
})

describe('daylight-saving days (Toronto)', () => {
  test('spring forward, 23 hours: 2031-03-09 runs 05:00Z to 04:00Z', async () => {
    slotAt('2031-03-09T06:30:00Z') // 01:30 EST
    slotAt('2031-03-09T07:30:00Z') // 03:30 EDT
    slotAt('2031-03-10T03:30:00Z') // 23:30 EDT, still the 9th
    slotAt('2031-03-10T04:30:00Z') // 00:30 EDT on the 10th
    slotAt('2031-03-09T04:30:00Z') // 23:30 EST on the 8th
    expect(await starts(serviceId, '2031-03-09', '?timeZone=America/Toronto')).toEqual([
      '2031-03-09T06:30:00.000Z',
      '2031-03-09T07:30:00.000Z',
      '2031-03-10T03:30:00.000Z',
    ])
  })

  test('fall back, 25 hours: 2031-11-02 runs 04:00Z to 05:00Z', async () => {
    slotAt('2031-11-02T04:00:00Z') // 00:00 EDT
    slotAt('2031-11-02T05:30:00Z') // 01:30 EDT
    slotAt('2031-11-02T06:30:00Z') // 01:30 EST (the repeated hour)
    slotAt('2031-11-03T04:30:00Z') // 23:30 EST, still the 2nd
    slotAt('2031-11-03T05:00:00Z') // 00:00 EST on the 3rd
    expect(await starts(serviceId, '2031-11-02', '?timeZone=America/Toronto')).toEqual([
      '2031-11-02T04:00:00.000Z',
      '2031-11-02T05:30:00.000Z',
      '2031-11-02T06:30:00.000Z',
      '2031-11-03T04:30:00.000Z',
    ])
  })
})

describe("the viewer's zone", () => {
  test('a visitor without a hint sees Toronto days', async () => {
    expect(await starts(serviceId, '2031-01-14')).toEqual(['2031-01-15T04:30:00.000Z'])
  })

  test("a visitor's browser hint (tz cookie) is used", async () => {
    expect(await starts(serviceId, '2031-01-16', '', { cookie: 'tz=Asia%2FTokyo' })).toContain(
      '2031-01-15T23:30:00.000Z',
    )
    // An invalid hint falls back to Toronto.
    expect(await starts(serviceId, '2031-01-14', '', { cookie: 'tz=Nowhere%2FLand' })).toEqual([
      '2031-01-15T04:30:00.000Z',
    ])
    // So does one that is not even valid percent-encoding (it must not break the page).
    expect(await starts(serviceId, '2031-01-14', '', { cookie: 'tz=%E0%A4%A' })).toEqual(['2031-01-15T04:30:00.000Z'])
  })

  test("a signed-in person's own setting wins over the hint; ?timeZone wins over both", async () => {
    const user = await createUser({ timeZone: 'Asia/Tokyo' })
    const cookie = `${await signIn(user.id)}; tz=America%2FToronto`
    expect(await starts(serviceId, '2031-01-16', '', { cookie })).toContain('2031-01-15T23:30:00.000Z')
    expect(await starts(serviceId, '2031-01-14', '?timeZone=America/Toronto', { cookie })).toEqual([
      '2031-01-15T04:30:00.000Z',
    ])
  })
})

describe('refusals', () => {
  test.each(['2031-02-30', '2031-13-01', '2031-1-5', '15-01-2031', 'tomorrow', '2031-01-15T00:00'])(
    'date %s: 400 { message }',
    async (date) => {
      const answer = await slots(serviceId, date)
      expect(answer).toMatchObject({ status: 400, body: { message: 'date must be a real date as yyyy-MM-dd' } })
    },
  )

  test.each(['Mars/Olympus', 'Toronto', 'x'.repeat(80)])('timeZone %s: 400 { message }', async (zone) => {
    const answer = await slots(serviceId, '2031-01-15', `?timeZone=${encodeURIComponent(zone)}`)
    expect(answer).toMatchObject({ status: 400, body: { message: 'timeZone must be an IANA time zone' } })
  })

  test('an empty timeZone means none given', async () => {
    expect((await slots(serviceId, '2031-01-14', '?timeZone=')).body.map((s) => s.startTime)).toEqual([
      '2031-01-15T04:30:00.000Z',
    ])
  })

  test('unknown, malformed or hidden service: 404 Service not found', async () => {
    const inactive = insertService(practitionerId, { isActive: false, priceCents: 0 })
    insertSlot({ practitionerId, serviceId: inactive.id, startTime: new Date('2031-01-15T14:00:00Z') })
    for (const id of ['999999', 'abc', '0', '-1', '1.5', String(inactive.id)]) {
      const answer = await slots(id, '2031-01-15', '?timeZone=UTC')
      expect(answer, id).toMatchObject({ status: 404, body: { message: 'Service not found' } })
    }
  })
})

describe('the first day with open times (where the booking page opens)', () => {
  test('is the first of the days the calendar marks, in the viewer’s zone', async () => {
    const { firstDayWithOpenSlot, listDaysWithOpenSlots } = await import('~/models/marketplace/open-slots.server')
    const now = new Date('2031-01-01T00:00:00Z')
    const from = { year: 2031, month: 1, day: 1 }
    const to = { year: 2031, month: 2, day: 28 }
    for (const zone of ['America/Toronto', 'Asia/Tokyo', 'Pacific/Honolulu']) {
      const [first] = listDaysWithOpenSlots(serviceId, from, to, zone, now)
      expect(first).toBeDefined()
      const day = firstDayWithOpenSlot(serviceId, from, to, zone, now)
      expect(day && `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`).toBe(first)
    }
    // 23:30 on the 14th in Toronto is the earliest; from the 15th on it is 09:00 that day.
    expect(firstDayWithOpenSlot(serviceId, from, to, 'America/Toronto', now)).toEqual({ year: 2031, month: 1, day: 14 })
    expect(firstDayWithOpenSlot(serviceId, { year: 2031, month: 1, day: 15 }, to, 'America/Toronto', now)).toEqual({
      year: 2031,
      month: 1,
      day: 15,
    })
    expect(firstDayWithOpenSlot(serviceId, { year: 2031, month: 1, day: 17 }, to, 'America/Toronto', now)).toBeNull()
  })
})
