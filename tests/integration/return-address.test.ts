import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { resetAllLimits } from '~/lib/rate-limit.server'
import { createUser, PASSWORD, sessionRows, signIn, uniqueEmail, userRowByEmail } from '../helpers'
import { remixApp, type RemixApp } from '../helpers/remix-app'

/**
 * The return address after signing in or up (`redirectTo`, app/lib/safe-redirect.ts), sent
 * over HTTP through the real server (tests/helpers/remix-app.ts) as a browser without
 * JavaScript posts the form: the answer's `Location` stays on this site whatever was asked, a
 * character no header may carry never turns the answer into a 500, and the session is made once.
 */

const ORIGIN = 'http://localhost'
let app: RemixApp

beforeAll(async () => {
  app = await remixApp()
}, 60_000)
afterAll(async () => {
  await app.close()
})
beforeEach(resetAllLimits)

function post(path: string, fields: Record<string, string>) {
  return app.http(new Request(`${ORIGIN}${path}`, { method: 'POST', body: new URLSearchParams(fields) }))
}

async function logIn(redirectTo: string) {
  const user = await createUser()
  const answer = await post('/login', { email: user.email, password: PASSWORD, redirectTo })
  return { answer, sessions: sessionRows(user.id).length }
}

async function signUp(redirectTo: string) {
  const email = uniqueEmail('return')
  const answer = await post('/signup', {
    email,
    password: 'secret-pass',
    confirmPassword: 'secret-pass',
    firstName: 'Maya',
    lastName: 'Chen',
    phoneNumber: '416-555-0199',
    agreeToTerms: 'on',
    redirectTo,
  })
  const user = userRowByEmail(email)
  return { answer, sessions: user ? sessionRows(user.id).length : 0 }
}

/** Where the browser goes with this answer's Location. */
function landing(location: string | null) {
  expect(location).not.toBeNull()
  expect(location).toMatch(/^[\x21-\x7e]+$/)
  return new URL(location!, `${ORIGIN}/login`)
}

const WAYS_OFF = [
  '/./\\evil.test',
  '/.//evil.test',
  '/..//evil.test',
  '/\t/evil.test',
  '\\/evil.test',
  '/\\evil.test',
  '//evil.test',
  'https:evil.test',
  'https://evil.test/x',
  'javascript:alert(1)',
]

describe.each([
  ['POST /login', logIn, '/client-dashboard'],
  ['POST /signup', signUp, '/client-dashboard'],
] as const)('%s', (_name, submit, dashboard) => {
  test.each(WAYS_OFF)('%j goes to the dashboard', async (redirectTo) => {
    const { answer, sessions } = await submit(redirectTo)
    expect(answer.status).toBe(302)
    expect(answer.headers.get('Location')).toBe(dashboard)
    expect(sessions).toBe(1)
  })

  test('an escaped backslash is a path on this site', async () => {
    const { answer } = await submit('/%5Cevil.test')
    expect(answer.status).toBe(302)
    expect(landing(answer.headers.get('Location')).origin).toBe(ORIGIN)
  })

  test('an ordinary path comes back with its query and fragment', async () => {
    const { answer } = await submit('/services/3?date=2026-12-01&slot=41#book')
    expect(answer.headers.get('Location')).toBe('/services/3?date=2026-12-01&slot=41#book')
  })

  test.each([
    ['/café', '/caf%C3%A9'],
    ['/日本', '/%E6%97%A5%E6%9C%AC'],
    ['/services?q=日本#日本', '/services?q=%E6%97%A5%E6%9C%AC#%E6%97%A5%E6%9C%AC'],
    ['/😀\ud800', '/%F0%9F%98%80%EF%BF%BD'],
  ])('%j is a redirect, percent-escaped, with one session', async (redirectTo, location) => {
    const { answer, sessions } = await submit(redirectTo)
    expect(answer.status).toBe(302)
    expect(answer.headers.get('Location')).toBe(location)
    expect(landing(answer.headers.get('Location')).origin).toBe(ORIGIN)
    expect(sessions).toBe(1)
  })
})

test('POST /api/login takes no return address: it answers JSON, never a Location', async () => {
  const user = await createUser()
  const answer = await app.http(
    new Request(`${ORIGIN}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: PASSWORD, redirectTo: '/日本' }),
    }),
  )
  expect(answer.status).toBe(200)
  expect(answer.headers.get('Location')).toBeNull()
  expect(sessionRows(user.id)).toHaveLength(1)
})

describe('every other Location built from what a request carried is a header value', () => {
  test('signing in first: the page asked for comes back percent-escaped, and is kept after login', async () => {
    const asked = '/client-inbox?with=日本&note=😀#café'
    const answer = await app.http(new Request(`${ORIGIN}${asked}`))
    expect(answer.status).toBe(302)
    const location = answer.headers.get('Location')
    expect(landing(location).pathname).toBe('/login')
    const back = landing(location).searchParams.get('redirect')!
    const { answer: loggedIn } = await logIn(back)
    expect(landing(loggedIn.headers.get('Location')).href).toBe(new URL(asked.split('#')[0]!, ORIGIN).href)
  })

  test("an admin's action goes back to the view it came from, search included", async () => {
    const admin = await createUser({ isAdmin: true })
    const client = await createUser()
    const answer = await app.http(
      // Past the emoji, bytes that are no UTF-8 at all.
      new Request(`${ORIGIN}/admin/dashboard?q=${encodeURIComponent('日本 😀')}%ED%A0%80&page=2`, {
        method: 'POST',
        headers: { Cookie: await signIn(admin.id) },
        body: new URLSearchParams({ intent: 'suspend-user', userId: String(client.id) }),
      }),
    )
    expect(answer.status).toBe(302)
    const back = landing(answer.headers.get('Location'))
    expect(back.pathname).toBe('/admin/dashboard')
    expect(back.searchParams.get('q')).toMatch(/^日本 😀\ufffd+$/)
  })
})
