import { and, asc, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { bookings, timeSlots } from '~/db/schema'
import { sweepWeeklyHours } from '~/jobs/maintenance.server'
import { createBooking } from '~/models/booking/booking.server'
import { listOpenSlots } from '~/models/marketplace/open-slots.server'
import { END_BEFORE_START, PAST_DATE, RANGE_BACKWARDS, SERVICE_REQUIRED } from '~/models/practice/slot-form'
import { deleteSlot, listSlots } from '~/models/practice/slots.server'
import {
  BLOCK_NOT_FOUND,
  copyNeedsDaysOn,
  GAP_RANGE,
  GENERATE_WEEKS,
  rangesOf,
  rangesOverlap,
  rangeTooShort,
  WeeklyHoursSchema,
  type WeeklyHoursInput,
} from '~/models/practice/weekly-hours'
import {
  blockDates,
  listBlockedDates,
  saveWeeklyHours,
  topUpWeeklySlots,
  unblockDates,
} from '~/models/practice/weekly-hours.server'
import * as blockApi from '~/routes/api.availability.blocked-dates.$id'
import * as blocksApi from '~/routes/api.availability.blocked-dates._index'
import * as hoursApi from '~/routes/api.availability.weekly-hours'
import * as serviceApi from '~/routes/api.services.$id'
import * as hoursPage from '~/routes/practitioner.calendar_.hours'
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
  updateServiceRow,
  jsonRequest,
  readToast,
  refusal,
  routeArgs,
  settle,
  signIn,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'
import { shownErrors, shownToast } from '../helpers/practice-i18n'

/**
 * Weekly hours and blocked dates: the model with a fixed clock (Monday 3 March 2031, 06:00 in
 * Toronto, the week before its spring change), the sweeper, /api/availability/* and the
 * screen's forms. Each test has its own practitioner, since hours speak for all their slots.
 */

const TORONTO = 'America/Toronto'
const NOW = new Date('2031-03-03T11:00:00Z')
const HOUR = 60 * 60_000

async function practitioner() {
  const user = await createListedPractitioner({ timeZone: TORONTO })
  const service = insertService(user.id, { name: 'Breathwork', priceCents: 0, durationMinutes: 60 })
  return { id: user.id, serviceId: service.id }
}

const mondayToFriday = (serviceId: number, start = '09:00', end = '12:00') =>
  [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start, end, serviceId }))

const hours = (input: Partial<WeeklyHoursInput>): WeeklyHoursInput => ({ ranges: [], sessions: [], ...input })

function slotsOf(practitionerId: number) {
  return getDb()
    .select()
    .from(timeSlots)
    .where(eq(timeSlots.practitionerId, practitionerId))
    .orderBy(asc(timeSlots.startTime))
    .all()
}

const torontoClock = (instant: Date) =>
  instant.toLocaleString('en-US', { timeZone: TORONTO, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })

