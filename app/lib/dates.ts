/**
 * Dates shown to people, always in a named IANA zone (docs/decisions/003-times-and-zones.md), in
 * the reader's language (docs/decisions/052-languages.md). English follows the spec: 'MMM d, yyyy'
 * for dates and 'h:mm a' for times; French is Quebec's usage: '3 déc. 2026', '14 h 00', 'HNE'.
 * They are written here from the zone's wall clock, which comes from the server's zone data on
 * both sides (./zone-rules.ts, decision 034), rather than by the runtime's Intl: a browser with
 * other data, or other locale data, then prints the very strings the server did.
 */
import { DEFAULT_LANGUAGE, NO_BREAK_SPACE, type Language } from './i18n/languages'
import { wallClock, zoneName } from './zone-rules'

export const DEFAULT_TIME_ZONE = 'America/Toronto'

/** The months' names, January first, in each language. */
export const MONTH_NAMES: Record<Language, readonly string[]> = {
  en: [
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
  ],
  fr: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
}

/** Abbreviated months, as the Office québécois de la langue française writes them. */
const SHORT_MONTHS: Record<Language, readonly string[]> = {
  en: MONTH_NAMES.en.map((name) => name.slice(0, 3)),
  fr: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juill.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
}

/** The days' names, Sunday first (as `weekdayOf` counts), in each language. */
export const WEEKDAY_NAMES: Record<Language, readonly string[]> = {
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  fr: ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'],
}

/**
 * North American zones' short names in French (HNE for EST, HAE for EDT...); others (GMT+1)
 * read the same in both languages.
 */
const FRENCH_ZONE_NAMES: Record<string, string> = {
  EST: 'HNE',
  EDT: 'HAE',
  CST: 'HNC',
  CDT: 'HAC',
  MST: 'HNR',
  MDT: 'HAR',
  PST: 'HNP',
  PDT: 'HAP',
  AST: 'HNA',
  ADT: 'HAA',
  NST: 'HNT',
  NDT: 'HAT',
  AKST: 'HNAK',
  AKDT: 'HAAK',
  HST: 'HNH',
  GMT: 'UTC',
  UTC: 'UTC',
}

const clockOf = (instant: Date | string | number, timeZone: string) => wallClock(new Date(instant).getTime(), timeZone)

/** 'Nov 21, 2026' / '21 nov. 2026' */
export function formatDate(
  instant: Date | string | number,
  timeZone = DEFAULT_TIME_ZONE,
  language: Language = DEFAULT_LANGUAGE,
) {
  const { year, month, day } = clockOf(instant, timeZone)
  const name = SHORT_MONTHS[language][month - 1]
  return language === 'fr' ? `${day} ${name} ${year}` : `${name} ${day}, ${year}`
}

/** 'November 21, 2026' / '21 novembre 2026' */
export function formatLongDate(
  instant: Date | string | number,
  timeZone = DEFAULT_TIME_ZONE,
  language: Language = DEFAULT_LANGUAGE,
) {
  const { year, month, day } = clockOf(instant, timeZone)
  const name = MONTH_NAMES[language][month - 1]
  return language === 'fr' ? `${day === 1 ? '1er' : day} ${name} ${year}` : `${name} ${day}, ${year}`
}

/** 'Thursday, December 3, 2026' / 'jeudi 3 décembre 2026' */
export function formatWeekdayDate(
  instant: Date | string | number,
  timeZone = DEFAULT_TIME_ZONE,
  language: Language = DEFAULT_LANGUAGE,
) {
  const clock = clockOf(instant, timeZone)
  const weekday = WEEKDAY_NAMES[language][new Date(Date.UTC(clock.year, clock.month - 1, clock.day)).getUTCDay()]
  const date = formatLongDate(instant, timeZone, language)
  return language === 'fr' ? `${weekday} ${date}` : `${weekday}, ${date}`
}

/** '9:30 AM' / '9 h 30' */
export function formatTime(
  instant: Date | string | number,
  timeZone = DEFAULT_TIME_ZONE,
  language: Language = DEFAULT_LANGUAGE,
) {
  const { hour, minute } = clockOf(instant, timeZone)
  const minutes = String(minute).padStart(2, '0')
  if (language === 'fr') return `${hour}${NO_BREAK_SPACE}h${NO_BREAK_SPACE}${minutes}`
  return `${hour % 12 || 12}:${minutes} ${hour < 12 ? 'AM' : 'PM'}`
}

/** 'EST' / 'HNE' / 'GMT+1': the short name of the zone at that instant. */
export function zoneAbbreviation(
  instant: Date | string | number,
  timeZone = DEFAULT_TIME_ZONE,
  language: Language = DEFAULT_LANGUAGE,
) {
  const name = zoneName(new Date(instant).getTime(), timeZone)
  return language === 'fr' ? (FRENCH_ZONE_NAMES[name] ?? name) : name
}

/** 'America/Edmonton (MDT)': how a page says which zone its times are in. */
export function zoneLabel(
  timeZone: string,
  at: Date | string | number = Date.now(),
  language: Language = DEFAULT_LANGUAGE,
) {
  return `${timeZone} (${zoneAbbreviation(at, timeZone, language)})`
}
