import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { getDb } from '~/db/client.server'
import { recoveryCodes, users } from '~/db/schema'
import { settleAfterResponse } from '~/lib/after-response.server'
import { resetAllLimits } from '~/lib/rate-limit.server'
import { codesLocked } from '~/models/accounts/password-attempts.server'
import { createPatient } from '~/models/records/patients.server'
import {
  ADMIN_NEEDS_TWO_FACTOR,
  ADMIN_TWO_FACTOR_REASON,
  RECOVERY_CODES_DOWNLOAD_PATH,
  RECOVERY_CODES_PRINT_PATH,
  RECOVERY_CODES_UNREADABLE,
  SETUP_EXPIRED,
  SIGN_IN_EXPIRED,
  VERIFICATION_REQUIRED,
  WRONG_CODE,
  WRONG_PASSWORD,
} from '~/models/security/security'
import { resetSecondFactors } from '~/models/security/two-factor.server'
import * as securityScreen from '~/routes/_public.account.security'
import * as setupScreen from '~/routes/_public.account.security_.two-factor'
import * as verifyScreen from '~/routes/_public.account.verify'
import * as loginScreen from '~/routes/_public.login'
import * as signInCodeScreen from '~/routes/_public.login_.verify'
import * as logoutScreen from '~/routes/_public.logout'
import * as downloadRoute from '~/routes/account.security.recovery-codes.download'
import * as printRoute from '~/routes/account.security.recovery-codes.print'
import * as adminLayout from '~/routes/admin'
import * as adminUsersApi from '~/routes/api.admin.users.$id'
import * as adminUserListApi from '~/routes/api.admin.users._index'
import * as changePasswordApi from '~/routes/api.auth.change-password'
import * as verifyApi from '~/routes/api.auth.verify'
import * as loginApi from '~/routes/api.login'
import * as chartScreen from '~/routes/practitioner.patient-charting/route'
import * as exportScreen from '~/routes/practitioner_.patient-charting.$id.export'
import {
  CookieJar,
  TEST_TOTP_SECRET,
  callApi,
  createUser,
  expectRedirect,
  formReply,
  formRequest,
  getRequest,
  jsonRequest,
  outbox,
  readToast,
  routeArgs,
  sessionRows,
  settle,
  signIn,
  totpCode,
  turnOnTestAuthenticator,
} from '../helpers'
import { allInEnglish } from '../helpers/shown-deep'

/** Two-factor sign-in (decision 042): the app's codes, recovery codes, the admin rule, recent verification. */

const IP = '203.0.113.42'
const STEP_MS = 30_000

beforeEach(resetAllLimits)
afterEach(() => {
  vi.useRealTimers()
})

function post(
  route: { action: (args: never) => unknown },
  path: string,
  fields: Record<string, string>,
  jar: CookieJar,
) {
  return settle(() => route.action(routeArgs(formRequest(path, fields, { ip: IP, cookie: jar.header() })) as never))
}

/** A password sign-in on the screen; answers the browser's cookies and where it was sent. */
async function passwordStep(user: { email: string; password: string }, jar = new CookieJar()) {
  const answer = (await post(loginScreen, '/login', { email: user.email, password: user.password }, jar)) as Response
  jar.apply(answer)
  return { jar, location: answer.headers.get('Location') }
}

async function codeStep(jar: CookieJar, code: string) {
  const answer = await post(signInCodeScreen, '/login/verify', { code }, jar)
  if (answer instanceof Response) jar.apply(answer)
  return answer
}

describe('setting up an authenticator app', () => {
  test('a first code turns it on and answers ten recovery codes, kept only as hashes', async () => {
    const user = await createUser()
    const jar = new CookieJar(`__session=${(await signIn(user.id)).split('__session=')[1]}`)
    const page = (await setupScreen.loader(
      routeArgs(getRequest('/account/security/two-factor', { cookie: jar.header() })),
    )) as {
      setup: { secret: string; uri: string; qrSvg: string }
    }
    expect(page.setup.uri).toMatch(/^otpauth:\/\/totp\/Solace:.*secret=/)
    expect(page.setup.qrSvg).toContain('<svg')
    // Reloading keeps the same secret until it is confirmed.
    const again = (await setupScreen.loader(
      routeArgs(getRequest('/account/security/two-factor', { cookie: jar.header() })),
    )) as typeof page
    expect(again.setup.secret).toBe(page.setup.secret)

    const wrong = formReply(await post(setupScreen, '/account/security/two-factor', { code: '000000' }, jar))
    expect(wrong.status).toBe(400)
    expect(wrong.result.error?.code).toEqual([WRONG_CODE])
    // Said once, by the field (issue 42): no toast repeats it.
    expect(wrong.toast).toBeNull()

    const done = formReply(
      await post(setupScreen, '/account/security/two-factor', { code: await totpCode(page.setup.secret) }, jar),
    ) as unknown as {
      data: never
      newCodes?: string[]
    } & ReturnType<typeof formReply>
    const codes = (done as unknown as { newCodes: string[] }).newCodes
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    const stored = getDb().select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id)).all()
    expect(stored).toHaveLength(10)
    for (const row of stored) expect(codes).not.toContain(row.codeHash)
    expect(getDb().select({ on: users.totpEnabledAt }).from(users).where(eq(users.id, user.id)).get()?.on).toBeTruthy()
  })
})

