// @ts-check
// What goes into a log line from outside (a name, a subject, a provider's or an error's message),
// escaped so that it can never start a line of its own or hide what the line says. Used by the
// logger (server/log.js, which tells errors with `errorForLog`) and by the app through
// app/lib/log.server.ts.
import { inspect } from 'node:util'

// Backslash (so that an escape cannot be typed in), C0 and C1 controls and DEL, the Unicode line
// and paragraph separators, the bidirectional marks and overrides that reorder what a terminal
// shows, and lone surrogates (with the `u` flag a surrogate pair is one code point).
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const UNSAFE = /[\\\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]/gu
// The same without the backslash: for text util.inspect has already quoted and escaped.
// eslint-disable-next-line no-control-regex -- as above
const LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]/gu

/**
 * The most characters of one value from outside a log line carries (an interpolated value, an
 * error's message, a string field): a browser's passkey answer once put a 20 KB origin into one
 * line (issue 41). Past it the value is cut and says so, `…[19500 more characters cut]`.
 */
export const LOG_VALUE_MAX = 500
/** The most characters of a whole message (server/log.js cuts it): a few values and their words. */
export const LOG_MESSAGE_MAX = 2000
/** The most lines of a stack an error's text keeps (V8 writes 10 frames unless told otherwise). */
const FRAMES_MAX = 30
/** The most inner errors of an AggregateError an error's text lists. */
const INNER_ERRORS_MAX = 5

/**
 * `text` cut to `max` characters (never between the two halves of a surrogate pair), with a
 * marker saying how many were cut; shorter text as it is.
 * @param {string} text
 * @param {number} [max]
 */
export function capForLog(text, max = LOG_VALUE_MAX) {
  if (text.length <= max) return text
  const code = text.charCodeAt(max - 1)
  const end = code >= 0xd800 && code <= 0xdbff ? max - 1 : max
  return `${text.slice(0, end)}…[${text.length - end} more characters cut]`
}

/** @type {Record<string, string>} */
const SHORT = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' }

/** @param {string} char */
function escapeChar(char) {
  return SHORT[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
}

/**
 * `value` as text that stays on its line, escaped as JSON escapes a string (without the
 * quotes): a line break becomes the two characters `\n`, a backslash `\\`, any other control
 * character, separator, bidi mark or lone surrogate `\uXXXX`. Cut first past `LOG_VALUE_MAX`
 * characters (escaping makes at most six of each).
 * @param {unknown} value
 * @returns {string}
 */
export function escapeForLog(value) {
  return capForLog(String(value)).replace(UNSAFE, escapeChar)
}

/** @param {string} text */
function escapeLineBreaks(text) {
  return text.replace(LINE_BREAKING, escapeChar)
}

/** @param {unknown} value */
function inspected(value) {
  const text = inspect(value, { breakLength: Infinity, depth: 3, maxStringLength: LOG_VALUE_MAX, maxArrayLength: 20 })
  return escapeLineBreaks(capForLog(text, 4 * LOG_VALUE_MAX))
}

/**
 * A stack's frames, after the message: each on its own line, indented, escaped, so that a
 * message with line breaks in it can never pass for a line of its own.
 * @param {Error} error
 */
function framesOf(error) {
  const stack = typeof error.stack === 'string' ? error.stack : ''
  const message = String(error.message ?? '')
  const at = message ? stack.indexOf(message) : -1
  const start = at >= 0 ? at + message.length : stack.indexOf('\n')
  if (start < 0) return ''
  return stack
    .slice(start)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, FRAMES_MAX)
    .map((line) => `\n${/^\s/.test(line) ? '' : '    '}${escapeLineBreaks(capForLog(line))}`)
    .join('')
}

/** @param {string} text */
const indented = (text) => text.replace(/\n/g, '\n    ')

const OWN_TEXT = new Set(['name', 'message', 'stack', 'cause'])

/**
 * @param {unknown} error
 * @param {number} depth
 * @returns {string}
 */
function formatError(error, depth) {
  if (typeof error === 'string') return escapeForLog(error)
  if (!(error instanceof Error)) {
    // Remix's ErrorResponse (a 404 or 405 with the Error behind it), a thrown Response, anything.
    const response = /** @type {{ status?: unknown, statusText?: unknown, error?: unknown }} */ (error)
    if (response && typeof response === 'object' && typeof response.status === 'number' && 'statusText' in response) {
      const head = `${response.constructor?.name ?? 'Response'} ${response.status} ${escapeForLog(response.statusText)}`
      return response.error instanceof Error && depth < 3 ? `${head}: ${formatError(response.error, depth + 1)}` : head
    }
    return inspected(error)
  }
  const name = escapeForLog(error.name)
  let text = error.message ? `${name}: ${escapeForLog(error.message)}` : name
  text += framesOf(error)
  const extra = Object.fromEntries(Object.entries(error).filter(([key]) => !OWN_TEXT.has(key)))
  if (Object.keys(extra).length > 0) text += `\n    ${inspected(extra)}`
  if (depth < 3) {
    if (error instanceof AggregateError) {
      for (const inner of error.errors.slice(0, INNER_ERRORS_MAX)) {
        text += indented(`\n[error] ${formatError(inner, depth + 1)}`)
      }
      const more = error.errors.length - INNER_ERRORS_MAX
      if (more > 0) text += indented(`\n[error] …[${more} more errors cut]`)
    }
    if (error.cause !== undefined) text += indented(`\n[cause] ${formatError(error.cause, depth + 1)}`)
  }
  return text
}

/**
 * An error (or anything thrown) for the log: its name and message escaped on the first
 * line, then its stack frames, extra fields and cause, every further line indented.
 * @param {unknown} error
 * @returns {string}
 */
export function errorForLog(error) {
  return formatError(error, 0)
}

/**
 * A log line whose every interpolated value is escaped:
 * logLine`[email] to ${to} failed: ${message}`. An Error is told as `errorForLog` tells it.
 * @param {TemplateStringsArray} strings
 * @param {...unknown} values
 * @returns {string}
 */
export function logLine(strings, ...values) {
  let line = strings[0] ?? ''
  values.forEach((value, i) => {
    line += valueForLog(value) + (strings[i + 1] ?? '')
  })
  return line
}

/** @param {unknown} value */
function valueForLog(value) {
  if (value === null || value === undefined || ['number', 'bigint', 'boolean'].includes(typeof value)) {
    return String(value)
  }
  if (typeof value === 'string') return escapeForLog(value)
  return errorForLog(value)
}
