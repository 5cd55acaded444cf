// @ts-check
import { describe, expect, test } from 'vitest'
import {
  clientAddress,
  isApiRequest,
  isSameOriginRequest,
  routedPath,
  sameOriginGuard,
  trustsFlyProxy,
} from './security.js'

/**
 * A stand-in for Express's request or response, with only the fields the middleware reads.
 * @param {object} fields
 * @returns {any}
 */
const fake = (fields) => fields

const base = { method: 'POST', path: '/login' }
const host = 'solace.test'
const foreign = { host, origin: 'https://evil.test' }

describe('same-origin guard', () => {
  test('reads are always allowed', () => {
    expect(isSameOriginRequest({ ...base, method: 'GET', headers: foreign })).toBe(true)
  })

  test('a post from our own origin passes', () => {
    expect(
      isSameOriginRequest({
        ...base,
        headers: { host, origin: 'https://solace.test', 'sec-fetch-site': 'same-origin' },
      }),
    ).toBe(true)
  })

  test('a post from another site is refused, by Origin, Sec-Fetch-Site or Referer', () => {
    expect(isSameOriginRequest({ ...base, headers: foreign })).toBe(false)
    expect(isSameOriginRequest({ ...base, headers: { host, 'sec-fetch-site': 'cross-site' } })).toBe(false)
    expect(isSameOriginRequest({ ...base, headers: { host, referer: 'https://evil.test/page' } })).toBe(false)
    expect(isSameOriginRequest({ ...base, headers: { host, origin: 'null' } })).toBe(false)
  })

  test('the forwarded host is what the proxy received, behind a proxy we trust only', () => {
    const headers = { host: 'internal:8081', 'x-forwarded-host': host, origin: 'https://solace.test' }
    expect(isSameOriginRequest({ ...base, headers, trustForwardedHost: true })).toBe(true)
    // Without a trusted proxy the header is the client's word: a page of evil.test posting to
    // us cannot make us believe our host is evil.test.
    expect(isSameOriginRequest({ ...base, headers, trustForwardedHost: false })).toBe(false)
    const claimed = { host, 'x-forwarded-host': 'evil.test', origin: 'https://evil.test' }
    expect(isSameOriginRequest({ ...base, headers: claimed })).toBe(false)
  })

  // Before: production compared the Origin with the Host header, which the client writes: a
  // request naming evil.test as its host let a page of evil.test post to us.
  test('in production our origin is APP_URL, whole, whatever Host the request names', () => {
    const appOrigin = 'https://solace.test'
    /**
     * @param {string} origin
     * @param {string} requestHost
     */
    const from = (origin, requestHost = host) =>
      isSameOriginRequest({ ...base, headers: { host: requestHost, origin }, appOrigin })
    expect(from('https://solace.test')).toBe(true)
    expect(from('https://solace.test', 'internal:8081')).toBe(true)
    expect(from('https://evil.test', 'evil.test')).toBe(false)
    expect(from('http://solace.test')).toBe(false)
    expect(from('https://solace.test:8443')).toBe(false)
    expect(
      isSameOriginRequest({ ...base, headers: { host: 'evil.test', referer: 'https://evil.test/x' }, appOrigin }),
    ).toBe(false)
    // The guard takes APP_URL as configured, with or without a path.
    const guard = sameOriginGuard({ trustForwardedHost: false, appOrigin: 'https://solace.test/' })
    let passed = false
    guard(
      fake({ method: 'POST', originalUrl: '/login', headers: { host: 'evil.test', origin: 'https://solace.test' } }),
      fake({}),
      () => (passed = true),
    )
    expect(passed).toBe(true)
  })

  test('non-browser clients (no Origin, no Referer) pass; the signed webhook is exempt', () => {
    expect(isSameOriginRequest({ ...base, headers: { host } })).toBe(true)
    expect(
      isSameOriginRequest({ ...base, path: '/webhooks/stripe', headers: { host, origin: 'https://stripe.test' } }),
    ).toBe(true)
  })

  test('the exemption is decided on the path the router acts on, not on its spelling', () => {
    // Each of these reaches /api/messages (or another path that is not the webhook).
    for (const path of [
      '/webhooks/../api/messages',
      '/webhooks/%2e%2e/api/messages',
      '/webhooks/%2E%2E/api/messages',
      '/webhooks/.%2e/api/messages',
      '//webhooks/../api/messages',
      '/webhooks//../api/messages',
      '/webhooks/stripe/../../api/messages',
      '/webhooks/stripe/..%2f..%2fapi%2fmessages',
      '/webhooks\\..\\api\\messages',
      '/webhooks/other',
      '/webhooks/stripe%ZZ',
    ]) {
      expect(isSameOriginRequest({ ...base, path, headers: foreign }), path).toBe(false)
    }
    // The webhook's own path, however it is spelled, stays exempt.
    for (const path of ['/webhooks/stripe', '/webhooks/stripe?x=1', '/api/../webhooks/stripe', '//webhooks//stripe']) {
      expect(isSameOriginRequest({ ...base, path, headers: foreign }), path).toBe(true)
    }
  })

  test('the middleware checks the raw request target, not Express’s un-normalised req.path', () => {
    const guard = sameOriginGuard({ trustForwardedHost: false })
    /** @type {{ code: number, body: unknown }[]} */
    const answered = []
    const res = fake({
      status: (/** @type {number} */ code) => ({
        json: (/** @type {unknown} */ body) => answered.push({ code, body }),
      }),
    })
    let passed = false
    const req = {
      method: 'POST',
      path: '/webhooks/../api/messages',
      originalUrl: '/webhooks/../api/messages',
      headers: foreign,
    }
    guard(fake(req), res, () => (passed = true))
    expect(passed).toBe(false)
    expect(answered).toEqual([{ code: 403, body: { message: 'Cross-site request refused.' } }])
  })
})

