import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { http, passthrough } from 'msw'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { closeDb, getDb } from '~/db/client.server'
import { createListedPractitioner, createUser, insertService, insertSlot, signIn } from '../helpers'
import { mockServer } from '../mocks/server'

/**
 * The crash test (issue 10, "Suites that keep it so"): a child server process takes
 * acknowledged writes, is killed with SIGKILL while more are in flight, and is restarted, three
 * times; afterwards every write it acknowledged (answered 2xx) is in the database, with what
 * was sent, and the database passes `PRAGMA integrity_check`.
 *
 * The child (tests/helpers/crash-server.ts) is the real HTTP stack without a Vite build:
 * server/app.js (the middleware server.js puts in front of Remix) with Remix's request handler
 * over the app's own route modules, loaded by tsx, on the app's own connection
 * (app/db/client.server.ts). A production build is not used: `npm test` runs Vitest before it
 * builds, and a build left from earlier would test old code. The writes are POST /api/contact
 * (one insert) and POST /api/bookings (an IMMEDIATE transaction that claims a slot, inserts the
 * booking and recounts, then queues the confirmation email).
 *
 * A SIGKILL loses nothing the kernel already has, whatever `synchronous` says; only a power
 * cut tests the fsync. So the test also checks that the app's connection runs with
 * synchronous=FULL in WAL mode, which makes each acknowledged commit durable on disk too.
 */

const ROOT = path.resolve(import.meta.dirname, '../..')
const SCRIPT = path.join(ROOT, 'tests/helpers/crash-server.ts')
const ROUNDS = 3
const ACKS_PER_ROUND = 16
const WORKERS = 4

type Server = { child: ChildProcess; port: number; synchronous: string; journal: string; stderr: string[] }
type Ack = { kind: 'contact'; id: number; subject: string } | { kind: 'booking'; id: number; slotId: number }

let cookie: string
let serviceId: number
let slotIds: number[]
const children: ChildProcess[] = []
/** The first server starts while the fixtures are written (it only reads the pragmas until the writes begin). */
let firstServer: Promise<Server>

