import { DEFAULT_TIME_ZONE } from './dates'
import { isTimeZone } from './zoned-time'

/** The cookie the browser sets with its own zone (root.tsx), read on the next request. */
export const TIME_ZONE_COOKIE = 'tz'

/** The zone this browser reported, when it is a valid IANA name. */
export function timeZoneHint(request: Request) {
  const cookie = request.headers.get('Cookie') ?? ''
  const match = new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]+)`).exec(cookie)
  if (!match) return null
  try {
    const value = decodeURIComponent(match[1]!)
    return isTimeZone(value) ? value : null
  } catch {
    // A cookie that is not valid percent-encoding is only a bad hint: ignore it.
    return null
  }
}

/**
 * The zone to show times in: a signed-in person's own setting, else what their browser
 * reported, else the platform default (Toronto).
 */
export function viewerTimeZone(request: Request, user?: { timeZone: string } | null) {
  return user?.timeZone ?? timeZoneHint(request) ?? DEFAULT_TIME_ZONE
}
