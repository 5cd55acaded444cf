/**
 * Dates shown to people, always in a named IANA zone (docs/decisions/003-times-and-zones.md).
 * Formats follow the spec: 'MMM d, yyyy' for dates and 'h:mm a' for times. They are written
 * here from the zone's wall clock, which comes from the server's zone data on both sides
 * (./zone-rules.ts, decision 034), rather than by the runtime's Intl: a browser with other
 * data, or other locale data, then prints the very strings the server did.
 */
import { wallClock, zoneName } from './zone-rules'

export const DEFAULT_TIME_ZONE = 'America/Toronto'

/** The months' names, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

const clockOf = (instant: Date | string | number, timeZone: string) => wallClock(new Date(instant).getTime(), timeZone)

/** 'Nov 21, 2026' */
export function formatDate(instant: Date | string | number, timeZone = DEFAULT_TIME_ZONE) {
  const { year, month, day } = clockOf(instant, timeZone)
  return `${MONTH_NAMES[month - 1]!.slice(0, 3)} ${day}, ${year}`
}

/** 'November 21, 2026' */
export function formatLongDate(instant: Date | string | number, timeZone = DEFAULT_TIME_ZONE) {
  const { year, month, day } = clockOf(instant, timeZone)
  return `${MONTH_NAMES[month - 1]} ${day}, ${year}`
}

/** '9:30 AM' */
export function formatTime(instant: Date | string | number, timeZone = DEFAULT_TIME_ZONE) {
  const { hour, minute } = clockOf(instant, timeZone)
  return `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`
}

/** 'EST' / 'GMT+1': the short name of the zone at that instant. */
export function zoneAbbreviation(instant: Date | string | number, timeZone = DEFAULT_TIME_ZONE) {
  return zoneName(new Date(instant).getTime(), timeZone)
}

/** 'America/Edmonton (MDT)': how a page says which zone its times are in. */
export function zoneLabel(timeZone: string, at: Date | string | number = Date.now()) {
  return `${timeZone} (${zoneAbbreviation(at, timeZone)})`
}
