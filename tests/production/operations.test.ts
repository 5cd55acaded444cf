import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { chromium } from '@playwright/test'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PATIENT_ROUTE_MESSAGE } from '../../server/error-scrubbing.js'
import { ROOT, seedDatabase, startApp, tempDir, type App } from '../replica/replica-cluster'
import type { AddressInfo } from 'node:net'

/**
 * Operations on the production build, as server.js runs on Fly (docs/decisions/040): a bad setting
 * stops the process before it listens, naming the variable; every request is a JSON line on
 * stdout with its id, route, status, time, bytes, cache and user id, and a practitioner's whole
 * day of screens leaves none of the names, emails, messages or notes they showed in the log;
 * metrics are served on their own port only.
 */

const BUILD_DIR = process.env.BUILD_DIR ?? 'build'
const DEMO_PASSWORD = 'Solace-demo-2026'

/** Production's settings for these local runs (throwaway secrets, emulated payments). */
const PRODUCTION = {
  NODE_ENV: 'production',
  BUILD_DIR,
  HOST: '127.0.0.1',
  SESSION_SECRET: 'operations-session-secret-for-local-tests-only-0123',
  DOCUMENTS_ENCRYPTION_KEY: 'a11e'.repeat(16),
  ALLOW_EMULATED_PAYMENTS: 'true',
  RATE_LIMIT_FACTOR: '100',
} as const

type Line = { level: number; msg: string } & Record<string, unknown>

/** The JSON lines a server printed (its log). */
function linesOf(output: string) {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Line)
}

