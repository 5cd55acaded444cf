import { addDays, formatLocalDate, weekdayOf, zonedTime, zoneOffsetMinutes, type LocalDate } from '~/lib/zoned-time'

/**
 * The slots a practitioner's weekly hours stand for, as pure arithmetic (no database), so the
 * rules can be checked by property tests (docs/decisions/026-weekly-hours.md):
 * - each session starts at a wall-clock time of its range on that day, in the hours' zone, so
 *   09:00 stays 09:00 local on both sides of a daylight-saving change;
 * - a wall-clock time the zone skips (02:30 on a spring-forward night) is skipped; one it
 *   repeats (01:30 on a fall-back night) is taken once;
 * - a session lasts its length in real minutes and ends by its range's end;
 * - no two sessions overlap, even where a clock change squeezes a night's range.
 */

const MINUTE = 60_000

export type HoursRange = {
  /** 0 = Sunday ... 6 = Saturday. */
  weekday: number
  startMinute: number
  endMinute: number
  serviceId: number
  sessionMinutes: number
  gapMinutes: number
}

export type PlannedSlot = { start: number; end: number; serviceId: number }

/** The instant `minutes` into `date` on the zone's clock, or null when that clock never reads it. */
export function wallClockInstant(date: LocalDate, minutes: number, timeZone: string): number | null {
  const instant = zonedTime(date, minutes, timeZone).getTime()
  const wall = instant + zoneOffsetMinutes(instant, timeZone) * MINUTE
  return wall === Date.UTC(date.year, date.month - 1, date.day) + minutes * MINUTE ? instant : null
}

/**
 * Sessions from `from` for `days` calendar days, earliest first: every day not blocked, every
 * range of its weekday, from the range's start every length + gap minutes. Only sessions that
 * start after `now` are planned.
 */
export function planWeeklySlots(options: {
  ranges: HoursRange[]
  timeZone: string
  from: LocalDate
  days: number
  now: number
  isBlocked?: (day: string) => boolean
}): PlannedSlot[] {
  const { timeZone, now } = options
  // Ties broken on every field, so the plan never depends on the order the ranges came in.
  const ranges = [...options.ranges].sort(
    (a, b) =>
      a.startMinute - b.startMinute ||
      a.endMinute - b.endMinute ||
      a.serviceId - b.serviceId ||
      a.sessionMinutes - b.sessionMinutes ||
      a.gapMinutes - b.gapMinutes,
  )
  const planned: PlannedSlot[] = []
  let lastEnd = -Infinity
  for (let offset = 0; offset < options.days; offset++) {
    const day = addDays(options.from, offset)
    if (options.isBlocked?.(formatLocalDate(day))) continue
    const weekday = weekdayOf(day)
    for (const range of ranges) {
      if (range.weekday !== weekday) continue
      // The range's end as an instant: where it does not exist, zonedTime's reading of it is
      // an hour early, which only leaves a squeezed night shorter.
      const rangeEnd = zonedTime(day, range.endMinute, timeZone).getTime()
      const step = range.sessionMinutes + range.gapMinutes
      for (let minute = range.startMinute; minute + range.sessionMinutes <= range.endMinute; minute += step) {
        const start = wallClockInstant(day, minute, timeZone)
        if (start === null || start <= now) continue
        const end = start + range.sessionMinutes * MINUTE
        if (end > rangeEnd || start < lastEnd) continue
        planned.push({ start, end, serviceId: range.serviceId })
        lastEnd = end
      }
    }
  }
  return planned
}