function start(): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_URL: 'http://127.0.0.1',
      // A key for local tests only.
      DOCUMENTS_ENCRYPTION_KEY: 'c0ffee00'.repeat(8),
      ALLOW_EMULATED_PAYMENTS: 'true',
      RATE_LIMIT_FACTOR: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  const stderr: string[] = []
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()))
  return new Promise((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${stderr.join('')}`)), 45_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const ready = /READY (\d+) (\S+) (\S+)/.exec(out)
      if (!ready) return
      clearTimeout(timer)
      resolve({ child, port: Number(ready[1]), synchronous: ready[2]!, journal: ready[3]!, stderr })
    })
    child.on('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`the server exited (${code ?? signal}) before it listened:\n${stderr.join('')}`))
    })
  })
}

function killed(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })
}

let sequence = 0
let nextSlot = 0

/** One write; answers what was acknowledged, or null when the server did not say 2xx. */
async function write(port: number): Promise<Ack | null> {
  const n = ++sequence
  const base = `http://127.0.0.1:${port}`
  try {
    if (n % 2 === 0) {
      const slotId = slotIds[nextSlot++]!
      const response = await fetch(`${base}/api/bookings`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify({ serviceId, timeSlotId: slotId }),
        signal: AbortSignal.timeout(30_000),
      })
      if (response.status !== 201) return null
      const { id } = (await response.json()) as { id: number }
      return { kind: 'booking', id, slotId }
    }
    const subject = `crash write ${n}`
    const response = await fetch(`${base}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Crash Test', email: 'crash@example.com', subject, message: `Write ${n}.` }),
      signal: AbortSignal.timeout(30_000),
    })
    if (response.status !== 201) return null
    const { id } = (await response.json()) as { id: number }
    return { kind: 'contact', id, subject }
  } catch {
    // Connection refused or reset: the server was killed with this one in flight.
    return null
  }
}

/** Writes from several clients at once until `acks` are acknowledged, then SIGKILLs the server mid-stream. */
async function roundOfWrites(server: Server, acked: Ack[]) {
  const target = acked.length + ACKS_PER_ROUND
  let inFlightAtKill = 0
  let inFlight = 0
  let stop = false
  let kill: Promise<void> | undefined
  const worker = async () => {
    while (!stop) {
      inFlight += 1
      const ack = await write(server.port)
      inFlight -= 1
      if (ack) acked.push(ack)
      if (!ack && !stop && server.child.exitCode === null && server.child.signalCode === null) {
        throw new Error(`a write was refused (or timed out) while the server ran:\n${server.stderr.join('')}`)
      }
      if (acked.length >= target && !stop) {
        stop = true
        inFlightAtKill = inFlight
        kill = killed(server.child)
      }
    }
  }
  await Promise.all(Array.from({ length: WORKERS }, worker))
  await kill
  return inFlightAtKill
}

beforeAll(async () => {
  // Our requests go to the child over the loopback; msw answers only the outside world.
  mockServer.use(http.all(/^http:\/\/127\.0\.0\.1:\d+\/(api|healthcheck)/, () => passthrough()))

  firstServer = start()
  firstServer.catch(() => {})
  // The fixtures go into this file's own database, which the child then serves.
  const practitioner = await createListedPractitioner({ firstName: 'Crash', lastName: 'Test' })
  serviceId = insertService(practitioner.id, { name: 'Crash-safe session', priceCents: 0, isFreeIntro: true }).id
  const client = await createUser({ firstName: 'Crash', lastName: 'Client' })
  const first = Date.now() + 48 * 60 * 60_000
  slotIds = Array.from(
    { length: ROUNDS * (ACKS_PER_ROUND + WORKERS) + 40 },
    (_, i) =>
      insertSlot({ practitionerId: practitioner.id, serviceId, startTime: new Date(first + i * 60 * 60_000) }).id,
  )
  cookie = await signIn(client.id)
  closeDb()
}, 60_000)

afterAll(async () => {
  await Promise.all(children.map(killed))
})

test('every acknowledged write survives SIGKILL and restart; the database stays sound', async () => {
  const acked: Ack[] = []
  const killedWithInFlight: number[] = []

  let server = await firstServer
  // Durability of an acknowledged commit on power loss: WAL with synchronous=FULL (2).
  expect(server.journal).toBe('wal')
  expect(server.synchronous).toBe('2')

  for (let round = 0; round < ROUNDS; round++) {
    killedWithInFlight.push(await roundOfWrites(server, acked))
    expect(server.child.signalCode).toBe('SIGKILL')
    server = await start()
    const health = await fetch(`http://127.0.0.1:${server.port}/healthcheck`)
    expect(health.status).toBe(200)
    expect(await health.json()).toMatchObject({ status: 'ok', primary: true })
  }
  // The restarted server still takes writes.
  const after = await write(server.port)
  expect(after).not.toBeNull()
  acked.push(after!)
  await killed(server.child)

  // Each kill came with other writes in flight (mid-stream, not between requests).
  expect(
    killedWithInFlight.every((n) => n > 0),
    `writes in flight at each kill: ${killedWithInFlight}`,
  ).toBe(true)
  expect(acked.length).toBeGreaterThanOrEqual(ROUNDS * ACKS_PER_ROUND)

  const sqlite = getDb().$client
  expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok')
  expect(sqlite.pragma('foreign_key_check')).toEqual([])

  const missing: string[] = []
  for (const ack of acked) {
    if (ack.kind === 'contact') {
      const row = sqlite.prepare('SELECT subject FROM contact_messages WHERE id = ?').get(ack.id) as
        { subject: string } | undefined
      if (row?.subject !== ack.subject) missing.push(`contact message ${ack.id} (${ack.subject})`)
    } else {
      const row = sqlite.prepare('SELECT time_slot_id AS slotId, status FROM bookings WHERE id = ?').get(ack.id) as
        { slotId: number; status: string } | undefined
      const slot = sqlite.prepare('SELECT is_booked AS isBooked FROM time_slots WHERE id = ?').get(ack.slotId) as
        { isBooked: number } | undefined
      if (row?.slotId !== ack.slotId || row.status !== 'confirmed' || slot?.isBooked !== 1) {
        missing.push(`booking ${ack.id} on slot ${ack.slotId} (${JSON.stringify(row)}, slot ${JSON.stringify(slot)})`)
      }
    }
  }
  expect(missing, `acknowledged but lost: ${missing.join('; ')}`).toEqual([])

  // No slot ended up with two live bookings, and every booked flag has its booking.
  expect(
    sqlite
      .prepare(
        `SELECT time_slot_id FROM bookings WHERE status IN ('pending', 'confirmed') GROUP BY time_slot_id HAVING COUNT(*) > 1`,
      )
      .all(),
  ).toEqual([])
  expect(
    sqlite
      .prepare(
        `SELECT id FROM time_slots WHERE is_booked = 1 AND id NOT IN (SELECT time_slot_id FROM bookings WHERE status IN ('pending', 'confirmed'))`,
      )
      .all(),
  ).toEqual([])
}, 120_000)
