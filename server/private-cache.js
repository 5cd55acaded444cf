// @ts-check
// Which answers no cache may keep (docs/decisions/013-client-address-and-proxies.md).

/** The session cookie's name (app/models/accounts/session.server.ts; a test keeps the two equal). */
export const SESSION_COOKIE = '__session'

export const PRIVATE_NO_STORE = 'private, no-store'

/**
 * Whether a `Cookie` header carries the named cookie (with any value).
 * @param {string | undefined} cookieHeader
 * @param {string} name
 */
export function carriesCookie(cookieHeader, name) {
  if (!cookieHeader) return false
  return cookieHeader.split(';').some((pair) => pair.trim().startsWith(`${name}=`))
}

/**
 * The Cache-Control an app answer must leave with, or undefined to keep its own. An answer
 * that sets a cookie, or that answers a request carrying the session cookie, may hold one
 * person's data: no shared cache may keep it and no browser may store it. The rule looks at
 * the cookie, not at whether the session is still valid, so it needs no database here; a
 * stale cookie costs its holder no more than a cache miss. An answer the app itself declared
 * `public` (an uploaded picture) depends on nobody's session and keeps its caching.
 * @param {{ cookieHeader: string | undefined, setsCookie: boolean, cacheControl?: string }} answer
 * @returns {string | undefined}
 */
export function cacheControlFor({ cookieHeader, setsCookie, cacheControl }) {
  // `no-transform` survives: it keeps the compression middleware from holding back a stream
  // of events (a streamed AI answer) to fill its blocks.
  const noTransform = /(^|[\s,])no-transform([\s,]|$)/i.test(cacheControl ?? '')
  const privateAnswer = noTransform ? `${PRIVATE_NO_STORE}, no-transform` : PRIVATE_NO_STORE
  if (setsCookie) return privateAnswer
  if (!carriesCookie(cookieHeader, SESSION_COOKIE)) return undefined
  if (cacheControl && /(^|[\s,])public([\s,]|$)/i.test(cacheControl)) return undefined
  return privateAnswer
}
