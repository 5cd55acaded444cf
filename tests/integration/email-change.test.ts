import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { emailChangeTokens, passwordResetTokens, sessions, users } from '~/db/schema'
import { purgeExpired } from '~/jobs/maintenance.server'
import { resetAllLimits } from '~/lib/rate-limit.server'
import {
  EMAIL_CHANGE_OTHER_ACCOUNT,
  EMAIL_CHANGE_TAKEN,
  emailChanged,
  emailChangeLimited,
  emailChangeSent,
  INVALID_EMAIL_CHANGE_LINK,
} from '~/models/accounts/email-change'
import * as settingsScreen from '~/routes/_client.customer-settings'
import * as confirmScreen from '~/routes/_public.confirm-email'
import * as updateAccountApi from '~/routes/api.auth.update-account'
import {
  createUser,
  expectRedirect,
  formReply,
  formRequest,
  getRequest,
  jsonBody,
  jsonRequest,
  outbox,
  readToast,
  routeArgs,
  settle,
  signIn,
  uniqueEmail,
  userRow,
  userRowByEmail,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'
import { allInEnglish } from '../helpers/shown-deep'

/**
 * Changing an account's email: asked from the settings screen or PATCH /api/auth/update-account,
 * made only through the link sent to the new address. The answer to the asking never tells
 * whether the new address already has an account.
 */

const PAGE = '/customer-settings'
const SAVED = 'Your account information has been saved.'

/** Two accounts alike but for their ids and emails, signed in. */
async function client() {
  const user = await createUser({ firstName: 'Maya', lastName: 'Chen', phoneNumber: '416-555-0100' })
  return { user, cookie: await signIn(user.id) }
}

const accountBody = (email: string) => ({
  firstName: 'Amara',
  lastName: 'Okafor',
  phoneNumber: '604-555-0199',
  email,
  profilePicture: null,
})

function askApi(cookie: string, email: string) {
  return updateAccountApi.action(
    routeArgs(jsonRequest('/api/auth/update-account', 'PATCH', accountBody(email), { cookie })),
  )
}

function askScreen(cookie: string, email: string) {
  const { profilePicture: _, ...fields } = accountBody(email)
  return settle(() =>
    settingsScreen.action(routeArgs(formRequest(PAGE, { intent: 'update-account', ...fields }, { cookie }))),
  )
}

function settingsPage(cookie: string) {
  return settingsScreen.loader(routeArgs(getRequest(PAGE, { cookie })))
}

function openLink(cookie: string | undefined, token: string) {
  return settle(() => confirmScreen.loader(routeArgs(getRequest(`/confirm-email?token=${token}`, { cookie }))))
}

function confirm(cookie: string | undefined, token: string) {
  return settle(() => confirmScreen.action(routeArgs(formRequest('/confirm-email', { token }, { cookie }))))
}

/** The token in the link of the newest email to `to`. */
function linkToken(to: string) {
  const text = outbox(to).at(-1)?.text ?? ''
  const match = /http:\/\/localhost\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(text)
  if (!match) throw new Error(`No confirmation link in: ${text}`)
  return match[1]!
}

/** Everything a request could have written about accounts. */
function accountTables() {
  const db = getDb()
  return {
    users: db.select().from(users).all(),
    tokens: db.select().from(emailChangeTokens).all(),
    resets: db.select().from(passwordResetTokens).all(),
    sessions: db.select().from(sessions).all(),
  }
}

function openChanges(userId: number) {
  return getDb()
    .select()
    .from(emailChangeTokens)
    .where(eq(emailChangeTokens.userId, userId))
    .all()
    .filter((row) => !row.isUsed)
}

/** An answer with the parts that name the account or the address put aside, to compare two. */
function shapeOf(value: unknown, names: Record<string, string>): unknown {
  let json = JSON.stringify(value)
  for (const [text, placeholder] of Object.entries(names)) json = json.split(text).join(placeholder)
  return JSON.parse(json)
}

beforeEach(() => {
  resetAllLimits()
})

describe('asking for a new email does not tell whether it has an account', () => {
  test('PATCH /api/auth/update-account: a taken and a free address get the same answer, and neither changes the email', async () => {
    const owner = await createUser()
    const a = await client()
    const b = await client()
    const free = uniqueEmail('free')

    const taken = await askApi(a.cookie, owner.email.toUpperCase())
    const untaken = await askApi(b.cookie, free)
    expect(taken.status).toBe(200)
    expect(untaken.status).toBe(taken.status)
    const takenBody = await jsonBody(taken, 200)
    const freeBody = await jsonBody(untaken, 200)
    const normal = (body: unknown, user: typeof a.user, asked: string) => {
      const stored = userRow(user.id)!
      return shapeOf(body, {
        [asked]: '<asked>',
        [user.email]: '<email>',
        [stored.updatedAt.toISOString()]: '<updatedAt>',
        [user.createdAt]: '<createdAt>',
        [`"id":${user.id},`]: '"id":"<id>",',
      })
    }
    expect(normal(takenBody, a.user, owner.email)).toEqual(normal(freeBody, b.user, free))
    expect(allInEnglish(takenBody)).toMatchObject(
      allInEnglish({
        user: { id: a.user.id, email: a.user.email, firstName: 'Amara', phoneNumber: '604-555-0199' },
        message: `Account updated. ${inEnglish(emailChangeSent(owner.email))}`,
        pendingEmail: owner.email,
      }),
    )

    // Stored: the other fields saved, the email unchanged, one change waiting, for both.
    for (const { user } of [a, b]) {
      expect(userRow(user.id)).toMatchObject({ email: user.email, firstName: 'Amara', lastName: 'Okafor' })
      expect(openChanges(user.id)).toHaveLength(1)
    }
    expect(userRow(owner.id)!.email).toBe(owner.email)
    // The screen each of them sees next says the same.
    expect((await settingsPage(a.cookie)).pendingEmail).toBe(owner.email)
    expect((await settingsPage(b.cookie)).pendingEmail).toBe(free)
    // Their own mailboxes, the only ones they can read, get the same notice.
    const notices = [outbox(a.user.email), outbox(b.user.email)]
    expect(notices.map((mails) => mails.length)).toEqual([1, 1])
    expect(shapeOf(notices[0]![0]!.text, { [owner.email]: '<asked>' })).toBe(
      shapeOf(notices[1]![0]!.text, { [free]: '<asked>' }),
    )
    expect(notices[0]![0]!.subject).toBe(notices[1]![0]!.subject)
  })

  test('the settings screen: the same redirect and toast for a taken and a free address', async () => {
    const owner = await createUser()
    const a = await client()
    const b = await client()
    const free = uniqueEmail('free')

    const taken = expectRedirect(await askScreen(a.cookie, owner.email), PAGE)
    const untaken = expectRedirect(await askScreen(b.cookie, free), PAGE)
    expect(allInEnglish(await readToast(taken))).toEqual(
      allInEnglish({
        type: 'success',
        title: 'Account Updated',
        description: `${SAVED} ${inEnglish(emailChangeSent(owner.email))}`,
      }),
    )
    expect(allInEnglish(await readToast(untaken))).toEqual({
      type: 'success',
      title: 'Account Updated',
      description: `${SAVED} ${inEnglish(emailChangeSent(free))}`,
    })
    for (const { user } of [a, b]) {
      expect(userRow(user.id)).toMatchObject({ email: user.email, firstName: 'Amara', phoneNumber: '604-555-0199' })
    }
    const page = await settingsPage(a.cookie)
    expect(page.user.email).toBe(a.user.email)
    expect(page.pendingEmail).toBe(owner.email)
  })

  test('the emails: a free address gets the link, a taken one a note without any, the current address a notice', async () => {
    const owner = await createUser()
    const a = await client()
    const b = await client()
    const free = uniqueEmail('free')
    const ownerMailsBefore = outbox(owner.email).length
    await askApi(a.cookie, owner.email)
    await askApi(b.cookie, free)

    const [link] = outbox(free)
    expect(outbox(free)).toHaveLength(1)
    expect(link).toMatchObject({ subject: 'Confirm your new Solace email', status: 'logged' })
    expect(link!.text).toMatch(/http:\/\/localhost\/confirm-email\?token=[A-Za-z0-9_-]{40,}/)
    expect(link!.html).toContain('/confirm-email?token=')
    // Nothing about the account goes to an address nobody has confirmed yet.
    expect(link!.text).not.toContain(b.user.email)
    expect(link!.text).not.toContain('Maya')
    // Only a hash of the token is stored.
    const rows = openChanges(b.user.id)
    expect(rows).toMatchObject([{ newEmail: free, isUsed: false }])
    expect(rows[0]!.token).not.toBe(linkToken(free))
    expect(rows[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000)

    const notes = outbox(owner.email).slice(ownerMailsBefore)
    expect(notes).toHaveLength(1)
    expect(notes[0]!.subject).toBe('Someone tried to use your email on Solace')
    expect(notes[0]!.text).not.toContain('confirm-email')
    expect(notes[0]!.text).not.toContain(a.user.email)

    const [notice] = outbox(b.user.email)
    expect(notice!.subject).toBe('A change of your Solace email was asked')
    expect(notice!.text).toContain(free)
    expect(notice!.text).toContain('http://localhost/forgot-password')
    expect(notice!.text).not.toContain('confirm-email')
  })

  test('the notices escape what goes into their HTML', async () => {
    const user = await createUser()
    const body = { ...accountBody(uniqueEmail('free')), firstName: '<b>Eve</b>' }
    const cookie = await signIn(user.id)
    await updateAccountApi.action(routeArgs(jsonRequest('/api/auth/update-account', 'PATCH', body, { cookie })))
    expect(outbox(user.email)[0]!.html).toContain('&#60;b&#62;Eve&#60;/b&#62;')
    expect(outbox(user.email)[0]!.html).not.toContain('<b>Eve')
  })

  test('keeping the current email (in any case) asks nothing and sends nothing', async () => {
    const { user, cookie } = await client()
    const body = await jsonBody(await askApi(cookie, user.email.toUpperCase()), 200)
    expect(body).toMatchObject({ message: 'Account updated', pendingEmail: null })
    expect(openChanges(user.id)).toHaveLength(0)
    expect(outbox(user.email)).toHaveLength(0)
  })
})

describe('the link makes the change', () => {
  test('opening the link shows the change and writes nothing; its button changes the email and tells the old address', async () => {
    const { user, cookie } = await client()
    const email = uniqueEmail('new')
    await askScreen(cookie, email)
    const token = linkToken(email)

    const before = accountTables()
    expect(await openLink(cookie, token)).toEqual({
      state: 'form',
      token,
      currentEmail: user.email,
      newEmail: email,
      back: PAGE,
    })
    expect(await openLink(cookie, token)).toMatchObject({ state: 'form' })
    expect(accountTables()).toEqual(before)

    const response = expectRedirect(await confirm(cookie, token), PAGE)
    expect(allInEnglish(await readToast(response))).toEqual(
      allInEnglish({
        type: 'success',
        title: 'Email Changed',
        description: emailChanged(email),
      }),
    )
    expect(userRow(user.id)!.email).toBe(email)
    expect(userRowByEmail(user.email)).toBeUndefined()
    expect((await settingsPage(cookie)).pendingEmail).toBeNull()
    const told = outbox(user.email).at(-1)!
    expect(told.subject).toBe('Your Solace email was changed')
    expect(told.text).toContain(email)
  })

  test('a second use of the link is refused', async () => {
    const { user, cookie } = await client()
    const email = uniqueEmail('new')
    await askApi(cookie, email)
    const token = linkToken(email)
    expectRedirect(await confirm(cookie, token), PAGE)

    expect(await openLink(cookie, token)).toEqual({ state: 'error', message: INVALID_EMAIL_CHANGE_LINK, back: PAGE })
    const again = formReply(await confirm(cookie, token))
    expect(again.status).toBe(400)
    expect(again.result.error).toEqual({ '': [INVALID_EMAIL_CHANGE_LINK] })
    expect(allInEnglish(again.toast)).toEqual(
      allInEnglish({
        type: 'error',
        title: 'Failed to Change Email',
        description: INVALID_EMAIL_CHANGE_LINK,
      }),
    )
    expect(userRow(user.id)!.email).toBe(email)
  })

  test('an expired link is refused and changes nothing', async () => {
    const { user, cookie } = await client()
    const email = uniqueEmail('new')
    await askApi(cookie, email)
    const token = linkToken(email)
    getDb()
      .update(emailChangeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeTokens.userId, user.id))
      .run()

    expect(await openLink(cookie, token)).toMatchObject({ state: 'error', message: INVALID_EMAIL_CHANGE_LINK })
    expect(formReply(await confirm(cookie, token)).status).toBe(400)
    expect(userRow(user.id)!.email).toBe(user.email)
    expect((await settingsPage(cookie)).pendingEmail).toBeNull()
  })

  test('an address that got an account after the link was sent is refused with a clear message', async () => {
    const { user, cookie } = await client()
    const email = uniqueEmail('new')
    await askApi(cookie, email)
    const token = linkToken(email)
    await createUser({ email })

    expect(await openLink(cookie, token)).toMatchObject({ state: 'error', message: EMAIL_CHANGE_TAKEN })
    const refused = formReply(await confirm(cookie, token))
    expect(refused.status).toBe(409)
    expect(allInEnglish(refused.toast)).toEqual(
      allInEnglish({ type: 'error', title: 'Failed to Change Email', description: EMAIL_CHANGE_TAKEN }),
    )
    expect(userRow(user.id)!.email).toBe(user.email)
  })

  test('only the account that asked, signed in, can confirm; signed out goes to login and back', async () => {
    const { user, cookie } = await client()
    const email = uniqueEmail('new')
    await askApi(cookie, email)
    const token = linkToken(email)

    const login = `/login?redirect=${encodeURIComponent(`/confirm-email?token=${token}`)}`
    expectRedirect(await openLink(undefined, token), login)
    expectRedirect(await confirm(undefined, token), '/login?redirect=%2Fconfirm-email')

    const stranger = await client()
    expect(await openLink(stranger.cookie, token)).toMatchObject({
      state: 'error',
      message: EMAIL_CHANGE_OTHER_ACCOUNT,
    })
    expect(formReply(await confirm(stranger.cookie, token)).status).toBe(403)
    expect(userRow(user.id)!.email).toBe(user.email)
    expect(userRow(stranger.user.id)!.email).toBe(stranger.user.email)
    // Still usable by its owner.
    expectRedirect(await confirm(cookie, token), PAGE)
    expect(userRow(user.id)!.email).toBe(email)
  })

  test('a newer request replaces an open one: only the newest link works', async () => {
    const { user, cookie } = await client()
    const first = uniqueEmail('first')
    const second = uniqueEmail('second')
    await askApi(cookie, first)
    await askApi(cookie, second)
    expect(formReply(await confirm(cookie, linkToken(first))).status).toBe(400)
    expectRedirect(await confirm(cookie, linkToken(second)), PAGE)
    expect(userRow(user.id)!.email).toBe(second)
  })

  test('a missing or blank token is refused without a 500', async () => {
    const { cookie } = await client()
    expect(await settle(() => confirmScreen.loader(routeArgs(getRequest('/confirm-email', { cookie }))))).toMatchObject(
      { state: 'error', message: INVALID_EMAIL_CHANGE_LINK },
    )
    const blank = formReply(await confirm(cookie, ''))
    expect(blank.status).toBe(400)
    expect(blank.result.error).toEqual({ token: [INVALID_EMAIL_CHANGE_LINK] })
  })

  test('a confirmed change spends reset links sent to the old address', async () => {
    const { user, cookie } = await client()
    getDb()
      .insert(passwordResetTokens)
      .values({ userId: user.id, token: 'hash-of-an-old-link', expiresAt: new Date(Date.now() + 60_000) })
      .run()
    const email = uniqueEmail('new')
    await askApi(cookie, email)
    expectRedirect(await confirm(cookie, linkToken(email)), PAGE)
    expect(
      getDb().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)).all(),
    ).toMatchObject([{ isUsed: true }])
  })
})

