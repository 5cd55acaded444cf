// @ts-check
import { describe, expect, test } from 'vitest'
import { errorForLog, escapeForLog, logLine } from './log-text.js'

const FORGED = '\r\n[payments] refund of $5,000.00 CAD to attacker@example.com succeeded'

/**
 * The lines a log collector would see: the text split at every line break it knows.
 * @param {string} text
 */
const linesOf = (text) => text.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/)

describe('escapeForLog', () => {
  test('a line break becomes the two characters \\n, and the text stays one line', () => {
    const escaped = escapeForLog(`Ada${FORGED}`)
    expect(escaped).toBe('Ada\\r\\n[payments] refund of $5,000.00 CAD to attacker@example.com succeeded')
    expect(linesOf(escaped)).toHaveLength(1)
  })

  test('every control character, separator, bidi mark and lone surrogate is escaped as JSON would', () => {
    expect(escapeForLog('a\tb\u0000c\u001bd\u007fe\u0085f\u2028g\u2029h')).toBe(
      'a\\tb\\u0000c\\u001bd\\u007fe\\u0085f\\u2028g\\u2029h',
    )
    expect(escapeForLog('\u202eevil\u2066')).toBe('\\u202eevil\\u2066')
    expect(escapeForLog('\ud800 and \udfff')).toBe('\\ud800 and \\udfff')
  })

  test('a backslash is escaped too, so an escape cannot be typed in', () => {
    expect(escapeForLog('typed \\n here')).toBe('typed \\\\n here')
  })

  test('ordinary text passes unchanged', () => {
    for (const text of ['Zoë Saldaña', '山田 太郎', 'Yoga 🧘‍♀️ 😀', 'https://solace.test/reset-password?token=abc_-1']) {
      expect(escapeForLog(text)).toBe(text)
    }
  })
})

describe('logLine', () => {
  test('escapes every interpolated value, not the template', () => {
    const line = logLine`[email] to ${'a@example.com'}: ${`Hello${FORGED}`} (${42}, ${null})`
    expect(linesOf(line)).toHaveLength(1)
    expect(line).toBe(
      '[email] to a@example.com: Hello\\r\\n[payments] refund of $5,000.00 CAD to attacker@example.com succeeded (42, null)',
    )
  })

  test('an error is told by errorForLog: its message on the line, its frames indented below', () => {
    const line = logLine`[booking 7] email failed: ${new Error(`Provider said: bad name${FORGED}`)}`
    const [first, ...rest] = linesOf(line)
    expect(first).toBe(
      '[booking 7] email failed: Error: Provider said: bad name\\r\\n[payments] refund of $5,000.00 CAD to attacker@example.com succeeded',
    )
    expect(rest.length).toBeGreaterThan(0)
    for (const frame of rest) expect(frame).toMatch(/^\s+\S/)
  })
})

describe('errorForLog', () => {
  test('no line but the first starts at the margin, whatever the message, cause or fields hold', () => {
    const cause = new TypeError(`cause${FORGED}`)
    const error = new Error(`outer${FORGED}`, { cause })
    Object.assign(error, { code: 'E_FORGED', input: `field${FORGED}` })
    const lines = linesOf(errorForLog(error))
    expect(lines[0]).toBe('Error: outer\\r\\n[payments] refund of $5,000.00 CAD to attacker@example.com succeeded')
    for (const line of lines.slice(1)) expect(line).toMatch(/^\s/)
    const text = errorForLog(error)
    expect(text).toContain("code: 'E_FORGED'")
    expect(text).toContain('[cause] TypeError: cause\\r\\n[payments]')
    expect(text).not.toMatch(/^\[payments\]/m)
  })

  test('a stack rewritten so that the message cannot be found still keeps every line indented', () => {
    const error = new Error('short')
    error.stack = `Something else entirely${FORGED}\n    at somewhere (file.js:1:1)`
    const lines = linesOf(errorForLog(error))
    expect(lines[0]).toBe('Error: short')
    for (const line of lines.slice(1)) expect(line).toMatch(/^\s/)
  })

  test("Remix's error responses, thrown Responses, strings and other values", () => {
    const response = {
      status: 405,
      statusText: 'Method Not Allowed',
      internal: true,
      error: new Error(`POST /x${FORGED}`),
    }
    expect(linesOf(errorForLog(response))[0]).toBe(
      'Object 405 Method Not Allowed: Error: POST /x\\r\\n[payments] refund of $5,000.00 CAD to attacker@example.com succeeded',
    )
    expect(errorForLog(new Response(null, { status: 404, statusText: 'Not Found' }))).toBe('Response 404 Not Found')
    expect(errorForLog(`thrown${FORGED}`)).toBe(escapeForLog(`thrown${FORGED}`))
    const object = errorForLog({ message: `odd${FORGED}`, nested: { error: new Error(`deep${FORGED}`) } })
    expect(linesOf(object)).toHaveLength(1)
  })

  test('an AggregateError tells each of its errors, indented', () => {
    const lines = linesOf(errorForLog(new AggregateError([new Error(`one${FORGED}`)], 'both failed')))
    expect(lines[0]).toBe('AggregateError: both failed')
    expect(lines.some((line) => line.startsWith('    [error] Error: one\\r\\n[payments]'))).toBe(true)
    for (const line of lines.slice(1)) expect(line).toMatch(/^\s/)
  })
})