describe('signing in with two-factor on', () => {
  test('the password is only the first step; a code on the second finishes it, once', async () => {
    const user = await createUser()
    turnOnTestAuthenticator(user.id)
    const { jar, location } = await passwordStep(user)
    expect(location).toBe('/login/verify')
    // Not signed in yet: the pending session has no user.
    const guarded = await settle(() =>
      securityScreen.loader(routeArgs(getRequest('/account/security', { cookie: jar.header() }))),
    )
    expect((guarded as Response).headers.get('Location')).toMatch(/^\/login/)

    const code = await totpCode()
    const done = await codeStep(jar, code)
    expectRedirect(done, '/client-dashboard')
    expect(allInEnglish(await readToast(done as Response))).toMatchObject(allInEnglish({ title: 'Welcome back!' }))

    // The same code again, in another browser: refused, though it is still the current one.
    const other = await passwordStep(user)
    const replay = formReply(await codeStep(other.jar, code))
    expect(replay.result.error?.code).toEqual([WRONG_CODE])
  })

  test('a code of the step before or after is accepted (clock drift); two steps away is not', async () => {
    const user = await createUser()
    turnOnTestAuthenticator(user.id)
    const now = Date.now()
    const { jar: first } = await passwordStep(user)
    expectRedirect(
      await codeStep(first, await totpCode(TEST_TOTP_SECRET, new Date(now - STEP_MS))),
      '/client-dashboard',
    )
    const { jar: second } = await passwordStep(user)
    expectRedirect(
      await codeStep(second, await totpCode(TEST_TOTP_SECRET, new Date(now + STEP_MS))),
      '/client-dashboard',
    )
    const { jar: third } = await passwordStep(user)
    const far = formReply(await codeStep(third, await totpCode(TEST_TOTP_SECRET, new Date(now + 3 * STEP_MS))))
    expect(far.result.error?.code).toEqual([WRONG_CODE])
    expect(far.toast).toBeNull()
  })

  test('a recovery code works once, in place of the app', async () => {
    const user = await createUser()
    const jar = new CookieJar(await signIn(user.id))
    const { setup } = (await setupScreen.loader(routeArgs(getRequest('/x', { cookie: jar.header() })))) as {
      setup: { secret: string }
    }
    const reply = (await post(
      setupScreen,
      '/account/security/two-factor',
      { code: await totpCode(setup.secret) },
      jar,
    )) as {
      data: { newCodes: string[] }
    }
    const recovery = reply.data.newCodes[0]!
    const { jar: browser } = await passwordStep(user)
    expectRedirect(await codeStep(browser, recovery.toUpperCase().replace('-', ' ')), '/client-dashboard')
    const { jar: again } = await passwordStep(user)
    expect(formReply(await codeStep(again, recovery)).result.error?.code).toEqual([WRONG_CODE])
  })

  test('wrong codes are limited per account: the 11th within 15 minutes is refused before any check', async () => {
    const user = await createUser()
    turnOnTestAuthenticator(user.id)
    const { jar } = await passwordStep(user)
    for (let i = 0; i < 10; i += 1) {
      expect(formReply(await codeStep(jar, '123456')).status).toBe(400)
    }
    const locked = formReply(await codeStep(jar, await totpCode()))
    expect(locked.status).toBe(429)
    // Said once, on the form (issue 42): no toast repeats it.
    expect(locked.result.error).toEqual({ '': [codesLocked(15 * 60_000)] })
    expect(locked.toast).toBeNull()
  })

  test('the second step waits ten minutes, then starts again from the password', async () => {
    const user = await createUser()
    turnOnTestAuthenticator(user.id)
    const { jar } = await passwordStep(user)
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 })
    const late = await codeStep(jar, '123456')
    expectRedirect(late, '/login')
    expect(await readToast(late as Response)).toMatchObject({ description: SIGN_IN_EXPIRED })
  })

  test('/api/login answers that a code is needed, then takes it in a second call', async () => {
    const user = await createUser()
    turnOnTestAuthenticator(user.id)
    const jar = new CookieJar()
    const first = await callApi(
      loginApi.action,
      jsonRequest('/api/login', 'POST', { email: user.email, password: user.password }, { ip: IP }),
    )
    expect(first.status).toBe(401)
    expect(first.body).toEqual({ message: expect.any(String), twoFactorRequired: true })
    jar.apply(first.headers.getSetCookie())
    const wrong = await callApi(
      loginApi.action,
      jsonRequest('/api/login', 'POST', { code: '000000' }, { ip: IP, cookie: jar.header() }),
    )
    expect(wrong.status).toBe(400)
    const second = await callApi(
      loginApi.action,
      jsonRequest('/api/login', 'POST', { code: await totpCode() }, { ip: IP, cookie: jar.header() }),
    )
    expect(second.status).toBe(200)
    expect(second.body).toMatchObject({ user: { id: user.id }, message: 'Login successful' })
    // Without two-factor the spec's single call is unchanged.
    const plain = await createUser()
    const direct = await callApi(
      loginApi.action,
      jsonRequest('/api/login', 'POST', { email: plain.email, password: plain.password }, { ip: IP }),
    )
    expect(direct.status).toBe(200)
  })

  test('a sign-in from a browser the account has not used before emails its owner, with no sign-in link', async () => {
    const user = await createUser()
    const firstBrowser = await passwordStep(user)
    await settleAfterResponse()
    expect(outbox(user.email)).toHaveLength(0)
    // The same browser again: nothing; a new one: one email.
    await passwordStep(user, new CookieJar(`__device=${firstBrowser.jar.get('__device')}`))
    await passwordStep(user)
    await settleAfterResponse()
    const emails = outbox(user.email)
    expect(emails).toHaveLength(1)
    expect(emails[0]!.subject).toBe('New sign-in to your Solace account')
    expect(emails[0]!.text).not.toMatch(/token=|\/login/)
  })
})

