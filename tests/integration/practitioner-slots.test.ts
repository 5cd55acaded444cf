import path from 'node:path'
import { UNSAFE_flatRoutes as flatRoutes } from '@remix-run/dev'
import { matchRoutes } from '@remix-run/react'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { services, timeSlots } from '~/db/schema'
import { formatTime } from '~/lib/dates'
import { setTimeZone } from '~/models/accounts/user.server'
import {
  BATCH_TOO_LARGE,
  BOOKED_SLOT,
  DATE_RANGE_REQUIRED,
  DATES_REQUIRED,
  INTERVAL_TOO_SHORT,
  NOTHING_CREATED,
  intervalShorterThanService,
  PAST_DATE,
  SERVICE_REQUIRED,
} from '~/models/practice/slot-form'
import type { CalendarSlot, SlotJson } from '~/models/practice/slots.server'
import * as slotApi from '~/routes/api.time-slots.$id'
import * as slotsApi from '~/routes/api.time-slots._index'
import * as batchApi from '~/routes/api.time-slots.batch'
import * as calendarPage from '~/routes/practitioner.calendar'
import {
  callApi,
  createListedPractitioner,
  createUser,
  expectRedirect,
  formReply,
  formRequest,
  getRequest,
  insertService,
  insertSlot,
  jsonRequest,
  readToast,
  routeArgs,
  settle,
  signIn,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'
import { shownToast } from '../helpers/practice-i18n'

/**
 * The practitioner's time slots: GET/POST /api/time-slots, POST /api/time-slots/batch,
 * DELETE /api/time-slots/:id, and the /practitioner/calendar screen's forms. Dates are years
 * ahead so "past" never interferes; each test uses its own days so they stay independent.
 */

const TORONTO = 'America/Toronto'

let owner: { id: number; cookie: string }
let serviceId: number
let inactiveServiceId: number
let stranger: { id: number; cookie: string; serviceId: number }
let clientCookie: string

beforeAll(async () => {
  const practitioner = await createListedPractitioner({ firstName: 'Cal', lastName: 'Endar', timeZone: TORONTO })
  owner = { id: practitioner.id, cookie: await signIn(practitioner.id) }
  serviceId = insertService(owner.id, { name: 'Deep Tissue', priceCents: 8550, durationMinutes: 60 }).id
  inactiveServiceId = insertService(owner.id, { name: 'Retired', isActive: false }).id
  const other = await createListedPractitioner({ firstName: 'Other', lastName: 'Owner' })
  stranger = { id: other.id, cookie: await signIn(other.id), serviceId: insertService(other.id, { name: 'Theirs' }).id }
  const client = await createUser()
  clientCookie = await signIn(client.id)
})

const post = (body: unknown, cookie = owner.cookie) =>
  callApi<SlotJson & { message?: string }>(slotsApi.action, jsonRequest('/api/time-slots', 'POST', body, { cookie }))
const batch = (body: unknown, cookie = owner.cookie) =>
  callApi<SlotJson[] & { message?: string }>(
    batchApi.action,
    jsonRequest('/api/time-slots/batch', 'POST', body, { cookie }),
  )
const list = (query: string, cookie = owner.cookie) =>
  callApi<CalendarSlot[]>(slotsApi.loader, getRequest(`/api/time-slots?${query}`, { cookie }))
const remove = (id: number | string, query = '', cookie = owner.cookie) =>
  callApi<{ message: string; deleted?: number }>(
    slotApi.action,
    jsonRequest(`/api/time-slots/${id}${query}`, 'DELETE', undefined, { cookie }),
    {
      id: String(id),
    },
  )

function rowsOfBatch(batchId: string) {
  return getDb().select().from(timeSlots).where(eq(timeSlots.batchId, batchId)).all()
}

const batchBody = (overrides: Record<string, unknown> = {}) => ({
  dateRange: ['2032-02-02', '2032-02-02'],
  startTime: '09:00',
  endTime: '12:00',
  duration: 60,
  interval: 60,
  timezone: 'America/New_York',
  serviceId,
  ...overrides,
})

describe('URL mapping: the practitioner endpoints beside the public day listing', () => {
  const manifest = flatRoutes(path.resolve(import.meta.dirname, '../../app'), ['**/*.test.{ts,tsx}'], 'routes')
  type Node = { id: string; path?: string; index?: boolean; children?: Node[] }
  const tree = (parentId: string): Node[] =>
    Object.values(manifest)
      .filter((route) => route.parentId === parentId)
      .map((route) => ({ id: route.id, path: route.path, index: route.index, children: tree(route.id) }))
  const routes = [{ id: 'root', path: '/', children: tree('root') }] as Parameters<typeof matchRoutes>[0]

  test.each([
    ['/api/time-slots', 'routes/api.time-slots._index', {}],
    ['/api/time-slots/batch', 'routes/api.time-slots.batch', {}],
    ['/api/time-slots/42', 'routes/api.time-slots.$id', { id: '42' }],
    ['/api/time-slots/3/2031-01-15', 'routes/api.time-slots.$serviceId.$date', { serviceId: '3', date: '2031-01-15' }],
    ['/practitioner/calendar', 'routes/practitioner.calendar', {}],
  ])('%s → %s', (url, id, params) => {
    const last = matchRoutes(routes, url)?.at(-1)
    expect(last?.route.id).toBe(id)
    expect(last?.params).toMatchObject(params)
  })
})

describe('who may call', () => {
  test('signed out: 401 on every endpoint', async () => {
    expect((await post({}, '')).status).toBe(401)
    expect((await batch({}, '')).status).toBe(401)
    expect((await list('startDate=2031-01-01T00:00:00Z&endDate=2031-01-02T00:00:00Z', '')).status).toBe(401)
    expect((await remove(1, '', '')).status).toBe(401)
  })

  test('a client: 403 on every endpoint', async () => {
    expect((await post({}, clientCookie)).status).toBe(403)
    expect((await batch({}, clientCookie)).status).toBe(403)
    expect((await list('startDate=2031-01-01T00:00:00Z&endDate=2031-01-02T00:00:00Z', clientCookie)).status).toBe(403)
    expect((await remove(1, '', clientCookie)).status).toBe(403)
  })

  test('the wrong method answers 405', async () => {
    const answer = await callApi(
      slotApi.action,
      jsonRequest('/api/time-slots/1', 'POST', {}, { cookie: owner.cookie }),
      { id: '1' },
    )
    expect(answer.status).toBe(405)
    expect((await callApi(batchApi.loader, getRequest('/api/time-slots/batch'))).status).toBe(405)
  })
})

describe('POST /api/time-slots (single)', () => {
  test('creates a slot of an active service of the caller', async () => {
    const answer = await post({ serviceId, startTime: '2031-11-24T14:00:00.000Z', endTime: '2031-11-24T15:00:00.000Z' })
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({
      id: expect.any(Number),
      practitionerId: owner.id,
      serviceId,
      startTime: '2031-11-24T14:00:00.000Z',
      endTime: '2031-11-24T15:00:00.000Z',
      isBooked: false,
      batchId: null,
    })
  })

  test('an overlap is refused, naming the clash in the practitioner zone', async () => {
    insertSlot({ practitionerId: owner.id, serviceId, startTime: new Date('2031-11-25T14:00:00Z') })
    const answer = await post({ serviceId, startTime: '2031-11-25T14:30:00.000Z', endTime: '2031-11-25T15:30:00.000Z' })
    expect(answer.status).toBe(409)
    expect(answer.body.message).toBe('This time overlaps your slot on Nov 25, 2031 9:00 AM – 10:00 AM')
    // Touching ends do not overlap.
    expect(
      (await post({ serviceId, startTime: '2031-11-25T15:00:00.000Z', endTime: '2031-11-25T16:00:00.000Z' })).status,
    ).toBe(201)
    expect(
      (await post({ serviceId, startTime: '2031-11-25T13:00:00.000Z', endTime: '2031-11-25T14:00:00.000Z' })).status,
    ).toBe(201)
  })

  test("another practitioner's slots at the same time do not clash", async () => {
    insertSlot({
      practitionerId: stranger.id,
      serviceId: stranger.serviceId,
      startTime: new Date('2031-11-26T14:00:00Z'),
    })
    expect(
      (await post({ serviceId, startTime: '2031-11-26T14:00:00.000Z', endTime: '2031-11-26T15:00:00.000Z' })).status,
    ).toBe(201)
  })

  test("an inactive service, another's service or a missing one are refused", async () => {
    const times = { startTime: '2031-11-27T14:00:00.000Z', endTime: '2031-11-27T15:00:00.000Z' }
    for (const id of [inactiveServiceId, stranger.serviceId, 999_999]) {
      const answer = await post({ ...times, serviceId: id })
      expect(answer.status).toBe(400)
      expect(answer.body.message).toBe(inEnglish(SERVICE_REQUIRED))
    }
    const missing = await post(times)
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe(inEnglish(SERVICE_REQUIRED))
  })

  test('past times and an end before the start are refused', async () => {
    const past = await post({ serviceId, startTime: '2020-01-01T14:00:00.000Z', endTime: '2020-01-01T15:00:00.000Z' })
    expect(past.status).toBe(400)
    expect(past.body.message).toBe(inEnglish(PAST_DATE))
    const backwards = await post({
      serviceId,
      startTime: '2031-11-28T15:00:00.000Z',
      endTime: '2031-11-28T14:00:00.000Z',
    })
    expect(backwards.status).toBe(400)
    expect(backwards.body.message).toBe('End time must be after start time')
    expect((await post({ serviceId, startTime: 'tomorrow', endTime: '2031-11-28T14:00:00.000Z' })).status).toBe(400)
  })
})

describe('GET /api/time-slots', () => {
  test("only the caller's slots starting in the range, in order, with the service's fields", async () => {
    const noon = insertSlot({ practitionerId: owner.id, serviceId, startTime: new Date('2031-12-01T17:00:00Z') })
    const nine = insertSlot({
      practitionerId: owner.id,
      serviceId,
      startTime: new Date('2031-12-01T14:00:00Z'),
      isBooked: true,
    })
    const bare = insertSlot({ practitionerId: owner.id, serviceId: null, startTime: new Date('2031-12-01T20:00:00Z') })
    insertSlot({ practitionerId: owner.id, serviceId, startTime: new Date('2031-12-02T14:00:00Z') }) // the next day
    insertSlot({
      practitionerId: stranger.id,
      serviceId: stranger.serviceId,
      startTime: new Date('2031-12-01T15:00:00Z'),
    })

    const answer = await list('startDate=2031-12-01T05:00:00.000Z&endDate=2031-12-02T04:59:59.999Z')
    expect(answer.status).toBe(200)
    expect(answer.body.map((s) => s.id)).toEqual([nine.id, noon.id, bare.id])
    expect(answer.body[0]).toMatchObject({
      startTime: '2031-12-01T14:00:00.000Z',
      endTime: '2031-12-01T15:00:00.000Z',
      isBooked: true,
      serviceId,
      serviceName: 'Deep Tissue',
      servicePrice: 85.5,
      serviceDuration: 60,
    })
    expect(answer.body[2]).toMatchObject({
      serviceId: null,
      serviceName: null,
      servicePrice: null,
      serviceDuration: null,
    })
  })

  test('bad or missing range: 400', async () => {
    expect((await list('startDate=2031-12-01')).status).toBe(400)
    expect((await list('startDate=2031-12-02T00:00:00Z&endDate=2031-12-01T00:00:00Z')).status).toBe(400)
    expect((await list('startDate=2030-01-01T00:00:00Z&endDate=2032-01-01T00:00:00Z')).status).toBe(400)
  })
})

describe('POST /api/time-slots/batch', () => {
  test('walks each day from start to end by the interval; one shared batchId; answers the array', async () => {
    const answer = await batch(
      batchBody({ dateRange: ['2032-01-05', '2032-01-06'], endTime: '12:00', duration: 60, interval: 90 }),
    )
    expect(answer.status).toBe(201)
    expect(answer.headers.get('X-Skipped-Count')).toBe('0')
    // 09:00 and 10:30 (12:00 would end after the end time), New York EST = UTC-5, on two days.
    expect(answer.body.map((s) => s.startTime)).toEqual([
      '2032-01-05T14:00:00.000Z',
      '2032-01-05T15:30:00.000Z',
      '2032-01-06T14:00:00.000Z',
      '2032-01-06T15:30:00.000Z',
    ])
    const batchId = answer.body[0]!.batchId!
    expect(batchId).toMatch(/^[0-9a-f-]{36}$/)
    expect(answer.body.every((s) => s.batchId === batchId && s.serviceId === serviceId)).toBe(true)
    expect(rowsOfBatch(batchId)).toHaveLength(4)
  })

  test('times that overlap existing slots are skipped and counted', async () => {
    insertSlot({ practitionerId: owner.id, serviceId, startTime: new Date('2032-01-12T15:30:00Z'), minutes: 30 }) // 10:30 NY
    const answer = await batch(batchBody({ dateRange: ['2032-01-12', '2032-01-12'] }))
    expect(answer.status).toBe(201)
    expect(answer.headers.get('X-Skipped-Count')).toBe('1')
    expect(answer.body.map((s) => s.startTime)).toEqual(['2032-01-12T14:00:00.000Z', '2032-01-12T16:00:00.000Z'])
  })

  test("a date picker's { from, to } range is taken like the two-item array", async () => {
    const answer = await batch(
      batchBody({ dateRange: { from: '2032-01-14T05:00:00.000Z', to: '2032-01-14T05:00:00.000Z' } }),
    )
    expect(answer.status).toBe(201)
    expect(answer.body.map((s) => s.startTime)).toEqual([
      '2032-01-14T14:00:00.000Z',
      '2032-01-14T15:00:00.000Z',
      '2032-01-14T16:00:00.000Z',
    ])
  })

  test('a batch whose every time clashes is refused', async () => {
    expect((await batch(batchBody({ dateRange: ['2032-01-13', '2032-01-13'] }))).status).toBe(201)
    const again = await batch(batchBody({ dateRange: ['2032-01-13', '2032-01-13'] }))
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(inEnglish(NOTHING_CREATED))
  })

  const wallClock = (slots: SlotJson[], zone: string) => slots.map((s) => formatTime(s.startTime, zone))

  test.each([
    // New York springs forward on Sunday 2031-03-09: EST (UTC-5) before, EDT (UTC-4) after.
    [
      'America/New_York',
      ['2031-03-08', '2031-03-10'],
      ['2031-03-08T14:00:00.000Z', '2031-03-09T13:00:00.000Z', '2031-03-10T13:00:00.000Z'],
    ],
    // ...and falls back on Sunday 2031-11-02.
    [
      'America/New_York',
      ['2031-11-01', '2031-11-03'],
      ['2031-11-01T13:00:00.000Z', '2031-11-02T14:00:00.000Z', '2031-11-03T14:00:00.000Z'],
    ],
    // London: BST starts on the last Sunday of March (2031-03-30)...
    [
      'Europe/London',
      ['2031-03-29', '2031-03-31'],
      ['2031-03-29T09:00:00.000Z', '2031-03-30T08:00:00.000Z', '2031-03-31T08:00:00.000Z'],
    ],
    // ...and ends on the last Sunday of October (2031-10-26).
    [
      'Europe/London',
      ['2031-10-25', '2031-10-27'],
      ['2031-10-25T08:00:00.000Z', '2031-10-26T09:00:00.000Z', '2031-10-27T09:00:00.000Z'],
    ],
  ])('DST in %s (%j): 09:00 local on both sides of the change', async (zone, dateRange, expected) => {
    const answer = await batch(batchBody({ timezone: zone, dateRange, startTime: '09:00', endTime: '10:00' }))
    expect(answer.status).toBe(201)
    expect(answer.body.map((s) => s.startTime)).toEqual(expected)
    expect(wallClock(answer.body, zone)).toEqual(['9:00 AM', '9:00 AM', '9:00 AM'])
    // Each lasts its real 60 minutes.
    expect(answer.body.every((s) => Date.parse(s.endTime) - Date.parse(s.startTime) === 3_600_000)).toBe(true)
  })

  test('the spec defaults: 09:00-17:00, 60 minutes every 90, America/New_York', async () => {
    const answer = await batch({ dateRange: ['2032-03-01', '2032-03-01'], serviceId })
    expect(answer.status).toBe(201)
    expect(wallClock(answer.body, 'America/New_York')).toEqual([
      '9:00 AM',
      '10:30 AM',
      '12:00 PM',
      '1:30 PM',
      '3:00 PM',
    ])
  })

  test('an ISO instant as a range end is read on the batch zone calendar', async () => {
    // Midnight in Tokyo on 2032-03-03 is 15:00Z on the 2nd.
    const answer = await batch(
      batchBody({
        timezone: 'Asia/Tokyo',
        dateRange: ['2032-03-02T15:00:00.000Z', '2032-03-02T15:00:00.000Z'],
        endTime: '10:00',
      }),
    )
    expect(answer.status).toBe(201)
    expect(answer.body.map((s) => s.startTime)).toEqual(['2032-03-03T00:00:00.000Z'])
  })

  test('validation: range, quarter hours, interval, zone list, cap, past, service', async () => {
    const expectRefused = async (body: unknown, status: number, message?: string) => {
      const answer = await batch(body)
      expect(answer.status).toBe(status)
      if (message) expect(answer.body.message).toBe(inEnglish(message))
    }
    await expectRefused(batchBody({ dateRange: undefined }), 400, DATE_RANGE_REQUIRED)
    await expectRefused(batchBody({ dateRange: ['2032-04-01'] }), 400, DATE_RANGE_REQUIRED)
    await expectRefused(batchBody({ dateRange: { from: '2032-04-01' } }), 400, DATE_RANGE_REQUIRED)
    await expectRefused(batchBody({ dateRange: ['2032-04-01', 'soon'] }), 400, DATE_RANGE_REQUIRED)
    await expectRefused(
      batchBody({ dateRange: ['2032-04-02', '2032-04-01'] }),
      400,
      'The end date must be on or after the start date',
    )
    await expectRefused(batchBody({ duration: 50 }), 400, 'Duration must be a multiple of 15 minutes')
    await expectRefused(batchBody({ interval: 0 }), 400, 'Interval must be at least 15 minutes')
    await expectRefused(batchBody({ duration: 60, interval: 30 }), 400, INTERVAL_TOO_SHORT)
    await expectRefused(batchBody({ timezone: 'America/Toronto' }), 400, 'Please choose one of the listed time zones')
    await expectRefused(batchBody({ startTime: '12:00', endTime: '09:00' }), 400, 'End time must be after start time')
    await expectRefused(batchBody({ dateRange: ['2032-05-01', '2033-05-01'], endTime: '17:00' }), 400, BATCH_TOO_LARGE)
    await expectRefused(batchBody({ dateRange: ['2020-01-01', '2020-01-02'] }), 400, PAST_DATE)
    await expectRefused(batchBody({ serviceId: inactiveServiceId }), 400, SERVICE_REQUIRED)
    await expectRefused(batchBody({ serviceId: stranger.serviceId }), 400, SERVICE_REQUIRED)
  })

  test('without a serviceId the slots are made without one', async () => {
    const answer = await batch(
      batchBody({ dateRange: ['2032-03-05', '2032-03-05'], serviceId: undefined, endTime: '10:00' }),
    )
    expect(answer.status).toBe(201)
    expect(answer.body[0]).toMatchObject({ serviceId: null })
  })
})

describe('DELETE /api/time-slots/:id', () => {
  test('an unbooked slot is deleted; a booked one is refused with 409', async () => {
    const open = insertSlot({ practitionerId: owner.id, serviceId, startTime: new Date('2032-06-01T14:00:00Z') })
    const booked = insertSlot({
      practitionerId: owner.id,
      serviceId,
      startTime: new Date('2032-06-01T16:00:00Z'),
      isBooked: true,
    })
    const answer = await remove(open.id)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ message: 'Time slot deleted', deleted: 1 })
    const refused = await remove(booked.id)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(inEnglish(BOOKED_SLOT))
    expect(getDb().select().from(timeSlots).where(eq(timeSlots.id, booked.id)).get()).toBeDefined()
  })

  test("another practitioner's slot, an unknown or a malformed id: 404", async () => {
    const theirs = insertSlot({
      practitionerId: stranger.id,
      serviceId: stranger.serviceId,
      startTime: new Date('2032-06-02T14:00:00Z'),
    })
    expect((await remove(theirs.id)).status).toBe(404)
    expect((await remove(theirs.id, '?deleteBatch=true')).status).toBe(404)
    expect((await remove(999_999)).status).toBe(404)
    expect((await remove('abc')).status).toBe(404)
    expect(getDb().select().from(timeSlots).where(eq(timeSlots.id, theirs.id)).get()).toBeDefined()
  })

  test('deleteBatch removes every unbooked slot of the batch and keeps the booked ones', async () => {
    const created = await batch(batchBody({ dateRange: ['2032-06-07', '2032-06-08'] }))
    expect(created.status).toBe(201)
    const slots = created.body
    const batchId = slots[0]!.batchId!
    getDb().update(timeSlots).set({ isBooked: true }).where(eq(timeSlots.id, slots[1]!.id)).run()
    // Without deleteBatch only that one slot goes.
    expect((await remove(slots[0]!.id)).body.deleted).toBe(1)
    const answer = await remove(slots[2]!.id, '?deleteBatch=true')
    expect(answer.status).toBe(200)
    expect(answer.body.deleted).toBe(slots.length - 2)
    expect(rowsOfBatch(batchId).map((s) => s.id)).toEqual([slots[1]!.id])
  })
})