describe('limits and clean-up', () => {
  test('the 6th asked change within the hour answers 429 with its message and saves nothing', async () => {
    const { user, cookie } = await client()
    for (let i = 0; i < 5; i++) expect((await askApi(cookie, uniqueEmail(`ask-${i}`))).status).toBe(200)
    const mailsBefore = outbox().length

    const refused = await askApi(cookie, uniqueEmail('one-too-many'))
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(3500)
    expect(allInEnglish(await refused.json())).toEqual(allInEnglish({ message: emailChangeLimited(60 * 60_000) }))

    const screen = formReply(
      await settle(() =>
        settingsScreen.action(
          routeArgs(
            formRequest(
              PAGE,
              { intent: 'update-account', firstName: 'Changed', lastName: 'Okafor', email: uniqueEmail('again') },
              { cookie },
            ),
          ),
        ),
      ),
    )
    expect(screen.status).toBe(429)
    expect(allInEnglish(screen.toast)).toEqual(
      allInEnglish({
        type: 'error',
        title: 'Failed to Update Account',
        description: emailChangeLimited(60 * 60_000),
      }),
    )
    expect(userRow(user.id)).toMatchObject({ email: user.email, firstName: 'Amara' })
    expect(outbox()).toHaveLength(mailsBefore)

    // Saving the other fields with the current email is not limited.
    expect((await askApi(cookie, user.email)).status).toBe(200)
  })

  test('a taken address counts against the limit like a free one', async () => {
    const owner = await createUser()
    const { cookie } = await client()
    for (let i = 0; i < 5; i++) expect((await askApi(cookie, owner.email)).status).toBe(200)
    expect((await askApi(cookie, uniqueEmail('free'))).status).toBe(429)
  })

  test('the maintenance purge removes spent and expired links, and keeps open ones', async () => {
    const spent = await client()
    const expired = await client()
    const open = await client()
    for (const { cookie } of [spent, expired, open]) await askApi(cookie, uniqueEmail('purge'))
    expectRedirect(await confirm(spent.cookie, linkToken(lastAsked(spent.user.id))), PAGE)
    getDb()
      .update(emailChangeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeTokens.userId, expired.user.id))
      .run()

    expect(purgeExpired().emailChanges).toBeGreaterThanOrEqual(2)
    const left = (userId: number) =>
      getDb().select().from(emailChangeTokens).where(eq(emailChangeTokens.userId, userId)).all()
    expect(left(spent.user.id)).toHaveLength(0)
    expect(left(expired.user.id)).toHaveLength(0)
    expect(left(open.user.id)).toHaveLength(1)
  })
})

/** The address the user's newest asked change names. */
function lastAsked(userId: number) {
  return getDb().select().from(emailChangeTokens).where(eq(emailChangeTokens.userId, userId)).all().at(-1)!.newEmail
}