describe('admins must have it', () => {
  test('an admin without an app is sent to set one up before the admin area opens; the API says so', async () => {
    const admin = await createUser({ isAdmin: true }, { withoutTwoFactor: true })
    const cookie = await signIn(admin.id)
    const answer = await settle(() => adminLayout.loader(routeArgs(getRequest('/admin/dashboard', { cookie }))))
    expectRedirect(answer, '/account/security/two-factor?redirectTo=%2Fadmin%2Fdashboard')
    expect(await readToast(answer as Response)).toMatchObject({ title: ADMIN_NEEDS_TWO_FACTOR })
    // The setup page says why itself (issue 42); a person who is no admin is not told it.
    const setupFor = async (id: number) =>
      (await setupScreen.loader(
        routeArgs(
          getRequest('/account/security/two-factor?redirectTo=%2Fadmin%2Fdashboard', { cookie: await signIn(id) }),
        ),
      )) as { adminReason: string | null }
    expect((await setupFor(admin.id)).adminReason).toBe(ADMIN_TWO_FACTOR_REASON)
    expect((await setupFor((await createUser()).id)).adminReason).toBeNull()
    const api = await callApi(adminUserListApi.loader, getRequest('/api/admin/users', { cookie }))
    expect(api.status).toBe(403)
    expect(allInEnglish(api.body.message)).toBe(allInEnglish(ADMIN_NEEDS_TWO_FACTOR))
    turnOnTestAuthenticator(admin.id)
    expect(await settle(() => adminLayout.loader(routeArgs(getRequest('/admin/dashboard', { cookie }))))).toMatchObject(
      { user: { id: admin.id } },
    )
  })
})

