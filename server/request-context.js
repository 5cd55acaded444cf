// @ts-check
// What the server knows about the request being answered, wherever the code that runs for it is:
// its id, its route and (once the app has read the session) its user. The log lines and error
// reports made while a request is answered carry them (server/log.js, server/error-reporting.js).
import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * @typedef {{
 *   id: string
 *   method: string
 *   route: string | null
 *   pathname: string
 *   userId: number | null
 *   language: import('./language.js').Language
 * }} RequestContext
 */

/**
 * One store per process. The production build bundles its own copy of every server/ file the app
 * imports, beside the copy server.js loaded, so the store lives on globalThis, as the database
 * connection does (app/db/client.server.ts): both copies, and Vite's in development, share it.
 */
const shared = /** @type {typeof globalThis & { __solaceRequestContext?: AsyncLocalStorage<RequestContext> }} */ (
  globalThis
)
export const requestContext = (shared.__solaceRequestContext ??= new AsyncLocalStorage())

/** The request being answered, if any (none in a sweeper, at start-up, in a script). */
export function currentRequest() {
  return requestContext.getStore()
}

/**
 * Says which user the request is for, once the app knows (app/models/accounts/auth.server.ts):
 * the request's log line and error reports carry the id, never anything else about the person.
 * Their chosen language, when they chose one, is the request's from then on (an /api refusal is
 * written in it; docs/decisions/052-languages.md).
 * @param {number} userId
 * @param {import('./language.js').Language | null} [language]
 */
export function noteRequestUser(userId, language = null) {
  const context = requestContext.getStore()
  if (!context) return
  context.userId = userId
  if (language) context.language = language
}
