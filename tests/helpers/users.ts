import { generateTOTP } from '@epic-web/totp'
import { eq } from 'drizzle-orm'
import { vi } from 'vitest'
import { getDb } from '~/db/client.server'
import { sessions, users } from '~/db/schema'
import { createUserSession } from '~/models/accounts/auth.server'
import { createUser as createUserModel } from '~/models/accounts/user.server'
import { cookieHeader } from './cookies'

/** Account fixtures: users with unique emails, signed-in cookies, session rows. */

export const PASSWORD = 'correct-horse-battery'

let counter = 0

export function uniqueEmail(prefix = 'user') {
  counter += 1
  return `${prefix}-${process.pid}-${counter}@example.com`
}

type NewUser = Parameters<typeof createUserModel>[0]

/** The tests' own turn in the password hash queue (app/lib/password.server.ts). */
export const TEST_SHARE = { address: 'test' }

/** Creates an account (a client unless told otherwise); answers the public user and its password. */
export async function createUser(
  overrides: Partial<NewUser> = {},
  { withoutTwoFactor = false }: { withoutTwoFactor?: boolean } = {},
) {
  const input: NewUser = {
    email: uniqueEmail(overrides.isAdmin ? 'admin' : overrides.isPractitioner ? 'practitioner' : 'client'),
    password: PASSWORD,
    firstName: 'Test',
    lastName: 'Person',
    phoneNumber: '555-010-0000',
    isPractitioner: false,
    ...overrides,
  }
  // Each account as if from its own address: tests make many at once, as many people would.
  const user = await createUserModel(input, { share: { address: `test:${input.email}` } })
  // The admin area requires an authenticator app (decision 042): test admins have one, unless
  // a test is about an admin who has not set it up yet.
  if (input.isAdmin && !withoutTwoFactor) turnOnTestAuthenticator(user.id)
  return { ...user, password: input.password }
}

/** The base32 secret of the authenticator app `turnOnTestAuthenticator` gives an account (tests only). */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DP'

export function turnOnTestAuthenticator(userId: number) {
  getDb()
    .update(users)
    .set({ totpSecret: TEST_TOTP_SECRET, totpEnabledAt: new Date(), totpLastStep: null })
    .where(eq(users.id, userId))
    .run()
}

/**
 * The app's code for `secret` at `at` (default now), as an authenticator would show it. The
 * library reads the clock, so the clock is set for the call and put back as it was (a test's
 * fake clock included).
 */
export async function totpCode(secret = TEST_TOTP_SECRET, at = new Date()) {
  const faked = vi.isFakeTimers()
  const before = Date.now()
  vi.useFakeTimers({ toFake: ['Date'], now: at })
  try {
    return (await generateTOTP({ secret, algorithm: 'SHA-1', digits: 6, period: 30 })).otp
  } finally {
    if (faked) vi.useFakeTimers({ toFake: ['Date'], now: before })
    else vi.useRealTimers()
  }
}

/** A `Cookie` header for a fresh session of this user (as after a login). */
export async function signIn(userId: number, { remember = false } = {}) {
  const setCookie = await createUserSession(new Request('http://localhost/'), userId, remember)
  return cookieHeader(setCookie)
}

/** The `sessions` rows of a user. */
export function sessionRows(userId: number) {
  return getDb().select().from(sessions).where(eq(sessions.userId, userId)).all()
}

/** The raw `users` row (with the hash), or undefined once deleted. */
export function userRow(userId: number) {
  return getDb().select().from(users).where(eq(users.id, userId)).get()
}

export function userRowByEmail(email: string) {
  return getDb().select().from(users).where(eq(users.email, email)).get()
}

/** Makes every session of the user expired (as if its time had run out). */
export function expireSessions(userId: number) {
  getDb()
    .update(sessions)
    .set({ expire: new Date(Date.now() - 1000) })
    .where(eq(sessions.userId, userId))
    .run()
}
