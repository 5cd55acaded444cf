/**
 * `npm run bench:lighthouse`: Lighthouse's mobile audit (its default form factor: a mid-range
 * phone on a throttled 4G connection, simulated) of the public pages, against the production
 * build, with a table of the four category scores. Issue 17 asks for 98 or more in each; the
 * script exits 1 when a score is under that and lists the audits that cost points.
 *
 * Starts server.js on a free port with a fresh demo database in a temporary folder (removed at
 * the end), so it never touches ./data or another checkout's server. BUILD_DIR picks the build
 * (default build/, built first if missing). The full reports (HTML and JSON) are kept in
 * bench/.data/lighthouse/ to read what an audit found.
 *
 * Lighthouse is not a dependency of the project: about a hundred packages that only this script
 * needs. LIGHTHOUSE_BIN may name an installed CLI (e.g. node_modules/.bin/lighthouse of a folder
 * outside the project); otherwise it is fetched with `npx --yes` at the pinned version below, so
 * that scores compare across runs (audits and their weights change between Lighthouse versions).
 * Lighthouse 13 declares Node 22.19 but runs on Node 20 (npm's engine warning is silenced).
 * The browser is Debian's Chromium (CHROMIUM_PATH as for Playwright, default /usr/bin/chromium).
 *
 * Options: --only <substring of a path>, --runs <n> (the median of n runs per page, default 1:
 * the performance score moves by a point or two from run to run on a busy machine).
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

const LIGHTHOUSE_VERSION = '13.5.0'
const TARGET = 98
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']

const root = path.resolve(import.meta.dirname, '..')
const buildDir = process.env.BUILD_DIR || 'build'
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const reportsDir = path.join(root, 'bench/.data/lighthouse')

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`)
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback
}
const only = option('only', '')
const runs = Math.max(1, Number(option('runs', '1')))

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`)
}

/** A port nobody listens on now: the OS picks it. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
    probe.on('error', reject)
  })
}

async function waitForServer(base, server) {
  for (let i = 0; i < 150; i++) {
    if (server.exitCode !== null) throw new Error('the server stopped; its log is above')
    try {
      if ((await fetch(`${base}/healthcheck`)).ok) return
    } catch {
      // not listening yet
    }
    await sleep(200)
  }
  throw new Error('the server did not start')
}

/** The first service and practitioner of the demo data, read through the API as a visitor would. */
async function samplePages(base) {
  const services = await (await fetch(`${base}/api/services`)).json()
  const practitioners = await (await fetch(`${base}/api/practitioners`)).json()
  const serviceId = services[0]?.id
  const practitionerId = practitioners[0]?.id
  if (!serviceId || !practitionerId) throw new Error('the demo data has no service or practitioner')
  return [
    '/',
    '/services',
    `/services/${serviceId}`,
    `/service-details/${serviceId}`,
    '/practitioners',
    `/practitioners/${practitionerId}`,
    '/login',
    '/signup',
    '/contact',
    '/about',
  ]
}

function lighthouseCommand() {
  if (process.env.LIGHTHOUSE_BIN) return [process.env.LIGHTHOUSE_BIN, []]
  return ['npx', ['--yes', `lighthouse@${LIGHTHOUSE_VERSION}`]]
}

/** One Lighthouse run of a page; resolves to its JSON report. */
function lighthouse(url, outputBase) {
  const [command, prefix] = lighthouseCommand()
  const args = [
    ...prefix,
    url,
    `--only-categories=${CATEGORIES.join(',')}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    '--output=json',
    '--output=html',
    `--output-path=${outputBase}`,
    '--quiet',
  ]
  // A second try: now and then Chromium's trace misses the navigation's start (NO_NAVSTART).
  for (let attempt = 1; ; attempt++) {
    const result = spawnSync(command, args, {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      // npm's notices (the engine warning on every run) would bury the scores.
      env: { ...process.env, CHROME_PATH: chromium, npm_config_loglevel: 'error' },
    })
    if (result.status === 0) break
    if (attempt === 2) throw new Error(`Lighthouse failed twice on ${url}`)
  }
  return JSON.parse(fs.readFileSync(`${outputBase}.report.json`, 'utf8'))
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** The audits that cost a category points: weighted, scored, under full marks. */
function failingAudits(report, category) {
  return report.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => report.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 0.9)
    .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`)
}

