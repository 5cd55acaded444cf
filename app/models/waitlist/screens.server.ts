import { formatDate, formatTime, zoneAbbreviation } from '~/lib/dates'
import { windowsLabel } from './waitlist'
import type { liveOffersOf, recentWaitlistFills } from './notices.server'

/** How the waitlist screens word instants and windows, on the server (no hydration drift, no client code). */

/** 'Nov 30, 2026, 9:00 AM EST' in `timeZone`. */
export function whenLabel(instant: Date, timeZone: string) {
  return `${formatDate(instant, timeZone)}, ${formatTime(instant, timeZone)} ${zoneAbbreviation(instant, timeZone)}`
}

/** '9:15 AM EST' in `timeZone`. */
export function clockLabel(instant: Date, timeZone: string) {
  return `${formatTime(instant, timeZone)} ${zoneAbbreviation(instant, timeZone)}`
}

/** An entry's windows with the zone they are read in ('Mon 09:00–12:00 (Europe/London)'). */
export function entryWindowsLabel(entry: {
  windows: { days: number[]; from: string; to: string }[]
  timeZone: string
}) {
  return entry.windows.length ? `${windowsLabel(entry.windows)} (${entry.timeZone})` : windowsLabel(entry.windows)
}

/** The client dashboard's notice lines: each live offer, in the viewer's zone. */
export function offerNoticeLines(offers: ReturnType<typeof liveOffersOf>, timeZone: string) {
  return offers.map((offer) => ({
    id: offer.id,
    text: `${offer.serviceName} with ${offer.practitionerName}, ${whenLabel(offer.startTime, timeZone)}: held for you until ${clockLabel(offer.expiresAt, timeZone)}`,
  }))
}

/** The practitioner's notice lines: who took which freed time, in their zone. */
export function fillNoticeLines(fills: ReturnType<typeof recentWaitlistFills>, timeZone: string) {
  return fills.map((fill) => ({
    bookingId: fill.bookingId,
    text: `${fill.clientFirstName} ${fill.clientLastName} took ${fill.serviceName}, ${whenLabel(fill.startTime, timeZone)}`,
  }))
}
