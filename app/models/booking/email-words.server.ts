import { DEFAULT_TIME_ZONE } from '~/lib/dates'
import { formatsFor } from '~/lib/i18n/formats'
import { tFor } from '~/lib/i18n/i18n.server'
import { DEFAULT_LANGUAGE, type Language } from '~/lib/i18n/languages'

/**
 * The words every booking email is written with, in its recipient's language (emails.json
 * `booking`; English for one who never chose): the client's (emails.server.ts), the
 * practitioner's, a move's, a reminder's and an admin's removal's.
 */

/** A `t` for one recipient's booking emails (emails.json `booking`), and their formats. */
export function emailWords(language: Language | null | undefined) {
  const lang = language ?? DEFAULT_LANGUAGE
  return { t: tFor(lang, 'emails'), f: formatsFor(lang), language: lang }
}

export type EmailWords = ReturnType<typeof emailWords>

/**
 * "November 21, 2026, 9:30 AM – 10:30 AM EST" ("jeudi 3 décembre 2026, 14 h 00 – 15 h 00 HNE"):
 * a session's time in one person's zone and language.
 */
export function sessionSpan(
  booking: { startTime: Date; endTime: Date; timeZone: string | null },
  language: Language = DEFAULT_LANGUAGE,
) {
  const zone = booking.timeZone ?? DEFAULT_TIME_ZONE
  const f = formatsFor(language)
  const start = booking.startTime
  // French writes the weekday too, as the example does; English stays as the spec's.
  const date = language === 'fr' ? f.weekdayDate(start, zone) : f.longDate(start, zone)
  return tFor(language, 'emails')('booking.span', {
    date,
    start: f.time(start, zone),
    end: f.time(booking.endTime, zone),
    zone: f.zone(start, zone),
  })
}
