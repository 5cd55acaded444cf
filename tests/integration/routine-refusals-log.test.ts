import { afterAll, afterEach, expect, test, vi } from 'vitest'
import { logRequestError } from '~/lib/log.server'
import { remixApp } from '../helpers/remix-app'

/**
 * Anyone can send a request the app refuses as a matter of routine; each such refusal logs one
 * line, so nobody can fill the log with stack traces by sending them. Remix reports its own
 * refusals (a write to a route without an action, an unknown data address) to entry.server's
 * handleError, which logs them through `logRequestError`.
 */

const app = await remixApp()
afterAll(() => app.close())
afterEach(() => vi.restoreAllMocks())

function captureLog() {
  const lines: string[] = []
  for (const level of ['error', 'warn', 'info', 'log'] as const) {
    vi.spyOn(console, level).mockImplementation((...args) => void lines.push(args.map(String).join(' ')))
  }
  return lines
}

const form = { 'content-type': 'application/x-www-form-urlencoded' }

// Before: each of these logged Remix's error with a 9-line stack trace.
test.each([
  ['POST', '/about', 405],
  ['POST', '/?q=private+words', 405],
  ['POST', '/services.data', 405],
  ['DELETE', '/_root.data', 405],
])('%s %s is refused (%i) with one line in the log, and no query string', async (method, path, status) => {
  const answer = await app.http({ method, path, headers: form, body: new TextEncoder().encode('a=1') })
  expect(answer.status).toBe(status)
  expect(answer.errors).toHaveLength(1)
  const lines = captureLog()
  logRequestError(answer.errors[0], new Request(`http://localhost${path}`, { method }))
  expect(lines).toHaveLength(1)
  expect(lines[0]).not.toContain('\n')
  expect(lines[0]).toMatch(new RegExp(`^${status} ${method} /`))
  expect(lines[0]).not.toContain('private')
})

test('a fault of ours is still logged whole, with its stack', () => {
  const lines = captureLog()
  logRequestError(new TypeError('Cannot read properties of undefined'), new Request('http://localhost/services'))
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatch(/^TypeError: Cannot read properties of undefined\n\s+at /)
})

test('a request the client gave up on logs nothing', () => {
  const lines = captureLog()
  const controller = new AbortController()
  controller.abort()
  logRequestError(new Error('late'), new Request('http://localhost/', { signal: controller.signal }))
  expect(lines).toEqual([])
})
