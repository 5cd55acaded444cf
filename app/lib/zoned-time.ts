/**
 * Wall-clock times in a practitioner's zone turned into UTC instants, without a date library.
 * The zone's offset at an instant comes from its rules (./zone-rules.ts: the server's data, in
 * the browser too), so it is right on both sides of a daylight-saving change.
 */
import { wallClock, zoneOffsetMinutes } from './zone-rules'

export interface LocalDate {
  year: number
  /** 1-12 */
  month: number
  day: number
}

const MINUTE = 60_000
export const DAY_MS = 24 * 60 * MINUTE

export { zoneOffsetMinutes }

/** The calendar date on the zone's wall clock at this instant. */
export function localDateOf(instant: Date, timeZone: string): LocalDate {
  const p = wallClock(instant.getTime(), timeZone)
  return { year: p.year, month: p.month, day: p.day }
}

/** Calendar arithmetic only (no zone involved), so it never drifts by an hour. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days))
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(date: LocalDate) {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()
}

export function isWeekday(date: LocalDate) {
  const weekday = weekdayOf(date)
  return weekday !== 0 && weekday !== 6
}

/**
 * The instant at which the zone's clock reads `minutesOfDay` on `date`. The offset is read
 * twice because the first guess can sit on the other side of a DST change.
 */
export function zonedTime(date: LocalDate, minutesOfDay: number, timeZone: string): Date {
  const wallAsUtc = Date.UTC(date.year, date.month - 1, date.day) + minutesOfDay * MINUTE
  const firstGuess = wallAsUtc - zoneOffsetMinutes(wallAsUtc, timeZone) * MINUTE
  const offset = zoneOffsetMinutes(firstGuess, timeZone)
  return new Date(wallAsUtc - offset * MINUTE)
}

/** `'09:30'` → 570. */
export function clock(hhmm: string) {
  const [hours, minutes] = hhmm.split(':').map(Number)
  return (hours ?? 0) * 60 + (minutes ?? 0)
}

export function addMinutes(instant: Date, minutes: number) {
  return new Date(instant.getTime() + minutes * MINUTE)
}

export interface ClockDay {
  isWeekday: boolean
  /** The instant of `minutesOfDay` on that day, in epoch ms. */
  at: number
}

/**
 * `day(zone, offset)`: the day `offset` days from today on that zone's calendar, with the
 * instant its clock reads `minutesOfDay`. Cached, because the benchmark set asks for the same
 * few hundred days hundreds of thousands of times. Adding minutes to `at` stays exact inside a
 * working day: daylight-saving changes happen at night.
 */
export function createDayClock(now: Date, minutesOfDay: number) {
  const cache = new Map<string, ClockDay>()
  const todays = new Map<string, LocalDate>()
  return function day(timeZone: string, offset: number): ClockDay {
    const key = `${timeZone}|${offset}`
    let found = cache.get(key)
    if (!found) {
      let today = todays.get(timeZone)
      if (!today) {
        today = localDateOf(now, timeZone)
        todays.set(timeZone, today)
      }
      const date = addDays(today, offset)
      found = { isWeekday: isWeekday(date), at: zonedTime(date, minutesOfDay, timeZone).getTime() }
      cache.set(key, found)
    }
    return found
  }
}

/** `'2026-11-21'` → LocalDate, or null when it is not a real calendar date. */
export function parseLocalDate(text: string): LocalDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (!match) return null
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }
  const check = new Date(Date.UTC(date.year, date.month - 1, date.day))
  return check.getUTCMonth() === date.month - 1 && check.getUTCDate() === date.day ? date : null
}

/** LocalDate → `'2026-11-21'`. */
export function formatLocalDate(date: LocalDate) {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`
}

export function compareLocalDates(a: LocalDate, b: LocalDate) {
  return formatLocalDate(a).localeCompare(formatLocalDate(b))
}

/** The instants [start, end) of a calendar day on the zone's clock (23 or 25 hours on DST days). */
export function dayBounds(date: LocalDate, timeZone: string) {
  return { start: zonedTime(date, 0, timeZone), end: zonedTime(addDays(date, 1), 0, timeZone) }
}

/** True for a valid IANA zone name this runtime knows. */
export function isTimeZone(value: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}
