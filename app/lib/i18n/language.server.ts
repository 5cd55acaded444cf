import { LANGUAGE_COOKIE, visitorLanguage } from '../../../server/language.js'
import type { Language } from './languages'

/**
 * Which language a page is in (docs/decisions/052-languages.md): the signed-in person's choice,
 * whatever their browser says; else the visitor's choice (the switch's cookie); else the
 * browser's Accept-Language; else English. The render cache keys pages by the same rule
 * (server/language.js).
 */
export function requestLanguage(request: Request, user?: { language: Language | null } | null): Language {
  return (
    user?.language ??
    visitorLanguage({ cookie: request.headers.get('Cookie'), acceptLanguage: request.headers.get('Accept-Language') })
  )
}

const YEAR_SECONDS = 365 * 24 * 60 * 60

/** The Set-Cookie value that keeps a visitor's chosen language (and, signed in, their choice for pages before sign-in). */
export function chosenLanguageCookie(language: Language) {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`
}

export { chosenLanguage } from '../../../server/language.js'
