import zlib from 'node:zlib'
import express from 'express'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { rawRequest } from '../tests/helpers/front-door'
import { acceptsGzip, cacheableRequest, pagePieces, RenderCache, renderCache, splitAt } from './render-cache.js'

const request = (overrides = {}) => ({
  method: 'GET',
  path: '/services',
  originalUrl: '/services?page=2',
  protocol: 'http',
  headers: { host: 'solace.test' },
  ...overrides,
})

describe('which requests the render cache may answer', () => {
  test('catalogue pages, GET or HEAD, with no cookie but the zone', () => {
    expect(cacheableRequest(request())).toContain('/services?page=2')
    expect(cacheableRequest(request({ method: 'HEAD' }))).not.toBeNull()
    expect(cacheableRequest(request({ headers: { host: 'solace.test', cookie: 'tz=Asia%2FTokyo' } }))).toContain(
      'Asia%2FTokyo',
    )
    expect(cacheableRequest(request({ method: 'POST' }))).toBeNull()
    expect(cacheableRequest(request({ path: '/client-dashboard' }))).toBeNull()
    expect(cacheableRequest(request({ path: '/api/services' }))).toBeNull()
    for (const cookie of ['__session=s', 'toast-session=t', 'tz=UTC; __session=s', 'other=1', `tz=${'x'.repeat(65)}`]) {
      expect(cacheableRequest(request({ headers: { host: 'solace.test', cookie } })), cookie).toBeNull()
    }
  })

  test('the zone and the host are part of the key', () => {
    const zoned = (tz) => cacheableRequest(request({ headers: { host: 'solace.test', cookie: `tz=${tz}` } }))
    expect(zoned('UTC')).not.toBe(zoned('Asia%2FTokyo'))
    expect(cacheableRequest(request({ headers: { host: 'other.test' } }))).not.toBe(cacheableRequest(request()))
  })
})

describe('the cache itself', () => {
  const entry = (version, bytes, expires = Infinity) => ({
    version,
    bytes,
    expires,
    headers: [],
    parts: [Buffer.from('x')],
  })

  test('stays within its bytes, forgetting the least recently used page first', () => {
    const cache = new RenderCache({ maxBytes: 800 })
    cache.observe(1)
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, entry(1, 100))
    expect(cache.get('a', 0)).toBeDefined()
    for (const key of ['e', 'f', 'g', 'h', 'i']) cache.set(key, entry(1, 100))
    expect(cache.bytes).toBeLessThanOrEqual(800)
    expect(cache.get('b', 0)).toBeUndefined()
    expect(cache.get('a', 0)).toBeDefined()
    // A page over an eighth of the budget is not kept at all.
    cache.set('huge', entry(1, 101))
    expect(cache.get('huge', 0)).toBeUndefined()
  })

  test('a new catalogue version or the end of the minute ends a page', () => {
    const cache = new RenderCache({ maxBytes: 10_000 })
    cache.observe(1)
    cache.set('a', entry(1, 10, 60_000))
    expect(cache.get('a', 59_999)).toBeDefined()
    expect(cache.get('a', 60_000)).toBeUndefined()
    cache.set('b', entry(1, 10))
    cache.observe(2)
    expect(cache.get('b', 0)).toBeUndefined()
    expect(cache.bytes).toBe(0)
    // A page rendered from an older version arriving late is not kept.
    cache.set('c', entry(1, 10))
    expect(cache.get('c', 0)).toBeUndefined()
  })
})

