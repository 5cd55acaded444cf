import { WEEKDAY_NAMES } from '~/lib/dates'
import { formatsFor } from '~/lib/i18n/formats'
import { currentLanguage, tFor } from '~/lib/i18n/i18n.server'
import type { Language } from '~/lib/i18n/languages'
import type { liveOffersOf, recentWaitlistFills } from './notices.server'

/**
 * How the waitlist screens word instants and windows, on the server (no hydration drift, no
 * client code), in the reader's language: the request's, the signed-in person's (every caller
 * has read the session first), unless said.
 */

type Windows = readonly { days: number[]; from: string; to: string }[]

/** 'Nov 30, 2026, 9:00 AM EST' ('30 nov. 2026, 9 h 00 HNE') in `timeZone`. */
export function whenLabel(instant: Date, timeZone: string, language: Language = currentLanguage()) {
  const f = formatsFor(language)
  return `${f.date(instant, timeZone)}, ${f.time(instant, timeZone)} ${f.zone(instant, timeZone)}`
}

/** '9:15 AM EST' ('9 h 15 HNE') in `timeZone`. */
export function clockLabel(instant: Date, timeZone: string, language: Language = currentLanguage()) {
  const f = formatsFor(language)
  return `${f.time(instant, timeZone)} ${f.zone(instant, timeZone)}`
}

/** A day's short name: 'Mon' ('lun.'). */
function shortDay(day: number, language: Language) {
  const name = WEEKDAY_NAMES[language][day]!
  return language === 'en' ? name.slice(0, 3) : `${name.slice(0, 3)}.`
}

/** 'Mon, Wed 09:00–12:00' ('lun., mer. 09:00–12:00') / 'Any time' ('N’importe quand'). */
export function windowsLabel(windows: Windows, language: Language = currentLanguage()) {
  const t = tFor(language, 'waitlist')
  if (!windows.length) return t('windows.anyTime')
  return windows
    .map((window) => {
      const days =
        window.days.length === 7 ? t('windows.everyDay') : window.days.map((day) => shortDay(day, language)).join(', ')
      return `${days} ${window.from}–${window.to}`
    })
    .join('; ')
}

/** An entry's windows with the zone they are read in ('Mon 09:00–12:00 (Europe/London)'). */
export function entryWindowsLabel(
  entry: { windows: { days: number[]; from: string; to: string }[]; timeZone: string },
  language: Language = currentLanguage(),
) {
  const label = windowsLabel(entry.windows, language)
  return entry.windows.length ? `${label} (${entry.timeZone})` : label
}

/** The client dashboard's notice lines: each live offer, in the viewer's zone and language. */
export function offerNoticeLines(
  offers: ReturnType<typeof liveOffersOf>,
  timeZone: string,
  language: Language = currentLanguage(),
) {
  const t = tFor(language, 'waitlist')
  return offers.map((offer) => ({
    id: offer.id,
    text: t('notices.offer', {
      service: offer.serviceName,
      practitioner: offer.practitionerName,
      when: whenLabel(offer.startTime, timeZone, language),
      until: clockLabel(offer.expiresAt, timeZone, language),
    }),
  }))
}

/** The practitioner's notice lines: who took which freed time, in their zone and language. */
export function fillNoticeLines(
  fills: ReturnType<typeof recentWaitlistFills>,
  timeZone: string,
  language: Language = currentLanguage(),
) {
  const t = tFor(language, 'waitlist')
  return fills.map((fill) => ({
    bookingId: fill.bookingId,
    text: t('notices.filled', {
      client: `${fill.clientFirstName} ${fill.clientLastName}`,
      service: fill.serviceName,
      when: whenLabel(fill.startTime, timeZone, language),
    }),
  }))
}