describe('saving weekly hours', () => {
  test(`makes ${GENERATE_WEEKS} weeks of ordinary slots at the same local time across the DST change`, async () => {
    const { id, serviceId } = await practitioner()
    const result = saveWeeklyHours(id, hours({ ranges: mondayToFriday(serviceId) }), TORONTO, NOW)
    const slots = slotsOf(id)
    expect(result).toEqual({ added: GENERATE_WEEKS * 5 * 3, removed: 0 })
    expect(slots).toHaveLength(GENERATE_WEEKS * 5 * 3)
    expect(slots.every((s) => s.isGenerated && s.serviceId === serviceId && !s.isBooked && s.batchId === null)).toBe(
      true,
    )
    expect(new Set(slots.map((s) => torontoClock(s.startTime)))).toEqual(new Set(['09:00', '10:00', '11:00']))
    // Monday 3 March is EST (14:00 UTC), Monday 10 March EDT (13:00 UTC).
    expect(slots[0]!.startTime.toISOString()).toBe('2031-03-03T14:00:00.000Z')
    expect(slots.find((s) => s.startTime.toISOString().startsWith('2031-03-10'))!.startTime.toISOString()).toBe(
      '2031-03-10T13:00:00.000Z',
    )
  })

  test('generated slots are listed, counted and booked like any other', async () => {
    const { id, serviceId } = await practitioner()
    saveWeeklyHours(id, hours({ ranges: mondayToFriday(serviceId) }), TORONTO, NOW)
    const open = listOpenSlots(serviceId, { year: 2031, month: 3, day: 4 }, TORONTO, NOW)
    expect(open).toHaveLength(3)
    expect(listSlots(id, new Date('2031-03-04T00:00:00Z'), new Date('2031-03-05T00:00:00Z'))[0]).toMatchObject({
      isGenerated: true,
    })
    const client = await createUser()
    const booking = await createBooking(client, { serviceId, timeSlotId: open[0]!.id }, NOW)
    expect(booking.requiresPayment).toBe(false)
    expect(listOpenSlots(serviceId, { year: 2031, month: 3, day: 4 }, TORONTO, NOW)).toHaveLength(2)
  })

  test('never over one-off slots or bookings; the session length and gap set the steps', async () => {
    const { id, serviceId } = await practitioner()
    // A one-off slot 09:30-10:30 on Tuesday 4 March, and a booking whose slot is gone 11:00-11:30 on Wednesday.
    insertSlot({ practitionerId: id, serviceId, startTime: new Date('2031-03-04T14:30:00Z') })
    getDb()
      .insert(bookings)
      .values({
        practitionerId: id,
        serviceId,
        serviceName: 'Breathwork',
        durationMinutes: 30,
        startTime: new Date('2031-03-05T16:00:00Z'),
        endTime: new Date('2031-03-05T16:30:00Z'),
        status: 'confirmed',
      })
      .run()
    // Sessions as long as the service, each followed by its break.
    updateServiceRow(serviceId, { durationMinutes: 45 })
    saveWeeklyHours(
      id,
      hours({ ranges: mondayToFriday(serviceId), sessions: [{ serviceId, gapMinutes: 15 }] }),
      TORONTO,
      NOW,
    )
    const on = (day: string) =>
      slotsOf(id)
        .filter((s) => s.isGenerated && s.startTime.toISOString().startsWith(day))
        .map((s) => `${torontoClock(s.startTime)}-${torontoClock(s.endTime)}`)
    expect(on('2031-03-03')).toEqual(['09:00-09:45', '10:00-10:45', '11:00-11:45'])
    expect(on('2031-03-04')).toEqual(['11:00-11:45'])
    expect(on('2031-03-05')).toEqual(['09:00-09:45', '10:00-10:45'])
  })

  test('changing the hours removes unbooked slots that no longer fit and adds the new ones; booked ones stay', async () => {
    const { id, serviceId } = await practitioner()
    saveWeeklyHours(id, hours({ ranges: mondayToFriday(serviceId) }), TORONTO, NOW)
    const nine = slotsOf(id)[0]!
    getDb().update(timeSlots).set({ isBooked: true }).where(eq(timeSlots.id, nine.id)).run()

    const result = saveWeeklyHours(id, hours({ ranges: mondayToFriday(serviceId, '10:00', '13:00') }), TORONTO, NOW)
    const days = GENERATE_WEEKS * 5
    expect(result).toEqual({ added: days, removed: days - 1 })
    const slots = slotsOf(id)
    expect(slots.find((s) => s.id === nine.id)).toMatchObject({ isBooked: true })
    expect(slots.filter((s) => torontoClock(s.startTime) === '09:00')).toHaveLength(1)
    expect(slots.filter((s) => torontoClock(s.startTime) === '12:00')).toHaveLength(days)

    // No hours at all: every unbooked generated slot goes.
    expect(saveWeeklyHours(id, hours({}), TORONTO, NOW)).toEqual({ added: 0, removed: days * 3 })
    expect(slotsOf(id).map((s) => s.id)).toEqual([nine.id])
  })

  test('a range too short for one session of its service is refused on its row', async () => {
    const { id, serviceId } = await practitioner()
    const short = { weekday: 2, start: '09:00', end: '09:30', serviceId }
    expect(await refusal(() => saveWeeklyHours(id, hours({ ranges: [short] }), TORONTO, NOW))).toEqual({
      status: 400,
      message: rangeTooShort(short, { name: 'Breathwork', sessionMinutes: 60 }),
    })
    expect(inEnglish(rangeTooShort(short, { name: 'Breathwork', sessionMinutes: 60 }))).toBe(
      'No 60-minute Breathwork session fits between 09:00 and 09:30 on Tuesday',
    )
    // The service's own length counts: a 30-minute service fits.
    updateServiceRow(serviceId, { durationMinutes: 30 })
    expect(saveWeeklyHours(id, hours({ ranges: [short] }), TORONTO, NOW).added).toBe(GENERATE_WEEKS)
  })

  test("another practitioner's service, or an inactive one, is refused and nothing changes", async () => {
    const { id, serviceId } = await practitioner()
    const other = await practitioner()
    const retired = insertService(id, { name: 'Retired', isActive: false }).id
    for (const bad of [other.serviceId, retired]) {
      expect(await refusal(() => saveWeeklyHours(id, hours({ ranges: mondayToFriday(bad) }), TORONTO, NOW))).toEqual({
        status: 400,
        message: SERVICE_REQUIRED,
      })
    }
    expect(
      await refusal(() =>
        saveWeeklyHours(
          id,
          hours({
            ranges: mondayToFriday(serviceId),
            sessions: [{ serviceId: other.serviceId, gapMinutes: 0 }],
          }),
          TORONTO,
          NOW,
        ),
      ),
    ).toEqual({ status: 400, message: SERVICE_REQUIRED })
    expect(slotsOf(id)).toHaveLength(0)
  })
})

