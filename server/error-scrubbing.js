// @ts-check
// What an error report may carry out of the process (docs/decisions/040-operations-you-can-see.md):
// every event Sentry would send, from the server (server/error-reporting.js) and from the browser
// (app/lib/error-reporting.client.ts, which bundles this file), passes through `scrubEvent` first.
// Plain JS without Node's modules, so both sides use the same rules.

/**
 * The paths of patient records: the chart screen (and its export), the patient /api routes, and
 * the primary's internal commands, which carry a replica's patient document metadata.
 */
const PATIENT_PATH = /^\/(?:practitioner\/patient-charting|api\/patient-|internal\/commands\/)/

/** The same routes by Remix route id (`routes/practitioner.patient-charting`, `routes/api.patient-notes.$id`). */
const PATIENT_ROUTE_ID = /^routes\/(?:practitioner_?\.patient-charting|api\.patient-|internal\.commands\.)/

/** What stands in for a message an error from a patient route carried. */
export const PATIENT_ROUTE_MESSAGE = '[removed: a patient route]'

/** Breadcrumbs that may go with an event, with their URLs cut to the path: nothing a page shows or a person typed. */
const KEPT_BREADCRUMBS = new Set(['navigation', 'fetch', 'xhr', 'http'])

/**
 * A URL or path without its query string and fragment.
 * @param {unknown} url
 */
export function withoutQuery(url) {
  return typeof url === 'string' ? url.replace(/[?#].*$/s, '') : undefined
}

/**
 * The path of a URL (absolute or not), or '' when there is none.
 * @param {unknown} url
 */
function pathOf(url) {
  const text = withoutQuery(url)
  if (!text) return ''
  return text.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '') || '/'
}

/**
 * Whether a URL or path is one of the patient routes'.
 * @param {unknown} url
 */
export function isPatientPath(url) {
  return PATIENT_PATH.test(pathOf(url))
}

/**
 * The parts of a Sentry event (and breadcrumb) the rules read and change; an SDK's own event type
 * fits it.
 * @typedef {{
 *   request?: { url?: string, method?: string, headers?: Record<string, string> }
 *   tags?: Record<string, unknown>
 *   transaction?: string
 *   user?: { id?: string | number }
 *   breadcrumbs?: Breadcrumb[]
 *   exception?: { values?: { value?: string, stacktrace?: { frames?: Frame[] } }[] }
 *   message?: string
 *   logentry?: { message?: string, params?: unknown[] }
 *   extra?: Record<string, unknown>
 * }} ReportEvent
 * @typedef {{ category?: string, message?: string, data?: Record<string, unknown> }} Breadcrumb
 * @typedef {{ vars?: unknown, pre_context?: string[], context_line?: string, post_context?: string[] }} Frame
 */

/**
 * Whether an event happened while a patient route was answered (server) or shown (browser).
 * @param {ReportEvent} event
 */
function fromPatientRoute(event) {
  return (
    isPatientPath(event.request?.url) ||
    (typeof event.tags?.route === 'string' && PATIENT_ROUTE_ID.test(event.tags.route)) ||
    isPatientPath(event.transaction)
  )
}

/**
 * A breadcrumb as it may be sent: only navigations and requests, with their addresses cut to the
 * path, and none that touch a patient route. Clicks and inputs (whose element descriptions can
 * hold names), console lines and anything else are dropped.
 * @template {Breadcrumb} B
 * @param {B} crumb
 * @returns {B | null}
 */
export function scrubBreadcrumb(crumb) {
  if (!crumb.category || !KEPT_BREADCRUMBS.has(crumb.category)) return null
  const data = crumb.data ?? {}
  const addresses = [data.url, data.from, data.to].filter((value) => typeof value === 'string')
  if (addresses.some(isPatientPath)) return null
  /** @type {Record<string, unknown>} */
  const kept = {}
  for (const field of ['url', 'from', 'to'])
    if (typeof data[field] === 'string') kept[field] = withoutQuery(data[field])
  for (const field of ['method', 'status_code']) if (data[field] !== undefined) kept[field] = data[field]
  const { message: _message, data: _data, ...rest } = crumb
  return /** @type {B} */ (/** @type {unknown} */ ({ ...rest, data: kept }))
}

/**
 * An event as it may leave the process. The request keeps its method and its URL without the
 * query string; cookies, headers (but the user agent), the body and the query string are
 * dropped, and the user is an id at most. No frame keeps its local variables. An event from a
 * patient route keeps where it happened (type, frames' files and lines, tags) and nothing more:
 * its messages, extra data, breadcrumbs and the source lines around its frames go.
 * @template {ReportEvent} E
 * @param {E} sent
 * @returns {E}
 */
export function scrubEvent(sent) {
  /** @type {ReportEvent} */
  const event = sent
  const patient = fromPatientRoute(event)
  if (event.request) {
    const { method, url, headers } = event.request
    const agent = headers?.['user-agent'] ?? headers?.['User-Agent']
    event.request = {
      ...(method ? { method } : {}),
      ...(url ? { url: withoutQuery(url) } : {}),
      ...(agent ? { headers: { 'User-Agent': agent } } : {}),
    }
  }
  if (event.user) event.user = event.user.id === undefined ? {} : { id: event.user.id }
  if (event.breadcrumbs) {
    event.breadcrumbs = patient
      ? []
      : event.breadcrumbs.map((crumb) => scrubBreadcrumb(crumb)).filter((crumb) => crumb !== null)
  }
  for (const exception of event.exception?.values ?? []) {
    for (const frame of exception.stacktrace?.frames ?? []) {
      delete frame.vars
      if (patient) {
        delete frame.pre_context
        delete frame.context_line
        delete frame.post_context
      }
    }
    if (patient && exception.value !== undefined) exception.value = PATIENT_ROUTE_MESSAGE
  }
  if (patient) {
    delete event.extra
    if (event.message !== undefined) event.message = PATIENT_ROUTE_MESSAGE
    if (event.logentry) event.logentry = { message: PATIENT_ROUTE_MESSAGE }
  }
  return sent
}
