import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { sessions } from '~/db/schema'
import { TOO_MANY_REQUESTS, resetAllLimits } from '~/lib/rate-limit.server'
import * as loginScreen from '~/routes/_public.login'
import * as logoutScreen from '~/routes/_public.logout'
import * as authUserApi from '~/routes/api.auth.user'
import * as loginApi from '~/routes/api.login'
import * as logoutApi from '~/routes/api.logout'
import {
  CookieJar,
  SESSION_COOKIE,
  clearsCookie,
  cookieHeader,
  createUser,
  expectRedirect,
  expireSessions,
  formReply,
  formRequest,
  getRequest,
  jsonBody,
  jsonRequest,
  readToast,
  routeArgs,
  sessionRows,
  setCookieFor,
  settle,
  signIn,
  uniqueEmail,
} from '../helpers'

/** Logging in and out: the /login and /logout screens, /api/login, /api/logout, /api/auth/user. */

const INVALID = 'Invalid email or password'
const IP = '203.0.113.20'

function login(fields: Record<string, string>, options: { cookie?: string; ip?: string } = {}) {
  return loginScreen.action(routeArgs(formRequest('/login', fields, { ip: IP, ...options })))
}

function apiLogin(body: unknown, options: { cookie?: string; ip?: string } = {}) {
  return loginApi.action(routeArgs(jsonRequest('/api/login', 'POST', body, { ip: IP, ...options })))
}

function currentUser(cookie?: string) {
  return authUserApi.loader(routeArgs(getRequest('/api/auth/user', { cookie })))
}

beforeEach(resetAllLimits)