describe('the /practitioner/calendar screen', () => {
  const page = (query: string, fields: Record<string, string>) =>
    settle(() =>
      calendarPage.action(routeArgs(formRequest(`/practitioner/calendar${query}`, fields, { cookie: owner.cookie }))),
    )

  test('Add Time Slot: one slot per chosen date, clock times in the practitioner zone', async () => {
    const answer = await page('?add=single', {
      intent: 'create-single',
      serviceId: String(serviceId),
      dates: '2032-07-06',
      startClock: '09:00',
    })
    const response = expectRedirect(answer, '/practitioner/calendar?date=2032-07-06&month=2032-07')
    expect(shownToast(await readToast(response))).toEqual({
      type: 'success',
      title: 'Time slots created',
      description: '1 time slot created',
    })
    const day = await list('startDate=2032-07-06T00:00:00Z&endDate=2032-07-07T00:00:00Z')
    expect(day.body.map((s) => s.startTime)).toEqual(['2032-07-06T13:00:00.000Z']) // 09:00 EDT
  })

  test("the dialogs' slots last as long as their service, in the zone the practitioner set", async () => {
    const short = insertService(owner.id, { name: 'Short Reset', durationMinutes: 45 }).id
    setTimeZone(owner.id, 'Asia/Tokyo')
    try {
      await page('?add=single', {
        intent: 'create-single',
        serviceId: String(short),
        dates: '2032-07-20',
        startClock: '09:00',
      })
      const batchFields = {
        intent: 'create-batch',
        serviceId: String(short),
        'dateRange[0]': '2032-07-21',
        'dateRange[1]': '2032-07-21',
        startTime: '09:00',
        endTime: '11:00',
        interval: '60',
      }
      expectRedirect(await page('?add=batch', batchFields), '/practitioner/calendar?date=2032-07-21&month=2032-07')
      const made = await list('startDate=2032-07-19T00:00:00Z&endDate=2032-07-22T00:00:00Z')
      // 09:00 in Tokyo is midnight UTC; each slot 45 minutes, as the service.
      expect(made.body.filter((s) => s.serviceId === short).map((s) => [s.startTime, s.endTime])).toEqual([
        ['2032-07-20T00:00:00.000Z', '2032-07-20T00:45:00.000Z'],
        ['2032-07-21T00:00:00.000Z', '2032-07-21T00:45:00.000Z'],
        ['2032-07-21T01:00:00.000Z', '2032-07-21T01:45:00.000Z'],
      ])
      // An interval shorter than the service would overlap: refused on the interval.
      const overlapping = formReply(await page('?add=batch', { ...batchFields, interval: '30' }))
      expect(overlapping.result.error?.interval).toEqual([intervalShorterThanService(45)])
    } finally {
      setTimeZone(owner.id, TORONTO)
      // Out of the other tests' dialogs.
      getDb().update(services).set({ isActive: false }).where(eq(services.id, short)).run()
    }
  })

  test('several dates at once (checkboxes post one value each)', async () => {
    const body = new URLSearchParams([
      ['intent', 'create-single'],
      ['serviceId', String(serviceId)],
      ['dates', '2032-07-13'],
      ['dates', '2032-07-14'],
      ['startClock', '11:00'],
    ])
    const request = new Request('http://localhost/practitioner/calendar?add=single', {
      method: 'POST',
      body,
      headers: { Cookie: owner.cookie },
    })
    const response = expectRedirect(
      await settle(() => calendarPage.action(routeArgs(request))),
      '/practitioner/calendar?date=2032-07-13&month=2032-07',
    )
    expect(shownToast(await readToast(response))?.description).toBe('2 time slots created')
  })

  test('missing service and dates: the spec messages on the fields', async () => {
    const reply = formReply(await page('?add=single', { intent: 'create-single', serviceId: '', startClock: '09:00' }))
    expect(reply.status).toBe(400)
    expect(reply.result.error).toMatchObject({ serviceId: [SERVICE_REQUIRED], dates: [DATES_REQUIRED] })
  })

  test('a clash: an error toast titled per spec, with the clash named', async () => {
    const reply = formReply(
      await page('?add=single', {
        intent: 'create-single',
        serviceId: String(serviceId),
        dates: '2032-07-06',
        startClock: '09:30',
      }),
    )
    expect(reply.status).toBe(409)
    expect(shownToast(reply.toast)).toEqual({
      type: 'error',
      title: 'Failed to create time slot',
      description: 'This time overlaps your slot on Jul 6, 2032 9:00 AM – 10:00 AM',
    })
  })

  test('a past date is refused', async () => {
    const reply = formReply(
      await page('?add=single', {
        intent: 'create-single',
        serviceId: String(serviceId),
        dates: '2020-03-03',
        startClock: '09:00',
      }),
    )
    expect(reply.status).toBe(400)
    expect(reply.result.error?.dates).toEqual([PAST_DATE])
  })

  test('Add Batch Slots: the created and skipped counts in the toast', async () => {
    const fields = {
      intent: 'create-batch',
      serviceId: String(serviceId),
      'dateRange[0]': '2032-08-02',
      'dateRange[1]': '2032-08-03',
      startTime: '09:00',
      endTime: '12:00',
      interval: '60',
    }
    const first = expectRedirect(
      await page('?add=batch', fields),
      '/practitioner/calendar?date=2032-08-02&month=2032-08',
    )
    expect(shownToast(await readToast(first))).toEqual({
      type: 'success',
      title: 'Time slots created',
      description: '6 time slots created',
    })
    const second = expectRedirect(
      await page('?add=batch', { ...fields, 'dateRange[1]': '2032-08-04' }),
      '/practitioner/calendar?date=2032-08-04&month=2032-08',
    )
    expect(shownToast(await readToast(second))?.description).toBe(
      '3 created, 6 skipped because they overlap existing slots',
    )

    const missing = formReply(await page('?add=batch', { ...fields, 'dateRange[1]': '' }))
    expect(missing.result.error?.dateRange).toEqual([DATE_RANGE_REQUIRED])
    const inactive = formReply(await page('?add=batch', { ...fields, serviceId: String(inactiveServiceId) }))
    expect(shownToast(inactive.toast)).toMatchObject({
      title: 'Failed to create time slots',
      description: inEnglish(SERVICE_REQUIRED),
    })
  })

  test('the loader marks the days with slots and lists the day in order with service fields', async () => {
    const data = (await calendarPage.loader(
      routeArgs(getRequest('/practitioner/calendar?date=2032-08-02&month=2032-08', { cookie: owner.cookie })),
    )) as Awaited<ReturnType<typeof calendarPage.loader>>
    expect(data.markedDays).toEqual(expect.arrayContaining(['2032-08-02', '2032-08-03', '2032-08-04']))
    expect(data.slots.map((s) => s.timeLabel)).toEqual([
      '9:00 AM – 10:00 AM',
      '10:00 AM – 11:00 AM',
      '11:00 AM – 12:00 PM',
    ])
    expect(data.slots[0]).toMatchObject({
      serviceName: 'Deep Tissue',
      priceLabel: '$85.50 CAD',
      duration: 60,
      isBooked: false,
    })
    expect(data.services.map((s) => s.name)).toEqual(['Deep Tissue'])
  })

  test('delete: one slot, then a whole batch; a booked slot is refused', async () => {
    const created = await batch(batchBody({ dateRange: ['2032-09-06', '2032-09-06'] }))
    const [a, b, c] = created.body
    const one = expectRedirect(
      await page(`?delete=${a!.id}`, { intent: 'delete-slot', slotId: String(a!.id), returnTo: '2032-09-06' }),
      '/practitioner/calendar?date=2032-09-06&month=2032-09',
    )
    expect(shownToast(await readToast(one))).toEqual({ type: 'success', title: 'Time slot deleted' })
    getDb().update(timeSlots).set({ isBooked: true }).where(eq(timeSlots.id, c!.id)).run()
    const refused = formReply(
      await page(`?delete=${c!.id}`, { intent: 'delete-slot', slotId: String(c!.id), returnTo: '2032-09-06' }),
    )
    expect(shownToast(refused.toast)).toEqual({
      type: 'error',
      title: 'Failed to delete time slot',
      description: inEnglish(BOOKED_SLOT),
    })
    const all = expectRedirect(
      await page(`?delete=${b!.id}`, {
        intent: 'delete-slot',
        slotId: String(b!.id),
        deleteBatch: 'true',
        returnTo: '2032-09-06',
      }),
      '/practitioner/calendar?date=2032-09-06&month=2032-09',
    )
    expect(shownToast(await readToast(all))).toEqual({ type: 'success', title: 'Time slot deleted' })
    expect(rowsOfBatch(b!.batchId!).map((s) => s.id)).toEqual([c!.id])
  })

  test("another practitioner's slot cannot be deleted from the screen", async () => {
    const theirs = insertSlot({
      practitionerId: stranger.id,
      serviceId: stranger.serviceId,
      startTime: new Date('2032-09-07T14:00:00Z'),
    })
    const reply = formReply(
      await page('', { intent: 'delete-slot', slotId: String(theirs.id), returnTo: '2032-09-07' }),
    )
    expect(reply.status).toBe(404)
  })
})
