import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  addDays,
  formatLocalDate,
  localDateOf,
  weekdayOf,
  zonedTime,
  zoneOffsetMinutes,
  type LocalDate,
} from '~/lib/zoned-time'
import { planWeeklySlots, type HoursRange, type PlannedSlot } from './weekly-slots'

const MINUTE = 60_000
const TORONTO = 'America/Toronto'
const LONDON = 'Europe/London'
const TOKYO = 'Asia/Tokyo'
/** Long before every date below, so no session is "past". */
const EARLY = Date.UTC(2025, 0, 1)

const range = (weekday: number, start: string, end: string, sessionMinutes = 60, gapMinutes = 0): HoursRange => {
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))
  return { weekday, startMinute: minutes(start), endMinute: minutes(end), serviceId: 1, sessionMinutes, gapMinutes }
}
const weekdays = (start: string, end: string, length = 60, gap = 0) =>
  [1, 2, 3, 4, 5].map((weekday) => range(weekday, start, end, length, gap))

/** The wall clock (date and minutes) of an instant in a zone. */
function wallClock(instant: number, timeZone: string) {
  const date = localDateOf(new Date(instant), timeZone)
  const wall = instant + zoneOffsetMinutes(instant, timeZone) * MINUTE
  return { date, minutes: (wall - Date.UTC(date.year, date.month - 1, date.day)) / MINUTE }
}
const iso = (slots: PlannedSlot[]) => slots.map((slot) => new Date(slot.start).toISOString())
const day = (year: number, month: number, date: number): LocalDate => ({ year, month, day: date })

describe('weekly hours across daylight-saving changes', () => {
  test('09:00 stays 09:00 in Toronto on both sides of the spring change', () => {
    // Friday 6 March 2026 is EST (UTC-5), Monday 9 March is EDT (UTC-4).
    const slots = planWeeklySlots({
      ranges: weekdays('09:00', '10:00'),
      timeZone: TORONTO,
      from: day(2026, 3, 6),
      days: 4,
      now: EARLY,
    })
    expect(iso(slots)).toEqual(['2026-03-06T14:00:00.000Z', '2026-03-09T13:00:00.000Z'])
  })

  test('09:00 stays 09:00 in London on both sides of the autumn change', () => {
    const slots = planWeeklySlots({
      ranges: weekdays('09:00', '10:00'),
      timeZone: LONDON,
      from: day(2026, 10, 23),
      days: 4,
      now: EARLY,
    })
    expect(iso(slots)).toEqual(['2026-10-23T08:00:00.000Z', '2026-10-26T09:00:00.000Z'])
  })

  test('a wall-clock time the zone skips is skipped (Toronto, 8 March 2026, 02:00-03:00 does not exist)', () => {
    const slots = planWeeklySlots({
      ranges: [range(0, '02:00', '04:00', 30)],
      timeZone: TORONTO,
      from: day(2026, 3, 8),
      days: 1,
      now: EARLY,
    })
    // 03:00 and 03:30 EDT only.
    expect(iso(slots)).toEqual(['2026-03-08T07:00:00.000Z', '2026-03-08T07:30:00.000Z'])
  })

  test('a wall-clock time the zone repeats is taken once (Toronto, 1 November 2026)', () => {
    const slots = planWeeklySlots({
      ranges: [range(0, '01:00', '02:00', 30)],
      timeZone: TORONTO,
      from: day(2026, 11, 1),
      days: 1,
      now: EARLY,
    })
    expect(slots).toHaveLength(2)
    expect(slots.map((slot) => wallClock(slot.start, TORONTO).minutes)).toEqual([60, 90])
  })

  test('London skips 01:00 on 29 March 2026 and takes 01:30 once on 25 October 2026', () => {
    const spring = planWeeklySlots({
      ranges: [range(0, '01:00', '03:00', 60)],
      timeZone: LONDON,
      from: day(2026, 3, 29),
      days: 1,
      now: EARLY,
    })
    expect(iso(spring)).toEqual(['2026-03-29T01:00:00.000Z'])
    const autumn = planWeeklySlots({
      ranges: [range(0, '01:30', '02:00', 30)],
      timeZone: LONDON,
      from: day(2026, 10, 25),
      days: 1,
      now: EARLY,
    })
    expect(autumn).toHaveLength(1)
  })

  test('a zone without daylight saving gives the same instants every day (Tokyo)', () => {
    const slots = planWeeklySlots({
      ranges: [0, 1, 2, 3, 4, 5, 6].map((weekday) => range(weekday, '09:00', '10:00')),
      timeZone: TOKYO,
      from: day(2026, 3, 1),
      days: 60,
      now: EARLY,
    })
    expect(slots).toHaveLength(60)
    expect(new Set(slots.map((slot) => new Date(slot.start).toISOString().slice(11)))).toEqual(
      new Set(['00:00:00.000Z']),
    )
  })

  test('length plus gap steps through a range; a blocked day and past times are left out', () => {
    const from = day(2026, 6, 1) // a Monday
    const slots = planWeeklySlots({
      ranges: weekdays('09:00', '12:00', 45, 15),
      timeZone: TORONTO,
      from,
      days: 3,
      now: zonedTime(from, 10 * 60, TORONTO).getTime(),
      isBlocked: (date) => date === '2026-06-02',
    })
    const labels = slots.map((slot) => {
      const { date, minutes } = wallClock(slot.start, TORONTO)
      return `${formatLocalDate(date)} ${minutes}`
    })
    // Monday 09:00 and 10:00 are not after `now`; Tuesday is blocked.
    expect(labels).toEqual(['2026-06-01 660', '2026-06-03 540', '2026-06-03 600', '2026-06-03 660'])
  })
})