describe('login screen', () => {
  test('each role lands on its dashboard, signed in, with the welcome toast', async () => {
    const client = await createUser()
    const practitioner = await createUser({ isPractitioner: true })
    const admin = await createUser({ isAdmin: true })
    for (const [user, path] of [
      [client, '/client-dashboard'],
      [practitioner, '/practitioner/dashboard'],
      [admin, '/admin/dashboard'],
    ] as const) {
      const response = expectRedirect(await login({ email: user.email, password: user.password }), path)
      expect(await readToast(response)).toEqual({
        type: 'success',
        title: 'Welcome back!',
        description: 'You have successfully logged in.',
      })
      expect(sessionRows(user.id)).toHaveLength(1)
      const me = await jsonBody(await currentUser(cookieHeader(response)), 200)
      expect(me).toMatchObject({ id: user.id, email: user.email })
    }
  })

  test('the email is matched trimmed and in any case', async () => {
    const user = await createUser()
    expectRedirect(
      await login({ email: `  ${user.email.toUpperCase()} `, password: user.password }),
      '/client-dashboard',
    )
  })

  test('a same-site redirectTo is honoured; another site is ignored', async () => {
    const user = await createUser({ isPractitioner: true })
    expectRedirect(
      await login({ email: user.email, password: user.password, redirectTo: '/services/3?date=2030-01-01' }),
      '/services/3?date=2030-01-01',
    )
    expectRedirect(
      await login({ email: user.email, password: user.password, redirectTo: '//evil.test' }),
      '/practitioner/dashboard',
    )
  })

  test('the session id changes at login: the old row is deleted, a new one created', async () => {
    const user = await createUser()
    const before = await signIn(user.id)
    const [oldRow] = sessionRows(user.id)
    expect(oldRow).toBeDefined()

    const response = expectRedirect(
      await login({ email: user.email, password: user.password }, { cookie: before }),
      '/client-dashboard',
    )
    expect(getDb().select().from(sessions).where(eq(sessions.sid, oldRow!.sid)).get()).toBeUndefined()
    const rows = sessionRows(user.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.sid).not.toBe(oldRow!.sid)

    // The old cookie no longer signs anyone in; the new one does.
    expect((await currentUser(before)).status).toBe(401)
    const after = new CookieJar(before).apply(response).header()
    expect((await currentUser(after)).status).toBe(200)
  })

  test("remember='on' keeps the cookie 30 days; without it the cookie ends with the browser", async () => {
    const user = await createUser()
    const remembered = expectRedirect(
      await login({ email: user.email, password: user.password, remember: 'on' }),
      '/client-dashboard',
    )
    const rememberedCookie = setCookieFor(remembered, SESSION_COOKIE)!
    expect(rememberedCookie).toMatch(/; Max-Age=2592000(;|$)/)
    expect(rememberedCookie).toMatch(/HttpOnly/)
    expect(rememberedCookie).toMatch(/SameSite=Lax/)
    const thirtyDays = 30 * 24 * 60 * 60 * 1000
    const rememberedRow = sessionRows(user.id)[0]!
    expect(Math.abs(rememberedRow.expire.getTime() - (Date.now() + thirtyDays))).toBeLessThan(60_000)

    const browserSession = expectRedirect(
      await login({ email: user.email, password: user.password }, { cookie: cookieHeader(remembered) }),
      '/client-dashboard',
    )
    const browserCookie = setCookieFor(browserSession, SESSION_COOKIE)!
    expect(browserCookie).not.toMatch(/Max-Age/i)
    expect(browserCookie).not.toMatch(/Expires/i)
    // The server still ends such a session after 12 hours.
    const row = sessionRows(user.id)[0]!
    expect(Math.abs(row.expire.getTime() - (Date.now() + 12 * 60 * 60 * 1000))).toBeLessThan(60_000)
  })

  test('a wrong password answers 401 with the form error and the "Login failed" toast', async () => {
    const user = await createUser()
    const answer = formReply(await login({ email: user.email, password: 'wrong-password' }))
    expect(answer.status).toBe(401)
    expect(answer.result.error).toEqual({ '': [INVALID] })
    expect(answer.toast).toEqual({ type: 'error', title: 'Login failed', description: INVALID })
    expect(answer.result.initialValue).not.toHaveProperty('password')
    expect(sessionRows(user.id)).toHaveLength(0)
  })

  test('an unknown email answers exactly the same', async () => {
    const answer = formReply(await login({ email: uniqueEmail('nobody'), password: 'whatever-1' }))
    expect(answer.status).toBe(401)
    expect(answer.result.error).toEqual({ '': [INVALID] })
    expect(answer.toast).toEqual({ type: 'error', title: 'Login failed', description: INVALID })
  })

  test('invalid fields answer 400 with the spec’s messages', async () => {
    const answer = formReply(await login({ email: 'nope', password: '' }))
    expect(answer.status).toBe(400)
    expect(answer.result.error).toEqual({
      email: ['Please enter a valid email address'],
      password: ['Password is required'],
    })
  })

  test('after 10 failed attempts the 11th answers 429, even with the right password', async () => {
    const user = await createUser()
    for (let i = 0; i < 10; i++) {
      expect(formReply(await login({ email: user.email, password: `wrong-${i}` })).status).toBe(401)
    }
    const answer = formReply(await login({ email: user.email, password: user.password }))
    expect(answer.status).toBe(429)
    expect(answer.result.error).toEqual({ '': [TOO_MANY_REQUESTS] })
    expect(answer.toast).toEqual({ type: 'error', title: 'Login failed', description: TOO_MANY_REQUESTS })
    expect(sessionRows(user.id)).toHaveLength(0)
    // The API shares the limit.
    expect(await jsonBody(await apiLogin({ email: user.email, password: user.password }), 429)).toEqual({
      message: TOO_MANY_REQUESTS,
    })
  })

  test('successful logins are never limited, and one clears earlier failures', async () => {
    const user = await createUser()
    for (let i = 0; i < 15; i++) {
      expectRedirect(await login({ email: user.email, password: user.password }), '/client-dashboard')
    }
    for (let i = 0; i < 9; i++) await login({ email: user.email, password: 'wrong-password' })
    expectRedirect(await login({ email: user.email, password: user.password }), '/client-dashboard')
    for (let i = 0; i < 9; i++) await login({ email: user.email, password: 'wrong-password' })
    expectRedirect(await login({ email: user.email, password: user.password }), '/client-dashboard')
  })
})

