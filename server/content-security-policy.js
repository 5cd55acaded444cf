// @ts-check
// The Content Security Policy (docs/decisions/033-a-page-allows-its-own-inline-scripts.md).
// Plain JS, type-checked through its JSDoc: the production server loads it without a build step,
// and app/entry.server.tsx uses it for the pages it renders.
/** @import { RequestHandler } from 'express' */
import crypto from 'node:crypto'

/**
 * The policy, with the inline scripts of one page allowed by their hashes (`'sha256-…'`).
 * Scripts from our own origin (the build's modules) and from Stripe run; an inline script runs
 * only if its exact text is one of `scriptHashes`, and no inline event handler ever does.
 * Allowing a page's inline scripts by hash rather than by a nonce made per response keeps a
 * page's bytes the same for every visitor, so a cached page is stored and compressed once.
 * `connectSources` are further origins the page's scripts may send to (the error-reporting
 * service's, when SENTRY_DSN is set).
 * @param {{ isProduction: boolean, scriptHashes?: string[], connectSources?: string[] }} options
 */
export function contentSecurityPolicy({ isProduction, scriptHashes = [], connectSources = [] }) {
  /** @type {Record<string, string[]>} */
  const directives = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'connect-src': ["'self'", 'https://api.stripe.com', ...connectSources, ...(isProduction ? [] : ['ws:'])],
    'font-src': ["'self'"],
    'form-action': ["'self'", 'https://checkout.stripe.com', 'https://connect.stripe.com'],
    'frame-ancestors': ["'none'"],
    'frame-src': ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
    'img-src': ["'self'", 'data:', 'blob:', 'https://*.stripe.com'],
    'object-src': ["'none'"],
    'script-src': ["'self'", 'https://js.stripe.com', ...scriptHashes.map((hash) => `'${hash}'`)],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
  }
  // No upgrade-insecure-requests: Fly's proxy redirects http to https and HSTS keeps browsers
  // there; the directive would only break a production build served locally over http.
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ')
}

/**
 * The header the policy goes in: enforced in production, reported only in development, where
 * Vite's client injects inline scripts of its own.
 * @param {boolean} isProduction
 */
export function contentSecurityPolicyHeader(isProduction) {
  return isProduction ? 'Content-Security-Policy' : 'Content-Security-Policy-Report-Only'
}

/** A random mark for one render: the app puts it on the inline scripts it writes itself. */
export function newScriptMark() {
  return crypto.randomBytes(16).toString('hex')
}

const TAG_START = Buffer.from('<')
const TAG_END = Buffer.from('>')
const SCRIPT_START = Buffer.from('<script')
const SCRIPT_END = Buffer.from('</script')

/**
 * The CSP sources allowing the inline scripts the app wrote into a page (those carrying this
 * render's `mark` as their `nonce` attribute), and the page with the mark taken out, so the
 * same page is the same bytes for every visitor. A script anything else put in the page (text a
 * component inserted as HTML, say) does not know the mark, so it is not allowed. A hash is the
 * SHA-256 of the script's text as a browser computes it, over its UTF-8 bytes.
 *
 * It works on the page's bytes with `indexOf`: decoding a 70 KB page into a string and running
 * a regular expression over it cost ten times as much. React escapes `<` and `>` in attribute
 * values, so the tag around a mark runs from the `<` before it to the `>` after it; a script's
 * text ends at the first `</script`, which Remix escapes inside the data it writes.
 * @param {Buffer} page
 * @param {string} mark
 */
export function allowMarkedScripts(page, mark) {
  const marked = Buffer.from(` nonce="${mark}"`)
  /** @type {Buffer[]} */
  const pieces = []
  const hashes = new Set()
  let rest = 0
  for (let at = page.indexOf(marked); at !== -1; at = page.indexOf(marked, rest)) {
    pieces.push(page.subarray(rest, at))
    rest = at + marked.length
    const tag = page.lastIndexOf(TAG_START, at)
    if (!page.subarray(tag, tag + SCRIPT_START.length).equals(SCRIPT_START)) continue
    const textStart = page.indexOf(TAG_END, rest) + 1
    const textEnd = page.indexOf(SCRIPT_END, textStart)
    if (textStart === 0 || textEnd === -1) continue
    hashes.add(`sha256-${crypto.createHash('sha256').update(page.subarray(textStart, textEnd)).digest('base64')}`)
  }
  pieces.push(page.subarray(rest))
  return { page: Buffer.concat(pieces), scriptHashes: [...hashes] }
}

/**
 * Every answer's policy, allowing no inline script. A page rendered by the app replaces it with
 * its own, which allows that page's inline scripts (server/remix.js sets the app's headers over
 * the ones set before).
 * @param {{ isProduction: boolean }} options
 * @returns {RequestHandler}
 */
export function defaultContentSecurityPolicy({ isProduction }) {
  const name = contentSecurityPolicyHeader(isProduction)
  const value = contentSecurityPolicy({ isProduction })
  return (_req, res, next) => {
    res.setHeader(name, value)
    next()
  }
}
