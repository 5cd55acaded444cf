import { format } from 'node:util'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { handleApi } from './api.server'
import { refusalOf } from './forms.server'

/** The catch-alls that log an unexpected error: what a message carries cannot start a log line. */

const FORGED = 'while reading "Ada\r\n[payments] refund of $5,000.00 CAD succeeded"'

/** Each physical line console.error wrote (it formats as util.format does), as a log collector splits them. */
function loggedLines(spy: { mock: { calls: unknown[][] } }) {
  return spy.mock.calls
    .map((args) => format(...args))
    .join('\n')
    .split(/\r\n|[\n\r\u2028\u2029]/)
}

afterEach(() => vi.restoreAllMocks())

describe('unexpected errors are logged with their message escaped', () => {
  test.each([
    ['handleApi (/api routes)', () => handleApi(() => Promise.reject(new Error(FORGED)))],
    ['refusalOf (screen forms)', () => refusalOf(new Error(FORGED))],
  ])('%s', async (_name, run) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    await run()
    const [first, ...rest] = loggedLines(error)
    expect(first).toBe('Error: while reading "Ada\\r\\n[payments] refund of $5,000.00 CAD succeeded"')
    expect(rest.length).toBeGreaterThan(0)
    for (const line of rest) expect(line).toMatch(/^\s/)
  })
})
