import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { passwordResetTokens } from '~/db/schema'
import { settleAfterResponse } from '~/lib/after-response.server'
import { TOO_MANY_REQUESTS, resetAllLimits } from '~/lib/rate-limit.server'
import { accountLocked } from '~/models/accounts/password-attempts.server'
import { COMMON_PASSWORD } from '~/models/accounts/user'
import { verifyLogin } from '~/models/accounts/user.server'
import * as forgotScreen from '~/routes/_public.forgot-password'
import * as resetScreen from '~/routes/_public.reset-password'
import * as forgotApi from '~/routes/api.auth.forgot-password'
import * as resetApi from '~/routes/api.auth.reset-password'
import * as loginApi from '~/routes/api.login'
import {
  createUser,
  expectRedirect,
  formReply,
  formRequest,
  getRequest,
  jsonBody,
  jsonRequest,
  outbox,
  recordExpensiveSteps,
  resetTokenFrom,
  routeArgs,
  sessionRows,
  signIn,
  TEST_SHARE,
  uniqueEmail,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'
import { allInEnglish } from '../helpers/shown-deep'

/** Forgot and reset password: the two screens, their /api twins, the outbox and the tokens. */

const SENT = 'If an account with that email exists, a password reset link has been sent. Please check your email.'
const DONE = 'Your password has been reset successfully! You can now log in with your new password.'
const INVALID_TOKEN = 'This reset link is invalid or has expired. Please request a new password reset.'
const NEW_PASSWORD = 'brand-new-password'

/** The screen's answer, once the work it leaves for after the answer (the email) is done too. */
async function forgot(email: string, ip = '203.0.113.30') {
  const answer = await forgotScreen.action(routeArgs(formRequest('/forgot-password', { email }, { ip })))
  await settleAfterResponse()
  return answer
}

function reset(fields: Record<string, string>, ip = '203.0.113.50') {
  return resetScreen.action(routeArgs(formRequest('/reset-password', fields, { ip })))
}

function resetLoader(search: string) {
  return resetScreen.loader(routeArgs(getRequest(`/reset-password${search}`)))
}

/** Requests a reset for this user through the screen and answers the token from the email. */
async function requestToken(email: string) {
  expectRedirect(await forgot(email), '/forgot-password?sent=1')
  const mail = outbox(email).at(-1)
  expect(mail).toBeDefined()
  return resetTokenFrom(mail!.text)
}

beforeEach(() => {
  resetAllLimits()
})

describe('forgot-password screen', () => {
  test('a known email: 302 to ?sent=1 and one email with a reset link', async () => {
    const user = await createUser()
    const response = expectRedirect(await forgot(user.email.toUpperCase()), '/forgot-password?sent=1')
    expect(response.headers.getSetCookie()).toEqual([])

    const mails = outbox(user.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ to: user.email, subject: 'Reset your Solace password', status: 'logged' })
    expect(mails[0]!.text).toMatch(/http:\/\/localhost\/reset-password\?token=[A-Za-z0-9_-]{20,}/)
    expect(mails[0]!.html).toContain('/reset-password?token=')

    // Only a hash of the token is stored.
    const token = resetTokenFrom(mails[0]!.text)
    const rows = getDb().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)).all()
    expect(rows).toHaveLength(1)
    expect(rows[0]!.token).not.toBe(token)
    expect(rows[0]!.isUsed).toBe(false)
  })

  test('an unknown email: the same redirect, and no email', async () => {
    const before = outbox().length
    const email = uniqueEmail('nobody')
    expectRedirect(await forgot(email), '/forgot-password?sent=1')
    expect(outbox(email)).toHaveLength(0)
    expect(outbox()).toHaveLength(before)
  })

  test('a missing or invalid email answers 400 and sends nothing', async () => {
    const before = outbox().length
    const empty = formReply(await forgot(''))
    expect(empty.status).toBe(400)
    expect(allInEnglish(empty.result.error)).toEqual(allInEnglish({ email: ['Please enter your email address'] }))
    const invalid = formReply(await forgot('not-an-email'))
    expect(allInEnglish(invalid.result.error)).toEqual(allInEnglish({ email: ['Please enter a valid email address'] }))
    expect(outbox()).toHaveLength(before)
  })

  test('the loader shows the spec’s text with ?sent=1, and the form without', () => {
    expect(allInEnglish(forgotScreen.loader(routeArgs(getRequest('/forgot-password?sent=1'))))).toEqual(
      allInEnglish({ sentMessage: SENT }),
    )
    expect(forgotScreen.loader(routeArgs(getRequest('/forgot-password')))).toEqual({ sentMessage: null })
  })

  test('the 6th request for one email within the hour answers 429; other emails still work', async () => {
    const user = await createUser()
    for (let i = 0; i < 5; i++) expectRedirect(await forgot(user.email), '/forgot-password?sent=1')
    const answer = formReply(await forgot(user.email))
    expect(answer.status).toBe(429)
    expect(answer.result.error).toEqual({ '': [TOO_MANY_REQUESTS] })
    expect(allInEnglish(answer.toast)).toEqual(
      allInEnglish({ type: 'error', title: 'Failed to send reset email', description: TOO_MANY_REQUESTS }),
    )
    expect(outbox(user.email)).toHaveLength(5)
    // Unknown emails are limited the same way (the answer does not reveal which exist).
    const nobody = uniqueEmail('nobody')
    for (let i = 0; i < 5; i++) expectRedirect(await forgot(nobody, '203.0.113.31'), '/forgot-password?sent=1')
    expect(formReply(await forgot(nobody, '203.0.113.31')).status).toBe(429)
    const other = await createUser()
    expectRedirect(await forgot(other.email), '/forgot-password?sent=1')
  })
})

