import os from 'node:os'
import path from 'node:path'
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test'

/**
 * End-to-end flows against the production build, each run twice: with JavaScript and
 * without. Each of the two projects has its own server with its own freshly seeded SQLite
 * file and emulated payments (`js` on E2E_PORT, `no-js` on the port after it), so the two
 * runs never meet in the data: they may book the same slot or review the same practitioner.
 * The servers stop when the run ends, even a run that is killed (tests/e2e/stop-with-runner.js).
 * No retries: a flow that fails once is a failure. Decision 031 says what the runs expect of
 * the machine and why the budgets below are what they are.
 */
const PORT = Number(process.env.E2E_PORT ?? 3310)

export const E2E_PROJECTS = ['js', 'no-js'] as const

/** The server and database behind a project (the specs that read the database use this). */
export function e2eServer(project: string) {
  const index = (E2E_PROJECTS as readonly string[]).indexOf(project)
  if (index < 0) throw new Error(`No end-to-end server for the project "${project}"`)
  const port = PORT + index
  const dir = `tests/.tmp/e2e-${port}`
  return { port, baseURL: `http://localhost:${port}`, dir, database: `${dir}/solace.db` }
}

/** The servers' session secret, for local tests only: tests/e2e/sessions.ts signs cookies with it. */
export const E2E_SESSION_SECRET = 'e2e-session-secret-for-local-tests-only-0123456789'
/**
 * The demo admin's authenticator app in these runs, for local tests only (the seed's
 * --admin-authenticator): the admin area opens for the tests that sign the admin in without
 * the form, and the tests of signing in compute the admin's codes from it.
 */
export const E2E_ADMIN_AUTHENTICATOR = 'E2EADMINTOTPSECRETFORLOCALTESTS2'

/**
 * A production server's environment in these runs: the projects' servers, and the one
 * tests/e2e/call-recovery.spec.ts starts inside a network namespace of its own.
 */
export function e2eServerEnv({ port, baseURL, database }: { port: number; baseURL: string; database: string }) {
  return {
    NODE_ENV: 'production' as const,
    BUILD_DIR: process.env.BUILD_DIR ?? 'build',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: baseURL,
    DATABASE_PATH: database,
    SESSION_SECRET: E2E_SESSION_SECRET,
    // A key for local tests only.
    DOCUMENTS_ENCRYPTION_KEY: '0e2e'.repeat(16),
    ALLOW_EMULATED_PAYMENTS: 'true',
    // Every browser here shares one address; the limits themselves are tested in Vitest.
    RATE_LIMIT_FACTOR: '20',
    // A lapsed hold is released within 2 s, not a minute (paid-booking.spec.ts waits for it).
    SWEEP_SECONDS: '2',
    // Two production servers at once (and other runs beside them) would both take fly.toml's
    // metrics port; metrics are tested in tests/production.
    METRICS_PORT: 'off',
    LOG_LEVEL: 'warn',
  }
}

/** Workers that keep the cores busy: one per core, up to four. */
const BUSY_WORKERS = Math.max(1, Math.min(4, os.availableParallelism()))

/**
 * The video room's flows: in the full browser (e2eCallChromium), one at a time in a worker of
 * their own, started before every other flow (see `projects`).
 */
const CALLS = ['**/call-*.spec.ts', '**/session-room.spec.ts']

type WebServer = Extract<PlaywrightTestConfig['webServer'], unknown[]>[number]

function webServer(project: string): WebServer {
  const { port, baseURL, dir, database } = e2eServer(project)
  return {
    name: project,
    command: `rm -rf ${dir} && npm run --silent db:seed -- --admin-authenticator ${E2E_ADMIN_AUTHENTICATOR} && node --import ./tests/e2e/stop-with-runner.js server.js`,
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    // The server's log is JSON on stdout (server/log.js): warnings and errors only, shown with the run.
    stdout: 'pipe',
    stderr: 'pipe',
    env: e2eServerEnv({ port, baseURL, database }),
  }
}

/** What both browsers below are started with. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/**
 * The browser the page flows run in: Debian's Chromium headless shell, the same engine without
 * the desktop browser around it, which runs the flows in two thirds of the time, started at a
 * lower priority than the calls beside them (tests/e2e/page-flow-browser.sh, decision 055).
 * Playwright's own browser download is not available here.
 */
export const e2eChromium = {
  ...devices['Desktop Chrome'],
  // The platform's default zone and the demo accounts': a first visit then has no zone to
  // learn, so no page reloads under a flow (tests/e2e/time-zone-choice.spec.ts tests that reload).
  timezoneId: 'America/Toronto',
  launchOptions: {
    executablePath: path.resolve('tests/e2e/page-flow-browser.sh'),
    args: CHROMIUM_ARGS,
  },
}

/**
 * The browser the calls run in (the video room's flows: CALLS below, and the ones
 * tests/e2e/call-recovery.spec.ts and call-bandwidth.spec.ts launch in a network namespace):
 * Debian's full Chromium, with a fake camera and microphone, allowed without a prompt. Its peer
 * connections gather candidates on the loopback, the only address the room's flows let a call
 * use; the headless shell gathers none there, so its calls never connect (decision 055).
 */
export const e2eCallChromium = {
  ...e2eChromium,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless=new',
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--allow-loopback-in-peer-connection',
    ],
  },
}

const withJavaScript = { ...e2eChromium, baseURL: e2eServer('js').baseURL, javaScriptEnabled: true }

export default defineConfig({
  testDir: 'tests/e2e',
  // Per port, so two runs side by side (docs/configuration.md: E2E_PORT) do not clear each other's traces.
  outputDir: `test-results/e2e-${PORT}`,
  fullyParallel: true,
  // A worker per core, each with its own browser (the two servers share the same cores), and
  // one more for the calls, which mostly wait (see `projects`).
  workers: BUSY_WORKERS + 1,
  retries: 0,
  // Budgets for a busy 2-core machine, not an idle one: a flow that takes 15 s alone takes 30 s
  // and more beside another browser. A test has 45 s; the long flows say `test.slow()` (135 s).
  // One step waits at most 10 s (an expectation) or 15 s (a click, a fill), so a step that hangs
  // fails on its own line, well before the test's budget runs out.
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // A failed test keeps its trace (actions, DOM snapshots, network, console) but no screencast:
  // recording screenshots for every test cost a fifth of the run's time (decision 046).
  use: {
    trace: { mode: 'retain-on-failure', screenshots: false },
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  // Playwright hands tests to the workers in the projects' order, then the files' (by name), so
  // a long flow that starts last runs alone at the end of the run. The calls (CALLS: the
  // namespace flows, about a minute each, and the video room's) start first, in a first 'js'
  // project with a worker of its own: they mostly wait (for a network to come back, a countdown
  // to end, two browsers to connect), so they run beside the page flows, which keep the cores
  // busy with a worker each. Both are 'js', the name that picks the server (e2eServer) and that
  // `--project js` selects.
  projects: [
    { name: 'js', testMatch: CALLS, use: { ...withJavaScript, ...e2eCallChromium }, workers: 1 },
    { name: 'js', testIgnore: CALLS, use: withJavaScript, workers: BUSY_WORKERS },
    {
      name: 'no-js',
      use: { ...e2eChromium, baseURL: e2eServer('no-js').baseURL, javaScriptEnabled: false },
      workers: BUSY_WORKERS,
    },
  ],
  webServer: E2E_PROJECTS.map(webServer),
})