describe('deleting a generated slot', () => {
  test('it stays deleted: neither a save nor the sweeper makes it again, and one-off deletes are unchanged', async () => {
    const { id, serviceId } = await practitioner()
    saveWeeklyHours(id, hours({ ranges: mondayToFriday(serviceId) }), TORONTO, NOW)
    const [first] = slotsOf(id)
    expect(deleteSlot(id, first!.id)).toEqual({ deleted: 1 })
    topUpWeeklySlots(NOW)
    expect(saveWeeklyHours(id, hours({ ranges: mondayToFriday(serviceId) }), TORONTO, NOW)).toEqual({
      added: 0,
      removed: 0,
    })
    expect(slotsOf(id).some((s) => s.startTime.getTime() === first!.startTime.getTime())).toBe(false)
    // The time is free for a one-off slot, which deletes like any other.
    const oneOff = insertSlot({ practitionerId: id, serviceId, startTime: first!.startTime })
    expect(deleteSlot(id, oneOff.id)).toEqual({ deleted: 1 })
    expect(saveWeeklyHours(id, hours({ ranges: mondayToFriday(serviceId) }), TORONTO, NOW)).toEqual({
      added: 0,
      removed: 0,
    })
  })
})

describe('a service of the hours changing', () => {
  test('deactivating it takes its unbooked generated slots away at once; a new duration reshapes them', async () => {
    const { id, serviceId } = await practitioner()
    const cookie = await signIn(id)
    // Today's clock: the service's edit runs now, not at the fixed NOW.
    saveWeeklyHours(
      id,
      hours({ ranges: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '11:00', serviceId })) }),
      TORONTO,
    )
    const before = slotsOf(id).length
    expect(before).toBeGreaterThan(0)
    const edit = (changes: Record<string, unknown>) =>
      callApi(
        serviceApi.action,
        jsonRequest(
          `/api/services/${serviceId}`,
          'PATCH',
          {
            name: 'Breathwork',
            description: 'Breathing.',
            category: 'Other',
            price: 0,
            duration: 60,
            isActive: true,
            ...changes,
          },
          { cookie },
        ),
        { id: String(serviceId) },
      )
    expect((await edit({ isActive: false })).status).toBe(200)
    expect(slotsOf(id)).toHaveLength(0)
    expect((await edit({ isActive: true })).status).toBe(200)
    expect(slotsOf(id)).toHaveLength(before)
    expect((await edit({ duration: 120 })).status).toBe(200)
    expect(slotsOf(id).every((s) => s.endTime.getTime() - s.startTime.getTime() === 120 * 60_000)).toBe(true)
  })
})

