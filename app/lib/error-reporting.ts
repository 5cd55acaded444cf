/**
 * Browser errors, reported only where SENTRY_DSN is set (docs/decisions/040-operations-you-can-see.md).
 * The root then puts a module script in the page's head, `/error-reporting.js` (its source is
 * app/lib/error-reporting.client.ts, built apart by scripts/build-browser-reporting.js), with the
 * settings in its query string; it starts Sentry's browser SDK. Without a DSN a page carries no
 * such script, and its JavaScript is what it was but for these few lines.
 */

/** The query parameter of the module's address that holds the JSON of the server's ErrorReportingConfig. */
export const SETTINGS_PARAM = 'settings'

/** The event a route's error boundary announces what it shows with; the reporting module listens. */
export const ROUTE_ERROR_EVENT = 'solace:route-error'

/**
 * Says that a route's error boundary shows an error: uncaught errors reach the SDK by themselves,
 * but one Remix caught and rendered does not. Nobody listens where nothing is reported.
 */
export function announceRouteError(error: unknown) {
  window.dispatchEvent(new CustomEvent(ROUTE_ERROR_EVENT, { detail: error }))
}
