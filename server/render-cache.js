// @ts-check
// The render cache for anonymous catalogue pages (docs/decisions/027-render-cache.md, 033).
/** @import { IncomingHttpHeaders } from 'node:http' */
/** @import { Request as ExpressRequest, RequestHandler } from 'express' */
import { keptPages } from './kept-pages.js'
import { LANGUAGE_COOKIE, visitorLanguage } from './language.js'

/**
 * The pages it keeps: what a visitor browses, identical for every visitor in the same zone.
 * Everything else (forms, checkout, signed-in areas, /api) is rendered per request.
 */
const CATALOGUE_PATHS = [
  /^\/$/,
  /^\/services\/?$/,
  /^\/services\/[^/]+\/?$/,
  /^\/service-details\/[^/]+\/?$/,
  /^\/practitioners\/?$/,
  /^\/practitioners\/[^/]+\/?$/,
]

/**
 * The cookies a cached page may be asked with: the zone a visitor chose and the zone their
 * browser reported (app/lib/time-zone.server.ts), and the language they chose with the switch
 * (server/language.js). The zone and the language a page is shown in are part of the key.
 */
const TIME_ZONE_COOKIE = 'tz'
const TIME_ZONE_CHOICE_COOKIE = 'tz-choice'
const MAX_TIME_ZONE_LENGTH = 64

/**
 * The zone a request's cookies ask for (the chosen one first, as the app reads them), or null
 * when one of its cookies is anything but a zone or the language (a session, a toast, or a
 * cookie we do not know): such a request is never answered from the cache.
 */
/** @param {string | undefined} cookieHeader */
function zoneCookieOnly(cookieHeader) {
  if (!cookieHeader) return ''
  let reported = ''
  let chosen = ''
  for (const pair of cookieHeader.split(';')) {
    const trimmed = pair.trim()
    if (!trimmed) continue
    const eq = trimmed.indexOf('=')
    const name = eq < 0 ? trimmed : trimmed.slice(0, eq)
    if (name === TIME_ZONE_COOKIE) reported = trimmed.slice(eq + 1)
    else if (name === TIME_ZONE_CHOICE_COOKIE) chosen = trimmed.slice(eq + 1)
    // Read by the same rule as the app's, in the key below: any value, even one that is no language.
    else if (name !== LANGUAGE_COOKIE) return null
  }
  const zone = chosen || reported
  return zone.length > MAX_TIME_ZONE_LENGTH ? null : zone
}

/**
 * Whether this request may be answered from (and stored in) the cache at all: its key, or null.
 * @param {Pick<ExpressRequest, 'method' | 'path' | 'originalUrl' | 'protocol'> & { headers: IncomingHttpHeaders }} req
 */
export function cacheableRequest(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null
  if (req.headers.authorization) return null
  if (!CATALOGUE_PATHS.some((pattern) => pattern.test(req.path))) return null
  const zone = zoneCookieOnly(req.headers.cookie)
  if (zone === null) return null
  // Everything of the request a page can read: scheme and host (absolute links), the target,
  // the zone times are shown in, and the language it is written in, decided as the app decides
  // it for a visitor (server/language.js: the switch's cookie, else Accept-Language, else English).
  const host = `${req.protocol}://${req.headers.host ?? ''} ${req.headers['x-forwarded-host'] ?? ''}`
  const language = visitorLanguage({ cookie: req.headers.cookie, acceptLanguage: req.headers['accept-language'] })
  return `${host}\n${req.originalUrl}\n${zone}\n${language}`
}

/**
 * The render cache as one Express middleware, `answer`, placed before anything else: a
 * cacheable request (GET or HEAD of a catalogue page, no cookie but the zone's) whose page was
 * rendered at the current catalogue version within this minute is answered there, with the
 * headers and bytes that page was answered with, so none of the middleware or Remix runs. A
 * page is the same bytes for every visitor (its inline scripts are allowed by their hashes, not
 * by a nonce per answer: decision 033), so it is kept whole and gzipped once. How pages are
 * kept, forgotten and answered again is server/kept-pages.js; `version()` reads the catalogue's
 * version.
 * @param {{ version: () => unknown, maxBytes?: number, now?: () => number }} options
 */
export function renderCache({ version, maxBytes = 24 * 1024 * 1024, now = Date.now }) {
  const pages = keptPages({ version, maxBytes, now })

  /** @type {RequestHandler} */
  function answer(req, res, next) {
    const key = cacheableRequest(req)
    if (key === null) return next()
    pages.serve(key, req, res, next, () => answer(req, res, next)).catch(next)
  }

  return { answer, cache: pages.cache }
}
