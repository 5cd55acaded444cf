import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isReplicaForward, isReplicaUpload, REPLICA_FORWARDS, REPLICA_UPLOADS } from '../../server/litefs.js'
import { startS3Server } from '../helpers/s3'
import { appRoutes, fill, type RouteEntry } from './app-routes'
import {
  ACTORS,
  CHART_VIEW,
  crawler,
  documentForm,
  extraViews,
  paramsFor,
  readIds,
  writeFixtures,
  type CrawlIds,
} from './crawl'
import {
  copyDatabase,
  ROOT,
  seedDatabase,
  setPosition,
  sharedEnv,
  startApp,
  tempDir,
  type App,
} from './replica-cluster'

/**
 * ARCHITECTURE's rule "a GET never writes", proved on a replica
 * (docs/decisions/025-uploads-on-replicas.md): every GET screen and GET /api route is crawled
 * on a replica whose database is opened read-only, as a visitor, a client, a practitioner and
 * an admin, and none answers a 5xx or logs a failed write. A read that must write (recording a
 * chart view, a download's trail row) answers Fly's replay to the primary instead, and only
 * the routes listed here may do so. Every other write answers the replay before its body is
 * read; uploads are taken on the replica, stored in the bucket and recorded by the primary.
 */

/**
 * Reads that write the patient record's access trail (a chart opened, notes read, a document
 * downloaded, a record exported), so a replica hands them to the primary; and a video room's
 * signaling, whose hub lives in the primary's memory so that a booking's two people meet there
 * (docs/decisions/039-video-rooms.md); and the first visit to the authenticator app's setup,
 * which makes the secret its QR code shows (docs/decisions/042-two-factor-and-passkeys.md).
 */
const REPLAYED_READS = new Set([
  CHART_VIEW,
  '/api/patient-profiles/:id/notes',
  '/practitioner/patient-charting/:id/export',
  '/api/patient-documents/:id/download',
  '/sessions/:id/signal',
  '/account/security/two-factor',
])

let primary: App
let replica: App
let bucket: Awaited<ReturnType<typeof startS3Server>>
const crawl = crawler()
const { call, signIn } = crawl
let ids: CrawlIds

function primaryRow<T>(sql: string, ...params: unknown[]) {
  const db = new Database(primary.database, { readonly: true })
  try {
    return db.prepare(sql).get(...params) as T | undefined
  } finally {
    db.close()
  }
}

let routes: RouteEntry[]

beforeAll(async () => {
  routes = await appRoutes()
  bucket = await startS3Server('solace-replica')
  const env = sharedEnv({ endpoint: bucket.endpoint, name: 'solace-replica' })

  const primaryDir = tempDir('primary')
  seedDatabase(path.join(primaryDir, 'solace.db'))
  primary = await startApp(primaryDir, env)
  for (const actor of ['client', 'practitioner', 'admin'] as const) await signIn(primary, actor)
  await writeFixtures(primary, crawl)
  ids = readIds(primary.database)

  // The replica: a copy the primary's writes reach only through it, read-only, whose
  // `.primary` names the primary's host.
  const replicaDir = tempDir('replica')
  copyDatabase(primary.database, path.join(replicaDir, 'solace.db'))
  fs.writeFileSync(path.join(replicaDir, '.primary'), 'primary-machine')
  setPosition({ dir: primaryDir }, 3)
  setPosition({ dir: replicaDir }, 3)
  replica = await startApp(replicaDir, { ...env, DATABASE_READ_ONLY: 'true', PRIMARY_INTERNAL_URL: primary.url })
})

afterAll(async () => {
  await Promise.all([primary?.stop(), replica?.stop()])
  await bucket?.stop()
  for (const app of [primary, replica]) if (app) fs.rmSync(app.dir, { recursive: true, force: true })
})

