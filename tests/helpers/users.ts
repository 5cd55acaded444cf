import { eq } from 'drizzle-orm'
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
export async function createUser(overrides: Partial<NewUser> = {}) {
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
  return { ...user, password: input.password }
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
