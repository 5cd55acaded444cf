// Security baseline applied to every response (docs/decisions/009-the-express-server.md).
// Plain JS: the production server loads it without a build step.
import crypto from 'node:crypto'
import helmet from 'helmet'

/** A fresh nonce per request; the CSP allows only scripts that carry it. */
export function cspNonce(_req, res, next) {
  res.locals.cspNonce = crypto.randomBytes(16).toString('hex')
  next()
}

export function securityHeaders({ isProduction }) {
  return helmet({
    xPoweredBy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: isProduction ? { maxAge: 63072000, includeSubDomains: true, preload: false } : false,
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      // Vite's dev client injects inline scripts the nonce cannot cover: report only in dev.
      reportOnly: !isProduction,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'connect-src': ["'self'", 'https://api.stripe.com', isProduction ? null : 'ws:'].filter(Boolean),
        'font-src': ["'self'"],
        'form-action': ["'self'", 'https://checkout.stripe.com', 'https://connect.stripe.com'],
        'frame-ancestors': ["'none'"],
        'frame-src': ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        'img-src': ["'self'", 'data:', 'blob:', 'https://*.stripe.com'],
        'object-src': ["'none'"],
        'script-src': [
          "'strict-dynamic'",
          "'self'",
          'https://js.stripe.com',
          (_req, res) => `'nonce-${res.locals.cspNonce}'`,
        ],
        'script-src-attr': [(_req, res) => `'nonce-${res.locals.cspNonce}'`],
        'style-src': ["'self'", "'unsafe-inline'"],
        // Fly's proxy redirects http to https and HSTS keeps browsers there; this directive
        // would only break a production build served locally over http.
        'upgrade-insecure-requests': null,
      },
    },
  })
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

function hostOf(url) {
  try {
    return new URL(url).host
  } catch {
    return null
  }
}

/**
 * Refuses state-changing requests that a browser sent from another site. Browsers send
 * `Origin` (and `Sec-Fetch-Site`) on every non-GET request, so a cross-site form or fetch is
 * caught even when it carries our session cookie. Requests with neither header come from
 * non-browser clients, which cannot ride on a visitor's cookies. The payment-provider webhook
 * is signed instead and is exempt.
 */
export function isSameOriginRequest({ method, path, headers }) {
  if (SAFE_METHODS.has(method)) return true
  if (path.startsWith('/webhooks/')) return true
  const expected = headers['x-forwarded-host'] || headers.host
  const fetchSite = headers['sec-fetch-site']
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return false
  const origin = headers.origin
  if (origin && origin !== 'null') return hostOf(origin) === expected
  if (origin === 'null') return false
  const referer = headers.referer
  if (referer) return hostOf(referer) === expected
  return true
}

export function sameOriginGuard(req, res, next) {
  if (isSameOriginRequest({ method: req.method, path: req.path, headers: req.headers })) {
    return next()
  }
  res.status(403).json({ message: 'Cross-site request refused.' })
}

/**
 * Stamps the client's address on the request for the app's rate limits, replacing anything
 * the client sent under that name. On Fly the edge proxy's Fly-Client-IP is the real client;
 * elsewhere it is the socket's peer.
 */
export function clientAddress(req, _res, next) {
  req.headers['x-solace-client-ip'] = req.headers['fly-client-ip'] || req.socket.remoteAddress || 'unknown'
  next()
}
