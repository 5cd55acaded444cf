import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'

/**
 * A primary and a replica of the production build on the loopback, as LiteFS arranges them
 * (docs/decisions/025-uploads-on-replicas.md), without LiteFS:
 * - each has a LITEFS_DIR; the replica's `.primary` names another host, which is how litefs-js
 *   (and so the app) tells it is a replica; the primary's has none;
 * - the replica's database is a copy of the primary's, opened read-only (DATABASE_READ_ONLY),
 *   so any write it attempts fails loudly instead of going unnoticed;
 * - each keeps a `solace.db-pos` file, LiteFS's replication position, that the test moves;
 * - both share the bucket (an S3-compatible server on the loopback) and the secrets, and the
 *   replica reaches the primary at PRIMARY_INTERNAL_URL with INTERNAL_COMMAND_TOKEN.
 */

export const ROOT = path.resolve(import.meta.dirname, '../..')
const BUILD_DIR = process.env.BUILD_DIR ?? 'build'

/** A running instance: its public address, its metrics' (server/metrics.js), its files, and all it printed (its log). */
export type App = {
  url: string
  metricsUrl: string
  dir: string
  database: string
  output: string[]
  stop(): Promise<void>
}

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** LiteFS's position file: the TXID in hex, then the checksum. */
export function setPosition(app: { dir: string }, txid: number) {
  fs.writeFileSync(path.join(app.dir, 'solace.db-pos'), `${txid.toString(16).padStart(16, '0')}/0000000000000000`)
}

export function sharedEnv(bucket: { endpoint: string; name: string }) {
  return {
    NODE_ENV: 'production',
    BUILD_DIR,
    HOST: '127.0.0.1',
    // Local test values only.
    SESSION_SECRET: 'replica-session-secret-for-local-tests-only-0123',
    DOCUMENTS_ENCRYPTION_KEY: 'feed'.repeat(16),
    INTERNAL_COMMAND_TOKEN: 'replica-internal-token-for-local-tests-only-0123',
    ALLOW_EMULATED_PAYMENTS: 'true',
    RATE_LIMIT_FACTOR: '1000',
    BUCKET_NAME: bucket.name,
    AWS_ENDPOINT_URL_S3: bucket.endpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  }
}

/** Migrates and seeds a fresh database with the demo data, as `npm run db:seed` does (with these arguments). */
export function seedDatabase(database: string, args: string[] = []) {
  const result = spawnSync('npx', ['tsx', 'app/seed/index.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', DATABASE_PATH: database },
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`seeding failed:\n${result.stdout}\n${result.stderr}`)
}

/** A consistent copy of a live database (what a replica holds once it has caught up). */
export function copyDatabase(from: string, to: string) {
  fs.rmSync(to, { force: true })
  const source = new Database(from, { readonly: true })
  try {
    source.prepare('VACUUM INTO ?').run(to)
  } finally {
    source.close()
  }
}

export function tempDir(name: string) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `solace-${name}-`))
}

/** Starts `node server.js` (the production build) and resolves once it listens. */
export async function startApp(dir: string, env: Record<string, string>): Promise<App> {
  if (!fs.existsSync(path.join(ROOT, BUILD_DIR, 'server/index.js'))) {
    throw new Error(`No production build in ${BUILD_DIR}/: run \`npm run build\` first`)
  }
  const port = env.PORT ?? String(await freePort())
  const metricsPort = env.METRICS_PORT ?? String(await freePort())
  const url = `http://127.0.0.1:${port}`
  const database = path.join(dir, 'solace.db')
  const child: ChildProcess = spawn(process.execPath, ['server.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: port,
      METRICS_PORT: metricsPort,
      APP_URL: url,
      DATABASE_PATH: database,
      LITEFS_DIR: dir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // The log is JSON lines on stdout (server/log.js); anything on stderr is kept beside it.
  const output: string[] = []
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${url} did not start:\n${output.join('')}`)), 60_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      if (!chunk.toString().includes('listening')) return
      clearTimeout(timer)
      resolve()
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${url} exited (${code}) before it listened:\n${output.join('')}`))
    })
  })
  return {
    url,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    dir,
    database,
    output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
