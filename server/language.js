// @ts-check
// Which language a request is answered in (docs/decisions/052-languages.md). The app and the
// render cache (server/render-cache.js) both read it here, so a cached page is never one language
// for a request the app would answer in the other.
import Negotiator from 'negotiator'

/** The languages Solace speaks, the first the default. */
export const LANGUAGES = /** @type {const} */ (['en', 'fr'])

/** @typedef {(typeof LANGUAGES)[number]} Language */

/** The cookie the language switch sets (a visitor's choice; an account keeps its own). */
export const LANGUAGE_COOKIE = 'lng'

/** @param {unknown} value @returns {value is Language} */
export function isLanguage(value) {
  return value === 'en' || value === 'fr'
}

/**
 * The language a visitor chose with the switch, from a Cookie header; null without one, or when
 * the cookie holds anything else.
 * @param {string | null | undefined} cookieHeader
 * @returns {Language | null}
 */
export function chosenLanguage(cookieHeader) {
  const match = /(?:^|;\s*)lng=([^;]*)/.exec(cookieHeader ?? '')
  const value = match?.[1]?.trim()
  return isLanguage(value) ? value : null
}

/**
 * The language the browser asks for first among ours (`fr-CA` and `fr` both ask for French),
 * English when it asks for neither or says nothing.
 * @param {string | null | undefined} acceptLanguage
 * @returns {Language}
 */
export function browserLanguage(acceptLanguage) {
  if (!acceptLanguage) return LANGUAGES[0]
  const [best] = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).languages([...LANGUAGES])
  return isLanguage(best) ? best : LANGUAGES[0]
}

/**
 * A visitor's language: the one they chose, else their browser's. (A signed-in person's own
 * setting comes first; the app reads it, app/lib/i18n/language.server.ts.)
 * @param {{ cookie?: string | null, acceptLanguage?: string | null }} headers
 * @returns {Language}
 */
export function visitorLanguage({ cookie, acceptLanguage }) {
  return chosenLanguage(cookie) ?? browserLanguage(acceptLanguage)
}
