import { isRouteErrorResponse } from '@remix-run/react'
import { logLine } from '../../server/log-text.js'
import { log } from '../../server/log.js'

/**
 * The server's log (server/log.js, docs/decisions/040-operations-you-can-see.md): one pino logger
 * for the Express server and the app, JSON lines on stdout. Log an error with its object,
 * `log.error({ err: error }, logLine\`[booking ${id}] refund failed\`)`, so that it is printed
 * whole and reported (only `error` and `fatal`). Whatever a person typed or a provider answered
 * goes into a message through `logLine` (a tagged template), `escapeForLog` or `errorForLog`, so
 * that a line break in it becomes the two characters `\n` and can never forge a line of its own.
 * Never a name, an email address, a message's text or a note: ids say who and what. However it
 * is written, no value carries more than `LOG_VALUE_MAX` characters and no message more than
 * `LOG_MESSAGE_MAX`: past them each is cut, saying so (server/log-text.js, server/log.js).
 */
export { log } from '../../server/log.js'
export { capForLog, errorForLog, escapeForLog, LOG_MESSAGE_MAX, LOG_VALUE_MAX, logLine } from '../../server/log-text.js'

/**
 * What Remix reports from a request (entry.server's `handleError`). A refusal of the request
 * itself, such as Remix's 405 for a write to a route without an action or its 404 for an
 * unknown data address, is routine: anyone can send one, and the request's own line already
 * says its status. It gets one line at `debug` (development only): the status, the method and
 * the path (never the query string, which may hold what a person searched for). Anything else is
 * a fault of ours, logged whole at `error`, and so reported.
 */
export function logRequestError(error: unknown, request: Request) {
  if (request.signal.aborted) return
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.debug(logLine`${error.status} ${request.method} ${new URL(request.url).pathname}: ${error.statusText}`)
    return
  }
  log.error({ err: error }, `${request.method} request failed`)
}
