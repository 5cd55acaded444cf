/**
 * `npm run bench`: how fast the browse pages answer on a large catalogue, against what this
 * machine can do at all.
 *
 * Builds a benchmark database once (demo data plus `--size large`: about 3,000 practitioners,
 * 50,000 services, 300,000 slots) in bench/.data, starts the production build on it, and loads
 * each page with autocannon from this machine. For every page it also starts a plain
 * `node:http` server answering the very bytes the app answered (status, type, encoding, body)
 * and loads it in alternating rounds with the app, so both see the same machine at the same
 * moment: the ratio app/plain is what survives the noise of a shared machine.
 *
 * Columns: the app's req/s, the plain server's, the ratio, the app's p50 and p99 at full load
 * and its p99 at half its own rate, the gzipped size, the CPU time the app's process and the
 * plain server's spent per request (from /proc: steadier than req/s when other work shares
 * the machine), and the SQL statements the page ran (server.js runs under
 * bench/sql-counting-server.js, which counts them and says so in `X-Sql-Statements`; asked
 * twice, so a page the render cache keeps shows what a repeat visit costs). At the end: the
 * server's resident memory now and at its peak.
 *
 * Options: --duration <s> per round (default 2; three rounds of each side), --connections <n>
 * (default 10), --only <a page's exact name, or a substring of the names: "signed in" picks the
 * eight pages a signed-in client or practitioner lives in>, --gzip (ask for
 * compression as browsers do), --uncached (send a cookie neither render cache knows, so
 * every page renders), --small (the demo data alone, to compare with the large catalogue),
 * --profile (record a CPU profile of the server with node --cpu-prof and print where its time
 * went), --sign-in-flood (instead of the pages: how long a sign-in takes while another address
 * floods the sign-in and reset forms; bench/sign-in-flood.ts).
 * BUILD_DIR picks the build (default build/); BENCH_SQL_LOG=1 prints each statement the server
 * runs (bench/sql-counting-server.js); BENCH_NODE_OPTIONS replaces the production
 * NODE_OPTIONS read from fly.toml (e.g. '' to see the server without the heap cap).
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { startProductionServer } from './production-server'
import { signInFlood } from './sign-in-flood'

const root = path.resolve(import.meta.dirname, '..')
const dataDir = path.join(root, 'bench/.data')
/** --small: the demo data set alone (27 services), to compare listing latency with the large one. */
const small = process.argv.includes('--small')
const database = path.join(dataDir, small ? 'small.db' : 'large.db')
const profileDir = path.join(dataDir, 'profiles')
const buildDir = process.env.BUILD_DIR || 'build'
const port = 3390
const plainPort = 3391
const base = `http://127.0.0.1:${port}`

function option(name: string, fallback: string) {
  const index = process.argv.indexOf(`--${name}`)
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback
}
const flag = (name: string) => process.argv.includes(`--${name}`)

const duration = Number(option('duration', '2'))
const connections = Number(option('connections', '10'))
const only = option('only', '')
const gzip = flag('gzip')
const uncached = flag('uncached')
const profile = flag('profile')
const ROUNDS = 3

/** The Node options production runs with (fly.toml [env]), so the bench's memory is production's. */
function productionNodeOptions() {
  const toml = fs.readFileSync(path.join(root, 'fly.toml'), 'utf8')
  return /^\s*NODE_OPTIONS\s*=\s*"([^"]*)"/m.exec(toml)?.[1] ?? ''
}

/** What a browser sends; the cookie (with --uncached) is one neither render cache knows (027, 054). */
const requestHeaders: Record<string, string> = {
  ...(gzip ? { 'accept-encoding': 'gzip, deflate, br, zstd' } : {}),
  ...(uncached ? { cookie: 'bench=uncached' } : {}),
}

