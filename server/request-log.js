// @ts-check
// One log line and one observation of the request metrics per request
// (docs/decisions/040-operations-you-can-see.md). The first middleware of all (server/app.js), so
// that answers from the render cache and refusals before Remix are counted too.
/** @import { ServerBuild } from '@remix-run/node' */
/** @import { RequestHandler } from 'express' */
import { randomUUID } from 'node:crypto'
import { visitorLanguage } from './language.js'
import { log } from './log.js'
import { counter, histogram, REQUEST_SECONDS } from './metric-registry.js'
import { carriesCookie, SESSION_COOKIE } from './private-cache.js'
import { requestContext } from './request-context.js'
import { routeIdOf } from './route-ids.js'

/** The response header that gives a request's id: quote it to find the request's lines and error reports. */
export const REQUEST_ID_HEADER = 'X-Request-Id'

/** What `res.locals.route` says of a file served from the build's client folder. */
export const STATIC_ROUTE = 'static'

const requestSeconds = histogram({
  name: 'solace_http_request_duration_seconds',
  help: 'Requests answered, by Remix route id (`static` for files), method and status, and how long each took',
  labelNames: ['route', 'method', 'status'],
  buckets: REQUEST_SECONDS,
})

const renderCacheAnswers = counter({
  name: 'solace_render_cache_requests_total',
  help: "Requests a render cache could answer, by cache (anonymous: catalogue pages without a session; personal: a signed-in person's own pages) and whether it did (hit) or the page was rendered (miss)",
  labelNames: ['cache', 'result'],
})

/**
 * The middleware. A request gets an id of ours (a client's X-Request-Id is never taken: it could
 * pass for another request's), sent back in the X-Request-Id header, and its route id from the
 * build, and runs inside that context (server/request-context.js), which the app adds the user's
 * id to once it has read the session. When the answer is done (or the client has gone) one line
 * says: the id, method, route, status, milliseconds, bytes sent (headers included), the render
 * cache's hit or miss where it was asked, and the user's id. Never the URL: its query string
 * and ids may say what someone searched for or opened; the route says which screen it was.
 * @param {{ build: ServerBuild | (() => Promise<ServerBuild>) }} options
 * @returns {RequestHandler}
 */
export function requestLog({ build }) {
  return (req, res, next) => {
    const started = process.hrtime.bigint()
    const bytesBefore = req.socket.bytesWritten
    /** @type {import('./request-context.js').RequestContext} */
    const context = {
      id: randomUUID(),
      method: req.method,
      route: null,
      pathname: req.path,
      userId: null,
      // The visitor's language until the app reads a session whose person chose one.
      language: visitorLanguage({ cookie: req.headers.cookie, acceptLanguage: req.headers['accept-language'] }),
    }
    res.setHeader(REQUEST_ID_HEADER, context.id)

    res.once('close', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      const route = res.locals.route ?? context.route ?? 'unknown'
      const status = res.statusCode
      const cache = res.getHeader('x-render-cache')
      const fields = {
        reqId: context.id,
        method: req.method,
        route,
        status,
        ms: Math.round(ms * 10) / 10,
        bytes: req.socket.bytesWritten - bytesBefore,
        ...(cache ? { cache: String(cache) } : {}),
        userId: context.userId,
        ...(res.writableFinished ? {} : { aborted: true }),
      }
      const line = `${req.method} ${route} ${status}`
      if (status >= 500) log.warn(fields, line)
      else log.info(fields, line)
      requestSeconds.observe({ route, method: req.method, status: String(status) }, ms / 1000)
      if (cache) {
        // Only the per-person cache answers a request that carries a session (decision 054).
        const kind = carriesCookie(req.headers.cookie, SESSION_COOKIE) ? 'personal' : 'anonymous'
        renderCacheAnswers.inc({ cache: kind, result: String(cache) })
      }
    })

    const run = (/** @type {ServerBuild} */ resolved) => {
      context.route = routeIdOf(resolved, req.path)
      requestContext.run(context, next)
    }
    if (typeof build === 'function') build().then(run, next)
    else run(build)
  }
}
