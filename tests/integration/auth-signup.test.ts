import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { users } from '~/db/schema'
import { msg } from '~/lib/i18n/message'
import { hashPassword } from '~/lib/password.server'
import { TOO_MANY_REQUESTS, resetAllLimits } from '~/lib/rate-limit.server'
import { getUser } from '~/models/accounts/auth.server'
import { COMMON_PASSWORD } from '~/models/accounts/user'
import * as loginScreen from '~/routes/_public.login'
import * as signupScreen from '~/routes/_public.signup'
import * as loginApi from '~/routes/api.login'
import * as signupApi from '~/routes/api.signup'
import {
  SESSION_COOKIE,
  TOAST_COOKIE,
  cookieHeader,
  createUser,
  expectRedirect,
  formReply,
  formRequest,
  jsonBody,
  jsonRequest,
  readToast,
  routeArgs,
  sessionRows,
  setCookieFor,
  TEST_SHARE,
  uniqueEmail,
  userRowByEmail,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'
import { allInEnglish } from '../helpers/shown-deep'

/** Signing up, through the /signup screen's action and POST /api/signup. */

const HONEYPOT_REFUSAL = msg('common:forms.notAccepted')
const EMAIL_TAKEN = 'An account with this email already exists'

function signupFields(overrides: Record<string, string> = {}) {
  return {
    email: uniqueEmail('signup'),
    password: 'secret-pass',
    confirmPassword: 'secret-pass',
    firstName: 'Maya',
    lastName: 'Chen',
    phoneNumber: '416-555-0199',
    isPractitioner: '',
    agreeToTerms: 'on',
    redirectTo: '',
    website: '',
    ...overrides,
  }
}

function submit(fields: Record<string, string>, ip = '203.0.113.10') {
  return signupScreen.action(routeArgs(formRequest('/signup', fields, { ip })))
}

function login(fields: Record<string, string>) {
  return loginScreen.action(routeArgs(formRequest('/login', fields, { ip: '203.0.113.11' })))
}

function apiSignup(body: unknown, ip = '203.0.113.10') {
  return signupApi.action(routeArgs(jsonRequest('/api/signup', 'POST', body, { ip })))
}

beforeEach(resetAllLimits)

describe('signup screen', () => {
  test('a client signs up: 302 to /client-dashboard, signed in, with the success toast', async () => {
    const fields = signupFields({ email: ` ${uniqueEmail('Client').toUpperCase()} ` })
    const response = expectRedirect(await submit(fields), '/client-dashboard')

    expect(setCookieFor(response, SESSION_COOKIE)).toBeDefined()
    expect(setCookieFor(response, TOAST_COOKIE)).toBeDefined()
    expect(allInEnglish(await readToast(response))).toEqual(
      allInEnglish({
        type: 'success',
        title: 'Success!',
        description: 'Your account has been created. Welcome to our wellness platform!',
      }),
    )

    // Stored trimmed and lower-cased, as a client, with the default country.
    const row = userRowByEmail(fields.email.trim().toLowerCase())
    expect(row).toMatchObject({
      firstName: 'Maya',
      lastName: 'Chen',
      phoneNumber: '416-555-0199',
      isPractitioner: false,
      isAdmin: false,
      country: 'CA',
    })
    expect(row!.passwordHash).not.toContain('secret-pass')

    // The cookie is a live session of the new user.
    expect(sessionRows(row!.id)).toHaveLength(1)
    const cookie = cookieHeader(response)
    const user = await getUser(new Request('http://localhost/', { headers: { Cookie: cookie } }))
    expect(user?.id).toBe(row!.id)
  })

  test('a practitioner signs up: 302 to /practitioner/dashboard and isPractitioner is stored', async () => {
    const fields = signupFields({ isPractitioner: 'on', country: 'CA' })
    const response = expectRedirect(await submit(fields), '/practitioner/dashboard')
    expect(setCookieFor(response, SESSION_COOKIE)).toBeDefined()
    expect(userRowByEmail(fields.email)).toMatchObject({ isPractitioner: true, isAdmin: false, country: 'CA' })
    const other = signupFields({ isPractitioner: 'on', country: 'GB' })
    expectRedirect(await submit(other), '/practitioner/dashboard')
    expect(userRowByEmail(other.email)).toMatchObject({ isPractitioner: true, country: 'GB' })
  })

  test('a same-site redirectTo is honoured; another site is ignored', async () => {
    expectRedirect(await submit(signupFields({ redirectTo: '/services/3' })), '/services/3')
    expectRedirect(await submit(signupFields({ redirectTo: '//evil.test' })), '/client-dashboard')
    expectRedirect(await submit(signupFields({ redirectTo: 'https://evil.test/x' })), '/client-dashboard')
  })

  test('invalid input answers 400 with every field’s message and creates nothing', async () => {
    const answer = formReply(
      await submit({
        email: 'not-an-email',
        password: 'abc',
        confirmPassword: 'abd',
        firstName: ' ',
        lastName: '',
        phoneNumber: '12345',
        isPractitioner: 'on',
        country: '',
        website: '',
      }),
    )
    expect(answer.status).toBe(400)
    expect(answer.toast).toBeNull()
    expect(allInEnglish(answer.result.error)).toEqual(
      allInEnglish({
        email: ['Please enter a valid email address'],
        password: ['Password must be at least 10 characters'],
        confirmPassword: ["Passwords don't match"],
        firstName: ['First name is required'],
        lastName: ['Last name is required'],
        phoneNumber: ['Please enter a valid phone number'],
        agreeToTerms: ['You must agree to the terms and conditions'],
        country: ['Please select your country'],
      }),
    )
    // Passwords are never sent back to the form.
    expect(answer.result.initialValue).not.toHaveProperty('password')
    expect(answer.result.initialValue).not.toHaveProperty('confirmPassword')
    expect(userRowByEmail('not-an-email')).toBeUndefined()
  })

  test('a password of 9 characters, or one of the most common (any case), is refused and creates nothing', async () => {
    const short = signupFields({ password: 'secret-pa', confirmPassword: 'secret-pa' })
    const answer = formReply(await submit(short))
    expect(answer.status).toBe(400)
    expect(allInEnglish(answer.result.error)).toEqual(
      allInEnglish({ password: ['Password must be at least 10 characters'] }),
    )
    expect(userRowByEmail(short.email)).toBeUndefined()

    for (const password of ['password123', 'PassWord123', 'qwertyuiop']) {
      const common = signupFields({ password, confirmPassword: password })
      const refused = formReply(await submit(common))
      expect(refused.status).toBe(400)
      expect(refused.result.error).toEqual({ password: [COMMON_PASSWORD] })
      expect(allInEnglish(refused.toast)).toEqual(
        allInEnglish({ type: 'error', title: 'Registration failed', description: COMMON_PASSWORD }),
      )
      expect(refused.result.initialValue).not.toHaveProperty('password')
      expect(userRowByEmail(common.email)).toBeUndefined()
    }
    // Ten characters not on the list are enough.
    expectRedirect(
      await submit(signupFields({ password: 'tulip-1729', confirmPassword: 'tulip-1729' })),
      '/client-dashboard',
    )
  })

  test('a client needs no country; an unknown country code is refused for a practitioner', async () => {
    expectRedirect(await submit(signupFields({ country: '' })), '/client-dashboard')
    const answer = formReply(await submit(signupFields({ isPractitioner: 'on', country: 'XX' })))
    expect(answer.status).toBe(400)
    expect(allInEnglish(answer.result.error)).toEqual(allInEnglish({ country: ['Please select your country'] }))
  })

  test('mismatched passwords alone are reported on confirmPassword', async () => {
    const fields = signupFields({ confirmPassword: 'secret-pasS' })
    const answer = formReply(await submit(fields))
    expect(answer.status).toBe(400)
    expect(allInEnglish(answer.result.error)).toEqual(allInEnglish({ confirmPassword: ["Passwords don't match"] }))
    expect(userRowByEmail(fields.email)).toBeUndefined()
  })

  test('an email already in use (any case) answers 409 on the email field with an error toast', async () => {
    const existing = await createUser()
    const answer = formReply(await submit(signupFields({ email: existing.email.toUpperCase() })))
    expect(answer.status).toBe(409)
    expect(allInEnglish(answer.result.error)).toEqual(allInEnglish({ email: [EMAIL_TAKEN] }))
    expect(allInEnglish(answer.toast)).toEqual(
      allInEnglish({ type: 'error', title: 'Registration failed', description: EMAIL_TAKEN }),
    )
  })

  test('a filled honeypot is refused with 400 and no account is created', async () => {
    const fields = signupFields({ website: 'https://spam.example' })
    const answer = formReply(await submit(fields))
    expect(answer.status).toBe(400)
    expect(answer.result.error).toEqual({ '': [HONEYPOT_REFUSAL] })
    expect(allInEnglish(answer.toast)).toEqual(
      allInEnglish({ type: 'error', title: 'Registration failed', description: HONEYPOT_REFUSAL }),
    )
    expect(userRowByEmail(fields.email)).toBeUndefined()
  })

  test('the 11th signup from one address within the hour answers 429', async () => {
    for (let i = 0; i < 10; i++) {
      expectRedirect(await submit(signupFields(), '198.51.100.1'), '/client-dashboard')
    }
    const fields = signupFields()
    const answer = formReply(await submit(fields, '198.51.100.1'))
    expect(answer.status).toBe(429)
    expect(answer.result.error).toEqual({ '': [TOO_MANY_REQUESTS] })
    expect(allInEnglish(answer.toast)).toEqual(
      allInEnglish({ type: 'error', title: 'Registration failed', description: TOO_MANY_REQUESTS }),
    )
    expect(inEnglish(TOO_MANY_REQUESTS)).toBe('Too many attempts. Please wait a few minutes and try again.')
    expect(userRowByEmail(fields.email)).toBeUndefined()
    // Another address is not affected.
    expectRedirect(await submit(signupFields(), '198.51.100.2'), '/client-dashboard')
  })
})

describe('POST /api/signup', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    email: uniqueEmail('api-signup'),
    password: 'secret-pass',
    firstName: 'Lena',
    lastName: 'Ortiz',
    phoneNumber: '604-555-0123',
    isPractitioner: false,
    ...overrides,
  })

  test('201 { user, message }, a session cookie, and no password in the answer', async () => {
    const input = body({ isPractitioner: true, country: 'US' })
    const response = await apiSignup(input)
    const json = await jsonBody<{ user: Record<string, unknown>; message: string }>(response, 201)
    expect(json.message).toBe('Account created successfully')
    expect(json.user).toMatchObject({
      id: expect.any(Number),
      email: input.email,
      firstName: 'Lena',
      lastName: 'Ortiz',
      phoneNumber: '604-555-0123',
      isPractitioner: true,
      isAdmin: false,
      country: 'US',
    })
    expect(json.user).not.toHaveProperty('passwordHash')
    expect(json.user).not.toHaveProperty('password')
    expect(JSON.stringify(json)).not.toContain('scrypt')
    expect(setCookieFor(response, SESSION_COOKIE)).toBeDefined()
    expect(sessionRows(json.user.id as number)).toHaveLength(1)
  })

  test('400 { message } for a body that is not JSON', async () => {
    expect(await jsonBody(await apiSignup('{"email":'), 400)).toEqual({
      message: 'The request body must be valid JSON',
    })
  })

  test('400 { message } with the rule’s text for invalid fields', async () => {
    expect(await jsonBody(await apiSignup(body({ email: 'nope' })), 400)).toEqual({
      message: 'Please enter a valid email address',
    })
    expect(await jsonBody(await apiSignup(body({ password: '12345' })), 400)).toEqual({
      message: 'Password must be at least 10 characters',
    })
    expect(await jsonBody(await apiSignup(body({ password: 'secret-pa' })), 400)).toEqual({
      message: 'Password must be at least 10 characters',
    })
    expect(await jsonBody(await apiSignup(body({ firstName: '' })), 400)).toEqual({
      message: 'First name is required',
    })
    expect(await jsonBody(await apiSignup(body({ phoneNumber: '123' })), 400)).toEqual({
      message: 'Please enter a valid phone number',
    })
    expect(await jsonBody(await apiSignup(body({ isPractitioner: true })), 400)).toEqual({
      message: 'Please select your country',
    })
  })

  test("country '' (what the spec’s client sends when none was chosen): a client gets CA, a practitioner must pick", async () => {
    const input = body({ isPractitioner: false, country: '' })
    const json = await jsonBody<{ user: Record<string, unknown> }>(await apiSignup(input), 201)
    expect(json.user).toMatchObject({ email: input.email, isPractitioner: false, country: 'CA' })
    expect(await jsonBody(await apiSignup(body({ isPractitioner: true, country: '' })), 400)).toEqual({
      message: 'Please select your country',
    })
    expect(await jsonBody(await apiSignup(body({ isPractitioner: true, country: 'XX' })), 400)).toEqual({
      message: 'Please select your country',
    })
  })

  test('400 { message } saying why for one of the most common passwords (any case); nothing is created', async () => {
    for (const password of ['password123', 'PASSWORD123', '1234567890']) {
      const input = body({ password })
      expect(allInEnglish(await jsonBody(await apiSignup(input), 400))).toEqual(
        allInEnglish({ message: COMMON_PASSWORD }),
      )
      expect(userRowByEmail(input.email as string)).toBeUndefined()
    }
    expect(allInEnglish(COMMON_PASSWORD)).toBe(
      allInEnglish('This password is one of the most common in data breaches. Please choose another.'),
    )
  })

  test('409 { message } when the email is taken (any case)', async () => {
    const existing = await createUser()
    expect(await jsonBody(await apiSignup(body({ email: existing.email.toUpperCase() })), 409)).toEqual({
      message: EMAIL_TAKEN,
    })
  })

  test('a filled honeypot is refused and creates nothing', async () => {
    const input = body({ website: 'bot' })
    expect(await jsonBody(await apiSignup(input), 400)).toEqual({ message: inEnglish(HONEYPOT_REFUSAL) })
    expect(userRowByEmail(input.email as string)).toBeUndefined()
  })

  test('other methods answer 405', async () => {
    const response = await signupApi.action(routeArgs(jsonRequest('/api/signup', 'PUT', body())))
    expect(await jsonBody(response, 405)).toEqual({ message: 'Method not allowed' })
  })
})

describe('passwords chosen before the rules (issue 41)', () => {
  test('an account with a 6-character or a common password still signs in: login never checks the rules', async () => {
    const short = await createUser({ password: 'tulip7' })
    expectRedirect(await login({ email: short.email, password: 'tulip7' }), '/client-dashboard')

    const common = await createUser()
    const passwordHash = await hashPassword('password123', TEST_SHARE)
    getDb().update(users).set({ passwordHash }).where(eq(users.id, common.id)).run()
    const body = { email: common.email, password: 'password123' }
    const response = await loginApi.action(routeArgs(jsonRequest('/api/login', 'POST', body, { ip: '203.0.113.11' })))
    expect(response.status).toBe(200)
  })
})
