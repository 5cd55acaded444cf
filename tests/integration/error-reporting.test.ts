import http from 'node:http'
import zlib from 'node:zlib'
import { http as mockHttp, passthrough } from 'msw'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { resetEnvCache } from '~/env.server'
import { SETTINGS_PARAM } from '~/lib/error-reporting'
import { flushErrorReports, startErrorReporting } from '../../server/error-reporting.js'
import { PATIENT_ROUTE_MESSAGE } from '../../server/error-scrubbing.js'
import { REQUEST_ID_HEADER } from '../../server/request-log.js'
import { frontDoorBuild, startFrontDoor, type FrontDoor } from '../helpers'
import { mockServer } from '../mocks/server'
import type { AddressInfo } from 'node:net'

/**
 * Error reports (server/error-reporting.js): with a DSN, Sentry's SDK sends what the server logs
 * as an error to the DSN's host. Here that host is a receiver on the loopback posing as Sentry's
 * ingest endpoint; errors are raised in a loader and an action of routes served by the real
 * middleware and app/entry.server.tsx, and the test reads what arrived, and what did not.
 */

type Envelope = { raw: string; items: Record<string, unknown>[] }
type SentEvent = {
  exception: { values: { type: string; value: string; stacktrace?: { frames: unknown[] } }[] }
  tags: Record<string, string>
  request?: Record<string, unknown>
  release: string
  environment: string
  level: string
}

const envelopes: Envelope[] = []
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    const body = Buffer.concat(chunks)
    const raw = (req.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(body) : body).toString('utf8')
    const items = raw
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    envelopes.push({ raw: `${req.url}\n${raw}`, items })
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}')
  })
})

/** The events received: each envelope's header, then item headers and payloads in turn. */
function events() {
  return envelopes.flatMap(({ items }) =>
    items.filter((_item, i) => i > 0 && i % 2 === 0 && items[i - 1]?.type === 'event'),
  ) as unknown as SentEvent[]
}

const Page = () => null
let door: FrontDoor

// What the errors and requests carry, kept away from where they are thrown (the reports carry the
// lines of code around each frame).
const CHART_ERROR = ['Ada Lovelace', 'allergic to penicillin'].join(': ')
const PRIVATE = { Cookie: '__session=abc.def-session-secret; tz=America%2FToronto' }
const NOTE = 'note=Sleeps+badly+since+spring&email=ada%40example.com'

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const { port } = receiver.address() as AddressInfo
  process.env.SENTRY_DSN = `http://publickey@127.0.0.1:${port}/1`
  resetEnvCache()
  await startErrorReporting({ dsn: process.env.SENTRY_DSN, environment: 'test', release: 'solace@test-release' })
  const build = await frontDoorBuild([
    { id: 'routes/fine', path: 'fine', module: { default: Page } },
    {
      id: 'routes/boom',
      path: 'boom',
      module: {
        default: Page,
        loader: () => {
          throw new Error('the loader exploded')
        },
        action: () => {
          throw new Error('the action exploded')
        },
      },
    },
    {
      id: 'routes/practitioner.patient-charting',
      path: 'practitioner/patient-charting',
      module: {
        default: Page,
        loader: () => {
          throw new Error(CHART_ERROR)
        },
      },
    },
  ])
  door = await startFrontDoor(build)
}, 60_000)

beforeEach(() => mockServer.use(mockHttp.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough())))

afterAll(async () => {
  await door?.close()
  await new Promise((resolve) => receiver.close(resolve))
  delete process.env.SENTRY_DSN
  resetEnvCache()
})

test('errors in a loader and an action arrive with their request id, route, release and environment; nothing private does', async () => {
  const loaded = await fetch(`http://127.0.0.1:${door.port}/boom?search=query-secret`, { headers: PRIVATE })
  const posted = await fetch(`http://127.0.0.1:${door.port}/boom?index&search=query-secret`, {
    method: 'POST',
    headers: { ...PRIVATE, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: NOTE,
  })
  const patient = await fetch(`http://127.0.0.1:${door.port}/practitioner/patient-charting?patient=5&tab=notes`, {
    headers: PRIVATE,
  })
  // Refusals anyone can cause are no error of ours: nothing is reported for them.
  const refused = await fetch(`http://127.0.0.1:${door.port}/practitioner/patient-charting`, { method: 'POST' })
  expect([loaded.status, posted.status, patient.status, refused.status]).toEqual([500, 500, 500, 405])
  // The server's answers carry the id, and no trace header of Sentry's.
  for (const answer of [loaded, posted, patient]) {
    expect(answer.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/)
    expect(answer.headers.get('server-timing')).toBeNull()
  }

  await flushErrorReports()
  await expect.poll(() => events().length, { timeout: 10_000 }).toBe(3)
  const byValue = (value: string) => events().find((event) => event.exception.values.at(-1)?.value === value)!

  const loader = byValue('the loader exploded')
  expect(loader).toMatchObject({
    level: 'error',
    release: 'solace@test-release',
    environment: 'test',
    tags: { request_id: loaded.headers.get(REQUEST_ID_HEADER), route: 'routes/boom' },
    request: { method: 'GET', url: '/boom' },
  })
  expect(loader.exception.values.at(-1)?.stacktrace?.frames.length).toBeGreaterThan(0)

  const action = byValue('the action exploded')
  expect(action).toMatchObject({
    tags: { request_id: posted.headers.get(REQUEST_ID_HEADER), route: 'routes/boom' },
    request: { method: 'POST', url: '/boom' },
  })

  // From a patient route: where it happened, not what the record said.
  const fromChart = byValue(PATIENT_ROUTE_MESSAGE)
  expect(fromChart.tags).toMatchObject({ route: 'routes/practitioner.patient-charting' })
  expect(fromChart.exception.values.at(-1)?.type).toBe('Error')

  const sent = envelopes.map((envelope) => envelope.raw).join('\n')
  expect(sent).not.toMatch(
    /query-secret|search=|abc\.def|session-secret|Sleeps|ada(%40|@)example|Ada|penicillin|tab=notes/,
  )
})

test('a page of a site that reports errors loads the reporting module, with its settings, and may send there', async () => {
  const answer = await fetch(`http://127.0.0.1:${door.port}/fine`)
  const html = await answer.text()
  const { port } = receiver.address() as AddressInfo
  const src = /<script type="module" src="([^"]*error-reporting[^"]*)"/.exec(html)?.[1]
  const url = new URL(src!.replace(/&amp;/g, '&'), 'http://localhost')
  expect(JSON.parse(url.searchParams.get(SETTINGS_PARAM)!)).toEqual({
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    environment: 'test',
  })
  const policy = answer.headers.get('content-security-policy-report-only') ?? ''
  expect(policy).toMatch(new RegExp(`connect-src [^;]*http://127\\.0\\.0\\.1:${port}`))
})

test('without SENTRY_DSN a page names no reporting service', async () => {
  const dsn = process.env.SENTRY_DSN
  delete process.env.SENTRY_DSN
  resetEnvCache()
  try {
    const answer = await fetch(`http://127.0.0.1:${door.port}/fine`)
    expect(await answer.text()).not.toMatch(/error-reporting|settings=/)
    expect(answer.headers.get('content-security-policy-report-only')).not.toContain('127.0.0.1')
  } finally {
    process.env.SENTRY_DSN = dsn
    resetEnvCache()
  }
})
