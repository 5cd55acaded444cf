import { getEnv } from '~/env.server'
import { SETTINGS_PARAM } from './error-reporting'
import type { ErrorReportingConfig } from '../../server/error-reporting.js'

/**
 * Where error reports go (docs/decisions/040-operations-you-can-see.md), or null when SENTRY_DSN
 * is unset: nothing is then loaded or sent, on either side. server.js starts the server's SDK with
 * it (through the build's entry), and the root loader hands it to the browser
 * (`browserErrorReporting`). Reports are tagged with SENTRY_ENVIRONMENT (else NODE_ENV) and
 * SENTRY_RELEASE (else the image Fly runs, FLY_IMAGE_REF).
 */
export function errorReportingConfig(): ErrorReportingConfig | null {
  const env = getEnv()
  if (!env.SENTRY_DSN) return null
  return {
    dsn: env.SENTRY_DSN,
    environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV,
    release: env.SENTRY_RELEASE ?? process.env.FLY_IMAGE_REF,
  }
}

/**
 * The browser's reporting module: built apart into the client build as `/error-reporting.js`
 * (scripts/build-browser-reporting.js); in development Vite serves it from its source.
 */
const BROWSER_SCRIPT = import.meta.env.DEV ? '/app/lib/error-reporting.client.ts' : '/error-reporting.js'

/**
 * The address of the module that reports a page's errors, with its settings in its query string
 * (the module reads them from its own URL), or null when SENTRY_DSN is unset: the root loader
 * puts it in a page's head.
 */
export function browserErrorReportingScript() {
  const config = errorReportingConfig()
  return config ? `${BROWSER_SCRIPT}?${new URLSearchParams({ [SETTINGS_PARAM]: JSON.stringify(config) })}` : null
}

/** The origin browsers send their reports to, which a page's Content Security Policy lets them reach. */
export function errorReportingOrigin() {
  const config = errorReportingConfig()
  return config ? new URL(config.dsn).origin : null
}