describe('recent verification', () => {
  test('after ten minutes an export asks for the password again, then returns to it', async () => {
    const practitioner = await createUser({ isPractitioner: true })
    const jar = new CookieJar(await signIn(practitioner.id))
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 })
    const answer = await settle(() =>
      exportScreen.loader(
        routeArgs(getRequest('/practitioner/patient-charting/1/export', { cookie: jar.header() }), { id: '1' }),
      ),
    )
    expectRedirect(answer, '/account/verify?redirectTo=%2Fpractitioner%2Fpatient-charting%2F1%2Fexport')
    const wrong = formReply(
      await post(
        verifyScreen,
        '/account/verify',
        { password: 'nope', redirectTo: '/practitioner/patient-charting/1/export' },
        jar,
      ),
    )
    expect(wrong.status).toBe(400)
    expect(wrong.result.error).toEqual({ password: [WRONG_PASSWORD] })
    expect(wrong.toast).toBeNull()
    const right = await post(
      verifyScreen,
      '/account/verify',
      { password: practitioner.password, redirectTo: '/practitioner/patient-charting/1/export' },
      jar,
    )
    expectRedirect(right, '/practitioner/patient-charting/1/export')
    // Now the export goes on (to its own 404: there is no patient 1 of theirs).
    const after = await settle(() =>
      exportScreen.loader(
        routeArgs(getRequest('/practitioner/patient-charting/1/export', { cookie: jar.header() }), { id: '1' }),
      ),
    )
    expect((after as Response).status).toBe(404)
  })

  test('an admin deletion through the API answers 403 verificationRequired until POST /api/auth/verify', async () => {
    const admin = await createUser({ isAdmin: true })
    const target = await createUser()
    const cookie = await signIn(admin.id)
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 })
    const refused = await callApi(
      adminUsersApi.action,
      jsonRequest(`/api/admin/users/${target.id}`, 'DELETE', undefined, { cookie }),
      { id: String(target.id) },
    )
    expect(refused.status).toBe(403)
    expect(allInEnglish(refused.body)).toEqual(
      allInEnglish({ message: VERIFICATION_REQUIRED, verificationRequired: true }),
    )
    const code = await totpCode(TEST_TOTP_SECRET, new Date())
    const verified = await callApi(
      verifyApi.action,
      jsonRequest('/api/auth/verify', 'POST', { code }, { cookie, ip: IP }),
    )
    expect(verified.status).toBe(200)
    const deleted = await callApi(
      adminUsersApi.action,
      jsonRequest(`/api/admin/users/${target.id}`, 'DELETE', undefined, { cookie }),
      { id: String(target.id) },
    )
    expect(deleted.status).toBe(200)
  })
})

describe('the security page', () => {
  test('turning the app off and new recovery codes take a current code', async () => {
    const user = await createUser()
    turnOnTestAuthenticator(user.id)
    const jar = new CookieJar(await signIn(user.id))
    const refused = formReply(
      await post(securityScreen, '/account/security', { intent: 'disable-two-factor', code: '111111' }, jar),
    )
    expect(refused.result.error?.code).toEqual([WRONG_CODE])
    expect(refused.toast).toBeNull()
    const codes = (await post(
      securityScreen,
      '/account/security',
      { intent: 'new-recovery-codes', code: await totpCode(TEST_TOTP_SECRET, new Date(Date.now() - STEP_MS)) },
      jar,
    )) as { data: { newCodes: string[] } }
    expect(codes.data.newCodes).toHaveLength(10)
    const off = await post(
      securityScreen,
      '/account/security',
      { intent: 'disable-two-factor', code: await totpCode() },
      jar,
    )
    expectRedirect(off, '/account/security')
    expect(getDb().select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id)).all()).toHaveLength(0)
  })

  test('lists the sessions with this device first; signs out one, or every other', async () => {
    const user = await createUser()
    const here = new CookieJar(await signIn(user.id))
    const elsewhere = await signIn(user.id)
    await signIn(user.id)
    const page = (await securityScreen.loader(
      routeArgs(getRequest('/account/security', { cookie: here.header() })),
    )) as {
      sessions: { handle: string; current: boolean }[]
    }
    expect(page.sessions).toHaveLength(3)
    expect(page.sessions[0]!.current).toBe(true)
    const other = page.sessions[1]!
    expectRedirect(
      await post(securityScreen, '/account/security', { intent: 'sign-out-session', session: other.handle }, here),
      '/account/security',
    )
    const after = (await securityScreen.loader(
      routeArgs(getRequest('/account/security', { cookie: here.header() })),
    )) as typeof page
    expect(after.sessions.map((s) => s.handle)).not.toContain(other.handle)
    expectRedirect(
      await post(securityScreen, '/account/security', { intent: 'sign-out-others' }, here),
      '/account/security',
    )
    const alone = (await securityScreen.loader(
      routeArgs(getRequest('/account/security', { cookie: here.header() })),
    )) as typeof page
    expect(alone.sessions).toHaveLength(1)
    void elsewhere
  })
})

