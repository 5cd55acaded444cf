// @ts-check
import { describe, expect, test } from 'vitest'
import { createLogger, logLevel } from './log.js'
import { registry } from './metric-registry.js'
import { requestContext } from './request-context.js'

/** A logger of this process's kind writing into an array, each line parsed. */
function loggerInto(env = { NODE_ENV: 'production' }) {
  /** @type {Record<string, unknown>[]} */
  const lines = []
  const log = createLogger({
    env,
    destination: {
      write(text) {
        for (const line of text.split('\n')) if (line) lines.push(JSON.parse(line))
      },
    },
  })
  return { log, lines }
}

describe('a line', () => {
  test('is one JSON object: time, level, message and the fields given', () => {
    const { log, lines } = loggerInto()
    log.info({ port: 8081 }, 'Solace is listening')
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, msg: 'Solace is listening', port: 8081, time: expect.any(String) }),
    ])
  })

  test("inside a request it carries the request's id and route; fields given win", () => {
    const { log, lines } = loggerInto()
    const context = {
      id: 'req-1',
      method: 'GET',
      route: 'routes/api.messages',
      pathname: '/api/messages',
      userId: 7,
      language: /** @type {const} */ ('en'),
    }
    requestContext.run(context, () => {
      log.warn('a refund failed')
      log.info({ route: 'static' }, 'given')
    })
    log.info('outside')
    expect(lines.map(({ reqId, route, msg }) => ({ reqId, route, msg }))).toEqual([
      { reqId: 'req-1', route: 'routes/api.messages', msg: 'a refund failed' },
      { reqId: 'req-1', route: 'static', msg: 'given' },
      { reqId: undefined, route: undefined, msg: 'outside' },
    ])
    // Never the user's id on every line: only the request's own line says who (server/request-log.js).
    expect(lines[0]).not.toHaveProperty('userId')
  })

  test('an error is told with its message escaped, then its frames, so that it cannot forge a line', () => {
    const { log, lines } = loggerInto()
    log.error({ err: new Error('Ada\r\n[payments] refund succeeded') }, 'the refund failed')
    const err = /** @type {{ type: string, stack: string }} */ (lines[0]?.err)
    expect(err.type).toBe('Error')
    const [first, ...frames] = err.stack.split(/\r\n|[\n\r]/)
    expect(first).toBe('Error: Ada\\r\\n[payments] refund succeeded')
    expect(frames.length).toBeGreaterThan(0)
    for (const frame of frames) expect(frame).toMatch(/^\s+at /)
  })
})

test('levels: LOG_LEVEL (never above error, which is what is reported), else info, debug in development', () => {
  expect(logLevel({ NODE_ENV: 'production' })).toBe('info')
  expect(logLevel({ NODE_ENV: 'test' })).toBe('info')
  expect(logLevel({ NODE_ENV: 'development' })).toBe('debug')
  expect(logLevel({})).toBe('debug')
  expect(logLevel({ NODE_ENV: 'production', LOG_LEVEL: 'warn' })).toBe('warn')
  // Not a level: the default here; app/env.server.ts stops the process naming LOG_LEVEL.
  expect(logLevel({ NODE_ENV: 'production', LOG_LEVEL: 'loud' })).toBe('info')
  expect(logLevel({ NODE_ENV: 'production', LOG_LEVEL: 'silent' })).toBe('info')
  const { log, lines } = loggerInto({ NODE_ENV: 'production' })
  log.debug('not in production')
  expect(lines).toEqual([])
})

test('an error that says SQLite was busy is counted, however it was wrapped', async () => {
  const busy = registry.getSingleMetric('solace_sqlite_busy_errors_total')
  const count = async () => (await busy?.get())?.values[0]?.value ?? 0
  const before = await count()
  const { log } = loggerInto()
  const sqlite = Object.assign(new Error('database is locked'), { name: 'SqliteError', code: 'SQLITE_BUSY' })
  log.warn({ err: new Error('Failed query', { cause: sqlite }) }, 'not applied yet')
  log.warn({ err: new Error('something else') }, 'not counted')
  expect(await count()).toBe(before + 1)
})
