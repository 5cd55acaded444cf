// @ts-check
import { describe, expect, test } from 'vitest'
import { isPatientPath, PATIENT_ROUTE_MESSAGE, scrubBreadcrumb, scrubEvent, withoutQuery } from './error-scrubbing.js'

/**
 * An event as Sentry's SDKs make it from a request: everything a request could carry.
 * @param {string | undefined} url
 * @param {Record<string, unknown>} [extra]
 */
function eventFrom(url, extra = {}) {
  return {
    request: {
      method: 'POST',
      url,
      query_string: 'search=Ada+Lovelace',
      cookies: { __session: 'abc.def' },
      data: { note: 'Sleeps badly since spring' },
      headers: {
        cookie: '__session=abc.def',
        authorization: 'Bearer secret',
        'user-agent': 'Mozilla/5.0',
        referer: 'https://solace.test/practitioner/patient-charting?patient=5',
      },
      env: { REMOTE_ADDR: '203.0.113.9' },
    },
    user: { id: '42', email: 'ada@example.com', ip_address: '203.0.113.9', username: 'ada' },
    exception: {
      values: [
        {
          type: 'Error',
          value: 'Ada Lovelace has no notes',
          stacktrace: {
            frames: [
              {
                filename: 'app.js',
                function: 'load',
                vars: { note: 'Sleeps badly' },
                context_line: 'throw new Error(`${patient.firstName} has no notes`)',
              },
            ],
          },
        },
      ],
    },
    breadcrumbs: [
      { category: 'navigation', data: { from: '/services?search=yoga', to: '/practitioners/3?tab=reviews' } },
      { category: 'fetch', data: { url: '/api/messages?page=2', method: 'GET', status_code: 200, body: 'x' } },
      { category: 'ui.click', message: 'button[aria-label="Delete note for Ada Lovelace"]' },
      { category: 'console', message: 'Ada Lovelace' },
      { category: 'fetch', data: { url: '/api/patient-notes/9', method: 'GET' } },
    ],
    extra: { log: 'GET request failed' },
    tags: { request_id: 'r-1', route: 'routes/api.messages' },
    ...extra,
  }
}

describe('what every event loses', () => {
  test('cookies, the body, the query string, the headers but the user agent, and all of the user but the id', () => {
    const event = scrubEvent(eventFrom('https://solace.test/api/messages?search=Ada#top'))
    expect(event.request).toEqual({
      method: 'POST',
      url: 'https://solace.test/api/messages',
      headers: { 'User-Agent': 'Mozilla/5.0' },
    })
    expect(event.user).toEqual({ id: '42' })
    expect(JSON.stringify(event)).not.toMatch(/abc\.def|secret|Sleeps|search=|203\.0\.113|ada@/)
  })

  test('breadcrumbs: navigations and requests by path only; clicks, console lines and patient routes dropped', () => {
    const event = scrubEvent(eventFrom('https://solace.test/api/messages'))
    expect(event.breadcrumbs).toEqual([
      { category: 'navigation', data: { from: '/services', to: '/practitioners/3' } },
      { category: 'fetch', data: { url: '/api/messages', method: 'GET', status_code: 200 } },
    ])
  })

  test('an error elsewhere keeps its message and the log line it came with', () => {
    const event = scrubEvent(eventFrom('https://solace.test/api/messages'))
    expect(event.exception?.values?.[0]?.value).toBe('Ada Lovelace has no notes')
    expect(event.extra).toEqual({ log: 'GET request failed' })
    // No frame keeps its variables, wherever it happened; the code around it stays.
    expect(event.exception?.values?.[0]?.stacktrace?.frames?.[0]).toEqual({
      filename: 'app.js',
      function: 'load',
      context_line: 'throw new Error(`${patient.firstName} has no notes`)',
    })
  })
})

describe('an event from a patient route keeps where it happened, and nothing the record said', () => {
  test.each([
    ['the chart screen', 'https://solace.test/practitioner/patient-charting?patient=5&tab=notes', {}],
    ['its data request', '/practitioner/patient-charting.data?patient=5', {}],
    ['its export', '/practitioner/patient-charting/5/export', {}],
    ['a patient /api route', '/api/patient-profiles/5/notes', {}],
    ['a document download', '/api/patient-documents/3/download', {}],
    ["the primary's commands", '/internal/commands/documents.record', {}],
    ['a route id alone', undefined, { tags: { route: 'routes/api.patient-notes.$id' } }],
  ])('%s', (_what, url, extra) => {
    const event = scrubEvent(eventFrom(/** @type {string} */ (url), extra))
    const [exception] = event.exception?.values ?? []
    expect(exception?.value).toBe(PATIENT_ROUTE_MESSAGE)
    expect(exception?.type).toBe('Error')
    expect(exception?.stacktrace?.frames).toEqual([{ filename: 'app.js', function: 'load' }])
    expect(event.breadcrumbs).toEqual([])
    expect(event.extra).toBeUndefined()
    expect(JSON.stringify(event)).not.toMatch(/Ada|Sleeps|ada@|patient=5/)
  })

  test('a message event says nothing either', () => {
    const event = scrubEvent({
      request: { url: '/api/patient-profiles/5' },
      message: 'Ada Lovelace',
      logentry: { message: 'Ada %s', params: ['Lovelace'] },
    })
    expect(event.message).toBe(PATIENT_ROUTE_MESSAGE)
    expect(event.logentry).toEqual({ message: PATIENT_ROUTE_MESSAGE })
  })
})

test('patient paths, and the rest', () => {
  expect(isPatientPath('https://solace.test/practitioner/patient-charting')).toBe(true)
  expect(isPatientPath('/api/patient-notes/3?x=1')).toBe(true)
  expect(isPatientPath('/practitioner/dashboard')).toBe(false)
  expect(isPatientPath('/api/patients-like-me')).toBe(false)
  expect(isPatientPath(undefined)).toBe(false)
  expect(withoutQuery('/services?search=yoga#top')).toBe('/services')
  expect(scrubBreadcrumb({ category: 'xhr', data: { url: 'https://solace.test/api/patient-profiles' } })).toBeNull()
})