describe('who may use the security routes', () => {
  type Screen = { loader: (args: never) => unknown; action: (args: never) => unknown }
  const screens: [string, Screen][] = [
    ['/account/security', securityScreen],
    ['/account/security/two-factor', setupScreen],
    ['/account/verify', verifyScreen],
  ]

  test.each(screens)(
    '%s: a visitor, or a browser half-way through signing in, is sent to log in',
    async (path, route) => {
      const user = await createUser()
      turnOnTestAuthenticator(user.id)
      const { jar: halfway } = await passwordStep(user)
      for (const cookie of [undefined, halfway.header()]) {
        const read = await settle(() => route.loader(routeArgs(getRequest(path, { cookie })) as never))
        expect((read as Response).headers.get('Location')).toBe(`/login?redirect=${encodeURIComponent(path)}`)
        const write = await settle(() =>
          route.action(
            routeArgs(
              formRequest(path, { intent: 'sign-out-others', code: '123456', password: 'x' }, { cookie }),
            ) as never,
          ),
        )
        expect((write as Response).headers.get('Location')).toMatch(/^\/login\?redirect=/)
      }
    },
  )

  test('/api/auth/verify is 401 signed out; /login/verify sends a signed-in person to their dashboard', async () => {
    const visitor = await callApi(
      verifyApi.action,
      jsonRequest('/api/auth/verify', 'POST', { password: 'x' }, { ip: IP }),
    )
    expect(visitor.status).toBe(401)
    const user = await createUser()
    const cookie = await signIn(user.id)
    expectRedirect(
      await settle(() => signInCodeScreen.loader(routeArgs(getRequest('/login/verify', { cookie })))),
      '/client-dashboard',
    )
    // Without a pending sign-in there is nothing to finish.
    const none = await settle(() => signInCodeScreen.loader(routeArgs(getRequest('/login/verify'))))
    expectRedirect(none, '/login')
  })

  test("another account's session cannot be signed out by its handle", async () => {
    const owner = await createUser()
    const other = await createUser()
    const ownerJar = new CookieJar(await signIn(owner.id))
    await signIn(owner.id)
    const page = (await securityScreen.loader(
      routeArgs(getRequest('/account/security', { cookie: ownerJar.header() })),
    )) as {
      sessions: { handle: string; current: boolean }[]
    }
    const target = page.sessions.find((s) => !s.current)!
    const otherJar = new CookieJar(await signIn(other.id))
    const answer = await post(
      securityScreen,
      '/account/security',
      { intent: 'sign-out-session', session: target.handle },
      otherJar,
    )
    expect(allInEnglish(await readToast(answer as Response))).toMatchObject(allInEnglish({ title: 'Not found' }))
    const after = (await securityScreen.loader(
      routeArgs(getRequest('/account/security', { cookie: ownerJar.header() })),
    )) as typeof page
    expect(after.sessions).toHaveLength(2)
  })
})

describe('the way back for a locked-out account', () => {
  test('the operator command removes the app, its recovery codes and passkeys, and signs out everywhere', async () => {
    const admin = await createUser({ isAdmin: true })
    const cookie = await signIn(admin.id)
    const done = resetSecondFactors(admin.email.toUpperCase())
    expect(done).toMatchObject({ userId: admin.id, sessions: 1 })
    expect(resetSecondFactors('nobody@example.com')).toBeNull()
    // Signed out; the password alone signs in again, and the admin area asks for a new app.
    const guarded = await settle(() => adminLayout.loader(routeArgs(getRequest('/admin/dashboard', { cookie }))))
    expect((guarded as Response).headers.get('Location')).toMatch(/^\/login/)
    const { jar, location } = await passwordStep(admin)
    expect(location).toBe('/admin/dashboard')
    const admitted = await settle(() =>
      adminLayout.loader(routeArgs(getRequest('/admin/dashboard', { cookie: jar.header() }))),
    )
    expect((admitted as Response).headers.get('Location')).toMatch(/^\/account\/security\/two-factor/)
  })
})

