// @ts-check
// The server's log (docs/decisions/040-operations-you-can-see.md): pino, one JSON object a line on
// stdout (what `fly logs` shows), pretty in development. The Express server and the app
// (through app/lib/log.server.ts) write through this one logger. Messages that hold anything from
// outside (what a person typed, a provider's answer, an error's message) are composed with
// `logLine`, `escapeForLog` or `errorForLog` (server/log-text.js), so that even read back from
// its JSON a message is one line that says what it says.
import pino from 'pino'
import { reportError } from './error-reporting.js'
import { capForLog, errorForLog, LOG_MESSAGE_MAX } from './log-text.js'
import { counter } from './metric-registry.js'
import { currentRequest } from './request-context.js'

/**
 * The levels LOG_LEVEL may name (app/env.server.ts validates it): never above `error`, because
 * what is logged at `error` is what is reported (server/error-reporting.js).
 */
export const LOG_LEVELS = /** @type {const} */ (['error', 'warn', 'info', 'debug', 'trace'])

/** pino's number for `error`: lines from it up are faults of ours, and reported when they carry an error. */
const ERROR_LEVEL = 50
const FATAL_LEVEL = 60

/**
 * LOG_LEVEL, or `info` (production, tests), or `debug` in development (which prints the emails
 * the outbox keeps, app/integrations/email.server.ts). A LOG_LEVEL that is no level falls back to
 * the default here; app/env.server.ts then stops the process, naming it.
 * @param {Record<string, string | undefined>} env
 */
export function logLevel(env) {
  const asked = /** @type {(typeof LOG_LEVELS)[number] | undefined} */ (env.LOG_LEVEL)
  if (asked && LOG_LEVELS.includes(asked)) return asked
  return env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? 'info' : 'debug'
}

/**
 * Where tests' lines go unless LOG_LEVEL asks to see them: nowhere. The logger runs as in
 * production (levels, error reports, counts); tests read it through tests/helpers/log.ts.
 * @type {pino.DestinationStream}
 */
const NOWHERE = { write() {} }

const sqliteBusyErrors = counter({
  name: 'solace_sqlite_busy_errors_total',
  help: 'SQLite errors that said the database was busy or locked past busy_timeout (there is no retry loop: SQLite waits up to 5 s itself)',
})

/** @param {unknown} error */
function isSqliteBusy(error) {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    const code = /** @type {{ code?: unknown }} */ (cause).code
    if (typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code)) return true
    cause = /** @type {{ cause?: unknown }} */ (cause).cause
  }
  return false
}

/** How deep `capFields` looks into a line's fields, and how many items of a list it keeps. */
const FIELDS_DEPTH_MAX = 5
const FIELD_ITEMS_MAX = 20

/**
 * A line's fields with every string, at any depth, cut past `LOG_VALUE_MAX` characters
 * (server/log-text.js), lists past `FIELD_ITEMS_MAX` items, and what lies deeper than
 * `FIELDS_DEPTH_MAX` told as `[cut]`: no field can make a line as long as what someone sent
 * (issue 41). Only plain objects and lists are walked: an error goes to its serializer
 * (`errorForLog`, which cuts its own parts) and anything else to JSON as it is.
 * @param {unknown} value
 * @param {number} [depth]
 * @returns {unknown}
 */
export function capFields(value, depth = 0) {
  if (typeof value === 'string') return capForLog(value)
  if (value === null || typeof value !== 'object') return value
  const plain = Array.isArray(value) || [Object.prototype, null].includes(Object.getPrototypeOf(value))
  if (!plain) return value
  if (depth >= FIELDS_DEPTH_MAX) return '[cut]'
  if (Array.isArray(value)) {
    const items = value.slice(0, FIELD_ITEMS_MAX).map((item) => capFields(item, depth + 1))
    return value.length > FIELD_ITEMS_MAX ? [...items, `…[${value.length - FIELD_ITEMS_MAX} more items cut]`] : items
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, capFields(item, depth + 1)]))
}

