// @ts-check
// What the two render caches share (docs/decisions/027-render-cache.md for anonymous catalogue
// pages, 054 for the pages a signed-in person lives in): how a page is kept, for how long, and
// how it is answered again. Each cache decides which requests it may answer and with what key.
/** @import { OutgoingHttpHeaders } from 'node:http' */
/** @import { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express' */
import zlib from 'node:zlib'
import { LRUCache } from 'lru-cache'

const MINUTE_MS = 60_000

/**
 * What a kept page was chosen by besides its address, and what a cache between us and the
 * browser must therefore tell apart: the language comes from Accept-Language (or a cookie), the
 * zone, a chosen language and a session from cookies, and the encoding from Accept-Encoding
 * (added by the compression middleware on a miss, here on a hit). Sent with every answer for a
 * request a cache could answer, kept or not, so no shared cache hands a French page to an
 * English reader.
 */
export const PAGE_VARY = 'Accept-Language, Cookie'

/**
 * Whether the client takes gzip (the one encoding a kept page is served in besides none).
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

/** Per-response headers, never replayed: the rest of a page answer's headers are replayed as they were. */
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
 * An answer's headers as a kept page replays them: one flat list of names and values (Node
 * writes it as it is).
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
 * A kept page: its headers, its bytes plain and gzipped (compressed once, when it is kept), the
 * data version it was rendered from and the minute it stops being true (open times and the
 * 24-hour refund notice move with the clock; slots start on whole minutes).
 * @typedef {{ version: unknown, expires: number, head: string[], page: Buffer, gzipped: Buffer }} KeptPage
 */

/**
 * A render in progress for a key: the data version it reads, whether it was kept, and the
 * requests waiting for it.
 * @typedef {{ version: unknown, kept: boolean, waiters: ((kept: boolean) => void)[] }} Flight
 */

/**
 * Pages kept in a byte-bounded LRU (`maxBytes`, a page at most an eighth of it), each true while
 * the data version it was rendered from is current (`version()`: one SELECT; a changed number
 * forgets every page) and until the end of the minute it was rendered in.
 *
 * `serve(key, req, res, next, again)` answers the request from the page kept for `key`, or lets
 * it go on (`next`) to be rendered and kept: server/remix.js hands the rendered page to
 * `res.locals.keepPage` before sending it, and it is kept if it is a plain 200 HTML answer that
 * set no cookie, and nothing was written while it rendered. A request for a page already being
 * rendered at the same version waits for that render, then starts over (`again`): when the
 * minute turns or a write forgets the pages, a burst of requests waits for one render instead of
 * each rendering it. A page that is not kept (a redirect, a 404, an error) lets them go on to
 * render their own. `beforeHit` runs before a kept page is sent.
 * @param {{ version: () => unknown, maxBytes: number, now?: () => number }} options
 */
export function keptPages({ version, maxBytes, now = Date.now }) {
  /** @type {LRUCache<string, KeptPage>} */
  const cache = new LRUCache({
    maxSize: maxBytes,
    maxEntrySize: maxBytes / 8,
    sizeCalculation: (kept) => kept.page.length + kept.gzipped.length,
  })
  let cachedVersion = /** @type {unknown} */ (undefined)
  /** @type {Map<string, Flight>} */
  const rendering = new Map()

  /**
   * @param {string} key @param {ExpressRequest} req @param {ExpressResponse} res
   * @param {NextFunction} next @param {() => void} again
   * @param {() => Promise<void>} [beforeHit]
   */
  async function serve(key, req, res, next, again, beforeHit) {
    const current = version()
    if (current !== cachedVersion) {
      // Something the pages show was written: none of the pages kept can be served again.
      cachedVersion = current
      cache.clear()
    }
    const started = now()
    const hit = cache.get(key)
    if (hit && started < hit.expires) {
      if (beforeHit) await beforeHit()
      return answerFrom(hit, req, res)
    }
    const flight = rendering.get(key)
    if (flight && flight.version === current) {
      flight.waiters.push((kept) => (kept ? again() : miss(res, next)))
      return
    }
    if (req.method === 'GET') {
      /** @type {Flight} */
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
   * Keeps a rendered page unless it is no plain 200 HTML answer, sets a cookie, or something was
   * written since it started (the version read now is not the one it was rendered from), or it
   * is too large; says whether it did.
   * @param {string} key @param {unknown} renderedVersion @param {number} started
   * @param {ExpressResponse} res @param {Buffer} page
   */
  function keep(key, renderedVersion, started, res, page) {
    const keepIt =
      renderedVersion === cachedVersion &&
      renderedVersion === version() &&
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

  /** @param {ExpressResponse} res @param {NextFunction} next */
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

  return { serve, cache }
}