describe('reset-password screen', () => {
  test('loader states: no token, a bad token, a good token, done', async () => {
    expect(allInEnglish(resetLoader(''))).toEqual(
      allInEnglish({
        state: 'error',
        message: 'Invalid reset link. Please request a new password reset.',
      }),
    )
    expect(allInEnglish(resetLoader('?token='))).toEqual(
      allInEnglish({
        state: 'error',
        message: 'Invalid reset link. Please request a new password reset.',
      }),
    )
    expect(allInEnglish(resetLoader('?token=not-a-real-token'))).toEqual(
      allInEnglish({ state: 'error', message: INVALID_TOKEN }),
    )

    const user = await createUser()
    const token = await requestToken(user.email)
    expect(resetLoader(`?token=${token}`)).toEqual({ state: 'form', token })
    expect(allInEnglish(resetLoader('?done=1'))).toEqual(allInEnglish({ state: 'success', message: DONE }))
  })

  test('mismatched, short or missing passwords are refused with the spec’s messages', async () => {
    const user = await createUser()
    const token = await requestToken(user.email)

    const mismatch = formReply(await reset({ token, newPassword: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` }))
    expect(mismatch.status).toBe(400)
    expect(allInEnglish(mismatch.result.error)).toEqual(allInEnglish({ confirmPassword: ['Passwords do not match'] }))
    expect(mismatch.result.initialValue).not.toHaveProperty('newPassword')

    const short = formReply(await reset({ token, newPassword: 'short1234', confirmPassword: 'short1234' }))
    expect(short.status).toBe(400)
    expect(allInEnglish(short.result.error)).toEqual(
      allInEnglish({ newPassword: ['Password must be at least 10 characters long'] }),
    )

    // One of the most common passwords, whatever its case: refused saying why, the token kept.
    const common = formReply(await reset({ token, newPassword: 'Password123', confirmPassword: 'Password123' }))
    expect(common.status).toBe(400)
    expect(common.result.error).toEqual({ newPassword: [COMMON_PASSWORD] })
    expect(allInEnglish(common.toast)).toEqual(
      allInEnglish({ type: 'error', title: 'Failed to reset password', description: COMMON_PASSWORD }),
    )
    expect(common.result.initialValue).not.toHaveProperty('newPassword')

    const missing = formReply(await reset({ token, newPassword: '', confirmPassword: '' }))
    expect(allInEnglish(missing.result.error)).toEqual(
      allInEnglish({
        newPassword: ['Please fill in all fields'],
        confirmPassword: ['Please fill in all fields'],
      }),
    )

    const noToken = formReply(await reset({ token: '', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }))
    expect(allInEnglish(noToken.result.error)).toEqual(allInEnglish({ token: ['Invalid reset token'] }))

    // Nothing was spent: the token still works.
    expect(resetLoader(`?token=${token}`)).toEqual({ state: 'form', token })
    expect(await verifyLogin(user.email, user.password, TEST_SHARE)).not.toBeNull()
  })

  test('success: 302 to ?done=1, the new password works, the old does not, every session ends', async () => {
    const user = await createUser()
    await signIn(user.id)
    await signIn(user.id, { remember: true })
    expect(sessionRows(user.id)).toHaveLength(2)
    const token = await requestToken(user.email)
    const otherToken = await requestToken(user.email)

    expectRedirect(
      await reset({ token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
      '/reset-password?done=1',
    )
    expect((await verifyLogin(user.email, NEW_PASSWORD, TEST_SHARE))?.id).toBe(user.id)
    expect(await verifyLogin(user.email, user.password, TEST_SHARE)).toBeNull()
    expect(sessionRows(user.id)).toHaveLength(0)

    // The token is spent (and so is every other open token of the user).
    expect(allInEnglish(resetLoader(`?token=${token}`))).toEqual(
      allInEnglish({ state: 'error', message: INVALID_TOKEN }),
    )
    const again = formReply(
      await reset({ token, newPassword: 'another-password', confirmPassword: 'another-password' }),
    )
    expect(again.status).toBe(400)
    expect(allInEnglish(again.result.error)).toEqual(allInEnglish({ token: [INVALID_TOKEN] }))
    expect(allInEnglish(again.toast)).toEqual(
      allInEnglish({ type: 'error', title: 'Failed to reset password', description: INVALID_TOKEN }),
    )
    const other = formReply(
      await reset({ token: otherToken, newPassword: 'another-password', confirmPassword: 'another-password' }),
    )
    expect(other.status).toBe(400)
    expect((await verifyLogin(user.email, NEW_PASSWORD, TEST_SHARE))?.id).toBe(user.id)
  })

  test('a reset lifts the lock that wrong passwords put on the account', async () => {
    const user = await createUser()
    const login = (password: string, ip: string) =>
      loginApi.action(routeArgs(jsonRequest('/api/login', 'POST', { email: user.email, password }, { ip })))
    for (let i = 0; i < 10; i++) expect((await login(`guess-${i}`, `198.51.100.${i + 1}`)).status).toBe(401)
    expect(allInEnglish(await jsonBody(await login(user.password, '192.0.2.5'), 429))).toEqual(
      allInEnglish({
        message: accountLocked(15 * 60_000),
      }),
    )

    const token = await requestToken(user.email)
    expectRedirect(
      await reset({ token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
      '/reset-password?done=1',
    )
    expect((await login(NEW_PASSWORD, '192.0.2.5')).status).toBe(200)
  })

  test('an expired token is refused and changes nothing', async () => {
    const user = await createUser()
    const token = await requestToken(user.email)
    getDb()
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id))
      .run()
    expect(allInEnglish(resetLoader(`?token=${token}`))).toEqual(
      allInEnglish({ state: 'error', message: INVALID_TOKEN }),
    )
    const answer = formReply(await reset({ token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }))
    expect(answer.status).toBe(400)
    expect(allInEnglish(answer.result.error)).toEqual(allInEnglish({ token: [INVALID_TOKEN] }))
    expect(await verifyLogin(user.email, user.password, TEST_SHARE)).not.toBeNull()
    expect(await verifyLogin(user.email, NEW_PASSWORD, TEST_SHARE)).toBeNull()
  })
})

describe('/api/auth/forgot-password and /api/auth/reset-password', () => {
  const apiForgot = async (body: unknown, ip = '203.0.113.40') => {
    const answer = await forgotApi.action(routeArgs(jsonRequest('/api/auth/forgot-password', 'POST', body, { ip })))
    await settleAfterResponse()
    return answer
  }
  const apiReset = (body: unknown) => resetApi.action(routeArgs(jsonRequest('/api/auth/reset-password', 'POST', body)))

  test('forgot: 200 { message } whether or not the account exists; an email only for a real one', async () => {
    const user = await createUser()
    expect(await jsonBody(await apiForgot({ email: user.email }), 200)).toEqual({ message: SENT })
    expect(outbox(user.email)).toHaveLength(1)
    const nobody = uniqueEmail('nobody')
    expect(await jsonBody(await apiForgot({ email: nobody }), 200)).toEqual({ message: SENT })
    expect(outbox(nobody)).toHaveLength(0)
  })

  test('forgot: 400 { message } for a missing email or a bad body; 405 for GET-like methods', async () => {
    expect(await jsonBody(await apiForgot({}), 400)).toEqual({ message: 'Please enter your email address' })
    expect(await jsonBody(await apiForgot({ email: 'x' }), 400)).toEqual({
      message: 'Please enter a valid email address',
    })
    expect(await jsonBody(await apiForgot('nope'), 400)).toEqual({ message: 'The request body must be valid JSON' })
    const put = await forgotApi.action(routeArgs(jsonRequest('/api/auth/forgot-password', 'PUT', {})))
    expect(await jsonBody(put, 405)).toEqual({ message: 'Method not allowed' })
  })

  test('forgot: the 6th request for one email answers 429 (shared with the screen)', async () => {
    const user = await createUser()
    for (let i = 0; i < 3; i++) expectRedirect(await forgot(user.email), '/forgot-password?sent=1')
    for (let i = 0; i < 2; i++) expect((await apiForgot({ email: user.email })).status).toBe(200)
    expect(await jsonBody(await apiForgot({ email: user.email }), 429)).toEqual({
      message: inEnglish(TOO_MANY_REQUESTS),
    })
  })

  test('reset: 200 { message }, then the token is spent (400); sessions end', async () => {
    const user = await createUser()
    await signIn(user.id)
    await apiForgot({ email: user.email })
    const token = resetTokenFrom(outbox(user.email).at(-1)!.text)

    expect(await jsonBody(await apiReset({ token, newPassword: 'short1234' }), 400)).toEqual({
      message: 'Password must be at least 10 characters long',
    })
    expect(allInEnglish(await jsonBody(await apiReset({ token, newPassword: 'password123' }), 400))).toEqual(
      allInEnglish({
        message: COMMON_PASSWORD,
      }),
    )
    expect(await jsonBody(await apiReset({ token, newPassword: '' }), 400)).toEqual({
      message: 'Please fill in all fields',
    })
    expect(await jsonBody(await apiReset({ newPassword: NEW_PASSWORD }), 400)).toEqual({
      message: 'Invalid reset token',
    })

    expect(await jsonBody(await apiReset({ token, newPassword: NEW_PASSWORD }), 200)).toEqual({ message: DONE })
    expect((await verifyLogin(user.email, NEW_PASSWORD, TEST_SHARE))?.id).toBe(user.id)
    expect(sessionRows(user.id)).toHaveLength(0)
    expect(await jsonBody(await apiReset({ token, newPassword: 'another-password' }), 400)).toEqual({
      message: INVALID_TOKEN,
    })
    expect(await jsonBody(await apiReset({ token: 'made-up', newPassword: 'another-password' }), 400)).toEqual({
      message: INVALID_TOKEN,
    })
  })
})

describe('nothing anonymous reaches the slow steps first', () => {
  // Before: the new password was hashed before the token was looked at, and nothing limited the
  // posts, so made-up tokens filled the hash queue and every sign-in got "The server is busy".
  test('a made-up token is refused before its password is hashed, and an address gets 20 tries an hour', async () => {
    const recorded = recordExpensiveSteps()
    try {
      for (let i = 0; i < 20; i++) {
        const answer = formReply(
          await reset({ token: `made-up-${i}`, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
        )
        expect(answer.status).toBe(400)
        expect(allInEnglish(answer.result.error)).toEqual(allInEnglish({ token: [INVALID_TOKEN] }))
      }
      expect(recorded.steps()).toEqual([])
      const limited = formReply(
        await reset({ token: 'made-up', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
      )
      expect(limited.status).toBe(429)
      expect(limited.result.error).toEqual({ '': [TOO_MANY_REQUESTS] })
      // Another address is not held back by it.
      const other = formReply(
        await reset({ token: 'made-up', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, '198.51.100.50'),
      )
      expect(other.status).toBe(400)
      expect(recorded.steps()).toEqual([])
    } finally {
      recorded.stop()
    }
  })

  // Before: the answer waited for the lookup, the token and the email, so a real account's
  // answer took twice as long as a made-up one's.
  test('forgot-password answers before the work that differs between a real account and none', async () => {
    const user = await createUser()
    const nobody = uniqueEmail('nobody')
    for (const email of [user.email, nobody]) {
      const request = formRequest('/forgot-password', { email }, { ip: '203.0.113.60' })
      expectRedirect(await forgotScreen.action(routeArgs(request)), '/forgot-password?sent=1')
      // Answered: nothing looked up, written or sent yet, for either.
      expect(getDb().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)).all()).toEqual(
        [],
      )
      expect(outbox(email)).toHaveLength(0)
    }
    await settleAfterResponse()
    expect(outbox(user.email)).toHaveLength(1)
    expect(outbox(nobody)).toHaveLength(0)
  })
})