describe('a kept page with a new nonce', () => {
  const nonce = 'a'.repeat(32)
  const page = Buffer.from(
    `<html><script nonce="${nonce}">x</script>${'<p>filler</p>'.repeat(500)}<script nonce="${nonce}"></script></html>`,
  )
  const entry = () => ({ parts: splitAt(page, Buffer.from(nonce)) })
  const fresh = 'b'.repeat(32)
  const expected = page.toString().replaceAll(nonce, fresh)

  test('plain: the same bytes with the new nonce in every place', () => {
    expect(Buffer.concat(pagePieces(entry(), fresh, false)).toString()).toBe(expected)
  })

  test('gzipped without compressing again: a valid gzip stream of the same page', () => {
    const kept = entry()
    const first = Buffer.concat(pagePieces(kept, fresh, true))
    expect(zlib.gunzipSync(first).toString()).toBe(expected)
    expect(first.length).toBeLessThan(page.length / 5)
    expect(zlib.gunzipSync(Buffer.concat(pagePieces(kept, 'c'.repeat(32), true))).toString()).toBe(
      page.toString().replaceAll(nonce, 'c'.repeat(32)),
    )
  })

  test('the checksum kept for the nonce places matches any page, any nonce and any nonce length', () => {
    const part = fc.uint8Array({ maxLength: 3000 }).map((array) => Buffer.from(array))
    const base64Nonce = fc.stringMatching(/^[A-Za-z0-9+/]{1,48}$/)
    fc.assert(
      fc.property(
        fc.array(part, { minLength: 1, maxLength: 6 }),
        fc.array(base64Nonce, { minLength: 1, maxLength: 3 }),
        (parts, nonces) => {
          const kept = { parts }
          for (const nonce of nonces) {
            const page = Buffer.concat(parts.flatMap((bytes, i) => (i === 0 ? [bytes] : [Buffer.from(nonce), bytes])))
            // gunzip checks the stream's CRC-32 and length against what it inflated.
            expect(zlib.gunzipSync(Buffer.concat(pagePieces(kept, nonce, true)))).toEqual(page)
          }
        },
      ),
      { numRuns: 150, seed: 20261125 },
    )
  })

  test('which clients take gzip', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true)
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true)
    expect(acceptsGzip('gzip;q=0, br')).toBe(false)
    expect(acceptsGzip('identity')).toBe(false)
    expect(acceptsGzip(undefined)).toBe(false)
  })
})

describe('requests for a page that is being rendered', () => {
  /** The cache in front of a slow page, as server/app.js puts it; `renders` counts the renders. */
  async function slowPage({ status = 200, version = () => 1 } = {}) {
    const served = { renders: 0, rendering: 0, mostAtOnce: 0 }
    const app = express()
    app.use((_req, res, next) => {
      res.locals.cspNonce = `nonce${Math.random().toString(16).slice(2)}`
      next()
    })
    const pages = renderCache({ version })
    app.use(pages.answer)
    app.use(pages.keep)
    app.get('/services', (_req, res) => {
      served.renders += 1
      served.rendering += 1
      served.mostAtOnce = Math.max(served.mostAtOnce, served.rendering)
      setTimeout(() => {
        served.rendering -= 1
        res.status(status).type('html').end(`<p nonce="${res.locals.cspNonce}">page</p>`)
      }, 50)
    })
    const server = await new Promise((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
    })
    const get = () => rawRequest(server.address().port, { path: '/services' })
    return { served, get, close: () => new Promise((resolve) => server.close(resolve)) }
  }

  test('wait for its render and are answered from it, each with its own nonce', async () => {
    const page = await slowPage()
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, page.get))
      expect(page.served.renders).toBe(1)
      expect(answers.map((a) => a.headers['x-render-cache']).sort()).toEqual([...Array(5).fill('hit'), 'miss'])
      for (const answer of answers) expect(answer.body).toMatch(/^<p nonce="nonce[0-9a-f]+">page<\/p>$/)
      expect(new Set(answers.map((a) => a.body)).size).toBe(6)
    } finally {
      await page.close()
    }
  })

  test('render their own, all at once, when that page is not kept', async () => {
    const page = await slowPage({ status: 404 })
    try {
      const answers = await Promise.all(Array.from({ length: 4 }, page.get))
      expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404])
      // The first render, then the other three side by side: not one after another.
      expect(page.served).toMatchObject({ renders: 4, mostAtOnce: 3 })
    } finally {
      await page.close()
    }
  })

  test('do not wait for a render of an older catalogue version', async () => {
    let current = 1
    const page = await slowPage({ version: () => current })
    try {
      const first = page.get()
      await new Promise((resolve) => setTimeout(resolve, 10))
      current = 2
      const second = await page.get()
      await first
      expect(page.served.renders).toBe(2)
      expect(second.headers['x-render-cache']).toBe('miss')
    } finally {
      await page.close()
    }
  })
})