describe('the rules of the form and the API', () => {
  const issues = (input: unknown) => {
    const parsed = WeeklyHoursSchema.safeParse(input)
    return parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${inEnglish(issue.message)}`)
  }

  test('end after start, ranges of a day not overlapping (touching is fine), length 15-480, gap 0-120', () => {
    expect(issues({ ranges: [{ weekday: 1, start: '12:00', end: '09:00', serviceId: 1 }] })).toEqual([
      `ranges.0.end: ${inEnglish(END_BEFORE_START)}`,
    ])
    expect(
      issues({
        ranges: [
          { weekday: 1, start: '09:00', end: '12:00', serviceId: 1 },
          { weekday: 1, start: '12:00', end: '14:00', serviceId: 1 },
          { weekday: 2, start: '11:00', end: '13:00', serviceId: 1 },
          { weekday: 1, start: '11:30', end: '12:30', serviceId: 2 },
        ],
      }),
    ).toEqual([`ranges.3.start: ${inEnglish(rangesOverlap(1))}`])
    expect(
      issues({
        sessions: [
          { serviceId: 1, gapMinutes: -1 },
          { serviceId: 2, gapMinutes: 121 },
          { serviceId: 3, gapMinutes: 120 },
        ],
      }),
    ).toEqual([`sessions.0.gapMinutes: ${inEnglish(GAP_RANGE)}`, `sessions.1.gapMinutes: ${inEnglish(GAP_RANGE)}`])
  })

  test('an empty row of the form is no range; half a row is an error', () => {
    const parsed = WeeklyHoursSchema.parse({ ranges: [{ weekday: 1, serviceId: 1 }, { weekday: 2 }] })
    expect(rangesOf(parsed)).toEqual([])
    expect(issues({ ranges: [{ weekday: 1, start: '09:00', serviceId: 1 }] })).toEqual([
      'ranges.0.end: End time is required',
    ])
  })
})

describe('blocked dates', () => {
  test('a block removes its unbooked generated slots, keeps booked ones, and unblocking brings them back', async () => {
    const { id, serviceId } = await practitioner()
    saveWeeklyHours(id, hours({ ranges: mondayToFriday(serviceId) }), TORONTO, NOW)
    const tuesday = slotsOf(id).filter((s) => s.startTime.toISOString().startsWith('2031-03-04'))
    getDb().update(timeSlots).set({ isBooked: true }).where(eq(timeSlots.id, tuesday[0]!.id)).run()

    const { block, removed } = blockDates(id, { firstDate: '2031-03-04', lastDate: '2031-03-05' }, NOW)
    expect(removed).toBe(5)
    expect(block).toMatchObject({ firstDate: '2031-03-04', lastDate: '2031-03-05', bookedSlots: 1 })
    expect(listBlockedDates(id, NOW)).toEqual([block])
    // The sweeper makes nothing there either.
    topUpWeeklySlots(NOW)
    expect(slotsOf(id).filter((s) => s.startTime.toISOString().startsWith('2031-03-04'))).toHaveLength(1)

    expect(unblockDates(id, block.id, NOW)).toEqual({ added: 5, removed: 0 })
    expect(slotsOf(id)).toHaveLength(GENERATE_WEEKS * 5 * 3)
    expect(listBlockedDates(id, NOW)).toEqual([])
  })

  test("a past first date is refused; another practitioner's block is not found", async () => {
    const { id } = await practitioner()
    const other = await practitioner()
    expect(await refusal(() => blockDates(id, { firstDate: '2031-03-02', lastDate: '2031-03-04' }, NOW))).toEqual({
      status: 400,
      message: PAST_DATE,
    })
    const { block } = blockDates(other.id, { firstDate: '2031-03-10', lastDate: '2031-03-10' }, NOW)
    expect(await refusal(() => unblockDates(id, block.id, NOW))).toEqual({ status: 404, message: BLOCK_NOT_FOUND })
  })
})

describe('the sweeper', () => {
  test('tops up as the days go by, runs idempotently, and respects blocks and bookings', async () => {
    const { id, serviceId } = await practitioner()
    saveWeeklyHours(id, hours({ ranges: mondayToFriday(serviceId) }), TORONTO, NOW)
    expect(sweepWeeklyHours(NOW)).toMatchObject({ added: 0, removed: 0 })
    const count = slotsOf(id).length

    // A week on: the next week is made, the days gone by are left alone. The new week's
    // Tuesday is blocked and its Wednesday 09:00 already booked elsewhere.
    const later = new Date(NOW.getTime() + 7 * 24 * HOUR)
    const lastWeek = new Date(NOW.getTime() + GENERATE_WEEKS * 7 * 24 * HOUR)
    const dayOf = (offset: number) => new Date(lastWeek.getTime() + offset * 24 * HOUR).toISOString().slice(0, 10)
    blockDates(id, { firstDate: dayOf(1), lastDate: dayOf(1) }, NOW)
    getDb()
      .insert(bookings)
      .values({
        practitionerId: id,
        serviceId,
        serviceName: 'Breathwork',
        durationMinutes: 60,
        startTime: new Date(`${dayOf(2)}T13:00:00Z`),
        endTime: new Date(`${dayOf(2)}T14:00:00Z`),
        status: 'pending',
      })
      .run()
    // The sweep covers every practitioner with hours (other tests' too); this one gains a
    // Monday, a Wednesday without 09:00, a Thursday and a Friday.
    expect(sweepWeeklyHours(later).removed).toBe(0)
    expect(slotsOf(id)).toHaveLength(count + 11)
    expect(sweepWeeklyHours(later)).toEqual({ added: 0, removed: 0 })
    expect(
      getDb()
        .select()
        .from(timeSlots)
        .where(and(eq(timeSlots.practitionerId, id), eq(timeSlots.isGenerated, false)))
        .all(),
    ).toHaveLength(0)
  })
})

describe('/api/availability', () => {
  const putHours = (body: unknown, cookie: string) =>
    callApi(hoursApi.action, jsonRequest('/api/availability/weekly-hours', 'PUT', body, { cookie }))

  test('GET and PUT weekly hours, POST, GET and DELETE blocked dates', async () => {
    const { id, serviceId } = await practitioner()
    const cookie = await signIn(id)
    const empty = await callApi(hoursApi.loader, getRequest('/api/availability/weekly-hours', { cookie }))
    expect(empty).toMatchObject({
      status: 200,
      body: {
        timeZone: TORONTO,
        ranges: [],
        sessions: [{ serviceId, serviceName: 'Breathwork', sessionMinutes: 60, gapMinutes: 0 }],
      },
    })

    const saved = await putHours(
      {
        ranges: [{ weekday: 1, start: '09:00', end: '11:00', serviceId }],
        sessions: [{ serviceId, gapMinutes: 30 }],
      },
      cookie,
    )
    expect(saved.status).toBe(200)
    // 60-minute sessions (the service's) and a 30-minute break: one fits between 09:00 and 11:00.
    expect(saved.body).toMatchObject({
      ranges: [{ weekday: 1, start: '09:00', end: '11:00', serviceId }],
      sessions: [{ serviceId, sessionMinutes: 60, gapMinutes: 30 }],
      removed: 0,
    })
    expect(saved.body.added).toBeGreaterThanOrEqual(GENERATE_WEEKS - 1)

    const invalid = await putHours({ ranges: [{ weekday: 1, start: '11:00', end: '09:00', serviceId }] }, cookie)
    expect(invalid).toMatchObject({ status: 400, body: { message: inEnglish(END_BEFORE_START) } })

    const created = await callApi(
      blocksApi.action,
      jsonRequest('/api/availability/blocked-dates', 'POST', { firstDate: '2099-12-24' }, { cookie }),
    )
    expect(created).toMatchObject({
      status: 201,
      body: { firstDate: '2099-12-24', lastDate: '2099-12-24', bookedSlots: 0 },
    })
    const backwards = await callApi(
      blocksApi.action,
      jsonRequest(
        '/api/availability/blocked-dates',
        'POST',
        { firstDate: '2099-12-24', lastDate: '2099-12-20' },
        { cookie },
      ),
    )
    expect(backwards).toMatchObject({ status: 400, body: { message: inEnglish(RANGE_BACKWARDS) } })
    const list = await callApi(blocksApi.loader, getRequest('/api/availability/blocked-dates', { cookie }))
    expect(list.body).toEqual([
      { id: created.body.id, firstDate: '2099-12-24', lastDate: '2099-12-24', bookedSlots: 0 },
    ])

    const other = await signIn((await practitioner()).id)
    const remove = (blockId: string, as: string) =>
      callApi(
        blockApi.action,
        jsonRequest(`/api/availability/blocked-dates/${blockId}`, 'DELETE', undefined, { cookie: as }),
        {
          id: blockId,
        },
      )
    expect(await remove(String(created.body.id), other)).toMatchObject({
      status: 404,
      body: { message: inEnglish(BLOCK_NOT_FOUND) },
    })
    expect(await remove(String(created.body.id), cookie)).toMatchObject({
      status: 200,
      body: { message: 'Dates unblocked' },
    })
  })

  test('signed out 401, a client 403, the wrong method 405', async () => {
    const client = await signIn((await createUser()).id)
    for (const cookie of ['', client]) {
      const expected = cookie ? 403 : 401
      expect((await callApi(hoursApi.loader, getRequest('/api/availability/weekly-hours', { cookie }))).status).toBe(
        expected,
      )
      expect((await putHours({ ranges: [] }, cookie)).status).toBe(expected)
      expect((await callApi(blocksApi.loader, getRequest('/api/availability/blocked-dates', { cookie }))).status).toBe(
        expected,
      )
    }
    const { id } = await practitioner()
    const cookie = await signIn(id)
    expect(
      (await callApi(hoursApi.action, jsonRequest('/api/availability/weekly-hours', 'POST', {}, { cookie }))).status,
    ).toBe(405)
    expect(
      (await callApi(blockApi.loader, getRequest('/api/availability/blocked-dates/1', { cookie }), { id: '1' })).status,
    ).toBe(405)
  })
})

describe('the Weekly Hours screen', () => {
  const post = (fields: Record<string, string | string[]>, cookie: string) => {
    // A field given several times (the day switches) is posted as the browser posts it.
    const body = new URLSearchParams()
    for (const [key, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(key, one)
    const plain = formRequest('/practitioner/calendar/hours', {}, { cookie })
    const request = new Request(plain.url, { method: 'POST', headers: plain.headers, body })
    return settle(() => hoursPage.action(routeArgs(request)))
  }

  test('saves the form (empty rows ignored), blocks and unblocks, with toasts', async () => {
    const { id, serviceId } = await practitioner()
    const cookie = await signIn(id)
    const saved = expectRedirect(
      await post(
        {
          intent: 'save-hours',
          'ranges[0].weekday': '1',
          'ranges[0].start': '09:00',
          'ranges[0].end': '10:00',
          'ranges[0].serviceId': String(serviceId),
          'ranges[1].weekday': '1',
          'ranges[1].start': '',
          'ranges[1].end': '',
          'ranges[1].serviceId': String(serviceId),
          // Tuesday is switched off: its row is kept on the screen, neither saved nor checked.
          'ranges[2].weekday': '2',
          'ranges[2].start': '12:00',
          'ranges[2].end': '09:00',
          'ranges[2].serviceId': String(serviceId),
          openDays: '1',
          'sessions[0].serviceId': String(serviceId),
          'sessions[0].gapMinutes': '0',
        },
        cookie,
      ),
      '/practitioner/calendar/hours',
    )
    expect(shownToast(await readToast(saved))?.title).toBe('Weekly hours saved')
    expect(slotsOf(id).length).toBeGreaterThanOrEqual(GENERATE_WEEKS - 1)

    const page = (await hoursPage.loader(routeArgs(getRequest('/practitioner/calendar/hours', { cookie })))) as Awaited<
      ReturnType<typeof hoursPage.loader>
    >
    expect(page.hours.ranges).toEqual([{ weekday: 1, start: '09:00', end: '10:00', serviceId }])

    const blocked = expectRedirect(
      await post({ intent: 'block-dates', firstDate: '2099-01-05' }, cookie),
      '/practitioner/calendar/hours',
    )
    expect(shownToast(await readToast(blocked))?.title).toBe('Dates blocked')
    const [block] = listBlockedDates(id)
    const unblocked = expectRedirect(
      await post({ intent: 'unblock-dates', blockId: String(block!.id) }, cookie),
      '/practitioner/calendar/hours',
    )
    expect(shownToast(await readToast(unblocked))?.title).toBe('Dates unblocked')
  })

  test('a wrong form answers its messages on the fields', async () => {
    const { id, serviceId } = await practitioner()
    const cookie = await signIn(id)
    const reply = formReply(
      await post(
        {
          intent: 'save-hours',
          'ranges[0].weekday': '1',
          'ranges[0].start': '12:00',
          'ranges[0].end': '09:00',
          'ranges[0].serviceId': String(serviceId),
          openDays: '1',
          'sessions[0].serviceId': String(serviceId),
          'sessions[0].gapMinutes': '500',
        },
        cookie,
      ),
    )
    expect(reply.status).toBe(400)
    expect(reply.result.error).toMatchObject({
      'ranges[0].end': [END_BEFORE_START],
      'sessions[0].gapMinutes': [GAP_RANGE],
    })
    const short = formReply(
      await post(
        {
          intent: 'save-hours',
          'ranges[0].weekday': '1',
          'ranges[1].weekday': '1',
          'ranges[1].start': '09:00',
          'ranges[1].end': '09:15',
          'ranges[1].serviceId': String(serviceId),
          openDays: '1',
        },
        cookie,
      ),
    )
    expect(shownErrors(short.result.error)).toMatchObject({
      'ranges[1].end': ['No 60-minute Breathwork session fits between 09:00 and 09:15 on Monday'],
    })
    const past = formReply(await post({ intent: 'block-dates', firstDate: '2020-01-01' }, cookie))
    expect(past.result.error).toMatchObject({ firstDate: [PAST_DATE] })
  })

  test('Copy to all days: the days switched on get the day’s ranges, the weekend stays off; the rest as typed, nothing saved', async () => {
    const { id, serviceId } = await practitioner()
    const cookie = await signIn(id)
    const reply = formReply(
      await post(
        {
          intent: 'save-hours',
          'ranges[0].weekday': '1',
          'ranges[0].start': '08:00',
          'ranges[0].end': '12:00',
          'ranges[0].serviceId': String(serviceId),
          'ranges[1].weekday': '1',
          'ranges[1].start': '13:00',
          'ranges[1].end': '16:00',
          'ranges[1].serviceId': String(serviceId),
          'ranges[2].weekday': '3',
          'ranges[2].start': '10:00',
          'ranges[2].end': '11:00',
          'ranges[2].serviceId': String(serviceId),
          'ranges[3].weekday': '6',
          'ranges[3].start': '09:00',
          'ranges[3].end': '10:00',
          'ranges[3].serviceId': String(serviceId),
          openDays: ['1', '3', '5'],
          'sessions[0].serviceId': String(serviceId),
          'sessions[0].gapMinutes': '10',
          copyDay: '1',
        },
        cookie,
      ),
    )
    const value = reply.result.initialValue as { ranges: { weekday: string; start: string }[]; openDays: string[] }
    const startsOn = (weekday: string) => value.ranges.filter((row) => row.weekday === weekday).map((row) => row.start)
    // Only the days switched on: Saturday and Sunday (and Tuesday, Thursday) are not switched on.
    expect(value.openDays).toEqual(['1', '3', '5'])
    expect(startsOn('3')).toEqual(['08:00', '13:00'])
    expect(startsOn('5')).toEqual(['08:00', '13:00'])
    for (const off of ['2', '4', '0']) expect(startsOn(off)).toEqual([])
    // A day switched off keeps the rows it had.
    expect(startsOn('6')).toEqual(['09:00'])
    expect(value.ranges).toHaveLength(7)
    expect(value).toMatchObject({ sessions: [{ serviceId: String(serviceId), gapMinutes: '10' }] })
    expect(value).not.toHaveProperty('copyDay')
    expect(shownToast(reply.toast)).toBeNull()
    // With JavaScript the form takes it as an update of its whole value, and redraws.
    expect(reply.result.intent).toEqual({ type: 'update', payload: { value } })
    expect(slotsOf(id)).toHaveLength(0)

    // With no other day on, nothing is copied, and the screen says what to do.
    const alone = formReply(
      await post(
        {
          intent: 'save-hours',
          'ranges[0].weekday': '2',
          'ranges[0].start': '08:00',
          'ranges[0].end': '12:00',
          'ranges[0].serviceId': String(serviceId),
          openDays: '2',
          copyDay: '2',
        },
        cookie,
      ),
    )
    expect(alone.result.initialValue).toMatchObject({ openDays: ['2'], ranges: [{ weekday: '2', start: '08:00' }] })
    expect(shownToast(alone.toast)).toEqual({
      type: 'info',
      title: 'Nothing copied',
      description: inEnglish(copyNeedsDaysOn(2)),
    })
  })
})
