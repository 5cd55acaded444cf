import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { UNREADABLE_FORM } from '~/lib/form-data.server'
import { CLIENT_IP_HEADER } from '~/lib/rate-limit.server'
import { LARGEST_BODY_MAX_BYTES } from '~/models/body-caps.server'
import * as clientLayout from '~/routes/_client'
import * as clientDashboard from '~/routes/_client.client-dashboard'
import * as publicLayout from '~/routes/_public'
import * as contact from '~/routes/_public.contact'
import * as services from '~/routes/_public.services._index'
import * as apiSplat from '~/routes/api.$'
import * as authUser from '~/routes/api.auth.user'
import * as clientBookings from '~/routes/api.bookings.client/route'
import * as apiLogin from '~/routes/api.login'
import * as apiMessages from '~/routes/api.messages'
import * as apiService from '~/routes/api.services.$id'
import { SERVER_BODY_MAX_BYTES } from '../../server/body-limit.js'
import { SESSION_COOKIE } from '../../server/private-cache.js'
import { CLIENT_ADDRESS_HEADER } from '../../server/security.js'
import {
  createUser,
  frontDoorBuild,
  lazyChunks,
  rawRequest,
  signIn,
  startFrontDoor,
  type FrontDoor,
  type FrontDoorRoute,
} from '../helpers'
import type { ServerBuild } from '@remix-run/node'

/**
 * The server as a client meets it: server/app.js in front of real routes, over a socket. Each
 * hole of the front door is probed the way an attacker would.
 */

const MB = 1024 * 1024
const CHUNK = 64 * 1024

/** Test-only routes: one that reads its body with no cap of its own, one that shows what the app was told. */
const probes: FrontDoorRoute[] = [
  {
    id: 'probe.unbounded',
    path: 'probe/unbounded',
    module: { action: async ({ request }: { request: Request }) => new Response(`${(await request.text()).length}`) },
  },
  {
    id: 'probe.request',
    path: 'probe/request',
    module: {
      loader: ({ request }: { request: Request }) =>
        Response.json({ url: request.url, address: request.headers.get(CLIENT_IP_HEADER) }),
    },
  },
]

let build: ServerBuild
let door: FrontDoor
let cookie: string

beforeAll(async () => {
  build = await frontDoorBuild([
    { id: 'routes/_public', module: publicLayout },
    {
      id: 'routes/_public.services._index',
      parentId: 'routes/_public',
      path: 'services',
      index: true,
      module: services,
    },
    { id: 'routes/_public.contact', parentId: 'routes/_public', path: 'contact', module: contact },
    { id: 'routes/_client', module: clientLayout },
    {
      id: 'routes/_client.client-dashboard',
      parentId: 'routes/_client',
      path: 'client-dashboard',
      module: clientDashboard,
    },
    { id: 'routes/api.auth.user', path: 'api/auth/user', module: authUser },
    { id: 'routes/api.bookings.client', path: 'api/bookings/client', module: clientBookings },
    { id: 'routes/api.login', path: 'api/login', module: apiLogin },
    { id: 'routes/api.messages', path: 'api/messages', module: apiMessages },
    { id: 'routes/api.services.$id', path: 'api/services/:id', module: apiService },
    { id: 'routes/api.$', path: 'api/*', module: apiSplat },
    ...probes,
  ])
  door = await startFrontDoor(build)
  const client = await createUser()
  cookie = await signIn(client.id)
})

afterAll(() => door?.close())

describe('answers that depend on the session are never cached', () => {
  test('a signed-in page, its data request, /api/auth/user and a signed-in /api answer are private, no-store', async () => {
    for (const path of ['/client-dashboard', '/client-dashboard.data', '/api/auth/user', '/api/bookings/client']) {
      const answer = await rawRequest(door.port, { path, headers: { cookie } })
      expect(answer.status, path).toBe(200)
      expect(answer.headers['cache-control'], path).toBe('private, no-store')
    }
  })

  test('an anonymous catalogue page stays cacheable', async () => {
    const answer = await rawRequest(door.port, { path: '/services' })
    expect(answer.status).toBe(200)
    expect(answer.headers['cache-control']).toBeUndefined()
  })

  test('the server’s idea of the session cookie is the app’s', () => {
    expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true)
  })
})

