// @ts-check
// The HTTP server: configuration, listening, starting and stopping. The middleware is in
// server/app.js; what the server logs, reports and measures in server/log.js,
// server/error-reporting.js and server/metrics.js (docs/decisions/040-operations-you-can-see.md).
/** @import { ServerBuild } from '@remix-run/node' */
/** @import { Server } from 'node:http' */
import { createApp } from './server/app.js'
import { flushErrorReports, startErrorReporting } from './server/error-reporting.js'
import { log } from './server/log.js'
import { metricsPort, startMetricsServer } from './server/metrics.js'
import { trustsFlyProxy } from './server/security.js'

const isProduction = process.env.NODE_ENV === 'production'
const port = Number(process.env.PORT || 3000)
const host = process.env.HOST || (isProduction ? '0.0.0.0' : '127.0.0.1')

const buildDir = process.env.BUILD_DIR || 'build'

/**
 * A crash (an exception nothing caught, a promise nothing awaited) is a fatal line in the log and
 * an error report, then the process exits 1 as Node's own handling would.
 * @param {unknown} error
 * @param {string} what
 */
function crash(error, what) {
  log.fatal({ err: error }, `${what}: the server stops`)
  void flushErrorReports().finally(() => process.exit(1))
}
process.on('uncaughtException', (error) => crash(error, 'an uncaught exception'))
process.on('unhandledRejection', (reason) => crash(reason, 'an unhandled rejection'))

const viteDevServer = isProduction
  ? undefined
  : await import('vite').then((vite) => vite.createServer({ server: { middlewareMode: true } }))

/** @type {ServerBuild | (() => Promise<ServerBuild>)} */
const build = viteDevServer
  ? () => /** @type {Promise<ServerBuild>} */ (viteDevServer.ssrLoadModule('virtual:remix/server-build'))
  : await import(`./${buildDir}/server/index.js`)

/**
 * The build's entry module (app/entry.server.tsx), which starts and stops the app's own work;
 * in development, as Vite loads it now.
 * @returns {Promise<typeof import('./app/entry.server')>}
 */
async function appEntry() {
  const loaded = typeof build === 'function' ? await build() : build
  return /** @type {typeof import('./app/entry.server')} */ (loaded.entry.module)
}

/** @type {Server | null} */
let metricsServer = null

/**
 * What runs before the server may serve: the settings are checked (app/env.server.ts, which names
 * any variable at fault), error reports start (when SENTRY_DSN is set), the sweepers
 * (app/jobs/maintenance.server.ts) start, and metrics are served on their own port
 * (METRICS_PORT, fly.toml's 9091 in production). The sweepers start here, not when the build is
 * imported: whatever else imports it (a test, a script) runs none.
 * @param {typeof import('./app/entry.server')} entry
 */
async function prepare(entry) {
  entry.checkConfiguration()
  await startErrorReporting(entry.errorReportingConfig())
  entry.startMaintenance()
  const metricsAt = metricsPort(process.env)
  // Every interface on Fly (its scraper comes over the private network, IPv6), the loopback
  // wherever HOST says so (tests, a local production build) and in development.
  const metricsHost = process.env.HOST || (isProduction ? undefined : '127.0.0.1')
  if (metricsAt !== null) metricsServer = await startMetricsServer({ port: metricsAt, host: metricsHost })
}

/**
 * Production stops here when it cannot serve: a bad setting is a fatal line naming the variables
 * and exit code 1, before the server listens, so Fly's deploy fails and the machines already
 * running keep serving.
 * @param {unknown} error
 */
function refuseToStart(error) {
  const variables = /** @type {{ variables?: string[] }} */ (error).variables
  if (variables) log.fatal({ variables }, /** @type {Error} */ (error).message)
  else log.fatal({ err: error }, 'the server could not start')
  process.exit(1)
}

if (!viteDevServer) await prepare(await appEntry()).catch(refuseToStart)

const app = createApp({
  isProduction,
  trustProxy: trustsFlyProxy(process.env),
  build,
  mode: isProduction ? 'production' : 'development',
  viteDevServer,
  staticDir: `${buildDir}/client`,
  // Anonymous catalogue pages from memory (docs/decisions/027-render-cache.md); RENDER_CACHE=off
  // renders every request, e.g. to measure what the cache saves.
  renderCache: isProduction && process.env.RENDER_CACHE !== 'off',
  // And the pages a signed-in person lives in, kept for their own session only (decision 054).
  privateRenderCache: isProduction && process.env.RENDER_CACHE !== 'off',
  // Writes from a browser must come from the public address, not from whatever Host a request
  // names (docs/decisions/013). app/env.server.ts requires APP_URL in production.
  appOrigin: isProduction ? process.env.APP_URL : undefined,
})

const server = app.listen(port, host, () => {
  log.info({ port, host }, `Solace is listening on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`)
  // In development Vite loads the app now rather than at the first request, and the sweepers
  // start. Development keeps serving with bad settings, every page answering 500 and saying why,
  // and the log says which variable it is.
  if (viteDevServer) {
    appEntry()
      .then(prepare)
      .catch((error) => log.error({ err: error, variables: error?.variables }, 'the app did not start'))
  }
})

/** Under fly.toml's kill_timeout (10 s): what is still running then is cut off. */
const SHUTDOWN_GRACE_MS = 8_000
let stopping = false

/**
 * SIGINT (Fly's kill_signal) or SIGTERM: stop taking connections, end the video rooms' event
 * streams, let the requests in flight finish, then stop the sweepers and close the database,
 * send the error reports still queued, and exit.
 * @param {NodeJS.Signals} signal
 */
function shutDown(signal) {
  if (stopping) return
  stopping = true
  log.info({ signal }, `${signal}: finishing the requests in flight, then stopping`)
  const cutOff = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS)
  cutOff.unref()
  metricsServer?.close()
  // Open event streams (the video rooms') would hold close() until the cut-off.
  appEntry()
    .then((entry) => entry.closeAllRooms())
    .catch((error) => log.error({ err: error }, 'the video rooms did not close'))
  server.close(async () => {
    clearTimeout(cutOff)
    await (await appEntry()).shutdown()
    await viteDevServer?.close()
    await flushErrorReports()
    log.info('Stopped')
    process.exit(0)
  })
  // Idle keep-alive connections would hold close() open until they time out.
  server.closeIdleConnections()
}
process.on('SIGINT', shutDown)
process.on('SIGTERM', shutDown)
