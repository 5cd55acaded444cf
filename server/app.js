// @ts-check
// The HTTP server's middleware, in order (docs/decisions/009-the-express-server.md); server.js
// configures it and listens, tests build it around a Remix build of their own.
/** @import { ServerBuild, ServerEntryModule } from '@remix-run/node' */
/** @import { RequestHandler } from 'express' */
import zlib from 'node:zlib'
import compression from 'compression'
import express from 'express'
import { declaredBodyLimit, SERVER_BODY_MAX_BYTES } from './body-limit.js'
import { defaultContentSecurityPolicy } from './content-security-policy.js'
import { errorHandler } from './errors.js'
import { replicaRequests } from './litefs.js'
import { measurePersonalRenderCache, measureRenderCache } from './metrics.js'
import { privateRenderCache } from './private-render-cache.js'
import { remixHandler } from './remix.js'
import { renderCache } from './render-cache.js'
import { requestLog, STATIC_ROUTE } from './request-log.js'
import { clientAddress, sameOriginGuard, securityHeaders } from './security.js'

/** A path whose last segment has an extension: what public/ can hold. */
const FILE_PATH = /\.[^/]+$/

/**
 * A build's entry module, with what the render cache reads from it besides Remix's own exports:
 * the app's (app/entry.server.tsx) has it, a test's build may leave it out.
 * @typedef {ServerEntryModule & Partial<Pick<typeof import('../app/entry.server'), 'catalogueVersion' | 'privateVersion' | 'sessionForKeptPage'>>} EntryModule
 */

/**
 * `trustProxy`: a proxy we trust (Fly's) stands in front, so Fly-Client-IP and X-Forwarded-*
 * are believed (`trustsFlyProxy` in server/security.js). `build` is Remix's server build (or a
 * function answering it, in development); `viteDevServer` or `staticDir` serve the assets.
 * `renderCache` keeps anonymous catalogue pages in memory (server/render-cache.js); it needs a
 * built server (whose entry answers the catalogue's version), so development never uses it.
 * `privateRenderCache` keeps the pages a signed-in person lives in, for their session alone
 * (server/private-render-cache.js); it too needs the build's entry (the signed-in pages' version
 * and the session's row).
 * `appOrigin` (APP_URL, in production) is the origin a browser's writes must come from; without
 * it, the host the request names.
 */
/**
 * @param {{
 *   isProduction: boolean
 *   trustProxy: boolean
 *   build: ServerBuild | (() => Promise<ServerBuild>)
 *   mode: string
 *   viteDevServer?: { middlewares: RequestHandler }
 *   staticDir?: string
 *   renderCache?: boolean | { maxBytes?: number }
 *   privateRenderCache?: boolean | { maxBytes?: number, now?: () => number }
 *   appOrigin?: string
 * }} options
 */
export function createApp({
  isProduction,
  trustProxy,
  build,
  mode,
  viteDevServer,
  staticDir,
  renderCache: cache,
  privateRenderCache: personal,
  appOrigin,
}) {
  const app = express()
  const entry = typeof build === 'function' ? undefined : /** @type {EntryModule} */ (build.entry.module)
  app.set('trust proxy', trustProxy)
  app.disable('x-powered-by')
  // Every request's id, its line in the log and its metrics, whoever answers it (server/request-log.js).
  app.use(requestLog({ build }))
  // Anonymous catalogue pages from memory, before anything else runs (server/render-cache.js).
  const pages =
    cache && entry?.catalogueVersion
      ? renderCache({ version: entry.catalogueVersion, ...(cache === true ? {} : cache) })
      : null
  if (pages) {
    measureRenderCache(pages.cache)
    app.use(pages.answer)
  }
  // A signed-in person's own pages from memory, for their session alone (decision 054).
  const personalPages =
    personal && entry?.privateVersion && entry.sessionForKeptPage
      ? privateRenderCache({
          version: entry.privateVersion,
          sessionOf: entry.sessionForKeptPage,
          ...(personal === true ? {} : personal),
        })
      : null
  if (personalPages) {
    measurePersonalRenderCache(personalPages.cache)
    app.use(personalPages.answer)
  }
  app.use(clientAddress({ trustFlyClientIp: trustProxy }))
  app.use(securityHeaders({ isProduction }))
  app.use(defaultContentSecurityPolicy({ isProduction }))
  app.use(declaredBodyLimit(SERVER_BODY_MAX_BYTES))
  // Brotli's default 4 MB window, allocated for every answer, more than halved the rate of
  // signed-in pages under load; 512 KB is more than any page, so pages compress the same.
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: 19 } } }))
  // Remix flushes the response after every chunk it writes, and each flush ends a compressed
  // block: pages came out 3.5x larger than the same HTML compressed at once. Nothing here is
  // deferred, so let the compressor fill its blocks (pages even reach it whole: server/remix.js).
  // An event stream says `no-transform` and is not compressed at all.
  app.use((_req, res, next) => {
    res.flush = () => {}
    next()
  })
  app.use(sameOriginGuard({ trustForwardedHost: trustProxy, appOrigin }))
  // Remix's older `?_data=` data requests are not how this app's pages load (single fetch uses
  // `.data` URLs), and Remix answers some of them with a 500: refuse them plainly instead.
  app.use((req, _res, next) =>
    next('_data' in req.query ? Object.assign(new Error('_data'), { status: 400 }) : undefined),
  )

  if (viteDevServer) {
    app.use(viteDevServer.middlewares)
  } else if (staticDir) {
    // Fingerprinted build assets never change; everything else in public/ is cached briefly.
    // Files are logged and measured as the route `static`.
    const assets = express.static(`${staticDir}/assets`, { immutable: true, maxAge: '1y' })
    app.use('/assets', (req, res, next) => {
      res.locals.route = STATIC_ROUTE
      assets(req, res, next)
    })
    // Every file in public/ has an extension, and no page's path has one: a page request is
    // spared the file-system lookup (a stat per request, 13 % of a cached page's CPU).
    const publicFiles = express.static(staticDir, { maxAge: '1h' })
    app.use((req, res, next) => {
      if (!FILE_PATH.test(req.path)) return next()
      res.locals.route = STATIC_ROUTE
      publicFiles(req, res, next)
    })
  }

  // On a LiteFS replica: writes go to the primary, except uploads (docs/decisions/025).
  app.use(replicaRequests())
  app.all(
    '*',
    remixHandler({
      build,
      mode,
      maxBodyBytes: SERVER_BODY_MAX_BYTES,
      trustProxy,
    }),
  )
  app.use(errorHandler)
  return app
}