describe('weekly hours, for any hours', () => {
  const zone = fc.constantFrom(TORONTO, LONDON, TOKYO)
  // Start days within three weeks of the 2026 changes, so most runs cross one.
  const startDay = fc
    .tuple(
      fc.constantFrom(day(2026, 3, 1), day(2026, 3, 22), day(2026, 10, 18), day(2026, 10, 25)),
      fc.integer({ min: 0, max: 20 }),
    )
    .map(([base, offset]) => addDays(base, offset))
  const quarter = (max: number) => fc.integer({ min: 0, max: max / 15 }).map((n) => n * 15)
  const anyRange = fc
    .record({
      weekday: fc.integer({ min: 0, max: 6 }),
      startMinute: quarter(23 * 60 + 45),
      length: fc.integer({ min: 1, max: 16 * 4 }).map((n) => n * 15),
      sessionMinutes: fc.integer({ min: 15, max: 480 }),
      gapMinutes: fc.integer({ min: 0, max: 120 }),
      serviceId: fc.integer({ min: 1, max: 3 }),
    })
    .map(({ length, ...rest }) => ({ ...rest, endMinute: Math.min(rest.startMinute + length, 24 * 60 - 1) }))
    .filter((r) => r.endMinute > r.startMinute)

  test('sessions never overlap, start on a range boundary step inside its hours, and skip blocked days', () => {
    fc.assert(
      fc.property(
        zone,
        startDay,
        fc.integer({ min: 1, max: 21 }),
        // Ranges may overlap here: the generator must still never give two sessions at once.
        fc.array(anyRange, { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 3 }),
        (timeZone, from, days, ranges, blockedOffsets) => {
          const blocked = new Set(blockedOffsets.map((offset) => formatLocalDate(addDays(from, offset))))
          const now = zonedTime(from, 12 * 60, timeZone).getTime()
          const slots = planWeeklySlots({ ranges, timeZone, from, days, now, isBlocked: (d) => blocked.has(d) })
          slots.forEach((slot, i) => {
            expect(slot.start).toBeGreaterThan(now)
            if (i > 0) expect(slot.start).toBeGreaterThanOrEqual(slots[i - 1]!.end)
            const { date, minutes } = wallClock(slot.start, timeZone)
            expect(blocked.has(formatLocalDate(date))).toBe(false)
            const home = ranges.find(
              (r) =>
                r.serviceId === slot.serviceId &&
                r.weekday === weekdayOf(date) &&
                minutes >= r.startMinute &&
                (minutes - r.startMinute) % (r.sessionMinutes + r.gapMinutes) === 0 &&
                slot.end - slot.start === r.sessionMinutes * MINUTE &&
                slot.end <= zonedTime(date, r.endMinute, timeZone).getTime(),
            )
            expect(home, `${new Date(slot.start).toISOString()} in ${timeZone}`).toBeDefined()
          })
        },
      ),
      { numRuns: 200, seed: 20261125 },
    )
  })

  test('planning is the same however the ranges are ordered, and a wall-clock time is never taken twice', () => {
    fc.assert(
      fc.property(zone, startDay, fc.array(anyRange, { minLength: 1, maxLength: 5 }), (timeZone, from, ranges) => {
        const plan = (list: HoursRange[]) => planWeeklySlots({ ranges: list, timeZone, from, days: 14, now: EARLY })
        expect(plan([...ranges].reverse().sort((a, b) => a.startMinute - b.startMinute))).toEqual(plan(ranges))
        const walls = plan(ranges).map((slot) => {
          const { date, minutes } = wallClock(slot.start, timeZone)
          return `${formatLocalDate(date)} ${minutes}`
        })
        expect(new Set(walls).size).toBe(walls.length)
      }),
      { numRuns: 100, seed: 20261125 },
    )
  })
})