/**
 * A call's message cut past `LOG_MESSAGE_MAX` characters, and the one pino would take from an
 * error when there is none (its message) cut too.
 * @param {Parameters<pino.LogFn>} args
 * @param {unknown} err
 * @returns {Parameters<pino.LogFn>}
 */
function withCappedMessage(args, err) {
  const [first, second, ...rest] = /** @type {unknown[]} */ (args)
  /** @param {unknown[]} list */
  const asArgs = (list) => /** @type {Parameters<pino.LogFn>} */ (list)
  if (typeof first === 'string') return asArgs([capForLog(first, LOG_MESSAGE_MAX), ...args.slice(1)])
  if (typeof second === 'string') return asArgs([first, capForLog(second, LOG_MESSAGE_MAX), ...rest])
  const message = /** @type {{ message?: unknown } | undefined} */ (err)?.message
  if (second === undefined && typeof message === 'string' && message.length > LOG_MESSAGE_MAX) {
    return asArgs([first, capForLog(message, LOG_MESSAGE_MAX)])
  }
  return args
}

/**
 * Every line goes through here: its message is cut past `LOG_MESSAGE_MAX` characters; one that
 * carries an error (`log.error({ err }, message)`) counts it when SQLite was busy, and from
 * `error` up reports it (server/error-reporting.js, which does nothing unless SENTRY_DSN is set).
 * @this {pino.Logger}
 * @param {Parameters<pino.LogFn>} args
 * @param {pino.LogFn} method
 * @param {number} level
 */
function logMethod(args, method, level) {
  const [first, second] = args
  const err =
    first instanceof Error
      ? first
      : first && typeof first === 'object'
        ? /** @type {{ err?: unknown }} */ (first).err
        : undefined
  if (err !== undefined) {
    if (isSqliteBusy(err)) sqliteBusyErrors.inc()
    if (level >= ERROR_LEVEL) {
      reportError(err, {
        message: typeof second === 'string' ? second : undefined,
        level: level >= FATAL_LEVEL ? 'fatal' : 'error',
      })
    }
  }
  return method.apply(this, withCappedMessage(args, err))
}

/**
 * A logger with this process's settings; `destination` replaces stdout (tests). Each line has
 * the time, the level, the message, and, inside a request, its id and route (server/request-log.js).
 * @param {{ env?: Record<string, string | undefined>, destination?: pino.DestinationStream }} [options]
 */
export function createLogger({ env = process.env, destination } = {}) {
  if (!destination && env.NODE_ENV === 'test' && !env.LOG_LEVEL) destination = NOWHERE
  const pretty = !destination && env.NODE_ENV !== 'production'
  /** @type {pino.LoggerOptions} */
  const options = {
    level: logLevel(env),
    timestamp: pino.stdTimeFunctions.isoTime,
    // An error: its type, and its name and message escaped, then its frames, fields and cause
    // (server/log-text.js), which pino-pretty prints as lines of their own in development.
    serializers: {
      err: (error) => ({ type: error instanceof Error ? error.name : typeof error, stack: errorForLog(error) }),
    },
    mixin() {
      const request = currentRequest()
      return request ? { reqId: request.id, route: request.route } : {}
    },
    hooks: { logMethod },
    formatters: { log: (fields) => /** @type {Record<string, unknown>} */ (capFields(fields)) },
    // pino-pretty is a development dependency: production never loads it.
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } } }
      : {}),
  }
  return destination ? pino(options, destination) : pino(options)
}

/**
 * The process's logger. The production build bundles its own copy of this file beside the copy
 * server.js loads, so the one logger lives on globalThis (as server/request-context.js explains).
 */
const shared = /** @type {typeof globalThis & { __solaceLog?: pino.Logger }} */ (globalThis)
export const log = (shared.__solaceLog ??= createLogger())
