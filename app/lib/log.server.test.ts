import { describe, expect, test } from 'vitest'
import { captureLog, LEVEL } from '../../tests/helpers/log'
import { handleApi } from './api.server'
import { refusalOf } from './forms.server'
import { capForLog, LOG_MESSAGE_MAX, LOG_VALUE_MAX, log as logger, logLine } from './log.server'

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

describe('no field makes a line as long as what someone sent (issue 41)', () => {
  const HUGE = `https://${'a'.repeat(20_000)}.example`
  const CUT = /…\[\d+ more characters cut\]$/
  /** A line as the log collector gets it. */
  const lineLength = (record: object) => JSON.stringify(record).length

  test('logLine cuts each value past LOG_VALUE_MAX characters and says so', () => {
    const line = logLine`passkey sign-in refused: origin ${HUGE} is not ${'https://solace.test'}`
    expect(line.length).toBeLessThan(LOG_VALUE_MAX + 100)
    expect(line).toContain(`${HUGE.slice(0, LOG_VALUE_MAX)}…[${HUGE.length - LOG_VALUE_MAX} more characters cut]`)
    expect(line.endsWith(' is not https://solace.test')).toBe(true)
    // Never half a surrogate pair.
    expect(capForLog(`${'a'.repeat(LOG_VALUE_MAX - 1)}😀😀`)).toBe(
      `${'a'.repeat(LOG_VALUE_MAX - 1)}…[4 more characters cut]`,
    )
    expect(logLine`short ${'value'}`).toBe('short value')
  })

  test('every string field, at any depth, and the message are cut; a short line is as it was', () => {
    const log = captureLog()
    logger.info({ origin: HUGE, nested: { deeper: [HUGE, { deepest: HUGE }] }, count: 3 }, `refused ${HUGE}`)
    logger.info({ route: 'routes/login.passkey', status: 401 }, 'POST routes/login.passkey 401')
    const [cut, plain] = log
    expect(cut!.origin).toMatch(CUT)
    expect((cut!.origin as string).length).toBeLessThan(LOG_VALUE_MAX + 40)
    const nested = cut!.nested as { deeper: [string, { deepest: string }] }
    expect(nested.deeper[0]).toMatch(CUT)
    expect(nested.deeper[1].deepest).toMatch(CUT)
    expect(cut!.count).toBe(3)
    expect(cut!.msg).toMatch(CUT)
    expect(cut!.msg.length).toBeLessThan(LOG_MESSAGE_MAX + 40)
    expect(lineLength(cut!)).toBeLessThan(6_000)
    expect(plain).toMatchObject({ route: 'routes/login.passkey', status: 401, msg: 'POST routes/login.passkey 401' })
  })

  test('an error with a huge message: its text and the message pino takes from it are cut', () => {
    const log = captureLog()
    const error = new Error(`Unexpected authentication response origin "${HUGE}"`)
    logger.error({ err: error })
    logger.warn(error)
    for (const record of log) {
      expect(record.msg).toMatch(CUT)
      expect(record.err!.stack.split('\n')[0]).toMatch(CUT)
      expect(lineLength(record)).toBeLessThan(8_000)
    }
    expect(log).toHaveLength(2)
  })
})