/** A page's own cookie (a session) beside the run's (--uncached): one Cookie header holding both. */
function withCookies(page: Record<string, string> | undefined) {
  const cookies = [requestHeaders.cookie, page?.cookie].filter(Boolean).join('; ')
  return { ...requestHeaders, ...page, ...(cookies ? { cookie: cookies } : {}) }
}

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`)
}

/** Ids that exist in the large set, read through the API so the bench needs no SQL. */
async function sampleIds() {
  const services = (await (await fetch(`${base}/api/services?page=40`)).json()) as { id: number }[]
  const practitioners = (await (await fetch(`${base}/api/practitioners?page=20`)).json()) as { id: number }[]
  return { serviceId: services[0]?.id ?? 1, practitionerId: practitioners[0]?.id ?? 1 }
}

/** A signed-in cookie of a seeded demo account (README's demo accounts): the client's or the practitioner's. */
async function signedInCookie(email: 'client@solace.test' | 'practitioner@solace.test') {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Solace-demo-2026' }),
  })
  const cookie = response.headers.get('set-cookie')?.split(';')[0]
  if (!response.ok || !cookie) throw new Error(`${email} could not sign in (${response.status})`)
  return cookie
}

type Captured = { status: number; headers: Record<string, string>; body: Buffer; sql: string }

/** One raw answer, bytes as sent (fetch would decompress them). */
function capture(url: string, headers: Record<string, string>) {
  return new Promise<Captured>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const kept: Record<string, string> = {}
          for (const name of ['content-type', 'content-encoding', 'vary', 'cache-control']) {
            const value = response.headers[name]
            if (typeof value === 'string') kept[name] = value
          }
          resolve({
            status: response.statusCode ?? 0,
            headers: kept,
            body: Buffer.concat(chunks),
            sql: String(response.headers['x-sql-statements'] ?? '?'),
          })
        })
      })
      .on('error', reject)
  })
}

/** The gzipped size, whatever this run asks for. */
async function gzipSize(url: string, headers: Record<string, string>) {
  return (await capture(url, { ...headers, 'accept-encoding': 'gzip' })).body.length
}

/** A plain node:http server answering these bytes to every request, in its own process (bench/plain-server.js). */
async function plainServer(answer: Captured) {
  const file = path.join(dataDir, 'plain-answer.json')
  fs.writeFileSync(file, JSON.stringify({ ...answer, body: answer.body.toString('base64') }))
  const child = spawn(process.execPath, [path.join(root, 'bench/plain-server.js'), file, String(plainPort)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve())
    child.once('exit', () => reject(new Error('the plain server stopped')))
  })
  return {
    pid: child.pid!,
    close: () =>
      new Promise((resolve) => {
        child.once('exit', resolve)
        child.kill()
      }),
  }
}

type Load = { requests: number; seconds: number; p50: number[]; p99: number[]; failed: number; cpuMs: number }

/** CPU time a process has used (user + system), in ms: what a request costs whoever else shares the machine. */
function cpuMs(pid: number) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  // utime and stime, fields 14 and 15 of the line (counted after the name), in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10
}

async function load(url: string, headers: Record<string, string>, into: Load, pid: number, overallRate?: number) {
  const before = cpuMs(pid)
  const result = await autocannon({ url, duration, connections, headers, overallRate })
  into.cpuMs += cpuMs(pid) - before
  into.requests += result.requests.total
  into.seconds += duration
  into.p50.push(result.latency.p50)
  into.p99.push(result.latency.p99)
  into.failed += result.non2xx + result.errors + result.timeouts
  return result
}

const emptyLoad = (): Load => ({ requests: 0, seconds: 0, p50: [], p99: [], failed: 0, cpuMs: 0 })

function readRss(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024
  return { rss: field('VmRSS'), peak: field('VmHWM') }
}

/** Self time by area and by function, from a .cpuprofile. */
function summariseProfile(file: string) {
  type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }
  const { nodes, samples, timeDeltas } = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    nodes: Node[]
    samples: number[]
    timeDeltas: number[]
  }
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const self = new Map<number, number>()
  samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (timeDeltas[i] ?? 0)))
  const areas = new Map<string, number>()
  const functions = new Map<string, number>()
  let busy = 0
  for (const [id, micros] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame
    if (functionName === '(idle)') continue
    busy += micros
    const area =
      functionName === '(garbage collector)'
        ? 'GC'
        : /node_modules\/(@remix-run|react-router)/.test(url)
          ? 'Remix'
          : /node_modules\/react-dom/.test(url)
            ? 'React render'
            : /node_modules\/(drizzle-orm|better-sqlite3)/.test(url) || /Statement|Database/.test(functionName)
              ? 'SQL'
              : /zlib|compression/.test(url)
                ? 'compression'
                : /node_modules\/(express|helmet|compression|send|router)/.test(url)
                  ? 'Express'
                  : url.includes(`/${buildDir}/server/`)
                    ? 'app code'
                    : functionName.startsWith('(')
                      ? functionName
                      : 'Node and other'
    areas.set(area, (areas.get(area) ?? 0) + micros)
    const name = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(root, '')}:${lineNumber + 1}`
    functions.set(name, (functions.get(name) ?? 0) + micros)
  }
  const pct = (micros: number) => `${((micros / busy) * 100).toFixed(1).padStart(5)} %`
  console.log(`\nCPU profile (${file}), ${(busy / 1e6).toFixed(1)} s busy:`)
  for (const [area, micros] of [...areas].sort((a, b) => b[1] - a[1])) console.log(`  ${pct(micros)}  ${area}`)
  console.log('  top functions (self time):')
  for (const [name, micros] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    console.log(`  ${pct(micros)}  ${name}`)
  }
}