describe('bodies are bounded', () => {
  test('the server’s cap is above every route’s', () => {
    expect(SERVER_BODY_MAX_BYTES).toBeGreaterThanOrEqual(LARGEST_BODY_MAX_BYTES)
  })

  test('a declared Content-Length over the server’s cap is refused before a byte is read: JSON for /api, text for pages', async () => {
    const declared = { 'content-type': 'application/json', 'content-length': String(256 * MB) }
    const api = await rawRequest(door.port, { method: 'POST', path: '/api/login', headers: declared })
    expect(api.status).toBe(413)
    expect(api.headers['content-type']).toMatch(/^application\/json/)
    expect(JSON.parse(api.body)).toEqual({ message: 'The request body is too large (at most 11 MB).' })
    const french = await rawRequest(door.port, {
      method: 'POST',
      path: '/api/login',
      headers: { ...declared, 'accept-language': 'fr-CA,fr;q=0.9' },
    })
    expect(french.status).toBe(413)
    expect(JSON.parse(french.body)).toEqual({ message: 'Le corps de la requête est trop volumineux (au plus 11 Mo).' })

    const page = await rawRequest(door.port, {
      method: 'POST',
      path: '/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(256 * MB) },
    })
    expect(page.status).toBe(413)
    expect(page.headers['content-type']).toMatch(/^text\/plain/)
  })

  test('a chunked 50 MB JSON body to /api/login is cut off at the JSON cap and answered 413', async () => {
    const body = lazyChunks(800, CHUNK)
    const answer = await rawRequest(door.port, {
      method: 'POST',
      path: '/api/login',
      headers: { 'content-type': 'application/json' },
      stream: body,
    })
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toEqual({ message: 'The request body is too large (at most 256 KB).' })
    // The answer came while the client was still sending: a few chunks past 256 KB at most
    // (socket buffers), nowhere near the 50 MB it had.
    expect(body.made() * CHUNK).toBeLessThan(8 * MB)
    expect(answer.headers.connection).toBe('close')
  })

  test('a chunked body to a route that reads it without a cap stops at the server’s cap', async () => {
    const body = lazyChunks(800, CHUNK)
    const answer = await rawRequest(door.port, { method: 'POST', path: '/probe/unbounded', stream: body })
    expect(answer.status).toBe(413)
    expect(answer.body).toBe('The request body is too large (at most 11 MB).')
    expect(body.made() * CHUNK).toBeLessThan(SERVER_BODY_MAX_BYTES + 8 * MB)
  })

  test('a body within the caps is read whole', async () => {
    const answer = await rawRequest(door.port, { method: 'POST', path: '/probe/unbounded', body: 'x'.repeat(300_000) })
    expect(answer.status).toBe(200)
    expect(answer.body).toBe('300000')
  })
})

describe('what is not a form, or not an address, gets a readable answer', () => {
  test('a screen action sent JSON answers 415 with the page and a message a person can read', async () => {
    const answer = await rawRequest(door.port, {
      method: 'POST',
      path: '/contact',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"x"}',
    })
    expect(answer.status).toBe(415)
    expect(answer.headers['content-type']).toMatch(/^text\/html/)
    expect(answer.body).toContain(UNREADABLE_FORM)
  })

  test('a malformed percent-escape in an /api path answers JSON 400; a page path plain text; never a stack', async () => {
    const api = await rawRequest(door.port, { path: '/api/services/%E0%A4%A' })
    expect(api.status).toBe(400)
    expect(api.headers['content-type']).toMatch(/^application\/json/)
    expect(JSON.parse(api.body)).toEqual({ message: 'The address of this request is not valid.' })

    const page = await rawRequest(door.port, { path: '/services/%E0%A4%A' })
    expect(page.status).toBe(400)
    expect(page.headers['content-type']).toMatch(/^text\/plain/)
    for (const body of [api.body, page.body]) {
      expect(body).not.toMatch(/URIError|at [\w.]+ \(|node_modules/)
    }
  })
})

describe('the same-origin check reads the path the router will', () => {
  test('a cross-site post through /webhooks/.. to /api/messages, with a victim’s cookie, is refused', async () => {
    const recipient = await createUser({ isPractitioner: true })
    const body = JSON.stringify({ recipientId: recipient.id, subject: 'Hi', content: 'Forged' })
    for (const path of ['/webhooks/../api/messages', '/webhooks/%2e%2e/api/messages', '//webhooks/../api/messages']) {
      const answer = await rawRequest(door.port, {
        method: 'POST',
        path,
        headers: { cookie, origin: 'https://evil.test', 'content-type': 'application/json' },
        body,
      })
      expect(answer.status, path).toBe(403)
      expect(JSON.parse(answer.body)).toEqual({ message: 'Cross-site request refused.' })
    }
  })
})

describe('the client’s address and the proxy headers', () => {
  test('off Fly, 60 different Fly-Client-IP and X-Forwarded-* values change nothing', async () => {
    const seen = new Set<string>()
    for (let i = 0; i < 60; i += 1) {
      const answer = await rawRequest(door.port, {
        path: '/probe/request',
        headers: {
          'fly-client-ip': `203.0.113.${i}`,
          [CLIENT_ADDRESS_HEADER]: `198.51.100.${i}`,
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'evil.test',
        },
      })
      const { url, address } = JSON.parse(answer.body)
      expect(url).toBe(`http://127.0.0.1:${door.port}/probe/request`)
      seen.add(address)
    }
    expect([...seen]).toHaveLength(1)
    expect([...seen][0]).toMatch(/127\.0\.0\.1$/)
  })

  test('behind Fly’s proxy, Fly-Client-IP is the address and the forwarded protocol and host are believed', async () => {
    const fly = await startFrontDoor(build, { trustProxy: true })
    try {
      const answer = await rawRequest(fly.port, {
        path: '/probe/request',
        headers: { 'fly-client-ip': '203.0.113.9', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'solace.test' },
      })
      expect(JSON.parse(answer.body)).toEqual({ url: 'https://solace.test/probe/request', address: '203.0.113.9' })
    } finally {
      await fly.close()
    }
  })
})
