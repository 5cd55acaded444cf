import { randomBytes } from 'node:crypto'
import { afterAll, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { passkeys } from '~/db/schema'
import { LOG_MESSAGE_MAX } from '~/lib/log.server'
import { registry } from '../../server/metric-registry.js'
import { REQUEST_ID_HEADER } from '../../server/request-log.js'
import { cookieHeader, createUser, signIn } from '../helpers'
import { captureLog, LEVEL, type LogRecord } from '../helpers/log'
import { remixApp } from '../helpers/remix-app'

/**
 * One line per request (server/request-log.js): its id (also the X-Request-Id header, never the
 * client's), method, route id, status, milliseconds, bytes and the user's id, and never the URL,
 * whose ids and query string say what a person opened or searched for. Requests go over a
 * socket through the real middleware (server/app.js) in front of the app's routes.
 */

const app = await remixApp()
afterAll(() => app.close())

/** The request line of the request whose answer carried `id` (written once the answer is done). */
async function lineOf(log: LogRecord[], id: string | null) {
  await expect.poll(() => log.some((record) => record.reqId === id && typeof record.status === 'number')).toBe(true)
  return log.find((record) => record.reqId === id && typeof record.status === 'number')!
}

test('a request: its id, method, route, status, time, bytes; no user when signed out', async () => {
  const log = captureLog()
  const answer = await app.http(new Request('http://localhost/api/services?page=1'))
  expect(answer.status).toBe(200)
  const id = answer.headers.get(REQUEST_ID_HEADER)
  expect(id).toMatch(/^[0-9a-f-]{36}$/)
  const line = await lineOf(log, id)
  expect(line).toMatchObject({
    level: LEVEL.info,
    msg: 'GET routes/api.services._index 200',
    method: 'GET',
    route: 'routes/api.services._index',
    status: 200,
    userId: null,
  })
  expect(line.ms).toEqual(expect.any(Number))
  expect(line.bytes).toBeGreaterThan(answer.text.length)
})

test('the user is their id, once the app has read the session', async () => {
  const user = await createUser({ firstName: 'Quentin', lastName: 'Logged' })
  const log = captureLog()
  const answer = await app.http(
    new Request('http://localhost/api/auth/user', { headers: { Cookie: await signIn(user.id) } }),
  )
  expect(answer.status).toBe(200)
  const line = await lineOf(log, answer.headers.get(REQUEST_ID_HEADER))
  expect(line).toMatchObject({ route: 'routes/api.auth.user', status: 200, userId: user.id })
  // The answer held the person's name and email; the log holds neither.
  expect(JSON.stringify(log)).not.toMatch(/Quentin|Logged|@/)
})

test("the URL's ids and query string are never logged, only the route", async () => {
  const log = captureLog()
  const search = await app.http(new Request('http://localhost/services?search=Sleepless+in+Toronto'))
  const booking = await app.http(new Request('http://localhost/api/bookings/987654321'))
  expect((await lineOf(log, search.headers.get(REQUEST_ID_HEADER))).route).toBe('routes/_public.services._index')
  expect(await lineOf(log, booking.headers.get(REQUEST_ID_HEADER))).toMatchObject({
    route: 'routes/api.bookings.$id._index',
    status: 401,
  })
  expect(JSON.stringify(log)).not.toMatch(/Sleepless|987654321/)
})

test('the id is ours: one the client sends is not taken', async () => {
  const log = captureLog()
  const answer = await app.http(
    new Request('http://localhost/api/categories', { headers: { [REQUEST_ID_HEADER]: 'forged-request-id' } }),
  )
  const id = answer.headers.get(REQUEST_ID_HEADER)
  expect(id).not.toBe('forged-request-id')
  await lineOf(log, id)
  expect(JSON.stringify(log)).not.toContain('forged-request-id')
})

test('every request is counted by route, method and status, and timed', async () => {
  const labels = { route: 'routes/api.categories', method: 'GET', status: '200' }
  const count = async () => {
    const metric = await registry.getSingleMetric('solace_http_request_duration_seconds')?.get()
    const values = (metric?.values ?? []) as { metricName?: string; labels: Record<string, unknown>; value: number }[]
    return (
      values.find(
        (value) =>
          value.metricName === 'solace_http_request_duration_seconds_count' &&
          Object.entries(labels).every(([name, label]) => value.labels[name] === label),
      )?.value ?? 0
    )
  }
  const before = await count()
  await app.http(new Request('http://localhost/api/categories'))
  await expect.poll(count).toBe(before + 1)
})

test('a passkey sign-in with a 20 KB origin: every line it writes stays short, the origin cut (issue 41)', async () => {
  const user = await createUser()
  const credentialId = randomBytes(16).toString('base64url')
  getDb()
    .insert(passkeys)
    .values({ id: credentialId, userId: user.id, name: 'Passkey 1', publicKey: randomBytes(77) })
    .run()
  const post = (body: unknown, cookie?: string) =>
    app.http(
      new Request('http://localhost/login/passkey', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
        body: JSON.stringify(body),
      }),
    )
  const options = await post({ intent: 'options' })
  expect(options.status).toBe(200)
  const { challenge } = JSON.parse(options.text) as { challenge: string }
  const cookie = cookieHeader(options.headers.getSetCookie())
  const origin = `https://${'a'.repeat(20_000)}.example`
  const b64 = (data: string | Buffer) => Buffer.from(data).toString('base64url')
  const clientDataJSON = b64(JSON.stringify({ type: 'webauthn.get', challenge, origin, crossOrigin: false }))

  const log = captureLog()
  const answer = await post(
    {
      intent: 'verify',
      response: {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        response: { clientDataJSON, authenticatorData: b64(randomBytes(37)), signature: b64(randomBytes(70)) },
      },
    },
    cookie,
  )
  expect(answer.status).toBe(401)
  await lineOf(log, answer.headers.get(REQUEST_ID_HEADER))
  const refused = log.find((record) => record.msg.includes('passkey sign-in refused'))
  expect(refused?.msg).toContain('aaaa')
  expect(refused?.msg).toMatch(/…\[\d+ more characters cut\]/)
  for (const record of log) expect(JSON.stringify(record).length).toBeLessThan(LOG_MESSAGE_MAX + 1_000)
})
