// The render cache for anonymous catalogue pages (docs/decisions/027-render-cache.md).
import { Buffer } from 'node:buffer'
import zlib from 'node:zlib'

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

/** The one cookie a cached page may be asked with: the browser's zone, part of the key. */
const TIME_ZONE_COOKIE = 'tz'
const MAX_TIME_ZONE_LENGTH = 64
const MINUTE_MS = 60_000

/**
 * The cookies of a request, or null when one of them is anything but the zone (a session, a
 * toast, or a cookie we do not know): such a request is never answered from the cache.
 */
function zoneCookieOnly(cookieHeader) {
  if (!cookieHeader) return ''
  let zone = ''
  for (const pair of cookieHeader.split(';')) {
    const trimmed = pair.trim()
    if (!trimmed) continue
    const eq = trimmed.indexOf('=')
    const name = eq < 0 ? trimmed : trimmed.slice(0, eq)
    if (name !== TIME_ZONE_COOKIE) return null
    zone = trimmed.slice(eq + 1)
  }
  return zone.length > MAX_TIME_ZONE_LENGTH ? null : zone
}

/** Whether this request may be answered from (and stored in) the cache at all. */
export function cacheableRequest(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null
  if (req.headers.authorization) return null
  if (!CATALOGUE_PATHS.some((pattern) => pattern.test(req.path))) return null
  const zone = zoneCookieOnly(req.headers.cookie)
  if (zone === null) return null
  // Everything of the request a page can read: scheme and host (absolute links), the target,
  // and the zone times are shown in.
  const host = `${req.protocol}://${req.headers.host ?? ''} ${req.headers['x-forwarded-host'] ?? ''}`
  return `${host}\n${req.originalUrl}\n${zone}`
}

/**
 * A byte-bounded LRU of rendered pages, each tagged with the catalogue version it was rendered
 * from and the minute it stops being true (open times and the 24-hour refund notice move with
 * the clock; slots start on whole minutes).
 */
export class RenderCache {
  constructor({ maxBytes }) {
    this.maxBytes = maxBytes
    this.bytes = 0
    this.entries = new Map()
    this.version = undefined
  }

  /** Forgets every page when the catalogue moved on: none of them can be served again. */
  observe(version) {
    if (version === this.version) return
    this.version = version
    this.entries.clear()
    this.bytes = 0
  }

  get(key, now) {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    this.entries.delete(key)
    if (entry.version !== this.version || now >= entry.expires) {
      this.bytes -= entry.bytes
      return undefined
    }
    this.entries.set(key, entry)
    return entry
  }

  /** Keeps the page unless it is of an old version or too large; says whether it did. */
  set(key, entry) {
    if (entry.version !== this.version || entry.bytes > this.maxBytes / 8) return false
    const old = this.entries.get(key)
    if (old) {
      this.entries.delete(key)
      this.bytes -= old.bytes
    }
    this.entries.set(key, entry)
    this.bytes += entry.bytes
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.entries.delete(oldest)
      this.bytes -= value.bytes
    }
    return true
  }
}

/** The page's bytes around each place its nonce was. */
export function splitAt(html, nonce) {
  const parts = []
  let from = 0
  for (let at = html.indexOf(nonce); at >= 0; at = html.indexOf(nonce, from)) {
    parts.push(html.subarray(from, at))
    from = at + nonce.length
  }
  parts.push(html.subarray(from))
  return parts
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
/** A last, empty stored block: the end of the deflate stream. */
const LAST_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff])

/**
 * Each part deflated on its own, ending on a full flush: byte-aligned, and with no reference
 * into anything before it, so the parts can be put together around any nonce.
 */
function deflateParts(parts) {
  return parts.map((part) => zlib.deflateRawSync(part, { finishFlush: zlib.constants.Z_FULL_FLUSH }))
}

/** The nonce as a stored (uncompressed), not-last deflate block. */
function storedBlock(bytes) {
  const block = Buffer.alloc(5 + bytes.length)
  block.writeUInt16LE(bytes.length, 1)
  block.writeUInt16LE(~bytes.length & 0xffff, 3)
  bytes.copy(block, 5)
  return block
}

