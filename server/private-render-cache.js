// @ts-check
// The pages a signed-in person lives in, kept for their own session only
// (docs/decisions/054-signed-in-pages-kept-per-person.md), beside the anonymous render cache (027).
/** @import { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express' */
import { keptPages } from './kept-pages.js'
import { LANGUAGE_COOKIE } from './language.js'
import { SESSION_COOKIE } from './private-cache.js'

/**
 * The pages it keeps: the catalogue's lists as a signed-in person sees them, and the dashboards,
 * inboxes, calendar and chart list they come back to all day. Everything else a signed-in person
 * asks for is rendered per request. A chart that opens a patient (`?patient=`) is never kept:
 * opening one writes the access trail (app/models/records/audit.server.ts), which a kept page
 * would skip.
 */
const PERSONAL_PATHS = [
  /^\/services\/?$/,
  /^\/practitioners\/?$/,
  /^\/client-dashboard\/?$/,
  /^\/client-inbox\/?$/,
  /^\/practitioner\/(?:dashboard|calendar|patient-charting|inbox)\/?$/,
]
const WRITES_WHEN_OPENED = /^\/practitioner\/patient-charting\/?$/

/**
 * The cookies a kept page may be asked with, every one of them part of its key: the session, the
 * zone the browser reported and the one chosen (app/lib/time-zone.server.ts), the language chosen
 * with the switch (server/language.js) and the browser's id (app/models/security/devices.server.ts).
 * Any other cookie (a toast's, one we do not know) means the page is rendered as usual.
 */
const KEYED_COOKIES = new Set([SESSION_COOKIE, 'tz', 'tz-choice', LANGUAGE_COOKIE, '__device'])

/**
 * The request's part of the key (everything of it a page can read besides the session's row:
 * the address, the language asked for, who started the request, the cookies), and its session
 * cookie; null when it may not be answered from the cache at all.
 * @param {Pick<ExpressRequest, 'method' | 'path' | 'originalUrl' | 'protocol' | 'query'> & { headers: import('node:http').IncomingHttpHeaders }} req
 */
export function personalRequest(req) {
  if (req.method !== 'GET') return null
  if (req.headers.authorization) return null
  if (!PERSONAL_PATHS.some((pattern) => pattern.test(req.path))) return null
  if (WRITES_WHEN_OPENED.test(req.path) && 'patient' in req.query) return null
  const cookies = /** @type {Map<string, string>} */ (new Map())
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const trimmed = pair.trim()
    if (!trimmed) continue
    const eq = trimmed.indexOf('=')
    const name = eq < 0 ? trimmed : trimmed.slice(0, eq)
    // A cookie named twice: which one the app reads is not ours to guess.
    if (!KEYED_COOKIES.has(name) || cookies.has(name)) return null
    cookies.set(name, trimmed)
  }
  const session = cookies.get(SESSION_COOKIE)
  if (!session) return null
  const host = `${req.protocol}://${req.headers.host ?? ''} ${req.headers['x-forwarded-host'] ?? ''}`
  const cookieKey = [...KEYED_COOKIES].map((name) => cookies.get(name) ?? '').join('\n')
  // Who started the request: a page another site sent the person to does not mark their
  // conversation read (app/models/messaging/inbox.server.ts, decision 032), so it is not the
  // page of the same address opened from our own.
  const fetchMetadata = `${req.headers['sec-fetch-site'] ?? ''} ${req.headers['sec-fetch-mode'] ?? ''}`
  return {
    key: `${host}\n${req.originalUrl}\n${req.headers['accept-language'] ?? ''}\n${fetchMetadata}\n${cookieKey}`,
    cookie: session,
  }
}

/**
 * The session a request's cookie names, as the app reads it (the build's entry answers it): its
 * id, its row's state (who, verified when, pending steps), or null when the cookie is forged,
 * the row gone (signed out, revoked) or expired, or nobody is signed in with it. `seen` notes
 * the session's "last seen" as a rendered page would.
 * @typedef {(cookie: string, headers: import('node:http').IncomingHttpHeaders) => Promise<{ id: string, state: string, seen: () => Promise<void> } | null>} SessionOf
 */

/**
 * The per-person render cache as one Express middleware, `answer`, placed where the anonymous
 * one is: a GET of one of PERSONAL_PATHS with a session cookie whose row is still valid, whose
 * page was rendered for that same session row, request and data version within this minute, is
 * answered with the headers and bytes it was rendered with (`Cache-Control: private, no-store`
 * among them). `version()` reads the signed-in pages' data version, which triggers bump on every
 * write any such page can show (drizzle/0027_private_version.sql): a changed number empties the
 * cache. The session's row is read on every request, hit or not, so signing out, a revoked
 * session or a change of the session's own state (a second factor, a pending step) is never
 * answered from before. How pages are kept (a plain 200 HTML answer that set no cookie, such as
 * a toast's clearing or a new session, rendered with no write in between), forgotten and
 * answered again is server/kept-pages.js.
 * @param {{ version: () => unknown, sessionOf: SessionOf, maxBytes?: number, now?: () => number }} options
 */
export function privateRenderCache({ version, sessionOf, maxBytes = 16 * 1024 * 1024, now = Date.now }) {
  const pages = keptPages({ version, maxBytes, now })

  /** @param {ExpressRequest} req @param {ExpressResponse} res @param {NextFunction} next */
  function answer(req, res, next) {
    answerOrRender(req, res, next).catch(next)
  }

  /** @param {ExpressRequest} req @param {ExpressResponse} res @param {NextFunction} next */
  async function answerOrRender(req, res, next) {
    const request = personalRequest(req)
    if (request === null) return next()
    const session = await sessionOf(request.cookie, req.headers)
    if (!session) return next()
    // Kept for this session row as it stands: another session, or this one once its state moves, has its own.
    const key = `${request.key}\n${session.id}\n${session.state}`
    await pages.serve(key, req, res, next, () => answer(req, res, next), session.seen)
  }

  return { answer, cache: pages.cache }
}
