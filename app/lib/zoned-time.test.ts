import { describe, expect, test } from 'vitest'
import {
  addDays,
  createDayClock,
  localDateOf,
  weekdayOf,
  zonedTime,
  zoneOffsetMinutes,
  dayBounds,
  formatLocalDate,
  isTimeZone,
  parseLocalDate,
} from './zoned-time'

const TORONTO = 'America/Toronto'

describe('zone arithmetic', () => {
  test('09:00 in Toronto is 14:00Z in winter and 13:00Z in summer', () => {
    expect(zonedTime({ year: 2026, month: 1, day: 15 }, 9 * 60, TORONTO).toISOString()).toBe('2026-01-15T14:00:00.000Z')
    expect(zonedTime({ year: 2026, month: 7, day: 15 }, 9 * 60, TORONTO).toISOString()).toBe('2026-07-15T13:00:00.000Z')
  })

  test('is right on both sides of the spring and autumn changes', () => {
    // Clocks go forward on Sunday 8 March 2026 and back on Sunday 1 November 2026.
    expect(zonedTime({ year: 2026, month: 3, day: 6 }, 9 * 60, TORONTO).toISOString()).toBe('2026-03-06T14:00:00.000Z')
    expect(zonedTime({ year: 2026, month: 3, day: 9 }, 9 * 60, TORONTO).toISOString()).toBe('2026-03-09T13:00:00.000Z')
    expect(zonedTime({ year: 2026, month: 10, day: 30 }, 16 * 60, TORONTO).toISOString()).toBe(
      '2026-10-30T20:00:00.000Z',
    )
    expect(zonedTime({ year: 2026, month: 11, day: 2 }, 16 * 60, TORONTO).toISOString()).toBe(
      '2026-11-02T21:00:00.000Z',
    )
  })

  test('works for zones east of UTC and with half-hour offsets', () => {
    expect(zonedTime({ year: 2026, month: 6, day: 1 }, 9 * 60, 'Asia/Kolkata').toISOString()).toBe(
      '2026-06-01T03:30:00.000Z',
    )
    expect(zoneOffsetMinutes(Date.UTC(2026, 0, 1), 'Australia/Sydney')).toBe(660)
  })

  test('reads the local calendar date and steps across month ends', () => {
    // 02:00Z on 1 March is still 28 February in Toronto.
    expect(localDateOf(new Date('2026-03-01T02:00:00Z'), TORONTO)).toEqual({
      year: 2026,
      month: 2,
      day: 28,
    })
    expect(addDays({ year: 2026, month: 2, day: 28 }, 1)).toEqual({ year: 2026, month: 3, day: 1 })
    expect(addDays({ year: 2026, month: 1, day: 1 }, -1)).toEqual({
      year: 2025,
      month: 12,
      day: 31,
    })
    expect(weekdayOf({ year: 2026, month: 3, day: 8 })).toBe(0)
  })

  test('the day clock gives the same instants as zonedTime', () => {
    const now = new Date('2026-03-05T15:00:00Z')
    const day = createDayClock(now, 9 * 60)
    expect(new Date(day(TORONTO, 4).at).toISOString()).toBe('2026-03-09T13:00:00.000Z')
    expect(day(TORONTO, 3).isWeekday).toBe(false)
    expect(new Date(day(TORONTO, -1).at).toISOString()).toBe('2026-03-04T14:00:00.000Z')
  })
})

describe('calendar dates and day bounds', () => {
  test('parses only real dates', () => {
    expect(parseLocalDate('2026-02-28')).toEqual({ year: 2026, month: 2, day: 28 })
    expect(parseLocalDate('2026-02-30')).toBeNull()
    expect(parseLocalDate('26-2-3')).toBeNull()
    expect(formatLocalDate({ year: 2026, month: 3, day: 8 })).toBe('2026-03-08')
  })

  test('a day in New York spans 23 hours on the spring change and 24 otherwise', () => {
    const spring = dayBounds({ year: 2026, month: 3, day: 8 }, 'America/New_York')
    expect(spring.start.toISOString()).toBe('2026-03-08T05:00:00.000Z')
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3600_000)
    const plain = dayBounds({ year: 2026, month: 11, day: 21 }, 'America/New_York')
    expect(plain.end.getTime() - plain.start.getTime()).toBe(24 * 3600_000)
  })

  test('knows zone names', () => {
    expect(isTimeZone('Europe/London')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
  })
})