/** Zeros to run the CRC register through: what follows a nonce, with the nonce's own bytes apart. */
const ZEROS = Buffer.alloc(64 * 1024)

/** The CRC-32 register (zlib's checksum before its final inversion) after `length` zero bytes. */
function registerAfterZeros(register, length) {
  let crc = ~register >>> 0
  for (let left = length; left > 0; left -= ZEROS.length) {
    crc = zlib.crc32(ZEROS.subarray(0, Math.min(left, ZEROS.length)), crc)
  }
  return ~crc >>> 0
}

/**
 * What the page's gzip checksum needs, computed once so that no answer reads the whole page
 * again. CRC-32 is linear: the page's register is that of the page with zeros where the nonces
 * are, XOR the nonce's own register carried through every byte after each place it sits. That
 * carrying is linear too, so it is kept as 32 columns, one per bit of the nonce's register.
 */
function nonceChecksum(parts, nonceLength) {
  // An empty part is skipped: once zlib has deflated it, Node's crc32 answers 0 for it.
  const withPart = (crc, part) => (part.length ? zlib.crc32(part, crc) : crc)
  let crc = withPart(0, parts[0])
  for (let i = 1; i < parts.length; i += 1) crc = withPart(zlib.crc32(ZEROS.subarray(0, nonceLength), crc), parts[i])
  const columns = new Uint32Array(32)
  for (let bit = 0; bit < 32; bit += 1) {
    let register = 0
    for (let i = 1; i < parts.length; i += 1) {
      if (i > 1) register = registerAfterZeros(register, nonceLength)
      register = registerAfterZeros((register ^ (1 << bit)) >>> 0, parts[i].length)
    }
    columns[bit] = register
  }
  return { nonceLength, zeroed: ~crc >>> 0, columns }
}

/** The gzip checksum of the page with this nonce in every place: 32 XORs at most. */
function pageChecksum(checksum, nonceBytes) {
  let register = checksum.zeroed
  let nonceRegister = ~zlib.crc32(nonceBytes, 0xffffffff) >>> 0
  for (let bit = 0; nonceRegister !== 0; bit += 1, nonceRegister >>>= 1) {
    if (nonceRegister & 1) register ^= checksum.columns[bit]
  }
  return ~register >>> 0
}

/**
 * The stored page with this response's nonce, plain or gzipped, as the pieces to send in
 * order: the stored parts are sent as they are, never copied into one buffer. Gzip costs no
 * compression per answer and no pass over the page: the parts were deflated once, the nonce
 * goes in between as stored blocks, and the checksum comes from `nonceChecksum`.
 */
export function pagePieces(entry, nonce, gzip) {
  const nonceBytes = Buffer.from(nonce)
  const { parts } = entry
  if (!gzip) {
    const pieces = [parts[0]]
    for (let i = 1; i < parts.length; i += 1) pieces.push(nonceBytes, parts[i])
    return pieces
  }
  entry.deflated ??= deflateParts(parts)
  // Nonces are all one length; one of another length would get its checksum made anew.
  if (entry.checksum?.nonceLength !== nonceBytes.length) entry.checksum = nonceChecksum(parts, nonceBytes.length)
  const pieces = [GZIP_HEADER, entry.deflated[0]]
  let size = parts[0].length
  for (let i = 1; i < parts.length; i += 1) {
    pieces.push(storedBlock(nonceBytes), entry.deflated[i])
    size += nonceBytes.length + parts[i].length
  }
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(pageChecksum(entry.checksum, nonceBytes), 0)
  trailer.writeUInt32LE(size >>> 0, 4)
  pieces.push(LAST_BLOCK, trailer)
  return pieces
}

/** Whether the client takes gzip (the one encoding a cached page is served in besides none). */
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
  'x-sql-statements',
])

/** The answer's headers as sent to every visitor, each with the nonce still in it. */
function replayableHeaders(res) {
  const headers = []
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (!NOT_REPLAYED.has(name)) headers.push([name, value])
  }
  return headers
}

const withNonceIn = (value, from, to) =>
  typeof value === 'string'
    ? value.replaceAll(from, to)
    : Array.isArray(value)
      ? value.map((v) => v.replaceAll(from, to))
      : value

