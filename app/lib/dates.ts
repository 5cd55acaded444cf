/**
 * Dates shown to people, always in a named IANA zone (docs/decisions/003-times-and-zones.md).
 * Formats follow the spec: 'MMM d, yyyy' for dates and 'h:mm a' for times.
 */
export const DEFAULT_TIME_ZONE = 'America/Toronto'

function parts(instant: Date | string | number, timeZone: string, options: Intl.DateTimeFormatOptions) {
  return new Intl.DateTimeFormat('en-US', { timeZone, ...options }).format(new Date(instant))
}

/** 'Nov 21, 2026' */
export function formatDate(instant: Date | string | number, timeZone = DEFAULT_TIME_ZONE) {
  return parts(instant, timeZone, { month: 'short', day: 'numeric', year: 'numeric' })
}

/** 'November 21, 2026' */
export function formatLongDate(instant: Date | string | number, timeZone = DEFAULT_TIME_ZONE) {
  return parts(instant, timeZone, { month: 'long', day: 'numeric', year: 'numeric' })
}

/** '9:30 AM' */
export function formatTime(instant: Date | string | number, timeZone = DEFAULT_TIME_ZONE) {
  return parts(instant, timeZone, { hour: 'numeric', minute: '2-digit', hour12: true })
}

/** 'EST' / 'GMT+1': the short name of the zone at that instant. */
export function zoneAbbreviation(instant: Date | string | number, timeZone = DEFAULT_TIME_ZONE) {
  const found = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(instant))
    .find((p) => p.type === 'timeZoneName')
  return found?.value ?? timeZone
}
