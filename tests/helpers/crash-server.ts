/**
 * The server the crash test (tests/integration/crash.test.ts) kills and restarts. Run as a child
 * process with `node --import tsx tests/helpers/crash-server.ts` and DATABASE_PATH set; it never
 * runs inside Vitest.
 *
 * It is the real HTTP stack: server/app.js (the middleware server.js uses) in front of Remix's
 * request handler and the app's own route modules for the writes (POST /api/contact, POST
 * /api/bookings) and GET /healthcheck, on the app's database connection
 * (app/db/client.server.ts, with its pragmas). It prints `READY <port> <synchronous>
 * <journal_mode>` once it listens.
 *
 * No Vite build is needed: tsx loads the TypeScript route modules as they are. Only resource
 * routes are served, so no page component (and no CSS import) is loaded.
 */
import type { ServerBuild } from '@remix-run/node'
import type { AddressInfo } from 'node:net'

const RESOURCE_ROUTES = [
  { id: 'routes/api.contact', path: 'api/contact', load: () => import('~/routes/api.contact') },
  { id: 'routes/api.bookings._index', path: 'api/bookings', load: () => import('~/routes/api.bookings._index') },
  { id: 'routes/healthcheck', path: 'healthcheck', load: () => import('~/routes/healthcheck') },
]

async function serve() {
  const [{ createApp }, { getDb }] = await Promise.all([import('../../server/app.js'), import('~/db/client.server')])
  const routes: Record<string, unknown> = {
    root: { id: 'root', path: '', module: {} },
  }
  for (const route of RESOURCE_ROUTES) {
    routes[route.id] = { id: route.id, parentId: 'root', path: route.path, module: { ...(await route.load()) } }
  }
  const build = {
    mode: 'production',
    entry: {
      module: {
        default: () => new Response('Not Found', { status: 404 }),
        handleError: (error: unknown) => console.error(error),
      },
    },
    routes,
    assets: { entry: { imports: [], module: '' }, routes: {}, url: '', version: 'crash' },
    publicPath: '/build/',
    assetsBuildDirectory: 'build/client',
    future: { v3_singleFetch: true, v3_lazyRouteDiscovery: false },
    isSpaMode: false,
  } as unknown as ServerBuild

  // No assets to serve: only resource routes answer here.
  const app = createApp({
    isProduction: true,
    trustProxy: false,
    build,
    mode: 'production',
    viteDevServer: undefined,
    staticDir: undefined,
  })
  const sqlite = getDb().$client
  const synchronous = sqlite.pragma('synchronous', { simple: true })
  const journal = sqlite.pragma('journal_mode', { simple: true })
  const server = app.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo
    process.stdout.write(`READY ${port} ${synchronous} ${journal}\n`)
  })
}

await serve()