describe('a replica serves every page without writing', () => {
  test('its health check reads the database and says it is not the primary', async () => {
    const answer = await call(replica, 'visitor', '/healthcheck')
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({
      status: 'ok',
      primary: false,
      checks: { database: 'ok', write: 'replica' },
      replication: { position: 3 },
    })
    expect(await (await call(primary, 'visitor', '/healthcheck')).json()).toMatchObject({
      status: 'ok',
      primary: true,
      checks: { database: 'ok', write: 'ok', replication: 'primary' },
    })
  })

  test('its metrics, on their own port, say it is a replica and where it is; never on the public port', async () => {
    const metrics = await (await fetch(replica.metricsUrl)).text()
    expect(metrics).toMatch(/^solace_litefs_primary 0$/m)
    expect(metrics).toMatch(/^solace_litefs_replication_position 3$/m)
    expect(await (await fetch(primary.metricsUrl)).text()).toMatch(/^solace_litefs_primary 1$/m)
    expect((await call(replica, 'visitor', '/metrics')).status).toBe(404)
  })

  test('one that has not heard from the primary for over 30 s (LiteFS’s .lag) fails its health check', async () => {
    const lag = path.join(replica.dir, '.lag')
    fs.writeFileSync(lag, '+0000045000\n')
    try {
      const answer = await call(replica, 'visitor', '/healthcheck')
      expect(answer.status).toBe(503)
      expect(await answer.json()).toMatchObject({ status: 'error', checks: { replication: 'behind' } })
      expect(await (await fetch(replica.metricsUrl)).text()).toMatch(/^solace_litefs_replication_lag_seconds 45$/m)
    } finally {
      fs.rmSync(lag)
    }
    expect((await call(replica, 'visitor', '/healthcheck')).status).toBe(200)
  })

  test('every GET screen and GET /api route, as each actor: no 5xx, and only the listed reads replay', async () => {
    const problems: string[] = []
    const targets = new Map<string, string>()
    for (const route of routes.filter((r) => r.loader)) {
      const values = paramsFor(route.pattern, ids)
      if (!values) {
        problems.push(`${route.file}: no crawl values for ${route.pattern} (add them to paramsFor)`)
        continue
      }
      targets.set(fill(route.pattern, values), route.pattern)
    }
    for (const [view, what] of extraViews(ids)) targets.set(view, what)
    expect(targets.size).toBeGreaterThan(60)

    let served = 0
    for (const actor of ACTORS) {
      for (const [target, pattern] of targets) {
        const answer = await call(replica, actor, target)
        await answer.arrayBuffer()
        if (answer.status >= 500) problems.push(`${actor} GET ${target}: ${answer.status}`)
        const replay = answer.headers.get('fly-replay')
        if (replay) {
          if (replay !== 'instance=primary-machine' || !REPLAYED_READS.has(pattern)) {
            problems.push(`${actor} GET ${target}: replayed (${replay}) but not listed in REPLAYED_READS`)
          }
        } else served++
      }
    }
    expect(problems).toEqual([])
    // Nearly everything is answered by the replica itself.
    expect(served).toBeGreaterThan(targets.size * ACTORS.length * 0.9)
  })

  test('a receipt’s file: the replica draws it without writing, the same bytes the primary then stores', async () => {
    const target = `/receipts/${ids.receipt}.pdf`
    const stored = () => {
      const db = new Database(primary.database, { readonly: true })
      try {
        return (db.prepare('SELECT pdf FROM receipts WHERE id = ?').get(ids.receipt) as { pdf: Buffer | null }).pdf
      } finally {
        db.close()
      }
    }
    const onReplica = await call(replica, 'client', target)
    expect(onReplica.status).toBe(200)
    expect(onReplica.headers.get('fly-replay')).toBeNull()
    const drawn = Buffer.from(await onReplica.arrayBuffer())
    expect(drawn.subarray(0, 5).toString()).toBe('%PDF-')
    expect(stored()).toBeNull()
    const onPrimary = await call(primary, 'client', target)
    expect(Buffer.from(await onPrimary.arrayBuffer()).equals(drawn)).toBe(true)
    expect(stored()?.equals(drawn)).toBe(true)
  })

  test('every other write answers the replay to the primary before its body is read', async () => {
    const problems: string[] = []
    for (const route of routes.filter((r) => r.action)) {
      const values = paramsFor(route.pattern, ids)
      if (!values) continue
      const target = fill(route.pattern, values)
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        if (isReplicaUpload({ method, path: target, query: {} }) || isReplicaForward({ method, path: target })) continue
        const answer = await call(replica, 'practitioner', target, {
          method,
          headers: { 'Content-Type': 'application/json' },
          body: '{}',
        })
        await answer.arrayBuffer()
        if (answer.status !== 409 || answer.headers.get('fly-replay') !== 'instance=primary-machine') {
          problems.push(`${method} ${target}: ${answer.status}`)
        }
      }
    }
    expect(problems).toEqual([])
  })

  test('its sweepers do not run, and it logged no failed write', async () => {
    // The sweepers start with the server and run at once; on a replica they skip their work.
    const log = replica.output.join('')
    expect(log).not.toMatch(/maintenance failed|readonly|read-only/i)
    // Its log is JSON lines (server/log.js), none at error or above.
    const failures = log.split('\n').filter((line) => line.startsWith('{') && JSON.parse(line).level >= 50)
    expect(failures).toEqual([])
  })
})

