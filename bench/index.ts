/**
 * `npm run bench`: how fast the browse pages answer on a large catalogue.
 *
 * Builds a benchmark database once (demo data plus `--size large`: about 3,000 practitioners,
 * 50,000 services, 300,000 slots) in bench/.data, starts the production build on it, and
 * loads each page with autocannon for a few seconds from this machine. Prints requests per
 * second, latency percentiles and the compressed page size (what a slow connection pays).
 * Options: --duration <s> (default 5), --connections <n> (default 10), --only <substring>.
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import autocannon from 'autocannon'

const root = path.resolve(import.meta.dirname, '..')
const dataDir = path.join(root, 'bench/.data')
const database = path.join(dataDir, 'large.db')
const port = 3390
const base = `http://127.0.0.1:${port}`

function option(name: string, fallback: string) {
  const index = process.argv.indexOf(`--${name}`)
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback
}

const duration = Number(option('duration', '5'))
const connections = Number(option('connections', '10'))
const only = option('only', '')

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`)
}

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/healthcheck`)).ok) return
    } catch {
      // not listening yet
    }
    await sleep(200)
  }
  throw new Error('the server did not start')
}

/** Ids that exist in the large set, read through the API so the bench needs no SQL. */
async function sampleIds() {
  const services = (await (await fetch(`${base}/api/services?page=40`)).json()) as { id: number }[]
  const practitioners = (await (await fetch(`${base}/api/practitioners?page=20`)).json()) as { id: number }[]
  return { serviceId: services[0]?.id ?? 1, practitionerId: practitioners[0]?.id ?? 1 }
}

/** Bytes on the wire with gzip (fetch would decompress them, so count them on a raw request). */
function compressedSize(url: string) {
  return new Promise<{ status: number; bytes: number }>((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': 'gzip' } }, (response) => {
        let bytes = 0
        response.on('data', (chunk: Buffer) => (bytes += chunk.length))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }))
      })
      .on('error', reject)
  })
}

async function main() {
  if (!fs.existsSync(path.join(root, 'build/server/index.js'))) run('npm', ['run', 'build'])
  if (!fs.existsSync(database)) {
    fs.mkdirSync(dataDir, { recursive: true })
    run('npm', ['run', 'db:seed', '--', '--size', 'large'], { DATABASE_PATH: database })
  }

  const server = spawn('node', ['server.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      DATABASE_PATH: database,
      SESSION_SECRET: 'bench-session-secret-for-local-use-only-0123456789',
      DOCUMENTS_ENCRYPTION_KEY: 'be0c'.repeat(16),
      ALLOW_EMULATED_PAYMENTS: 'true',
    },
  })
  try {
    await waitForServer()
    const { serviceId, practitionerId } = await sampleIds()
    const paths = [
      '/',
      '/services',
      '/services?page=500',
      '/services?search=yoga',
      '/services?category=Meditation&priceRange=50to100',
      '/practitioners',
      '/practitioners?search=yoga&sortBy=reviews',
      `/services/${serviceId}`,
      `/service-details/${serviceId}`,
      `/practitioners/${practitionerId}`,
      '/api/services?search=breath',
      '/login',
    ].filter((p) => p.includes(only))

    console.log(`\n${duration}s per page, ${connections} connections, against ${database}\n`)
    console.log(
      'page'.padEnd(52),
      'req/s'.padStart(8),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'gzip KB'.padStart(9),
    )
    for (const p of paths) {
      const size = await compressedSize(`${base}${p}`)
      const result = await autocannon({ url: `${base}${p}`, duration, connections })
      const failed = result.non2xx + result.errors
      console.log(
        p.padEnd(52),
        result.requests.average.toFixed(0).padStart(8),
        String(result.latency.p50).padStart(8),
        String(result.latency.p99).padStart(8),
        (size.bytes / 1024).toFixed(1).padStart(9),
        failed ? `  ${failed} failed (status ${size.status})` : '',
      )
    }
  } finally {
    server.kill()
  }
}

await main()