describe('a bad setting stops production before it listens, naming the variable', () => {
  /** Runs server.js with these settings changed; answers its exit code and its log. */
  async function start(changed: Record<string, string | undefined>) {
    const dir = tempDir('bad-settings')
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...PRODUCTION,
      PORT: '1',
      DATABASE_PATH: path.join(dir, 'solace.db'),
      APP_URL: 'http://127.0.0.1:1',
      ...changed,
    }
    const child = spawn(process.execPath, ['server.js'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk))
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    fs.rmSync(dir, { recursive: true, force: true })
    return { code, output }
  }

  test.each([
    ['no SESSION_SECRET', { SESSION_SECRET: undefined }, 'SESSION_SECRET'],
    ['a METRICS_PORT that is no port', { METRICS_PORT: 'ninety-ninety-one' }, 'METRICS_PORT'],
    ['METRICS_PORT the public PORT', { METRICS_PORT: '1' }, 'METRICS_PORT'],
    ['a SENTRY_DSN that is no DSN', { SENTRY_DSN: 'https://sentry.example/42' }, 'SENTRY_DSN'],
    ['a LOG_LEVEL that is no level', { LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('%s: exit 1 and one fatal line naming it', async (_what, changed, variable) => {
    const { code, output } = await start(changed)
    expect(code).toBe(1)
    expect(output).not.toContain('listening')
    const fatal = linesOf(output).filter((line) => line.level === 60)
    expect(fatal).toHaveLength(1)
    expect(fatal[0]).toMatchObject({ variables: [variable] })
    expect(fatal[0]!.msg).toMatch(new RegExp(`^Invalid environment configuration:\\n  - ${variable}: `))
  })
})

describe('a running server', () => {
  let app: App
  let dir: string
  let practitionerCookie = ''

  beforeAll(async () => {
    dir = tempDir('operations')
    seedDatabase(path.join(dir, 'solace.db'))
    app = await startApp(dir, PRODUCTION)
  })

  afterAll(async () => {
    await app?.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  function get(target: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers)
    if (practitionerCookie) headers.set('Cookie', practitionerCookie)
    return fetch(`${app.url}${target}`, { ...init, headers, redirect: 'manual' })
  }

  /** The log lines since `from` (an index into what the server printed). */
  function logSince(from: number) {
    return linesOf(app.output.slice(from).join(''))
  }

  test('every request is one line: id (its X-Request-Id), method, route, status, time, bytes, cache, user', async () => {
    const from = app.output.length
    const first = await get('/services?search=yoga')
    const second = await get('/services?search=yoga')
    const asset = /["'](\/assets\/[^"']+\.js)["']/.exec(await first.text())![1]!
    await second.arrayBuffer()
    const file = await get(asset)
    await file.arrayBuffer()
    await expect.poll(() => logSince(from).filter((line) => line.reqId && 'status' in line).length).toBe(3)
    const lines = logSince(from).filter((line) => 'status' in line)
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'GET routes/_public.services._index 200',
      reqId: first.headers.get('x-request-id'),
      method: 'GET',
      route: 'routes/_public.services._index',
      status: 200,
      cache: 'miss',
      userId: null,
    })
    expect(lines[1]).toMatchObject({ reqId: second.headers.get('x-request-id'), cache: 'hit' })
    expect(lines[2]).toMatchObject({ route: 'static', status: 200 })
    for (const line of lines) {
      expect(line.ms).toEqual(expect.any(Number))
      expect(line.bytes).toBeGreaterThan(0)
    }
    expect(JSON.stringify(lines)).not.toContain('yoga')
  })

  test('metrics are on their own port, counted by route; the public port has none', async () => {
    const metrics = await fetch(app.metricsUrl)
    expect(metrics.status).toBe(200)
    const text = await metrics.text()
    expect(text).toMatch(
      /^solace_http_request_duration_seconds_count\{route="routes\/_public\.services\._index",method="GET",status="200"\} [1-9]/m,
    )
    expect(text).toMatch(/^solace_render_cache_requests_total\{cache="anonymous",result="hit"\} [1-9]/m)
    expect(text).toMatch(/^solace_render_cache_bytes [1-9]/m)
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m)
    expect(text).toMatch(/^process_resident_memory_bytes /m)
    expect((await get('/metrics')).status).toBe(404)
    expect((await fetch(app.metricsUrl.replace('/metrics', '/'))).status).toBe(404)
  })

  test("a practitioner's day in the practice screens leaves no name, email, message or note in the log", async () => {
    const from = app.output.length
    const login = await fetch(`${app.url}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'practitioner@solace.test', password: DEMO_PASSWORD }),
    })
    expect(login.status).toBe(200)
    practitionerCookie = login.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ')

    // The demo data has people, bookings and messages but no charts: the practitioner writes
    // two, as the app's own clients do (these requests are in the log too).
    const post = async (target: string, body: unknown) => {
      const answer = await get(target, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
      expect(answer.status, `${target}: ${await answer.clone().text()}`).toBeLessThan(300)
      return (await answer.json()) as { id: number }
    }
    for (const [firstName, lastName, email] of [
      ['Marguerite', 'Quillfeather', 'marguerite.q@example.com'],
      ['Osvaldo', 'Brightwater', 'osvaldo.b@example.com'],
    ]) {
      const patient = await post('/api/patient-profiles', {
        firstName,
        lastName,
        email,
        allergies: `${firstName} reacts to penicillin and hazelnuts`,
        medicalHistory: `${firstName} had a broken wrist in 2019`,
      })
      await post(`/api/patient-profiles/${patient.id}/notes`, {
        title: `${firstName} first visit`,
        content: `${firstName} sleeps badly since the spring move`,
      })
      await post(`/api/patient-profiles/${patient.id}/notes`, {
        title: `${firstName} private thoughts`,
        content: `${firstName} may be grieving an old friend`,
        isPrivate: true,
      })
      const form = new FormData()
      form.set('file', new Blob([`${firstName} blood work`], { type: 'text/plain' }), `${lastName}-bloodwork.txt`)
      form.set('description', `${firstName} lab results`)
      const upload = await get(`/api/patient-profiles/${patient.id}/documents`, { method: 'POST', body: form })
      expect(upload.status).toBe(201)
      await post(`/api/patient-profiles/${patient.id}/ai-consult`, { question: `What helps ${firstName} sleep?` })
    }

    const db = new Database(app.database, { readonly: true })
    const me = db.prepare("SELECT id FROM users WHERE email = 'practitioner@solace.test'").get() as { id: number }
    const patients = db
      .prepare(
        'SELECT id, first_name AS firstName, last_name AS lastName, email, allergies, medical_history AS history FROM patient_profiles WHERE practitioner_id = ?',
      )
      .all(me.id) as {
      id: number
      firstName: string
      lastName: string
      email: string | null
      allergies: string | null
      history: string | null
    }[]
    const notes = db.prepare('SELECT id, title, content FROM patient_notes WHERE practitioner_id = ?').all(me.id) as {
      id: number
      title: string
      content: string
    }[]
    const documents = db
      .prepare(
        'SELECT d.id, d.original_name AS name FROM patient_documents d JOIN patient_profiles p ON p.id = d.patient_profile_id WHERE p.practitioner_id = ?',
      )
      .all(me.id) as { id: number; name: string }[]
    const conversations = db
      .prepare(
        `SELECT u.id, u.first_name AS firstName, u.last_name AS lastName, u.email, m.subject, m.content
         FROM messages m JOIN users u ON u.id = CASE WHEN m.sender_id = ? THEN m.recipient_id ELSE m.sender_id END
         WHERE m.sender_id = ? OR m.recipient_id = ?`,
      )
      .all(me.id, me.id, me.id) as {
      id: number
      firstName: string
      lastName: string
      email: string
      subject: string
      content: string
    }[]
    const clients = db
      .prepare(
        `SELECT DISTINCT u.first_name AS firstName, u.last_name AS lastName, u.email FROM bookings b
         JOIN users u ON u.id = b.client_id WHERE b.practitioner_id = ?`,
      )
      .all(me.id) as { firstName: string; lastName: string; email: string }[]
    db.close()
    expect(patients).toHaveLength(2)
    expect(notes).toHaveLength(4)
    expect(documents).toHaveLength(2)
    expect(conversations.length).toBeGreaterThan(0)
    expect(clients.length).toBeGreaterThan(0)

    const chart = '/practitioner/patient-charting'
    const targets = [
      '/practitioner/dashboard',
      chart,
      `${chart}?q=${encodeURIComponent(patients[0]!.lastName)}`,
      ...patients.flatMap(({ id }) =>
        ['profile', 'notes', 'docs', 'ai'].flatMap((tab) => [
          `${chart}?patient=${id}&tab=${tab}`,
          `${chart}.data?patient=${id}&tab=${tab}`,
        ]),
      ),
      '/practitioner/inbox',
      ...[...new Set(conversations.map(({ id }) => id))].map((id) => `/practitioner/inbox?with=${id}`),
      '/practitioner/calendar',
      '/practitioner/services',
      '/practitioner/earnings',
      '/practitioner/profile',
      '/practitioner/settings',
      '/api/patient-profiles',
      ...patients.map(({ id }) => `/api/patient-profiles/${id}/notes`),
      ...documents.map(({ id }) => `/api/patient-documents/${id}/download`),
      ...patients.map(({ id }) => `${chart}/${id}/export`),
      '/api/messages',
    ]
    const statuses: string[] = []
    let seen = ''
    for (const target of targets) {
      const answer = await get(target)
      const body = await answer.text()
      seen += body
      statuses.push(`${answer.status} ${target}`)
      expect(answer.status, `${target}: ${body.slice(0, 200)}`).toBeLessThan(500)
    }
    // The screens showed the records: the walk saw what the log must not.
    expect(statuses.filter((line) => !line.startsWith('200 '))).toEqual([])
    for (const shown of ['Marguerite', 'Quillfeather', 'sleeps badly since the spring', conversations[0]!.firstName]) {
      expect(seen).toContain(shown)
    }

    await expect
      .poll(() => logSince(from).filter((line) => 'status' in line && line.userId === me.id).length)
      .toBeGreaterThanOrEqual(targets.length)
    const log = app.output.slice(from).join('')
    const privateWords = [
      ...patients.flatMap(({ firstName, lastName, email, allergies, history }) => [
        firstName,
        lastName,
        email,
        allergies?.slice(0, 30),
        history?.slice(0, 30),
      ]),
      ...notes.flatMap(({ title, content }) => [title, content.slice(0, 30)]),
      ...documents.map(({ name }) => name),
      'penicillin',
      'bloodwork',
      'blood work',
      ...conversations.flatMap(({ firstName, lastName, email, subject, content }) => [
        firstName,
        lastName,
        email,
        subject,
        content.slice(0, 30),
      ]),
      ...clients.flatMap(({ firstName, lastName, email }) => [firstName, lastName, email]),
      'practitioner@solace.test',
      DEMO_PASSWORD,
    ].filter((word): word is string => typeof word === 'string' && word.length >= 4)
    expect(privateWords.length).toBeGreaterThan(20)
    expect(privateWords.filter((word) => log.includes(word))).toEqual([])
    // Nor any query string: the chart's search, which patient, which tab.
    expect(log).not.toMatch(/[?&](q|patient|tab|with)=/)
  })

  test("a signed-in person's repeat page is answered from their own kept pages, and measured", async () => {
    // Signed in as the practitioner by the test before. Asked until a hit: a minute may turn between two.
    let answer = 'miss'
    for (let tries = 0; answer !== 'hit' && tries < 3; tries++) {
      const page = await get('/practitioner/dashboard')
      expect(page.status).toBe(200)
      await page.arrayBuffer()
      answer = page.headers.get('x-render-cache') ?? ''
    }
    expect(answer).toBe('hit')
    const text = await (await fetch(app.metricsUrl)).text()
    expect(text).toMatch(/^solace_render_cache_requests_total\{cache="personal",result="hit"\} [1-9]/m)
    expect(text).toMatch(/^solace_personal_render_cache_bytes [1-9]/m)
    expect(text).toMatch(/^solace_personal_render_cache_pages [1-9]/m)
  })
})

describe("a browser's errors reach the error-reporting service, scrubbed", () => {
  let app: App
  let dir: string
  const envelopes: string[] = []
  const receiver = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk))
    req.on('end', () => {
      envelopes.push(`${req.url}\n${body}`)
      res.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'application/json' }).end('{}')
    })
  })

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const { port } = receiver.address() as AddressInfo
    dir = tempDir('browser-reports')
    seedDatabase(path.join(dir, 'solace.db'))
    app = await startApp(dir, {
      ...PRODUCTION,
      SENTRY_DSN: `http://publickey@127.0.0.1:${port}/7`,
      SENTRY_RELEASE: 'browser-test-release',
    })
  })

  afterAll(async () => {
    await app?.stop()
    await new Promise((resolve) => receiver.close(resolve))
    fs.rmSync(dir, { recursive: true, force: true })
  })

  /** The events received whose message is `message` (the envelope's JSON lines). */
  const eventsSaying = (message: string) =>
    envelopes
      .flatMap((envelope) => envelope.split('\n'))
      .filter((line) => line.startsWith('{') && line.includes('"exception"'))
      .map(
        (line) =>
          JSON.parse(line) as {
            exception: { values: { value: string }[] }
            request?: { url?: string }
            release?: string
          },
      )
      .filter((event) => event.exception.values.some((value) => value.value === message))

  test('an uncaught error on a page, and one on a patient page, with nothing private', async () => {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    })
    try {
      const page = await browser.newPage()
      const violations: string[] = []
      page.on('console', (message) => {
        if (/Content Security Policy/.test(message.text())) violations.push(message.text())
      })
      await page.goto(`${app.url}/services?search=secret-search-term`)
      // The reporting module loads beside the page and starts the SDK.
      await page.waitForFunction(() => '__SENTRY__' in window)
      await page.evaluate(() =>
        setTimeout(() => {
          throw new Error('the browser exploded')
        }),
      )
      await expect.poll(() => eventsSaying('the browser exploded').length, { timeout: 15_000 }).toBe(1)
      const [event] = eventsSaying('the browser exploded')
      expect(event).toMatchObject({ release: 'browser-test-release', request: { url: `${app.url}/services` } })

      // Signed in as the practitioner, on a patient's chart.
      const login = await page.request.post(`${app.url}/api/login`, {
        data: { email: 'practitioner@solace.test', password: DEMO_PASSWORD },
      })
      expect(login.status()).toBe(200)
      const patient = (await (
        await page.request.post(`${app.url}/api/patient-profiles`, {
          data: { firstName: 'Wilhelmina', lastName: 'Chartwell' },
        })
      ).json()) as { id: number }
      await page.goto(`${app.url}/practitioner/patient-charting?patient=${patient.id}&tab=profile`)
      await page.waitForFunction(() => '__SENTRY__' in window)
      await page.evaluate(() =>
        setTimeout(() => {
          throw new Error('Wilhelmina Chartwell: allergic to penicillin')
        }),
      )
      await expect.poll(() => eventsSaying(PATIENT_ROUTE_MESSAGE).length, { timeout: 15_000 }).toBe(1)
      expect(violations).toEqual([])
    } finally {
      await browser.close()
    }
    const sent = envelopes.join('\n')
    expect(sent).not.toMatch(/secret-search-term|Wilhelmina|Chartwell|penicillin|patient=|__session/)
  })
})
