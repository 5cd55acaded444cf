import { describe, expect, test } from 'vitest'
import { isSameOriginRequest } from './security.js'

const base = { method: 'POST', path: '/login' }
const host = 'solace.test'

describe('same-origin guard', () => {
  test('reads are always allowed', () => {
    expect(isSameOriginRequest({ ...base, method: 'GET', headers: { host, origin: 'https://evil.test' } })).toBe(true)
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
    expect(isSameOriginRequest({ ...base, headers: { host, origin: 'https://evil.test' } })).toBe(false)
    expect(isSameOriginRequest({ ...base, headers: { host, 'sec-fetch-site': 'cross-site' } })).toBe(false)
    expect(isSameOriginRequest({ ...base, headers: { host, referer: 'https://evil.test/page' } })).toBe(false)
    expect(isSameOriginRequest({ ...base, headers: { host, origin: 'null' } })).toBe(false)
  })

  test('the forwarded host is what the proxy received', () => {
    expect(
      isSameOriginRequest({
        ...base,
        headers: { host: 'internal:8081', 'x-forwarded-host': host, origin: 'https://solace.test' },
      }),
    ).toBe(true)
  })

  test('non-browser clients (no Origin, no Referer) pass; signed webhooks are exempt', () => {
    expect(isSameOriginRequest({ ...base, headers: { host } })).toBe(true)
    expect(
      isSameOriginRequest({ ...base, path: '/webhooks/stripe', headers: { host, origin: 'https://stripe.test' } }),
    ).toBe(true)
  })
})

describe('client address', async () => {
  const { clientAddress } = await import('./security.js')
  test('replaces a client-sent value with the real peer, preferring Fly-Client-IP', () => {
    const req = { headers: { 'x-solace-client-ip': '1.2.3.4' }, socket: { remoteAddress: '10.0.0.9' } }
    clientAddress(req, {}, () => {})
    expect(req.headers['x-solace-client-ip']).toBe('10.0.0.9')
    const viaFly = { headers: { 'fly-client-ip': '203.0.113.7' }, socket: { remoteAddress: '172.16.0.1' } }
    clientAddress(viaFly, {}, () => {})
    expect(viaFly.headers['x-solace-client-ip']).toBe('203.0.113.7')
  })
})
