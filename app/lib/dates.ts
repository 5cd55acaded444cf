/**
 * Dates shown to people, always in a named IANA zone (docs/decisions/003-times-and-zones.md).
 * Formats follow the spec: 'MMM d, yyyy' for dates and 'h:mm a' for times.
 */
export const DEFAULT_TIME_ZONE = 'America/Toronto'

const FORMATS = {
  date: { month: 'short', day: 'numeric', year: 'numeric' },
  longDate: { month: 'long', day: 'numeric', year: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit', hour12: true },
  zone: { timeZoneName: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>

const formatters = new Map<string, Intl.DateTimeFormat>()

/**
 * Making a formatter costs far more than formatting with one (a dashboard of sessions spent a
 * fifth of its CPU making them), so each format is made once per zone. Zones the runtime does
 * not know throw before anything is kept; the bound covers the same zone spelled in many cases.
 */
function formatter(format: keyof typeof FORMATS, timeZone: string) {
  const key = `${format} ${timeZone}`
  let found = formatters.get(key)
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { timeZone, ...FORMATS[format] })
    if (formatters.size >= 1000) formatters.clear()
    formatters.set(key, found)
  }
  return found
}

/** 'Nov 21, 2026' */
export function formatDate(instant: Date | string | number, timeZone = DEFAULT_TIME_ZONE) {
  return formatter('date', timeZone).format(new Date(instant))
}

/** 'November 21, 2026' */
export function formatLongDate(instant: Date | string | number, timeZone = DEFAULT_TIME_ZONE) {
  return formatter('longDate', timeZone).format(new Date(instant))
}

/** '9:30 AM' */
export function formatTime(instant: Date | string | number, timeZone = DEFAULT_TIME_ZONE) {
  return formatter('time', timeZone).format(new Date(instant))
}

/** 'EST' / 'GMT+1': the short name of the zone at that instant. */
export function zoneAbbreviation(instant: Date | string | number, timeZone = DEFAULT_TIME_ZONE) {
  const found = formatter('zone', timeZone)
    .formatToParts(new Date(instant))
    .find((p) => p.type === 'timeZoneName')
  return found?.value ?? timeZone
}
