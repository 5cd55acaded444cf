/**
 * Where every zone picker posts and every "Change time zone" link leads (/time-zone). Kept
 * apart from the picker, so the pages that only link to it load none of it.
 */
export const TIME_ZONE_PATH = '/time-zone'

/** The zone picker, coming back to `here` once a zone is chosen. */
export function timeZoneHref(here: string) {
  return `${TIME_ZONE_PATH}?${new URLSearchParams({ redirectTo: here })}`
}
