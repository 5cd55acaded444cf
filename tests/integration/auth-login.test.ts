import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { getDb } from '~/db/client.server'
import { sessions, users } from '~/db/schema'
import { currentParameters, needsRehash } from '~/lib/password.server'
import { resetAllLimits } from '~/lib/rate-limit.server'
import { accountLocked, addressLocked } from '~/models/accounts/password-attempts.server'
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
  userRow,
} from '../helpers'
import { allInEnglish } from '../helpers/shown-deep'

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
afterEach(() => {
  vi.useRealTimers()
})

const FIFTEEN_MINUTES = 15 * 60_000
/** The per-account message as it reads right after the window opened. */
const LOCKED = accountLocked(FIFTEEN_MINUTES)

describe('login screen', () => {
  test('each role lands on its dashboard, signed in, with the welcome toast', async () => {
    const client = await createUser()
    const practitioner = await createUser({ isPractitioner: true })
    // An admin without the app yet: their password alone signs in (the admin area then asks for
    // one, two-factor.test.ts).
    const admin = await createUser({ isAdmin: true }, { withoutTwoFactor: true })
    for (const [user, path] of [
      [client, '/client-dashboard'],
      [practitioner, '/practitioner/dashboard'],
      [admin, '/admin/dashboard'],
    ] as const) {
      const response = expectRedirect(await login({ email: user.email, password: user.password }), path)
      expect(allInEnglish(await readToast(response))).toEqual(
        allInEnglish({
          type: 'success',
          title: 'Welcome back!',
          description: 'You have successfully logged in.',
        }),
      )
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
    expect(allInEnglish(answer.result.error)).toEqual(allInEnglish({ '': [INVALID] }))
    expect(allInEnglish(answer.toast)).toEqual(
      allInEnglish({ type: 'error', title: 'Login failed', description: INVALID }),
    )
    expect(answer.result.initialValue).not.toHaveProperty('password')
    expect(sessionRows(user.id)).toHaveLength(0)
  })

  test('an unknown email answers exactly the same', async () => {
    const answer = formReply(await login({ email: uniqueEmail('nobody'), password: 'whatever-1' }))
    expect(answer.status).toBe(401)
    expect(allInEnglish(answer.result.error)).toEqual(allInEnglish({ '': [INVALID] }))
    expect(allInEnglish(answer.toast)).toEqual(
      allInEnglish({ type: 'error', title: 'Login failed', description: INVALID }),
    )
  })

  test('invalid fields answer 400 with the spec’s messages', async () => {
    const answer = formReply(await login({ email: 'nope', password: '' }))
    expect(answer.status).toBe(400)
    expect(allInEnglish(answer.result.error)).toEqual(
      allInEnglish({
        email: ['Please enter a valid email address'],
        password: ['Password is required'],
      }),
    )
  })

  test('after 10 failed attempts the 11th answers 429, even with the right password', async () => {
    const user = await createUser()
    for (let i = 0; i < 10; i++) {
      expect(formReply(await login({ email: user.email, password: `wrong-${i}` })).status).toBe(401)
    }
    const refusal = await login({ email: user.email, password: user.password })
    // Both answers say when to try again: at most the 15-minute window.
    const retryAfter = Number(new Headers((refusal as { init: ResponseInit }).init.headers).get('Retry-After'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    const answer = formReply(refusal)
    expect(answer.status).toBe(429)
    expect(answer.result.error).toEqual({ '': [LOCKED] })
    expect(allInEnglish(answer.toast)).toEqual(
      allInEnglish({ type: 'error', title: 'Login failed', description: LOCKED }),
    )
    expect(sessionRows(user.id)).toHaveLength(0)
    // The API shares the limit.
    const apiRefusal = (await apiLogin({ email: user.email, password: user.password })) as Response
    expect(Number(apiRefusal.headers.get('Retry-After'))).toBeLessThanOrEqual(retryAfter)
    expect(allInEnglish(await jsonBody(apiRefusal, 429))).toEqual(allInEnglish({ message: LOCKED }))
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

describe('limits on wrong passwords', () => {
  /** A different address for each attempt, as an attacker rotating addresses would have. */
  const address = (i: number) => `198.51.100.${i + 1}`

  test('60 wrong passwords from 60 addresses: 429 after the 10th, then even the right password is refused until the window passes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const user = await createUser()
    const statuses: number[] = []
    for (let i = 0; i < 60; i++) {
      const response = await apiLogin({ email: user.email, password: `wrong-${i}` }, { ip: address(i) })
      statuses.push(response.status)
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
    expect(statuses.slice(10)).toEqual(Array(50).fill(429))

    // The owner, from an address that never failed: refused, told when and what else to do.
    const fresh = { ip: '192.0.2.77' }
    vi.setSystemTime(Date.now() + 5 * 60_000)
    expect(await jsonBody(await apiLogin({ email: user.email, password: user.password }, fresh), 429)).toEqual({
      message: 'Too many wrong passwords for this account. Try again in 10 minutes, or reset your password.',
    })
    const screen = formReply(await login({ email: user.email, password: user.password }, fresh))
    expect(screen.status).toBe(429)
    expect(sessionRows(user.id)).toHaveLength(0)

    vi.setSystemTime(Date.now() + 10 * 60_000)
    expect((await apiLogin({ email: user.email, password: user.password }, fresh)).status).toBe(200)
  })

  test('an email without an account is limited the same way, so the 429 does not tell who has one', async () => {
    const email = uniqueEmail('nobody')
    for (let i = 0; i < 10; i++) {
      expect((await apiLogin({ email, password: `wrong-${i}` }, { ip: address(i) })).status).toBe(401)
    }
    expect(
      allInEnglish(await jsonBody(await apiLogin({ email, password: 'wrong' }, { ip: address(10) }), 429)),
    ).toEqual(
      allInEnglish({
        message: LOCKED,
      }),
    )
  })

  test("the owner's successful login takes back only their own failures, never those from other addresses", async () => {
    const user = await createUser()
    const owner = { ip: '192.0.2.10' }
    for (let i = 0; i < 3; i++) {
      expect((await apiLogin({ email: user.email, password: 'typo' }, owner)).status).toBe(401)
    }
    for (let i = 0; i < 6; i++) {
      expect((await apiLogin({ email: user.email, password: `guess-${i}` }, { ip: address(i) })).status).toBe(401)
    }
    // 9 failures counted; the owner signs in, which forgives their 3 typos only.
    expect((await apiLogin({ email: user.email, password: user.password }, owner)).status).toBe(200)
    const after: number[] = []
    for (let i = 6; i < 12; i++) {
      after.push((await apiLogin({ email: user.email, password: `guess-${i}` }, { ip: address(i) })).status)
    }
    // 6 guesses already counted: 4 more are answered, the rest refused.
    expect(after).toEqual([401, 401, 401, 401, 429, 429])
  })

  test('one address: after 50 wrong passwords over any accounts, 429 for every account', async () => {
    const ip = { ip: '203.0.113.99' }
    for (let i = 0; i < 50; i++) {
      expect((await apiLogin({ email: uniqueEmail('spray'), password: 'Password1' }, ip)).status).toBe(401)
    }
    const user = await createUser()
    expect(
      allInEnglish(await jsonBody(await apiLogin({ email: user.email, password: user.password }, ip), 429)),
    ).toEqual(
      allInEnglish({
        message: addressLocked(FIFTEEN_MINUTES),
      }),
    )
    // Other addresses are not affected.
    expect((await apiLogin({ email: user.email, password: user.password }, { ip: '203.0.113.100' })).status).toBe(200)
  })
})

describe('password hashes from older parameters', () => {
  /** PASSWORD hashed with scrypt N=2^17, r=8, p=1, the setting before decision 015. */
  const LEGACY_HASH =
    'scrypt$131072$8$1$AgSfl1SD5pRZJd8nQPpvQg==$ezbDgfs3zx0W3QHYqON9vD8XjUG5nfgK9KhhoFjy0UO5oe0SDfBiw6LlpkD4Yoxh+8WOk39xn3f7c1nMLhdRmw=='

  test('are replaced with the current parameters at the next successful login; the password still works', async () => {
    const user = await createUser()
    getDb().update(users).set({ passwordHash: LEGACY_HASH }).where(eq(users.id, user.id)).run()

    // A wrong password changes nothing.
    expect((await apiLogin({ email: user.email, password: 'wrong-password' })).status).toBe(401)
    expect(userRow(user.id)!.passwordHash).toBe(LEGACY_HASH)

    expect((await apiLogin({ email: user.email, password: user.password })).status).toBe(200)
    const upgraded = userRow(user.id)!.passwordHash
    const { N, r, p } = currentParameters()
    expect(upgraded.startsWith(`scrypt$${N}$${r}$${p}$`)).toBe(true)
    expect(needsRehash(upgraded)).toBe(false)

    expect((await apiLogin({ email: user.email, password: user.password })).status).toBe(200)
    expect(userRow(user.id)!.passwordHash).toBe(upgraded)
    expect((await apiLogin({ email: user.email, password: 'wrong-password' })).status).toBe(401)
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
    expect(allInEnglish(await readToast(response))).toMatchObject(
      allInEnglish({ type: 'success', title: 'Logged out' }),
    )
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