describe('opened from another site', () => {
  test('the setup page makes no secret on that visit; its button does', async () => {
    const user = await createUser()
    const jar = new CookieJar(await signIn(user.id))
    const crossSite = getRequest('/account/security/two-factor', {
      cookie: jar.header(),
      headers: { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' },
    })
    const page = (await setupScreen.loader(routeArgs(crossSite))) as { setup: { secret: string | null } }
    expect(page.setup.secret).toBeNull()
    expect(
      getDb().select({ secret: users.totpSecret }).from(users).where(eq(users.id, user.id)).get()?.secret,
    ).toBeNull()
    expectRedirect(
      await post(setupScreen, '/account/security/two-factor', { intent: 'start' }, jar),
      '/account/security/two-factor',
    )
    const after = (await setupScreen.loader(
      routeArgs(getRequest('/account/security/two-factor', { cookie: jar.header() })),
    )) as typeof page
    expect(after.setup.secret).toMatch(/^[A-Z2-7]+$/)
  })
})

describe("a patient's documents", () => {
  test('after ten minutes the Docs tab sends Download through the password step, which returns to the tab', async () => {
    const practitioner = await createUser({ isPractitioner: true })
    const patient = createPatient(practitioner.id, { firstName: 'Rowan', lastName: 'Hale' })
    const cookie = await signIn(practitioner.id)
    const path = `/practitioner/patient-charting?patient=${patient.id}&tab=docs`
    const chartOf = async () => {
      const page = await chartScreen.loader(routeArgs(getRequest(path, { cookie })))
      return (page as unknown as { patient: { verifyDownloadsHref: string | null } }).patient
    }
    expect((await chartOf()).verifyDownloadsHref).toBeNull()
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 })
    expect((await chartOf()).verifyDownloadsHref).toBe(`/account/verify?redirectTo=${encodeURIComponent(path)}`)
  })
})

const SETUP = '/account/security/two-factor'

/** What the setup page shows this browser: its secret, or the Response it answered (a redirect). */
async function setupPage(jar: CookieJar) {
  const page = await settle(() => setupScreen.loader(routeArgs(getRequest(SETUP, { cookie: jar.header() }))))
  if (page instanceof Response) return page
  return (page as { setup: { secret: string } | null }).setup
}

async function shownSecret(jar: CookieJar) {
  const setup = await setupPage(jar)
  if (setup instanceof Response || !setup) throw new Error('the setup page showed no secret')
  return setup.secret
}

const accountTotp = (userId: number) =>
  getDb().select({ secret: users.totpSecret, on: users.totpEnabledAt }).from(users).where(eq(users.id, userId)).get()

const newCodesOf = (answer: unknown) => (answer as { data: { newCodes?: string[] } }).data.newCodes

describe('what can lock the owner out asks for a recent verification (issue 41)', () => {
  const verifyFor = (path: string) => `/account/verify?redirectTo=${encodeURIComponent(path)}`

  test('turning the app on: a session verified 11 minutes ago is sent to verify, then comes back to finish', async () => {
    const user = await createUser()
    const jar = new CookieJar(await signIn(user.id))
    const signedInAt = Date.now()
    // Set up 8 minutes after signing in; 3 minutes later the sign-in is no longer recent.
    vi.useFakeTimers({ toFake: ['Date'], now: signedInAt + 8 * 60_000 })
    const secret = await shownSecret(jar)
    vi.setSystemTime(signedInAt + 11 * 60_000)
    expectRedirect(await setupPage(jar), verifyFor(SETUP))
    expectRedirect(await post(setupScreen, SETUP, { intent: 'start' }, jar), verifyFor(SETUP))
    const code = await totpCode(secret, new Date())
    expectRedirect(await post(setupScreen, SETUP, { code }, jar), verifyFor(SETUP))
    expect(accountTotp(user.id)?.on).toBeNull()

    const back = await post(verifyScreen, '/account/verify', { password: user.password, redirectTo: SETUP }, jar)
    expectRedirect(back, SETUP)
    // Still within the setup's ten minutes: the same secret, and its code turns the app on.
    expect(await shownSecret(jar)).toBe(secret)
    const done = await post(setupScreen, SETUP, { code: await totpCode(secret, new Date()) }, jar)
    expect(newCodesOf(done)).toHaveLength(10)
    expect(accountTotp(user.id)?.on).toBeTruthy()
  })

  test.each([
    ['disable-two-factor', 'turning the app off'],
    ['new-recovery-codes', 'new recovery codes'],
    ['sign-out-others', 'signing out every other session'],
    ['sign-out-session', 'signing out one other session'],
  ])('%s (%s): a stale session is sent to verify and back; nothing changes until then', async (intent) => {
    const user = await createUser()
    turnOnTestAuthenticator(user.id)
    const jar = new CookieJar(await signIn(user.id))
    await signIn(user.id)
    const page = (await securityScreen.loader(
      routeArgs(getRequest('/account/security', { cookie: jar.header() })),
    )) as { sessions: { handle: string; current: boolean }[] }
    const other = page.sessions.find((session) => !session.current)!.handle
    const codesBefore = getDb().select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id)).all()
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 })
    const fields = async () => ({ intent, session: other, code: await totpCode(TEST_TOTP_SECRET, new Date()) })

    expectRedirect(await post(securityScreen, '/account/security', await fields(), jar), verifyFor('/account/security'))
    expect(accountTotp(user.id)?.on).toBeTruthy()
    expect(getDb().select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id)).all()).toEqual(codesBefore)
    expect(sessionRows(user.id)).toHaveLength(2)

    const back = await post(
      verifyScreen,
      '/account/verify',
      { password: user.password, redirectTo: '/account/security' },
      jar,
    )
    expectRedirect(back, '/account/security')
    // The next step's code: the one just now may not be taken twice.
    vi.setSystemTime(Date.now() + STEP_MS)
    const done = await post(securityScreen, '/account/security', await fields(), jar)
    if (intent === 'new-recovery-codes') expect(newCodesOf(done)).toHaveLength(10)
    else expectRedirect(done, '/account/security')
    if (intent === 'disable-two-factor') expect(accountTotp(user.id)?.on).toBeNull()
    if (intent.startsWith('sign-out')) expect(sessionRows(user.id)).toHaveLength(1)
  })
})