describe('an upload on the replica lands through the primary', () => {
  test('a 10 MB document: the replica stores it, the primary writes its row, the replica answers once it has caught up', async () => {
    const bytes = new Uint8Array(10 * 1024 * 1024).fill(0x61)
    setPosition({ dir: primary.dir }, 7)
    let settled = false
    const answered = call(replica, 'practitioner', `/api/patient-profiles/${ids.patient}/documents`, {
      method: 'POST',
      body: documentForm('scan-results.txt', bytes),
    }).finally(() => (settled = true))

    // The primary has the row while the replica still waits to reach the primary's position.
    let row: { id: number; file_path: string; file_size: number } | undefined
    for (let i = 0; i < 600 && !row; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      row = primaryRow(
        "SELECT id, file_path, file_size FROM patient_documents WHERE original_name = 'scan-results.txt'",
      )
    }
    expect(row).toMatchObject({ file_size: bytes.byteLength })
    expect(settled).toBe(false)
    setPosition({ dir: replica.dir }, 7)

    const answer = await answered
    expect(answer.status).toBe(201)
    expect(await answer.json()).toMatchObject({ id: row!.id, originalName: 'scan-results.txt' })

    // The bucket holds it encrypted, and the primary serves it back byte for byte.
    const stored = fs.readdirSync(bucket.directory, { recursive: true }).map(String)
    expect(stored.some((file) => file.includes(path.basename(row!.file_path)))).toBe(true)
    const download = await call(primary, 'practitioner', `/api/patient-documents/${row!.id}/download`)
    expect(download.status).toBe(200)
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true)
  })

  test('the chart’s upload form without JavaScript works on the replica too', async () => {
    const answer = await call(
      replica,
      'practitioner',
      `/practitioner/patient-charting?patient=${ids.patient}&tab=docs&upload=1`,
      { method: 'POST', body: documentForm('referral.txt', 'Referral letter') },
    )
    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toContain('tab=docs')
    expect(primaryRow("SELECT id FROM patient_documents WHERE original_name = 'referral.txt'")).toBeDefined()
  })

  test('a 4 MB picture: the replica forwards the form to the primary and answers once it has caught up', async () => {
    // Random pixels do not compress: a PNG of about 4 MB.
    const side = 1150
    const picture = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .png()
      .toBuffer()
    expect(picture.byteLength).toBeGreaterThan(3.5 * 1024 * 1024)
    const user = (await (await call(primary, 'client', '/api/auth/user')).json()) as Record<string, string>
    const names = { firstName: user.firstName, lastName: user.lastName, email: user.email }
    setPosition({ dir: primary.dir }, 11)
    let settled = false
    const answered = call(replica, 'client', '/api/auth/update-account', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...names, profilePicture: `data:image/png;base64,${picture.toString('base64')}` }),
    }).finally(() => (settled = true))

    let url: string | undefined
    for (let i = 0; i < 600 && !settled && !url?.startsWith('/uploads/'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      url = primaryRow<{ url: string }>(
        "SELECT profile_image_url AS url FROM users WHERE email = 'client@solace.test'",
      )?.url
    }
    if (settled) throw new Error(`the replica answered early: ${await (await answered).text()}`)
    expect(url).toMatch(/^\/uploads\/images\//)
    setPosition({ dir: replica.dir }, 11)

    const answer = await answered
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({ user: { profileImageUrl: url } })
  })

  test('a refused upload keeps nothing, and says why as on the primary', async () => {
    const before = fs.readdirSync(bucket.directory, { recursive: true }).length
    const answer = await call(replica, 'practitioner', `/api/patient-profiles/${ids.patient}/documents`, {
      method: 'POST',
      body: documentForm('tool.exe', 'MZ'),
    })
    expect(answer.status).toBe(400)
    expect(fs.readdirSync(bucket.directory, { recursive: true }).length).toBe(before)
  })

  test('another practitioner’s patient is refused on the replica before anything is stored', async () => {
    const answer = await call(replica, 'practitioner', `/api/patient-profiles/999999/documents`, {
      method: 'POST',
      body: documentForm('x.txt', 'x'),
    })
    expect(answer.status).toBe(404)
  })

  test('the primary’s command route is not there for anyone without the token', async () => {
    for (const token of [undefined, 'Bearer wrong-token-of-the-right-length-0123456789']) {
      const answer = await fetch(`${primary.url}/internal/commands/documents.record`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
        body: '{}',
      })
      expect(answer.status).toBe(404)
    }
  })

  test('litefs.yml lets exactly the upload routes through its proxy', () => {
    const config = fs.readFileSync(path.join(ROOT, 'litefs.yml'), 'utf8')
    const globs = [...config.matchAll(/^\s+- '(\/[^']*)'$/gm)].map((m) => m[1]!)
    // LiteFS matches a passthrough expression against the path, `*` standing for anything.
    const matches = (p: string) =>
      globs.some((glob) => new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`).test(p))
    expect(matches(`/api/patient-profiles/${ids.patient}/documents`)).toBe(true)
    expect(matches('/practitioner/patient-charting')).toBe(true)
    for (const form of [
      '/customer-settings',
      '/practitioner/profile.data',
      '/practitioner/services',
      '/api/services/4',
    ]) {
      expect(matches(form)).toBe(true)
    }
    expect(REPLICA_UPLOADS).toHaveLength(2)
    expect(REPLICA_FORWARDS).toHaveLength(6)
    for (const other of ['/api/patient-profiles', `/api/patient-profiles/${ids.patient}`, '/api/contact', '/login']) {
      expect(matches(other)).toBe(false)
    }
  })
})
