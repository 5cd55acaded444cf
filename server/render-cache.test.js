// @ts-check
import zlib from 'node:zlib'
import express from 'express'
import { describe, expect, test } from 'vitest'
import { rawRequest } from '../tests/helpers/front-door'
import { acceptsGzip } from './kept-pages.js'
import { cacheableRequest, renderCache } from './render-cache.js'

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
    // The language switch's cookie is one a catalogue page may be asked with, whatever it holds.
    for (const cookie of ['lng=fr', 'tz=UTC; lng=en', 'lng=de; tz-choice=UTC', 'lng=']) {
      expect(cacheableRequest(request({ headers: { host: 'solace.test', cookie } })), cookie).not.toBeNull()
    }
    expect(cacheableRequest(request({ method: 'POST' }))).toBeNull()
    expect(cacheableRequest(request({ path: '/client-dashboard' }))).toBeNull()
    expect(cacheableRequest(request({ path: '/api/services' }))).toBeNull()
    for (const cookie of ['__session=s', 'toast-session=t', 'tz=UTC; __session=s', 'other=1', `tz=${'x'.repeat(65)}`]) {
      expect(cacheableRequest(request({ headers: { host: 'solace.test', cookie } })), cookie).toBeNull()
    }
  })

  test('the zone and the host are part of the key', () => {
    const zoned = (/** @type {string} */ tz) =>
      cacheableRequest(request({ headers: { host: 'solace.test', cookie: `tz=${tz}` } }))
    expect(zoned('UTC')).not.toBe(zoned('Asia%2FTokyo'))
    // A chosen zone wins over the browser's, in the key as in the page (app/lib/time-zone.server.ts).
    const chosen = (/** @type {string} */ cookie) =>
      cacheableRequest(request({ headers: { host: 'solace.test', cookie } }))
    expect(chosen('tz=UTC; tz-choice=Asia%2FTokyo')).toBe(zoned('Asia%2FTokyo'))
    expect(chosen('tz-choice=Asia%2FTokyo; tz=UTC')).toBe(zoned('Asia%2FTokyo'))
    expect(cacheableRequest(request({ headers: { host: 'other.test' } }))).not.toBe(cacheableRequest(request()))
  })

  test('the language is part of the key, decided as the app decides it: the cookie, else Accept-Language, else English', () => {
    /** @param {Record<string, string>} headers */
    const keyOf = (headers) => cacheableRequest(request({ headers: { host: 'solace.test', ...headers } }))
    const english = keyOf({})
    const french = keyOf({ 'accept-language': 'fr' })
    expect(english).toMatch(/\nen$/)
    expect(french).toMatch(/\nfr$/)
    // Every way of asking for French, and only those, is the French page's key.
    for (const headers of /** @type {Record<string, string>[]} */ ([
      { 'accept-language': 'fr-CA' },
      { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' },
      { 'accept-language': 'de, fr;q=0.5' },
      { cookie: 'lng=fr' },
      { cookie: 'lng=fr', 'accept-language': 'en-CA' },
      { cookie: 'lng=xx', 'accept-language': 'fr-CA' },
    ])) {
      expect(keyOf(headers), JSON.stringify(headers)).toBe(french)
    }
    expect(keyOf({ cookie: 'tz=UTC; lng=fr', 'accept-language': 'en' })).toBe(
      keyOf({ cookie: 'tz=UTC', 'accept-language': 'fr' }),
    )
    expect(keyOf({ cookie: 'tz=UTC', 'accept-language': 'fr' })).not.toBe(french)
    for (const headers of /** @type {Record<string, string>[]} */ ([
      { 'accept-language': 'en' },
      { 'accept-language': 'en-CA,fr;q=0.5' },
      { 'accept-language': 'de' },
      { 'accept-language': '*' },
      { cookie: 'lng=en', 'accept-language': 'fr-CA' },
      { cookie: 'lng=xx' },
    ])) {
      expect(keyOf(headers), JSON.stringify(headers)).toBe(english)
    }
  })
})

describe('which clients take gzip', () => {
  test('gzip with any q but 0', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true)
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true)
    expect(acceptsGzip('gzip;q=0, br')).toBe(false)
    expect(acceptsGzip('identity')).toBe(false)
    expect(acceptsGzip(undefined)).toBe(false)
  })
})

