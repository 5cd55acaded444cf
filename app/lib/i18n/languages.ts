/**
 * The languages Solace speaks (docs/decisions/052-languages.md), safe for the browser. Which one a
 * request gets is decided on the server (./language.server.ts, ../../../server/language.js).
 */
export const LANGUAGES = ['en', 'fr'] as const

export type Language = (typeof LANGUAGES)[number]

export const DEFAULT_LANGUAGE: Language = 'en'

/** The cookie the language switch sets for a visitor (server/language.js reads it too). */
export const LANGUAGE_COOKIE = 'lng'

/** BCP 47 tags: `<html lang>`, and the locale formats follow (Canadian English and French). */
export const LOCALE_TAGS: Record<Language, string> = { en: 'en-CA', fr: 'fr-CA' }

/**
 * Each language's name in itself, as the switch and the settings offer it: a person who cannot
 * read the page's language still finds their own (so these are not in the catalogues).
 */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français' }

/** A space that never breaks a line, as French puts before '$' and around 'h' ('14 h 00'). */
export const NO_BREAK_SPACE = '\u00a0'

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value)
}

/**
 * The catalogues' namespaces, one file per language each (app/locales/<language>/<namespace>.json).
 * A page loads only those its components read; `emails` and `files` are read on the server alone.
 */
export const NAMESPACES = [
  'common',
  'marketplace',
  'legal',
  'auth',
  'account',
  'booking',
  'billing',
  'packages',
  'waitlist',
  'intake',
  'practice',
  'records',
  'messaging',
  'admin',
  'room',
  'emails',
  'files',
] as const

export type Namespace = (typeof NAMESPACES)[number]