async function main() {
  if (!fs.existsSync(path.join(root, buildDir, 'server/index.js'))) run('npx', ['remix', 'vite:build'])

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solace-lighthouse-'))
  const database = path.join(dataDir, 'solace.db')
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  let server
  try {
    run('npm', ['run', '--silent', 'db:seed'], { DATABASE_PATH: database })
    server = spawn(process.execPath, ['server.js'], {
      cwd: root,
      // Only failures matter here: the server's log (JSON on stdout) at `warn` and above.
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        BUILD_DIR: buildDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: base,
        DATABASE_PATH: database,
        // Local values for a throwaway database, as the end-to-end tests use.
        SESSION_SECRET: 'lighthouse-session-secret-for-local-runs-only-0123456789',
        DOCUMENTS_ENCRYPTION_KEY: '0b1d'.repeat(16),
        ALLOW_EMULATED_PAYMENTS: 'true',
        LOG_LEVEL: 'warn',
        METRICS_PORT: 'off',
      },
    })
    await waitForServer(base, server)

    fs.rmSync(reportsDir, { recursive: true, force: true })
    fs.mkdirSync(reportsDir, { recursive: true })
    const pages = (await samplePages(base)).filter((page) => page.includes(only))
    const rows = []
    const misses = []
    const benchmarks = []
    const loadBefore = os.loadavg()[0]
    let version = ''
    for (const page of pages) {
      const name = page === '/' ? 'home' : page.slice(1).replaceAll('/', '-')
      const reports = []
      for (let i = 0; i < runs; i++) {
        reports.push(lighthouse(`${base}${page}`, path.join(reportsDir, runs > 1 ? `${name}-${i + 1}` : name)))
      }
      const score = (report, category) => Math.round(report.categories[category].score * 100)
      const row = Object.fromEntries(
        CATEGORIES.map((category) => [category, median(reports.map((report) => score(report, category)))]),
      )
      rows.push({ page, ...row })
      for (const category of CATEGORIES) {
        if (row[category] >= TARGET) continue
        // The audits of the run that scored the median, so the list explains the number shown.
        const report = reports.find((candidate) => score(candidate, category) === row[category])
        misses.push(`${page} ${category} ${row[category]}: ${failingAudits(report, category).join(', ')}`)
      }
      version = reports[0].lighthouseVersion
      benchmarks.push(...reports.map((report) => report.environment.benchmarkIndex))
      console.log(`${page}: ${CATEGORIES.map((category) => row[category]).join(' / ')}`)
    }

    // Simulated throttling scales what this machine did by 4: a busy machine (other builds,
    // tests) lengthens the main-thread tasks and costs performance points, so say how busy it was.
    console.log(
      `\nLighthouse ${version}, mobile, ` +
        `${runs > 1 ? `median of ${runs} runs, ` : ''}build ${buildDir}/, Node ${process.version}; ` +
        `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after on ${os.cpus().length} cores; ` +
        `Lighthouse's CPU benchmark index ${Math.round(median(benchmarks))} (median; lower is a slower or busier machine)\n`,
    )
    console.log(`| page | ${CATEGORIES.join(' | ')} |`)
    console.log(`|---|${CATEGORIES.map(() => '---:').join('|')}|`)
    for (const row of rows)
      console.log(`| \`${row.page}\` | ${CATEGORIES.map((category) => row[category]).join(' | ')} |`)
    console.log(`\nReports: ${path.relative(root, reportsDir)}/`)
    if (misses.length > 0) {
      console.log(`\nUnder ${TARGET}:\n${misses.map((line) => `  ${line}`).join('\n')}`)
      process.exitCode = 1
    }
  } finally {
    server?.kill()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
