import { captureException, init } from '@sentry/browser'
import { scrubBreadcrumb, scrubEvent } from '../../server/error-scrubbing.js'
import { ROUTE_ERROR_EVENT, SETTINGS_PARAM } from './error-reporting'
import type { ErrorReportingConfig } from '../../server/error-reporting.js'

/**
 * The browser's error reports: Sentry's browser SDK, in a module of its own (`/error-reporting.js`,
 * built by scripts/build-browser-reporting.js; served from its source by Vite in development) that
 * only the pages of a site with SENTRY_DSN load, with the settings in its address's query string
 * (app/lib/error-reporting.server.ts). Errors only: no tracing, no replay, no sessions.
 * Events and breadcrumbs go through the server's scrubber (server/error-scrubbing.js): no query
 * strings, cookies or bodies, nothing from patient routes, no clicks (an element's description
 * can hold a name).
 */
const KEPT_INTEGRATIONS = new Set([
  'InboundFilters',
  'FunctionToString',
  'BrowserApiErrors',
  'Breadcrumbs',
  'GlobalHandlers',
  'LinkedErrors',
  'Dedupe',
  'HttpContext',
])

/** A server error reaches the browser as this message only (Remix hides the rest); the server reported it. */
const SERVER_ERROR_MESSAGE = 'Unexpected Server Error'

const settings = new URL(import.meta.url).searchParams.get(SETTINGS_PARAM)
if (settings) {
  const config = JSON.parse(settings) as ErrorReportingConfig
  init({
    dsn: config.dsn,
    environment: config.environment,
    release: config.release,
    sendDefaultPii: false,
    integrations: (defaults) => defaults.filter((integration) => KEPT_INTEGRATIONS.has(integration.name)),
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (crumb) => scrubBreadcrumb(crumb),
  })
  // What a route's error boundary shows (app/components/error-boundary.tsx).
  window.addEventListener(ROUTE_ERROR_EVENT, (event) => {
    const error = (event as CustomEvent<unknown>).detail
    if (error instanceof Error && error.message === SERVER_ERROR_MESSAGE) return
    captureException(error, { mechanism: { type: 'instrument', handled: false, data: { function: 'ErrorBoundary' } } })
  })
}
