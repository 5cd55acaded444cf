// @ts-check
// The HTTP server: configuration, listening, starting and stopping. The middleware is in
// server/app.js.
/** @import { ServerBuild } from '@remix-run/node' */
import { createApp } from './server/app.js'
import { logLine } from './server/log-text.js'
import { trustsFlyProxy } from './server/security.js'

const isProduction = process.env.NODE_ENV === 'production'
const port = Number(process.env.PORT || 3000)
const host = process.env.HOST || (isProduction ? '0.0.0.0' : '127.0.0.1')

const buildDir = process.env.BUILD_DIR || 'build'

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

// The sweepers (app/lib/maintenance.server.ts) start here, not when the build is imported:
// whatever else imports it (a test, a script) runs none. In production they start before the
// server listens, and settings they cannot read (app/env.server.ts) stop it here.
if (!viteDevServer) (await appEntry()).startMaintenance()

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
  // Writes from a browser must come from the public address, not from whatever Host a request
  // names (docs/decisions/013). app/env.server.ts requires APP_URL in production.
  appOrigin: isProduction ? process.env.APP_URL : undefined,
})

const server = app.listen(port, host, () => {
  console.log(`Solace is listening on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`)
  // In development Vite loads the app now rather than at the first request, and the sweepers
  // start. If the app does not load, or its settings are wrong, the pages show why as well.
  if (viteDevServer) {
    appEntry()
      .then((entry) => entry.startMaintenance())
      .catch((error) => console.error(logLine`the sweepers did not start: ${error}`))
  }
})

/** Under fly.toml's kill_timeout (10 s): what is still running then is cut off. */
const SHUTDOWN_GRACE_MS = 8_000
let stopping = false

/**
 * SIGINT (Fly's kill_signal) or SIGTERM: stop taking connections, end the video rooms' event
 * streams, let the requests in flight finish, then stop the sweepers and close the database,
 * and exit.
 * @param {NodeJS.Signals} signal
 */
function shutDown(signal) {
  if (stopping) return
  stopping = true
  console.log(`${signal}: finishing the requests in flight, then stopping`)
  const cutOff = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS)
  cutOff.unref()
  // Open event streams (the video rooms') would hold close() until the cut-off.
  appEntry()
    .then((entry) => entry.closeAllRooms())
    .catch((error) => console.error(logLine`the video rooms did not close: ${error}`))
  server.close(async () => {
    clearTimeout(cutOff)
    await (await appEntry()).shutdown()
    await viteDevServer?.close()
    console.log('Stopped')
    process.exit(0)
  })
  // Idle keep-alive connections would hold close() open until they time out.
  server.closeIdleConnections()
}
process.on('SIGINT', shutDown)
process.on('SIGTERM', shutDown)
