// @ts-check
// Security baseline applied to every response (docs/decisions/009-the-express-server.md).
// Plain JS, type-checked through its JSDoc: the production server loads it without a build step.
/** @import { IncomingHttpHeaders } from 'node:http' */
/** @import { RequestHandler } from 'express' */
import helmet from 'helmet'

/**
 * Helmet's security headers for every answer, but the Content Security Policy, which is
 * server/content-security-policy.js's: a page carries its own.
 * @param {{ isProduction: boolean }} options
 */
export function securityHeaders({ isProduction }) {
  return helmet({
    xPoweredBy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: isProduction ? { maxAge: 63072000, includeSubDomains: true, preload: false } : false,
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: false,
  })
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The one path exempt from the origin check: Stripe signs what it posts there instead. */
const SIGNED_WEBHOOK_PATH = '/webhooks/stripe'

/**
 * Whether a proxy we trust stands in front of this process, so that its headers
 * (Fly-Client-IP, X-Forwarded-*) are facts rather than claims
 * (docs/decisions/013-client-address-and-proxies.md). Decided from the machine's environment,
 * which a client cannot touch: Fly sets FLY_APP_NAME and FLY_MACHINE_ID on its machines, and
 * TRUST_FLY_CLIENT_IP=true or false overrides that guess either way.
 */
/** @param {Record<string, string | undefined>} env */
export function trustsFlyProxy(env = process.env) {
  if (env.TRUST_FLY_CLIENT_IP === 'true') return true
  if (env.TRUST_FLY_CLIENT_IP === 'false') return false
  return Boolean(env.FLY_APP_NAME && env.FLY_MACHINE_ID)
}

/** @param {string} url */
function hostOf(url) {
  try {
    return new URL(url).host
  } catch {
    return null
  }
}

/** @param {string} url */
function originOf(url) {
  try {
    const { origin } = new URL(url)
    return origin === 'null' ? null : origin
  } catch {
    return null
  }
}

/** @param {string} target */
function normalisedPathname(target) {
  try {
    // A request target is a path (`/a/../b`) or, rarely, a whole URL. Prefixing a path with an
    // origin keeps `//x/..` a path instead of a host.
    const url = target.startsWith('/') ? new URL(`http://solace.invalid${target}`) : new URL(target)
    return url.pathname
  } catch {
    return null
  }
}

/**
 * The path a request target stands for once `.` and `..` segments (`%2e%2e` included) are
 * resolved, percent-escapes decoded and repeated slashes merged: what the router acts on,
 * whatever spelling the client chose. Null when it cannot be read that way (a malformed
 * percent-escape).
 * @param {string} target
 * @returns {string | null}
 */
export function routedPath(target) {
  const pathname = normalisedPathname(target)
  if (pathname === null) return null
  try {
    return decodeURIComponent(pathname).replace(/\/{2,}/g, '/')
  } catch {
    return null
  }
}

/**
 * Whether the request is for an /api endpoint, so that its refusals answer JSON.
 * @param {string} target
 */
export function isApiRequest(target) {
  const path = routedPath(target) ?? normalisedPathname(target) ?? target
  return path === '/api' || path.startsWith('/api/')
}

/**
 * Refuses state-changing requests that a browser sent from another site. Browsers send
 * `Origin` (and `Sec-Fetch-Site`) on every non-GET request, so a cross-site form or fetch is
 * caught even when it carries our session cookie. Requests with neither header come from
 * non-browser clients, which cannot ride on a visitor's cookies. The payment-provider webhook
 * is signed instead and is exempt: only its exact path, decided on the normalised path, since
 * `/webhooks/../api/messages` reaches /api/messages. `path` is the raw request target.
 *
 * Our origin is `appOrigin` (APP_URL's, in production), compared whole: scheme, host and port.
 * Without one (development, tests) it is the host the request names, which a client chooses:
 * `Host`, or `X-Forwarded-Host` behind a proxy we trust.
 * @param {{
 *   method: string
 *   path: string
 *   headers: IncomingHttpHeaders
 *   trustForwardedHost?: boolean
 *   appOrigin?: string
 * }} request
 */
export function isSameOriginRequest({ method, path, headers, trustForwardedHost = false, appOrigin }) {
  if (SAFE_METHODS.has(method)) return true
  if (routedPath(path) === SIGNED_WEBHOOK_PATH) return true
  const expectedHost = (trustForwardedHost && headers['x-forwarded-host']) || headers.host
  /** @param {string} url */
  const ours = (url) => (appOrigin ? originOf(url) === appOrigin : hostOf(url) === expectedHost)
  const fetchSite = headers['sec-fetch-site']
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return false
  const origin = headers.origin
  if (origin && origin !== 'null') return ours(origin)
  if (origin === 'null') return false
  const referer = headers.referer
  if (referer) return ours(referer)
  return true
}

/**
 * `appOrigin`: APP_URL in production (see `isSameOriginRequest`); any URL, its origin is kept.
 * @param {{ trustForwardedHost: boolean, appOrigin?: string }} options
 * @returns {RequestHandler}
 */
export function sameOriginGuard({ trustForwardedHost, appOrigin }) {
  const origin = (appOrigin && originOf(appOrigin)) || undefined
  if (appOrigin && !origin) throw new Error(`APP_URL is not a URL: ${appOrigin}`)
  return (req, res, next) => {
    const request = {
      method: req.method,
      path: req.originalUrl,
      headers: req.headers,
      trustForwardedHost,
      appOrigin: origin,
    }
    if (isSameOriginRequest(request)) return next()
    res.status(403).json({ message: 'Cross-site request refused.' })
  }
}

/** The header the app's rate limits read the client's address from (app/lib/rate-limit.server.ts). */
export const CLIENT_ADDRESS_HEADER = 'x-solace-client-ip'

/** The Fly region whose edge took the request, for the sessions list's rough place. */
export const EDGE_REGION_HEADER = 'x-solace-edge-region'

/**
 * Stamps the client's address on the request for the app's rate limits, replacing anything
 * the client sent under that name. Behind Fly's proxy, its Fly-Client-IP is the real client
 * (the socket's peer is the proxy); anywhere else that header is whatever the client chose to
 * send, so the socket's peer is the address. Fly's Fly-Region (the edge the request came in
 * at) is stamped the same way, for the sessions list's rough place.
 * @param {{ trustFlyClientIp: boolean }} options
 * @returns {RequestHandler}
 */
export function clientAddress({ trustFlyClientIp }) {
  return (req, _res, next) => {
    const fromFly = trustFlyClientIp ? req.headers['fly-client-ip'] : undefined
    req.headers[CLIENT_ADDRESS_HEADER] = fromFly || req.socket.remoteAddress || 'unknown'
    // Fly's proxy says which edge the request came in at; nothing else may say it.
    const region = trustFlyClientIp ? req.headers['fly-region'] : undefined
    if (typeof region === 'string' && /^[a-z]{3}$/.test(region)) req.headers[EDGE_REGION_HEADER] = region
    else delete req.headers[EDGE_REGION_HEADER]
    next()
  }
}
