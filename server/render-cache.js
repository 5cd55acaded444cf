// @ts-check
// The render cache for anonymous catalogue pages (docs/decisions/027-render-cache.md, 033).
/** @import { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http' */
/** @import { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express' */
import zlib from 'node:zlib'
import { LRUCache } from 'lru-cache'
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
const MINUTE_MS = 60_000

/**
 * What a kept page was chosen by besides its address, and what a cache between us and the
 * browser must therefore tell apart: the language comes from Accept-Language (or a cookie), the
 * zone and a chosen language from cookies, and the encoding from Accept-Encoding (added by the
 * compression middleware on a miss, here on a hit). Sent with every answer for a cacheable
 * request, kept or not, so no shared cache hands a French page to an English reader.
 */
export const PAGE_VARY = 'Accept-Language, Cookie'

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
 * Whether the client takes gzip (the one encoding a cached page is served in besides none).
 * @param {string | undefined} header
 */
export function acceptsGzip(header) {
  if (!header) return false
  return header.split(',').some((item) => {
    const [coding, ...params] = item.trim().toLowerCase().split(';')
    if (coding !== 'gzip') return false
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    return !q || Number(q.slice(2)) > 0
  })
}

/** Per-response headers, never replayed: the rest of a page answer's headers are the same for every visitor. */
const NOT_REPLAYED = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'vary',
  'x-render-cache',
  // Each answer's own id (server/request-log.js).
  'x-request-id',
])

/**
 * A kept page: its headers as one flat list of names and values (Node writes it as it is), its
 * bytes plain and gzipped (compressed once, when it is kept), the catalogue version it was
 * rendered from and the minute it stops being true (open times and the 24-hour refund notice
 * move with the clock; slots start on whole minutes).
 * @typedef {{ version: unknown, expires: number, head: string[], page: Buffer, gzipped: Buffer }} KeptPage
 */

/**
 * An answer's headers as a kept page replays them (server/private-render-cache.js keeps its pages so too).
 * @param {OutgoingHttpHeaders} headers
 * @returns {string[]}
 */
export function replayable(headers) {
  /** @type {string[]} */
  const head = []
  for (const [name, value] of Object.entries(headers)) {
    if (NOT_REPLAYED.has(name) || value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) head.push(name, String(one))
  }
  return head
}

/**
 * The render cache as one Express middleware, `answer`, placed before anything else: a
 * cacheable request (GET or HEAD of a catalogue page, no cookie but the zone's) whose page was
 * rendered at the current catalogue version within this minute is answered there, with the
 * headers and bytes that page was answered with, so none of the middleware or Remix runs. A
 * page is the same bytes for every visitor (its inline scripts are allowed by their hashes, not
 * by a nonce per answer: decision 033), so it is kept whole and gzipped once. It is kept by
 * server/remix.js, which hands a rendered page to `res.locals.keepPage` before sending it: a
 * plain 200 HTML answer that set no cookie, for a request this middleware could answer. A
 * request for a page already being rendered waits for that render. `version()` reads the
 * catalogue's version: one SELECT. Pages are kept in a byte-bounded LRU (`maxBytes`, a page at
 * most an eighth of it), all forgotten when the catalogue's version moves.
 * @param {{ version: () => unknown, maxBytes?: number, now?: () => number }} options
 */
export function renderCache({ version, maxBytes = 24 * 1024 * 1024, now = Date.now }) {
  /** @type {LRUCache<string, KeptPage>} */
  const cache = new LRUCache({
    maxSize: maxBytes,
    maxEntrySize: maxBytes / 8,
    sizeCalculation: (kept) => kept.page.length + kept.gzipped.length,
  })
  let cachedVersion = /** @type {unknown} */ (undefined)
  /**
   * Pages being rendered for a request: key -> the version and the waiting requests.
   * @type {Map<string, { version: unknown, kept: boolean, waiters: ((kept: boolean) => void)[] }>}
   */
  const rendering = new Map()

  /** @type {RequestHandler} */
  function answer(req, res, next) {
    const key = cacheableRequest(req)
    if (key === null) return next()
    const current = version()
    if (current !== cachedVersion) {
      // The catalogue moved on: none of the pages kept can be served again.
      cachedVersion = current
      cache.clear()
    }
    const started = now()
    const hit = cache.get(key)
    if (hit && started < hit.expires) return answerFrom(hit, req, res)
    // The same page at the same version is being rendered for another request: when the
    // minute turns or a write empties the cache, a burst of visitors waits for one render
    // instead of each rendering it. A page that is not kept (a 404, an error) lets them go on
    // to render their own, all at once.
    const flight = rendering.get(key)
    if (flight && flight.version === current) {
      flight.waiters.push((kept) => (kept ? answer(req, res, next) : miss(res, next)))
      return
    }
    if (req.method === 'GET') {
      /** @type {{ version: unknown, kept: boolean, waiters: ((kept: boolean) => void)[] }} */
      const ours = { version: current, kept: false, waiters: [] }
      rendering.set(key, ours)
      // After the answer is sent or the client has gone, whichever comes first.
      res.once('close', () => {
        if (rendering.get(key) === ours) rendering.delete(key)
        for (const waiter of ours.waiters) waiter(ours.kept)
      })
      /** @param {ExpressResponse} rendered @param {Buffer} page */
      res.locals.keepPage = (rendered, page) => {
        ours.kept = keep(key, current, started, rendered, page)
      }
    }
    miss(res, next)
  }

  /**
   * Keeps a rendered page unless it is no plain 200 HTML answer, sets a cookie, is of a
   * version already gone, or is too large; says whether it did.
   * @param {string} key @param {unknown} renderedVersion @param {number} started
   * @param {ExpressResponse} res @param {Buffer} page
   */
  function keep(key, renderedVersion, started, res, page) {
    const keepIt =
      renderedVersion === cachedVersion &&
      res.statusCode === 200 &&
      !res.hasHeader('set-cookie') &&
      String(res.getHeader('content-type') ?? '').startsWith('text/html')
    if (!keepIt) return false
    cache.set(key, {
      version: renderedVersion,
      // The minute the page was rendered in, from before its data was read.
      expires: Math.floor(started / MINUTE_MS) * MINUTE_MS + MINUTE_MS,
      head: replayable(res.getHeaders()),
      page,
      gzipped: zlib.gzipSync(page),
    })
    return cache.has(key)
  }

  /** @param {ExpressResponse} res @param {() => void} next */
  function miss(res, next) {
    res.setHeader('X-Render-Cache', 'miss')
    // The compression middleware adds Accept-Encoding to it.
    res.setHeader('Vary', PAGE_VARY)
    next()
  }

  /** @param {KeptPage} hit @param {ExpressRequest} req @param {ExpressResponse} res */
  function answerFrom(hit, req, res) {
    const gzip = acceptsGzip(req.headers['accept-encoding'])
    const body = gzip ? hit.gzipped : hit.page
    const head = [...hit.head, 'vary', `${PAGE_VARY}, Accept-Encoding`, 'x-render-cache', 'hit']
    if (gzip) head.push('content-encoding', 'gzip')
    head.push('content-length', String(body.length))
    res.writeHead(200, head)
    res.end(req.method === 'HEAD' ? undefined : body)
  }

  return { answer, cache }
}
