import { DEFAULT_TIME_ZONE } from './dates'
import { isTimeZone } from './zoned-time'

/**
 * How a page learns the viewer's zone (docs/decisions/003-times-and-zones.md): a signed-in
 * person's own setting; else the zone a visitor chose on /time-zone (a cookie the server sets);
 * else the zone their browser reported (a cookie root.tsx's inline script sets, reloading the
 * first page once so it is shown in that zone); else the platform default.
 */

/** The cookie the browser's inline script sets with its own zone (root.tsx). */
export const TIME_ZONE_COOKIE = 'tz'
/** The cookie the zone picker sets for a visitor; the inline script never overwrites it. */
export const TIME_ZONE_CHOICE_COOKIE = 'tz-choice'

const YEAR_SECONDS = 365 * 24 * 60 * 60

function zoneCookie(request: Request, name: string) {
  const cookie = request.headers.get('Cookie') ?? ''
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]+)`).exec(cookie)
  if (!match) return null
  try {
    const value = decodeURIComponent(match[1]!)
    return isTimeZone(value) ? value : null
  } catch {
    // A cookie that is not valid percent-encoding is only a bad hint: ignore it.
    return null
  }
}

/** The zone a visitor chose, else the one their browser reported, when it is a valid IANA name. */
export function timeZoneHint(request: Request) {
  return zoneCookie(request, TIME_ZONE_CHOICE_COOKIE) ?? zoneCookie(request, TIME_ZONE_COOKIE)
}

/** The zone to show times in: the person's own setting, else the visitor's hint, else the default (Toronto). */
export function viewerTimeZone(request: Request, user?: { timeZone: string } | null) {
  return user?.timeZone ?? timeZoneHint(request) ?? DEFAULT_TIME_ZONE
}

/** The Set-Cookie value that keeps a visitor's chosen zone (readable by the inline script, which then leaves it be). */
export function chosenTimeZoneCookie(zone: string) {
  return `${TIME_ZONE_CHOICE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`
}
