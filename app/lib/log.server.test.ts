import { describe, expect, test } from 'vitest'
import { captureLog, LEVEL } from '../../tests/helpers/log'
import { handleApi } from './api.server'
import { refusalOf } from './forms.server'

/** The catch-alls that log an unexpected error: what a message carries cannot start a log line. */

const FORGED = 'while reading "Ada\r\n[payments] refund of $5,000.00 CAD succeeded"'

/** Each physical line a log field would print as once read back from its JSON, as a log viewer splits them. */
function linesOf(text: string) {
  return text.split(/\r\n|[\n\r\u2028\u2029]/)
}

describe('unexpected errors are logged at `error` with their message escaped', () => {
  test.each([
    ['handleApi (/api routes)', () => handleApi(() => Promise.reject(new Error(FORGED)))],
    ['refusalOf (screen forms)', () => refusalOf(new Error(FORGED))],
  ])('%s', async (_name, run) => {
    const log = captureLog()
    await run()
    expect(log).toHaveLength(1)
    expect(log[0]!.level).toBe(LEVEL.error)
    // The whole line is one line of JSON; its error, read back, starts with the escaped message.
    expect(log[0]!.err!.type).toBe('Error')
    const [first, ...rest] = linesOf(log[0]!.err!.stack)
    expect(first).toBe('Error: while reading "Ada\\r\\n[payments] refund of $5,000.00 CAD succeeded"')
    expect(rest.length).toBeGreaterThan(0)
    for (const line of rest) expect(line).toMatch(/^\s/)
  })
})