describe("a setup secret is one session's, for ten minutes (issue 41)", () => {
  test('two sessions of one account are shown different secrets, and neither is kept on the account', async () => {
    const user = await createUser()
    const first = new CookieJar(await signIn(user.id))
    const second = new CookieJar(await signIn(user.id))
    const firstSecret = await shownSecret(first)
    const secondSecret = await shownSecret(second)
    expect(secondSecret).not.toBe(firstSecret)
    // A reload within its life shows the same one.
    expect(await shownSecret(first)).toBe(firstSecret)
    expect(accountTotp(user.id)).toEqual({ secret: null, on: null })
    // The other session's secret does not confirm this one's setup.
    const wrong = formReply(await post(setupScreen, SETUP, { code: await totpCode(firstSecret) }, second))
    expect(wrong.result.error?.code).toEqual([WRONG_CODE])
    const done = await post(setupScreen, SETUP, { code: await totpCode(secondSecret) }, second)
    expect(newCodesOf(done)).toHaveLength(10)
    expect(accountTotp(user.id)?.secret).toBe(secondSecret)
  })

  test('a secret seen by a session that signed out never signs in', async () => {
    const user = await createUser()
    const thief = new CookieJar(await signIn(user.id))
    const stolen = await shownSecret(thief)
    await post(logoutScreen, '/logout', {}, thief)
    expect(sessionRows(user.id)).toHaveLength(0)
    // The owner sets up their app later, in their own session.
    const owner = new CookieJar(await signIn(user.id))
    const own = await shownSecret(owner)
    expect(own).not.toBe(stolen)
    expect(newCodesOf(await post(setupScreen, SETUP, { code: await totpCode(own) }, owner))).toHaveLength(10)
    // The stolen secret's code does not pass the second step of signing in.
    const { jar } = await passwordStep(user)
    const refused = formReply(await codeStep(jar, await totpCode(stolen)))
    expect(refused.result.error?.code).toEqual([WRONG_CODE])
  })

  test('an unconfirmed secret left on the account (before this change) is never shown nor accepted', async () => {
    const user = await createUser()
    getDb().update(users).set({ totpSecret: TEST_TOTP_SECRET }).where(eq(users.id, user.id)).run()
    const jar = new CookieJar(await signIn(user.id))
    expect(await shownSecret(jar)).not.toBe(TEST_TOTP_SECRET)
    const refused = formReply(await post(setupScreen, SETUP, { code: await totpCode(TEST_TOTP_SECRET) }, jar))
    expect(refused.result.error?.code).toEqual([WRONG_CODE])
    expect(accountTotp(user.id)?.on).toBeNull()
  })

  test('after ten minutes the setup is refused plainly; starting again shows a new secret', async () => {
    const user = await createUser()
    const jar = new CookieJar(await signIn(user.id))
    const secret = await shownSecret(jar)
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * 60_000 + 1000 })
    // The verification is as old: given again, so only the setup's own age is left to refuse.
    await post(verifyScreen, '/account/verify', { password: user.password, redirectTo: SETUP }, jar)
    const late = formReply(await post(setupScreen, SETUP, { code: await totpCode(secret, new Date()) }, jar))
    expect(late.status).toBe(409)
    expect(late.result.error?.['']).toEqual([SETUP_EXPIRED])
    expect(accountTotp(user.id)?.on).toBeNull()
    expectRedirect(await post(setupScreen, SETUP, { intent: 'start' }, jar), SETUP)
    const fresh = await shownSecret(jar)
    expect(fresh).not.toBe(secret)
    expect(newCodesOf(await post(setupScreen, SETUP, { code: await totpCode(fresh, new Date()) }, jar))).toHaveLength(
      10,
    )
  })

  test("a password change ends this session's setup", async () => {
    const user = await createUser()
    const jar = new CookieJar(await signIn(user.id))
    const secret = await shownSecret(jar)
    const changed = await callApi(
      changePasswordApi.action,
      jsonRequest(
        '/api/auth/change-password',
        'POST',
        { currentPassword: user.password, newPassword: 'Quiet-harbor-lantern-42' },
        { cookie: jar.header(), ip: IP },
      ),
    )
    expect(changed.status).toBe(200)
    const refused = formReply(await post(setupScreen, SETUP, { code: await totpCode(secret) }, jar))
    expect(refused.result.error?.['']).toEqual([SETUP_EXPIRED])
    expect(accountTotp(user.id)?.on).toBeNull()
    expect(await shownSecret(jar)).not.toBe(secret)
  })
})