/**
 * The render cache as two Express middlewares. `answer` goes first, right after the nonce is
 * made: a cacheable request (GET or HEAD of a catalogue page, no cookie but the zone's) whose
 * page was rendered at the current catalogue version within this minute is answered there,
 * with the headers and bytes that page was answered with and this response's nonce in place of
 * its own, so none of the middleware or Remix runs. `keep` goes right before Remix (after
 * compression, so it sees the page uncompressed): a page rendered for a cacheable request is
 * kept when it is a plain 200 HTML answer that set no cookie. A request for a page already
 * being rendered waits for that render. `version()` reads the catalogue's version: one SELECT.
 */
export function renderCache({ version, maxBytes = 24 * 1024 * 1024, now = Date.now }) {
  const cache = new RenderCache({ maxBytes })
  /** Pages being rendered for a request: key -> { version, kept, waiters }. */
  const rendering = new Map()

  function answer(req, res, next) {
    const key = cacheableRequest(req)
    if (key === null) return next()
    const current = version()
    cache.observe(current)
    const started = now()
    const hit = cache.get(key, started)
    if (hit) return answerFrom(hit, req, res)
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
      const ours = { version: current, kept: false, waiters: [] }
      rendering.set(key, ours)
      // After the answer is sent or the client has gone, whichever comes first.
      res.once('close', () => {
        if (rendering.get(key) === ours) rendering.delete(key)
        for (const waiter of ours.waiters) waiter(ours.kept)
      })
      res.locals.renderCache = { key, version: current, started, flight: ours }
    }
    miss(res, next)
  }

  function miss(res, next) {
    res.setHeader('X-Render-Cache', 'miss')
    next()
  }

  function answerFrom(hit, req, res) {
    const nonce = res.locals.cspNonce
    const gzip = acceptsGzip(req.headers['accept-encoding'])
    const pieces = pagePieces(hit, nonce, gzip)
    // One flat list of names and values: Node writes it as it is, without a header map.
    const head = []
    for (const [name, value] of hit.headers) head.push(name, withNonceIn(value, hit.nonce, nonce))
    head.push('vary', 'Accept-Encoding', 'x-render-cache', 'hit')
    if (gzip) head.push('content-encoding', 'gzip')
    head.push('content-length', String(pieces.reduce((sum, piece) => sum + piece.length, 0)))
    res.writeHead(200, head)
    if (req.method === 'HEAD') return res.end()
    // Corked, the head and every piece leave in one writev.
    res.cork()
    for (let i = 0; i < pieces.length - 1; i += 1) res.write(pieces[i])
    res.end(pieces[pieces.length - 1])
    process.nextTick(() => res.uncork())
  }

  function keep(req, res, next) {
    const pending = res.locals.renderCache
    const nonce = res.locals.cspNonce
    if (!pending || !nonce) return next()
    const chunks = []
    let headers
    const write = res.write
    const end = res.end
    // Compression adds its own headers when the first bytes go: these are the page's.
    const snapshot = () => (headers ??= replayableHeaders(res))
    res.write = function captureWrite(chunk, ...rest) {
      snapshot()
      if (chunk) chunks.push(Buffer.from(chunk))
      return write.call(this, chunk, ...rest)
    }
    res.end = function captureEnd(chunk, ...rest) {
      snapshot()
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk))
      res.write = write
      res.end = end
      const keepIt =
        res.statusCode === 200 &&
        !res.hasHeader('set-cookie') &&
        String(res.getHeader('content-type') ?? '').startsWith('text/html')
      if (keepIt) {
        const html = Buffer.concat(chunks)
        pending.flight.kept = cache.set(pending.key, {
          version: pending.version,
          // The minute the page was rendered in, from before its data was read.
          expires: Math.floor(pending.started / MINUTE_MS) * MINUTE_MS + MINUTE_MS,
          headers,
          nonce,
          parts: splitAt(html, Buffer.from(nonce)),
          // Its bytes, twice: plain and (once asked for) deflated.
          bytes: html.length * 2,
        })
      }
      return end.call(this, chunk, ...rest)
    }
    next()
  }

  return { answer, keep, cache }
}
