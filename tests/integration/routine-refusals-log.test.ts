import { afterAll, expect, test } from 'vitest'
import { logRequestError } from '~/lib/log.server'
import { captureLog, LEVEL } from '../helpers/log'
import { remixApp } from '../helpers/remix-app'

/**
 * Anyone can send a request the app refuses as a matter of routine; each such refusal is said by
 * the request's own line (server/request-log.js) and at most one more at `debug`, so nobody can
 * fill the log with stack traces, or the error reports, by sending them. Remix reports its own
 * refusals (a write to a route without an action, an unknown data address) to entry.server's
 * handleError, which logs them through `logRequestError`.
 */

const app = await remixApp()
afterAll(() => app.close())

const form = { 'content-type': 'application/x-www-form-urlencoded' }

// Before: each of these logged Remix's error with a 9-line stack trace.
test.each([
  ['POST', '/about', 405],
  ['POST', '/?q=private+words', 405],
  ['POST', '/services.data', 405],
  ['DELETE', '/_root.data', 405],
])('%s %s is refused (%i) with one line at debug, and no query string', async (method, path, status) => {
  const answer = await app.http({ method, path, headers: form, body: new TextEncoder().encode('a=1') })
  expect(answer.status).toBe(status)
  expect(answer.errors).toHaveLength(1)
  const log = captureLog()
  logRequestError(answer.errors[0], new Request(`http://localhost${path}`, { method }))
  expect(log).toHaveLength(1)
  expect(log[0]!.level).toBe(LEVEL.debug)
  expect(log[0]!.msg).not.toContain('\n')
  expect(log[0]!.msg).toMatch(new RegExp(`^${status} ${method} /`))
  expect(JSON.stringify(log)).not.toContain('private')
})

test('a fault of ours is still logged whole, with its stack, at error', () => {
  const log = captureLog()
  logRequestError(new TypeError('Cannot read properties of undefined'), new Request('http://localhost/services'))
  expect(log).toHaveLength(1)
  expect(log[0]!.level).toBe(LEVEL.error)
  expect(log[0]!.err).toMatchObject({ type: 'TypeError' })
  expect(log[0]!.err!.stack).toMatch(/^TypeError: Cannot read properties of undefined\n\s+at /)
})

test('a request the client gave up on logs nothing', () => {
  const log = captureLog()
  const controller = new AbortController()
  controller.abort()
  logRequestError(new Error('late'), new Request('http://localhost/', { signal: controller.signal }))
  expect(log).toEqual([])
})