describe('recovery codes can be saved: downloaded or printed (issue 41)', () => {
  const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fghj${'kmnpqrstuv'[i]}`)
  const codesBody = (codes: string[]) => {
    const body = new URLSearchParams()
    for (const code of codes) body.append('codes', code)
    return body
  }
  const postCodes = (path: string, route: { action: (args: never) => unknown }, body: string, cookie?: string) =>
    settle(() =>
      route.action(
        routeArgs(
          new Request(`http://localhost${path}`, {
            method: 'POST',
            body,
            headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(cookie ? { Cookie: cookie } : {}) },
          }),
        ) as never,
      ),
    )

  test('Download answers the posted codes as a text file, not cached; only to a signed-in person', async () => {
    const user = await createUser()
    const cookie = await signIn(user.id)
    const body = codesBody(CODES).toString()
    const file = (await postCodes(RECOVERY_CODES_DOWNLOAD_PATH, downloadRoute, body, cookie)) as Response
    expect(file.status).toBe(200)
    expect(file.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
    expect(file.headers.get('Content-Disposition')).toBe('attachment; filename="solace-recovery-codes.txt"')
    expect(file.headers.get('Cache-Control')).toBe('private, no-store')
    const text = await file.text()
    for (const code of CODES) expect(text).toContain(`\n${code}\n`)
    expect(text).toContain(user.email)

    const visitor = await postCodes(RECOVERY_CODES_DOWNLOAD_PATH, downloadRoute, body)
    expect((visitor as Response).headers.get('Location')).toMatch(/^\/login\?redirect=/)
    expect((downloadRoute.loader() as Response).status).toBe(405)
  })

  test.each([
    ['eleven codes', codesBody([...CODES, 'wxyza-bcdef']).toString()],
    ['no code', ''],
    ['a code of another shape', codesBody(['<script>alert(1)</script>']).toString()],
    ['an upper-case code', codesBody(['ABCDE-FGHJK']).toString()],
  ])('Download and Print refuse %s with a plain 400', async (_, body) => {
    const user = await createUser()
    const cookie = await signIn(user.id)
    for (const [path, route] of [
      [RECOVERY_CODES_DOWNLOAD_PATH, downloadRoute],
      [RECOVERY_CODES_PRINT_PATH, printRoute],
    ] as const) {
      const refused = (await postCodes(path, route, body, cookie)) as Response
      expect(refused.status).toBe(400)
      expect(allInEnglish(await refused.text())).toBe(allInEnglish(RECOVERY_CODES_UNREADABLE))
    }
  })

  test('a body past 2 KB is refused before it is read as codes', async () => {
    const user = await createUser()
    const cookie = await signIn(user.id)
    const big = `${codesBody(CODES).toString()}&pad=${'x'.repeat(4000)}`
    const refused = (await postCodes(RECOVERY_CODES_DOWNLOAD_PATH, downloadRoute, big, cookie)) as Response
    expect(refused.status).toBe(413)
  })

  test('Print answers the codes with the email and the date, not cached', async () => {
    const user = await createUser()
    const cookie = await signIn(user.id)
    const page = (await postCodes(RECOVERY_CODES_PRINT_PATH, printRoute, codesBody(CODES).toString(), cookie)) as {
      data: { codes: string[]; email: string; date: string }
      init: ResponseInit
    }
    expect(page.data).toMatchObject({ codes: CODES, email: user.email })
    expect(page.data.date).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/)
    expect(new Headers(page.init.headers).get('Cache-Control')).toBe('private, no-store')
    const visitor = await postCodes(RECOVERY_CODES_PRINT_PATH, printRoute, codesBody(CODES).toString())
    expect((visitor as Response).headers.get('Location')).toMatch(/^\/login\?redirect=/)
  })
})