async function main() {
  if (!fs.existsSync(path.join(root, buildDir, 'server/index.js'))) run('npx', ['remix', 'vite:build'])
  if (!fs.existsSync(database)) {
    fs.mkdirSync(dataDir, { recursive: true })
    run('npm', ['run', 'db:seed', '--', ...(small ? [] : ['--size', 'large'])], { DATABASE_PATH: database })
  }
  if (profile) fs.rmSync(profileDir, { recursive: true, force: true })

  const server = await startProductionServer({
    port,
    database,
    buildDir,
    nodeArgs: profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    countSql: true,
    env: {
      NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS ?? productionNodeOptions(),
      // Many bench requests come from one address.
      RATE_LIMIT_FACTOR: '1000',
    },
  })
  try {
    const { serviceId, practitionerId } = await sampleIds()
    const client = { cookie: await signedInCookie('client@solace.test') }
    const practitioner = { cookie: await signedInCookie('practitioner@solace.test') }
    const pages: { path: string; headers?: Record<string, string>; label?: string }[] = [
      { path: '/' },
      { path: '/services' },
      { path: '/services?page=500' },
      { path: '/services?search=yoga' },
      { path: '/services?category=Meditation&priceRange=50to100' },
      { path: '/practitioners' },
      { path: '/practitioners?search=yoga&sortBy=reviews' },
      { path: `/services/${serviceId}` },
      { path: `/service-details/${serviceId}` },
      { path: `/practitioners/${practitionerId}` },
      { path: '/api/services?search=breath' },
      { path: '/login' },
      // The pages a signed-in person lives in (issue 49): `--only "signed in"` runs these eight.
      { path: '/services', headers: client, label: '/services (signed in)' },
      { path: '/practitioners', headers: client, label: '/practitioners (signed in)' },
      { path: '/client-dashboard', headers: client, label: '/client-dashboard (signed in)' },
      { path: '/client-inbox', headers: client, label: '/client-inbox (signed in)' },
      { path: '/practitioner/dashboard', headers: practitioner, label: '/practitioner/dashboard (signed in)' },
      { path: '/practitioner/calendar', headers: practitioner, label: '/practitioner/calendar (signed in)' },
      {
        path: '/practitioner/patient-charting',
        headers: practitioner,
        label: '/practitioner/patient-charting (signed in)',
      },
      { path: '/practitioner/inbox', headers: practitioner, label: '/practitioner/inbox (signed in)' },
    ]
    // A page named exactly (say `--only /`) runs alone; otherwise every page containing the text.
    const named = (p: (typeof pages)[number]) => p.label ?? p.path
    const exact = pages.filter((p) => named(p) === only)
    const chosen = exact.length ? exact : pages.filter((p) => named(p).includes(only))

    console.log(
      `\n${ROUNDS}×${duration}s per side and page, alternating app and node:http, ${connections} connections` +
        `${gzip ? ', gzip' : ''}${uncached ? ', render cache bypassed' : ''}, against ${path.relative(root, database)}`,
    )
    console.log(
      `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, build ${buildDir}/, ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}\n`,
    )
    console.log(
      'page'.padEnd(50),
      'req/s'.padStart(7),
      'http'.padStart(7),
      'ratio'.padStart(6),
      'p50'.padStart(5),
      'p99'.padStart(5),
      'p99½'.padStart(5),
      'gzipKB'.padStart(7),
      'SQL'.padStart(4),
      'µs CPU'.padStart(7),
      'http'.padStart(5),
    )
    for (const page of chosen) {
      const url = `${base}${page.path}`
      const headers = withCookies(page.headers)
      // Twice: the second is what a repeat visit costs (a page the render cache keeps).
      await capture(url, headers)
      const answer = await capture(url, headers)
      const size = await gzipSize(url, headers)
      const plain = await plainServer(answer)
      const app = emptyLoad()
      const bare = emptyLoad()
      try {
        for (let round = 0; round < ROUNDS; round++) {
          await load(url, headers, app, server.pid)
          await load(`http://127.0.0.1:${plainPort}${page.path}`, headers, bare, plain.pid)
        }
      } finally {
        await plain.close()
      }
      const rate = app.requests / app.seconds
      const half = emptyLoad()
      await load(url, headers, half, server.pid, Math.max(1, Math.round(rate / 2)))
      const ratio = rate / (bare.requests / bare.seconds)
      const failed = app.failed + half.failed
      console.log(
        (page.label ?? page.path).padEnd(50),
        rate.toFixed(0).padStart(7),
        (bare.requests / bare.seconds).toFixed(0).padStart(7),
        ratio.toFixed(3).padStart(6),
        String(Math.round(app.p50.reduce((a, b) => a + b, 0) / app.p50.length)).padStart(5),
        String(Math.max(...app.p99)).padStart(5),
        String(Math.max(...half.p99)).padStart(5),
        (size / 1024).toFixed(1).padStart(7),
        answer.sql.padStart(4),
        ((app.cpuMs * 1000) / app.requests).toFixed(0).padStart(7),
        ((bare.cpuMs * 1000) / bare.requests).toFixed(0).padStart(5),
        failed ? `  ${failed} failed (status ${answer.status})` : '',
      )
    }
    const memory = readRss(server.pid)
    const nodeOptions = process.env.BENCH_NODE_OPTIONS
    console.log(
      `\nServer started with NODE_OPTIONS="${nodeOptions ?? productionNodeOptions()}"` +
        `${nodeOptions === undefined ? ' (fly.toml)' : ' (BENCH_NODE_OPTIONS)'}`,
    )
    console.log(
      `Load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    )
    console.log(`Server memory after the load: RSS ${memory.rss.toFixed(0)} MB, peak ${memory.peak.toFixed(0)} MB`)
  } finally {
    await server.stop()
  }
  if (profile) {
    const [file] = fs.readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'))
    if (file) summariseProfile(path.join(profileDir, file))
  }
}

if (flag('sign-in-flood')) {
  if (!fs.existsSync(path.join(root, buildDir, 'server/index.js'))) run('npx', ['remix', 'vite:build'])
  await signInFlood({
    duration: Number(option('duration', '15')),
    connections: Number(option('connections', '60')),
    buildDir,
    nodeOptions: process.env.BENCH_NODE_OPTIONS ?? productionNodeOptions(),
  })
} else {
  await main()
}