describe('logout', () => {
  test('the action deletes the session row, clears the cookie and goes to / with a toast', async () => {
    const user = await createUser()
    const cookie = await signIn(user.id)
    expect(sessionRows(user.id)).toHaveLength(1)
    const response = expectRedirect(await logoutScreen.action(routeArgs(formRequest('/logout', {}, { cookie }))), '/')
    expect(sessionRows(user.id)).toHaveLength(0)
    expect(clearsCookie(response, SESSION_COOKIE)).toBe(true)
    expect(await readToast(response)).toMatchObject({ type: 'success', title: 'Logged out' })
    expect((await currentUser(cookie)).status).toBe(401)
  })

  test('GET /logout sends a signed-out visitor to /, and shows the page to a signed-in one', async () => {
    expectRedirect(await settle(() => logoutScreen.loader(routeArgs(getRequest('/logout')))), '/')
    const user = await createUser()
    const cookie = await signIn(user.id)
    expect(await logoutScreen.loader(routeArgs(getRequest('/logout', { cookie })))).toBeNull()
    // A GET changes nothing.
    expect(sessionRows(user.id)).toHaveLength(1)
  })
})

describe('/api/login', () => {
  test('200 { user, message } and the session cookie', async () => {
    const user = await createUser({ isPractitioner: true })
    const response = await apiLogin({ email: user.email, password: user.password, remember: true })
    const json = await jsonBody<{ user: Record<string, unknown>; message: string }>(response, 200)
    expect(json).toEqual({
      user: expect.objectContaining({ id: user.id, isPractitioner: true, isAdmin: false }),
      message: 'Login successful',
    })
    expect(json.user).not.toHaveProperty('passwordHash')
    expect(setCookieFor(response, SESSION_COOKIE)).toMatch(/Max-Age=2592000/)
    expect(sessionRows(user.id)).toHaveLength(1)
    expect((await currentUser(cookieHeader(response))).status).toBe(200)
  })

  test('401 { message } for a wrong password or an unknown email', async () => {
    const user = await createUser()
    expect(await jsonBody(await apiLogin({ email: user.email, password: 'wrong-password' }), 401)).toEqual({
      message: INVALID,
    })
    expect(await jsonBody(await apiLogin({ email: uniqueEmail('nobody'), password: 'x' }), 401)).toEqual({
      message: INVALID,
    })
  })

  test('400 { message } for an invalid email', async () => {
    expect(await jsonBody(await apiLogin({ email: 'not-an-email', password: 'whatever' }), 400)).toEqual({
      message: 'Please enter a valid email address',
    })
  })
})

describe('/api/logout and /api/auth/user', () => {
  test('/api/auth/user: 401 { message } when signed out, the user when signed in', async () => {
    const signedOut = await jsonBody(await currentUser(), 401)
    expect(signedOut).toEqual({ message: 'Authentication required' })

    const user = await createUser()
    const me = await jsonBody(await currentUser(await signIn(user.id)), 200)
    expect(me).toMatchObject({
      id: user.id,
      email: user.email,
      firstName: 'Test',
      isAdmin: false,
      isPractitioner: false,
    })
    expect(me).not.toHaveProperty('passwordHash')
  })

  test('POST /api/logout ends the session and clears the cookie', async () => {
    const user = await createUser()
    const cookie = await signIn(user.id)
    const response = await logoutApi.action(routeArgs(jsonRequest('/api/logout', 'POST', undefined, { cookie })))
    expect(await jsonBody(response, 200)).toEqual({ message: 'Logged out' })
    expect(clearsCookie(response, SESSION_COOKIE)).toBe(true)
    expect(sessionRows(user.id)).toHaveLength(0)
    expect((await currentUser(cookie)).status).toBe(401)
    // Signed out already: still fine.
    expect((await logoutApi.action(routeArgs(jsonRequest('/api/logout', 'POST')))).status).toBe(200)
  })

  test('an expired session row counts as signed out', async () => {
    const user = await createUser()
    const cookie = await signIn(user.id)
    expireSessions(user.id)
    expect(await jsonBody(await currentUser(cookie), 401)).toEqual({ message: 'Authentication required' })
    // The login screen is shown again instead of the dashboard redirect.
    expect(await loginScreen.loader(routeArgs(getRequest('/login', { cookie })))).toBeNull()
  })
})
