import { isRouteErrorResponse } from '@remix-run/react'
import { errorForLog, logLine } from '../../server/log-text.js'

/**
 * Escaping for the server log: whatever a person typed or a provider answered goes into a log
 * line through `logLine` (a tagged template), `escapeForLog` or `errorForLog`, so that a line
 * break in it becomes the two characters `\n` and can never forge a line of its own. One
 * definition, in plain JS, so that the Express server (server/errors.js) uses it too.
 */
export { errorForLog, escapeForLog, logLine } from '../../server/log-text.js'

/**
 * What Remix reports from a request (entry.server's `handleError`). A refusal of the request
 * itself, such as Remix's 405 for a write to a route without an action or its 404 for an
 * unknown data address, is routine: anyone can send one, and a stack trace each would let them
 * flood the log. It gets one line: the status, the method and the path (never the query string,
 * which may hold what a person searched for). Anything else is a fault of ours, logged whole.
 */
export function logRequestError(error: unknown, request: Request) {
  if (request.signal.aborted) return
  if (isRouteErrorResponse(error) && error.status < 500) {
    console.warn(logLine`${error.status} ${request.method} ${new URL(request.url).pathname}: ${error.statusText}`)
    return
  }
  console.error(errorForLog(error))
}
