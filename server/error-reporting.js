// @ts-check
// Error reports to Sentry (docs/decisions/040-operations-you-can-see.md), only when SENTRY_DSN is
// set: without it the SDK is never even loaded. Every error the server logs at level `error` or
// `fatal` with its `err` is reported from server/log.js, with the request it happened in; the
// browser reports its own (app/lib/error-reporting.client.ts). What leaves is scrubbed first
// (server/error-scrubbing.js).
import { scrubBreadcrumb, scrubEvent } from './error-scrubbing.js'
import { currentRequest } from './request-context.js'

/**
 * Where reports go and what they are tagged with: app/lib/error-reporting.server.ts reads it from
 * the validated settings (SENTRY_DSN, SENTRY_ENVIRONMENT, SENTRY_RELEASE).
 * @typedef {{ dsn: string, environment: string, release?: string }} ErrorReportingConfig
 */

/**
 * The started SDK, on globalThis: the production build bundles its own copy of this file (through
 * server/log.js), beside the copy server.js starts it with.
 */
const shared = /** @type {typeof globalThis & { __solaceErrorReporting?: typeof import('@sentry/node') }} */ (
  globalThis
)

/**
 * Loads and starts Sentry's Node SDK (the server side of @sentry/remix) when `config` says where
 * reports go; answers whether it did. Not through the Remix SDK's `init`, which also wraps Remix's
 * `createRequestHandler`: that wrapper rewrites every loader and action, adds trace data to the
 * root loader's data and a Server-Timing header to every page (which the render cache would keep
 * and hand to everyone), and needs to run before Remix is loaded. Errors are reported by us
 * instead (entry.server's handleError logs them, server/log.js reports them), so the SDK starts
 * bare, with these integrations only: none reads a request, a frame's variables or the console,
 * no trace is taken, no module is hooked. Crashes are logged and reported by server.js.
 * @param {ErrorReportingConfig | null} config
 */
export async function startErrorReporting(config) {
  if (!config || shared.__solaceErrorReporting) return false
  const sentry = await import('@sentry/node')
  sentry.initWithoutDefaultIntegrations({
    dsn: config.dsn,
    environment: config.environment,
    release: config.release,
    sendDefaultPii: false,
    skipOpenTelemetrySetup: true,
    registerEsmLoaderHooks: false,
    integrations: [
      sentry.eventFiltersIntegration(),
      sentry.functionToStringIntegration(),
      sentry.linkedErrorsIntegration(),
      sentry.contextLinesIntegration(),
      sentry.nodeContextIntegration(),
    ],
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (crumb) => scrubBreadcrumb(crumb),
  })
  shared.__solaceErrorReporting = sentry
  return true
}

/** Whether reports are being sent. */
export function reportsErrors() {
  return shared.__solaceErrorReporting !== undefined
}

/**
 * Reports an error with what is known of the request it happened in: its id (the response's
 * X-Request-Id), its route, method and path, and the user's id. Nothing else of the request.
 * @param {unknown} error
 * @param {{ message?: string, level?: 'error' | 'fatal' }} [details] the log line's message and level
 */
export function reportError(error, { message, level = 'error' } = {}) {
  const sentry = shared.__solaceErrorReporting
  if (!sentry) return
  const request = currentRequest()
  sentry.withScope((scope) => {
    scope.setLevel(level)
    if (message) scope.setExtra('log', message)
    if (request) {
      scope.setTags({ request_id: request.id, route: request.route ?? undefined })
      if (request.userId !== null) scope.setUser({ id: String(request.userId) })
      const { method, pathname } = request
      scope.addEventProcessor((event) => ({ ...event, request: { method, url: pathname } }))
    }
    sentry.captureException(error)
  })
}

/** Sends what is queued, within `timeoutMs` (the server is stopping, or crashing). */
export async function flushErrorReports(timeoutMs = 2_000) {
  await shared.__solaceErrorReporting?.flush(timeoutMs)
}