describe('requests for a page that is being rendered', () => {
  /**
   * The cache in front of a slow page, as server/app.js puts it, the page handed to it as
   * server/remix.js hands one; `renders` counts the renders. `now` is the cache's clock.
   */
  /** @param {{ status?: number, version?: () => number, maxBytes?: number, now?: () => number }} [options] */
  async function slowPage({ status = 200, version = () => 1, maxBytes = 24 * 1024 * 1024, now = () => 0 } = {}) {
    const served = { renders: 0, rendering: 0, mostAtOnce: 0 }
    const app = express()
    const pages = renderCache({ version, maxBytes, now })
    app.use(pages.answer)
    app.get('/services*', (req, res) => {
      served.renders += 1
      served.rendering += 1
      served.mostAtOnce = Math.max(served.mostAtOnce, served.rendering)
      setTimeout(() => {
        served.rendering -= 1
        const page = Buffer.from(`<p>page ${req.path}</p>${'<i>filler</i>'.repeat(200)}`)
        res.status(status).type('html').setHeader('Content-Security-Policy', "script-src 'sha256-x'")
        res.locals.keepPage?.(res, page)
        res.end(page)
      }, 50)
    })
    const server = await new Promise((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
    })
    /** @param {string} [path] @param {Record<string, string>} [headers] */
    const get = (path = '/services', headers = {}) => rawRequest(server.address().port, { path, headers })
    return { served, get, cache: pages.cache, close: () => new Promise((resolve) => server.close(resolve)) }
  }

  test('wait for its render and are answered from it: the same bytes and headers', async () => {
    const page = await slowPage()
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, () => page.get()))
      expect(page.served.renders).toBe(1)
      expect(answers.map((a) => a.headers['x-render-cache']).sort()).toEqual([...Array(5).fill('hit'), 'miss'])
      expect(new Set(answers.map((a) => a.body)).size).toBe(1)
      for (const answer of answers) expect(answer.headers['content-security-policy']).toBe("script-src 'sha256-x'")
    } finally {
      await page.close()
    }
  })

  test('a kept page is served gzipped, compressed once when it was kept, to clients that take gzip', async () => {
    const page = await slowPage()
    try {
      const plain = await page.get()
      const zipped = await page.get('/services', { 'accept-encoding': 'gzip, br' })
      expect(zipped.headers).toMatchObject({
        'content-encoding': 'gzip',
        vary: 'Accept-Language, Cookie, Accept-Encoding',
        'x-render-cache': 'hit',
      })
      expect(zlib.gunzipSync(zipped.bytes).toString()).toBe(plain.body)
      expect(Number(zipped.headers['content-length'])).toBeLessThan(plain.body.length / 5)
    } finally {
      await page.close()
    }
  })

  test('a page kept for one language is never the answer in the other; each answer says what it varies by', async () => {
    const page = await slowPage()
    try {
      const english = await page.get('/services', { 'accept-language': 'en-CA' })
      expect(english.headers).toMatchObject({ 'x-render-cache': 'miss', vary: 'Accept-Language, Cookie' })
      expect((await page.get('/services')).headers['x-render-cache']).toBe('hit')
      const french = await page.get('/services', { 'accept-language': 'fr-CA' })
      expect(french.headers).toMatchObject({ 'x-render-cache': 'miss', vary: 'Accept-Language, Cookie' })
      const chosen = await page.get('/services', { cookie: 'lng=fr', 'accept-language': 'en-CA' })
      expect(chosen.headers).toMatchObject({
        'x-render-cache': 'hit',
        vary: 'Accept-Language, Cookie, Accept-Encoding',
      })
      // One render per language: the French one answered both ways of asking for French.
      expect(page.served.renders).toBe(2)
    } finally {
      await page.close()
    }
  })

  test('stays within its bytes, forgetting the least recently used page first; a page over an eighth is not kept', async () => {
    const page = await slowPage({ maxBytes: 8 * 3000 })
    try {
      for (const path of ['/services?a', '/services?b', '/services?c']) await page.get(path)
      expect(page.cache.calculatedSize).toBeLessThanOrEqual(8 * 3000)
      expect(page.cache.size).toBeGreaterThan(0)
      const tiny = await slowPage({ maxBytes: 8 * 100 })
      try {
        await tiny.get()
        expect(tiny.cache.size).toBe(0)
      } finally {
        await tiny.close()
      }
    } finally {
      await page.close()
    }
  })

  test('a new catalogue version or the end of the minute ends a page', async () => {
    let current = 1
    let clock = 0
    const page = await slowPage({ version: () => current, now: () => clock })
    try {
      await page.get()
      expect((await page.get()).headers['x-render-cache']).toBe('hit')
      clock = 59_999
      expect((await page.get()).headers['x-render-cache']).toBe('hit')
      clock = 60_000
      expect((await page.get()).headers['x-render-cache']).toBe('miss')
      expect((await page.get()).headers['x-render-cache']).toBe('hit')
      current = 2
      expect((await page.get()).headers['x-render-cache']).toBe('miss')
    } finally {
      await page.close()
    }
  })

  test('render their own, all at once, when that page is not kept', async () => {
    const page = await slowPage({ status: 404 })
    try {
      const answers = await Promise.all(Array.from({ length: 4 }, () => page.get()))
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
