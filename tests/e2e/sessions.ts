import { randomBytes } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { createCookie } from '@remix-run/node'
import Database from 'better-sqlite3'
import { hashPassword } from '../../app/lib/password.server'
import { timeZoneHint } from '../../app/lib/time-zone.server'
import { SignupApiSchema } from '../../app/models/accounts/user'
import { E2E_SESSION_SECRET, e2eServer } from '../../playwright.config'
import type { z } from 'zod'

/**
 * Signed in without the sign-in form, for the flows that are not about signing in (decision 046).
 * The form costs a production password hash, which the server runs one at a time per address
 * (every browser here shares one), and an admin's second step waits for a 30-second code no
 * other test took; done 80 times a run, that was minutes. The tests of signing in
 * (accounts.spec.ts, two-factor.spec.ts, passkeys.spec.ts and the other specs that fill the
 * form on purpose) still use the form.
 *
 * What a sign-in leaves behind is written as the app writes it (app/models/accounts/auth.server.ts
 * `createUserSession`): a row in `sessions` with the user, a fresh verification and the browser,
 * and the `__session` cookie holding its id, signed with the test server's secret. Each call
 * makes its own session, so a test that signs out, or signs out every other session, ends only
 * its own.
 */
export async function signInAs(
  page: Page,
  email: string,
  // Another server than the project's (call-recovery.spec.ts runs its own).
  {
    to,
    server = e2eServer(test.info().project.name),
  }: { to?: string; server?: { baseURL: string; database: string } } = {},
) {
  const home = await startSession(page, email, server)
  await page.goto(to ?? home)
  // A cookie the server did not take would land on the sign-in form: say so here, not later.
  await expect(page).not.toHaveURL(/\/login(\?|$)/)
}

/** A new session for this account in the page's browser context; where its sign-in would land. */
async function startSession(page: Page, email: string, server: { baseURL: string; database: string }) {
  const userAgent = await page.evaluate(() => navigator.userAgent)
  const { sid, home } = newSessionFor(email, userAgent, server.database)
  await page.context().addCookies([
    {
      name: '__session',
      value: await sessionCookieValue(sid),
      url: server.baseURL,
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
    },
  ])
  return home
}

/**
 * A new account, made without the sign-up form or POST /api/signup, for the flows that are not
 * about signing up (decision 046): each sign-up costs a production password hash on the server,
 * one at a time for every browser here (they share one address), about 115 times a run. The
 * tests of signing up (accounts.spec.ts, password-rules.spec.ts, onboarding) still use the form.
 *
 * What a sign-up writes is written as the app writes it (app/models/accounts/signup.server.ts
 * `signup` and user.server.ts `createUser`): the details read by the API's own schema (so the
 * email is trimmed and lower-cased, the phone number normalised, as the app stores them), one
 * `users` row (a practitioner's listing rows follow from the table's triggers), the zone the
 * browser's cookies hint at, and a password hash made by the app's own function, once per
 * password in each test worker. With `page`, that browser context is signed in as the new
 * account, as POST /api/signup signs it in (a session of its own, see `signInAs`), without
 * leaving the page it is on; without, nobody is.
 */
export async function signUpAs(
  page: Page | undefined,
  details: z.input<typeof SignupApiSchema>,
  { server = e2eServer(test.info().project.name) }: { server?: { baseURL: string; database: string } } = {},
) {
  const account = SignupApiSchema.parse(details)
  const cookies = page ? await page.context().cookies(server.baseURL) : []
  const hint = timeZoneHint(
    new Request(server.baseURL, {
      headers: { Cookie: cookies.map(({ name, value }) => `${name}=${value}`).join('; ') },
    }),
  )
  const passwordHash = await hashOf(account.password)
  const db = new Database(server.database, { fileMustExist: true, timeout: 30_000 })
  let id: number
  try {
    const columns = {
      email: account.email,
      password_hash: passwordHash,
      first_name: account.firstName,
      last_name: account.lastName,
      phone_number: account.phoneNumber ?? null,
      is_practitioner: account.isPractitioner ? 1 : 0,
      is_admin: 0,
      country: account.country ?? 'CA',
      ...(hint ? { time_zone: hint } : {}),
    }
    const names = Object.keys(columns)
    id = Number(
      db
        .prepare(`INSERT INTO users (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`)
        .run(...Object.values(columns)).lastInsertRowid,
    )
  } finally {
    db.close()
  }
  if (page) await startSession(page, account.email, server)
  return { id, email: account.email, password: account.password }
}

/** Each password's hash, made once per worker: the same work the app does for a sign-up. */
const hashes = new Map<string, Promise<string>>()
function hashOf(password: string) {
  let hash = hashes.get(password)
  if (!hash) {
    hash = hashPassword(password, { address: 'e2e-test-accounts' })
    hashes.set(password, hash)
  }
  return hash
}

/** The session row a sign-in writes for this account, and where its sign-in would land. */
function newSessionFor(email: string, userAgent: string, database: string) {
  const db = new Database(database, { fileMustExist: true, timeout: 30_000 })
  try {
    const user = db
      .prepare('SELECT id, is_admin AS isAdmin, is_practitioner AS isPractitioner FROM users WHERE email = ?')
      .get(email) as { id: number; isAdmin: number; isPractitioner: number } | undefined
    if (!user) throw new Error(`No account ${email} to sign in as`)
    const sid = randomBytes(32).toString('base64url')
    const data = { userId: user.id, verifiedAt: Date.now(), device: { userAgent, region: null } }
    // Twelve hours, as the app keeps a session signed in without "remember me" (session.server.ts).
    db.prepare('INSERT INTO sessions (sid, user_id, sess, expire) VALUES (?, ?, ?, ?)').run(
      sid,
      user.id,
      JSON.stringify(data),
      Date.now() + 12 * 60 * 60 * 1000,
    )
    const home = user.isAdmin
      ? '/admin/dashboard'
      : user.isPractitioner
        ? '/practitioner/dashboard'
        : '/client-dashboard'
    return { sid, home }
  } finally {
    db.close()
  }
}

const sessionCookie = createCookie('__session', { secrets: [E2E_SESSION_SECRET] })

/** The cookie's value as the app signs it (Remix's createCookie, the same secret as the server). */
async function sessionCookieValue(sid: string) {
  const header = await sessionCookie.serialize(sid)
  const value = /^__session=([^;]+)/.exec(header)?.[1]
  if (!value) throw new Error(`Not a session cookie: ${header}`)
  return value
}