describe('routed paths', () => {
  test('dot segments resolve, escapes decode, repeated slashes merge; an unreadable escape is null', () => {
    expect(routedPath('/webhooks/%2e%2e/api/messages')).toBe('/api/messages')
    expect(routedPath('//webhooks/../api/messages?x=1')).toBe('/api/messages')
    expect(routedPath('/api/services/%E0%A4%A')).toBeNull()
    expect(isApiRequest('/api/services/%E0%A4%A')).toBe(true)
    expect(isApiRequest('/apiary')).toBe(false)
    expect(isApiRequest('/services/../api/auth/user')).toBe(true)
  })
})

describe('client address', () => {
  const socket = { remoteAddress: '10.0.0.9' }
  /**
   * @param {boolean} trustFlyClientIp
   * @param {Record<string, string>} headers
   */
  const stamp = (trustFlyClientIp, headers) => {
    const req = { headers: { ...headers }, socket }
    clientAddress({ trustFlyClientIp })(fake(req), fake({}), () => {})
    return req.headers['x-solace-client-ip']
  }

  test('off Fly, neither a forged stamp nor Fly-Client-IP moves it from the socket’s peer', () => {
    expect(stamp(false, { 'x-solace-client-ip': '1.2.3.4' })).toBe('10.0.0.9')
    const stamped = new Set()
    for (let i = 0; i < 60; i += 1) stamped.add(stamp(false, { 'fly-client-ip': `203.0.113.${i}` }))
    expect([...stamped]).toEqual(['10.0.0.9'])
  })

  test('behind Fly’s proxy, Fly-Client-IP is the client (the socket is the proxy)', () => {
    const stamped = new Set()
    for (let i = 0; i < 60; i += 1) stamped.add(stamp(true, { 'fly-client-ip': `203.0.113.${i}` }))
    expect(stamped.size).toBe(60)
    expect(stamp(true, { 'fly-client-ip': '203.0.113.7', 'x-solace-client-ip': '1.2.3.4' })).toBe('203.0.113.7')
    expect(stamp(true, {})).toBe('10.0.0.9')
  })

  test('Fly is recognised from the machine’s environment; TRUST_FLY_CLIENT_IP overrides either way', () => {
    expect(trustsFlyProxy({})).toBe(false)
    expect(trustsFlyProxy({ FLY_APP_NAME: 'solace' })).toBe(false)
    expect(trustsFlyProxy({ FLY_APP_NAME: 'solace', FLY_MACHINE_ID: '148e' })).toBe(true)
    expect(trustsFlyProxy({ TRUST_FLY_CLIENT_IP: 'true' })).toBe(true)
    expect(trustsFlyProxy({ FLY_APP_NAME: 'solace', FLY_MACHINE_ID: '148e', TRUST_FLY_CLIENT_IP: 'false' })).toBe(false)
  })
})
