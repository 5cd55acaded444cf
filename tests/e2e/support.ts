import { createHmac } from 'node:crypto'
import fs from 'node:fs'
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test'
import Database from 'better-sqlite3'
import { readMessage } from '../../app/lib/i18n/message'
import { splitFee } from '../../app/lib/money'
import { WRONG_CODE as WRONG_CODE_MESSAGE } from '../../app/models/security/security'
import { e2eServer } from '../../playwright.config'
import { signUpAs } from './sessions'

export const DEMO_PASSWORD = 'Solace-demo-2026'
export const DEMO = {
  admin: 'admin@solace.test',
  practitioner: 'practitioner@solace.test',
  client: 'client@solace.test',
}
/** Their names, as the seed writes them (app/seed/data/accounts.ts). */
export const DEMO_PEOPLE = {
  admin: { firstName: 'Avery', lastName: 'Adams' },
  practitioner: { firstName: 'Priya', lastName: 'Sharma' },
  client: { firstName: 'Casey', lastName: 'Morgan' },
}

/**
 * The database behind the running test's server. Each project has its own server and
 * database (playwright.config.ts), so this follows the project of the test calling it.
 */
export function testDatabase() {
  return e2eServer(test.info().project.name).database
}

/**
 * The test database opened for a fixture the flows under test do not make. The server writes
 * to it at the same time: a write waits for the server's (the machine may be busy) instead of
 * failing with "database is locked". A transaction here must begin IMMEDIATE (`.immediate()`):
 * a deferred one that starts by writing can find, once it has waited, that the server wrote
 * since it began reading, and SQLite then fails it at once, whatever the timeout.
 */
export function writableTestDatabase() {
  return new Database(testDatabase(), { fileMustExist: true, timeout: 30_000 })
}

type Role = keyof typeof DEMO
const AREAS: Record<Role, { url: RegExp; heading: (firstName: string) => string; menu: string }> = {
  client: { url: /\/client-dashboard$/, heading: (firstName) => `Welcome, ${firstName}`, menu: 'My account' },
  practitioner: {
    url: /\/practitioner\/dashboard$/,
    heading: (firstName) => `Welcome back, ${firstName}`,
    menu: 'Practice',
  },
  admin: { url: /\/admin\/dashboard$/, heading: () => 'Admin Dashboard', menu: 'Admin' },
}

/**
 * The page is `role`'s dashboard and shows this person, not just the right address: the
 * role's greeting, the person's name by the side menu, the role's own menu and no other
 * role's (a client never sees the Practice menu with My Services, Earnings and the rest).
 */
export async function expectDashboard(page: Page, role: Role, person: { firstName: string; lastName: string }) {
  const area = AREAS[role]
  await expect(page).toHaveURL(area.url)
  await expect(page.getByRole('heading', { level: 1, name: area.heading(person.firstName), exact: true })).toBeVisible()
  await expect(
    page.getByRole('complementary').getByText(`${person.firstName} ${person.lastName}`, { exact: true }),
  ).toBeVisible()
  for (const [other, { menu }] of Object.entries(AREAS)) {
    await expect(page.getByRole('navigation', { name: menu, exact: true })).toHaveCount(other === role ? 1 : 0)
  }
}

/** Cents as every screen writes an amount of money: '$1234.50 CAD' (app/lib/money.ts). */
export function cad(cents: number) {
  return `$${(cents / 100).toFixed(2)} CAD`
}

/** The value shown beside a label: a stat card's number, a <dt>'s <dd>. */
export function valueBeside(region: Locator, label: string) {
  return region.getByText(label, { exact: true }).locator('..')
}

/**
 * What a practitioner has earned, worked out from their bookings in the test database by the
 * rules the screens promise: of each paid booking they keep the price less the 5% fee
 * (splitFee), less the same share of any refund; "pending" is the part from confirmed sessions
 * still to come. Independent of the app's own queries, so a screen that sums the wrong rows fails.
 */
export function expectedEarnings(practitionerEmail: string) {
  const db = new Database(testDatabase(), { readonly: true, fileMustExist: true })
  try {
    const rows = db
      .prepare(
        `SELECT b.status, b.is_paid AS paid, b.total_amount_cents AS total, b.refunded_amount_cents AS refunded
         FROM bookings b JOIN users u ON u.id = b.practitioner_id WHERE u.email = ?`,
      )
      .all(practitionerEmail) as { status: string; paid: number; total: number; refunded: number }[]
    let totalCents = 0
    let pendingCents = 0
    for (const row of rows) {
      if (!row.paid) continue
      const share = splitFee(row.total).practitionerAmountCents
      const net = share - (row.total > 0 ? Math.floor((row.refunded * share) / row.total) : 0)
      totalCents += net
      if (row.status === 'confirmed') pendingCents += net
    }
    return { totalCents, pendingCents, completed: rows.filter((row) => row.status === 'completed').length }
  } finally {
    db.close()
  }
}

let lastStamp = 0
/**
 * A fresh address per test and project, so runs never collide: the time, never the same twice
 * in a worker (accounts are made within the same millisecond now that no hash comes between).
 */
export function uniqueEmail(testInfo: TestInfo, label: string) {
  lastStamp = Math.max(Date.now(), lastStamp + 1)
  return `${label}-${testInfo.project.name}-${lastStamp}-${testInfo.workerIndex}@example.com`
}

export async function logIn(page: Page, email: string, password = DEMO_PASSWORD, path = '/login') {
  await page.goto(path)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

/**
 * A model's message (a catalogue key with its values, app/lib/i18n/message.ts) as an English page
 * shows it, read from the English catalogue (the runner cannot import the JSON catalogues as the
 * app does). Values are put in as i18next does; plurals are not needed here.
 */
export function inEnglish(message: string) {
  const { key, values } = readMessage(message)
  const [namespace, path] = key.split(':') as [string, string]
  const catalogue = JSON.parse(fs.readFileSync(`app/locales/en/${namespace}.json`, 'utf8')) as Record<string, unknown>
  const text = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue)
  if (typeof text !== 'string') throw new Error(`No English text for ${key}`)
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]))
}

/** What the second step of signing in and the security screens say to a wrong or used code, in English. */
export const WRONG_CODE = inEnglish(WRONG_CODE_MESSAGE)

const TOTP_PERIOD_MS = 30_000
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** The 30-second step an instant falls in (RFC 6238's counter). */
export const totpStep = (at = Date.now()) => Math.floor(at / TOTP_PERIOD_MS)

/**
 * The six digits an authenticator app shows for this base32 secret in `step` (RFC 6238: SHA-1,
 * six digits, 30 seconds). Worked out here by the RFC rather than by the app's library, so the
 * codes the app accepts are those any authenticator app computes; and for any step, so a flow
 * may use the next step's code (the app accepts one step either side) instead of waiting for it.
 */
export function totpCode(secret: string, step = totpStep()) {
  let bits = 0
  let value = 0
  const bytes: number[] = []
  for (const char of secret.replace(/[\s=]/g, '').toUpperCase()) {
    const index = BASE32.indexOf(char)
    if (index < 0) throw new Error(`Not a base32 secret: ${secret}`)
    value = ((value << 5) | index) & 0xffff
    bits += 5
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const hash = createHmac('sha1', Buffer.from(bytes)).update(counter).digest()
  const offset = hash.readUInt8(hash.length - 1) & 0xf
  return String((hash.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0')
}

/** An account's authenticator app as the test database holds it (null fields: none, or not on). */
export function totpOf(email: string) {
  const db = new Database(testDatabase(), { readonly: true, fileMustExist: true })
  try {
    const row = db
      .prepare(
        'SELECT totp_secret AS secret, totp_enabled_at AS enabledAt, totp_last_step AS lastStep FROM users WHERE email = ?',
      )
      .get(email) as { secret: string | null; enabledAt: number | null; lastStep: number | null } | undefined
    if (!row) throw new Error(`No account ${email}`)
    return row
  } finally {
    db.close()
  }
}

/**
 * A code the app will take now for this account, from the secret in the database (read afresh
 * each time: tests side by side may have changed it). The app takes a code once: its step must
 * come after the last one taken, and lie within a step of now. So this is the current step's
 * code, or the next step's when the current one was taken; when that one was taken too, it
 * waits for the next step (adding the wait to the test's time budget).
 */
async function usableCode(email: string) {
  const { secret, lastStep } = totpOf(email)
  if (!secret) throw new Error(`${email} has no authenticator app secret`)
  const now = totpStep()
  if (lastStep === null || now > lastStep) return totpCode(secret, now)
  if (now + 1 > lastStep) return totpCode(secret, now + 1)
  // lastStep is now + 1 (the app takes no later step): from lastStep's start, lastStep + 1 is next.
  const wait = lastStep * TOTP_PERIOD_MS - Date.now() + 500
  test.info().setTimeout(test.info().timeout + wait)
  await new Promise((resolve) => setTimeout(resolve, wait))
  return totpCode(secret, lastStep + 1)
}

/**
 * The second step of signing in, on /login/verify: a code from the account's secret, until the
 * page lets the person in. A code can lose a race with another test signing in to the same
 * account at the same moment (or the step can turn between reading and checking); the page
 * then says so, and it tries again with a fresh code, three times at most. Ends wherever the
 * sign-in goes (the role's dashboard, or the page asked for).
 */
export async function passSecondStep(page: Page, email: string) {
  await expect(page).toHaveURL(/\/login\/verify(\?|$)/)
  const url = page.url()
  const onThePage = () => new URL(page.url()).pathname === '/login/verify'
  const refused = page.getByText(WRONG_CODE).first()
  for (let attempt = 1; ; attempt++) {
    // A fresh page after a refusal (an earlier attempt's, or the caller's), so one on the page is this attempt's.
    if (attempt > 1 || (await refused.isVisible())) await page.goto(url)
    // One sign-in to the account at a time across the workers: two that read the same last step
    // would send the same code, and the second would lose.
    await oneAtATime(email, async () => {
      await page.getByLabel('Code', { exact: true }).fill(await usableCode(email))
      await page.getByRole('button', { name: 'Verify' }).click()
      await expect.poll(async () => !onThePage() || (await refused.isVisible())).toBe(true)
    })
    if (!onThePage()) return
    if (attempt === 3) throw new Error(`Three codes for ${email} were refused on ${url}`)
  }
}

/**
 * Runs `work` holding a lock for `account` shared by every worker of this project (a directory
 * beside the project's database, which each run starts afresh). The time spent waiting for it is
 * added to the test's time budget.
 */
async function oneAtATime(account: string, work: () => Promise<void>) {
  const lock = `${testDatabase()}.${account}.lock`
  const started = Date.now()
  for (;;) {
    try {
      fs.mkdirSync(lock)
      break
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  test.info().setTimeout(test.info().timeout + (Date.now() - started))
  try {
    await work()
  } finally {
    fs.rmSync(lock, { recursive: true, force: true })
  }
}

/**
 * Signs in as the demo admin through the form, both steps, and ends on the admin dashboard. The
 * seed gave them an authenticator app (playwright.config.ts), so the password always leads to
 * the second step. For the tests of signing in; the others sign in with sessions.ts.
 */
export async function logInAsAdmin(page: Page) {
  await logIn(page, DEMO.admin)
  await passSecondStep(page, DEMO.admin)
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
}

export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByRole('status', { name: 'Notification' }).filter({ hasText: title })
  await expect(toast).toBeVisible()
  if (description) await expect(toast).toContainText(description)
}

/** The newest email the app wrote to its outbox for this address (offline delivery). */
export function latestEmailTo(to: string) {
  const db = new Database(testDatabase(), { readonly: true, fileMustExist: true })
  try {
    return db.prepare('SELECT subject, text FROM email_outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1').get(to) as
      { subject: string; text: string } | undefined
  } finally {
    db.close()
  }
}

/**
 * A new client account, signed in within this page's browser context, made the way the app's
 * sign-up makes one without its form or its hash on the server (sessions.ts `signUpAs`). The
 * sign-up screen and POST /api/signup have their own tests.
 */
export async function signUpClient(page: Page, testInfo: TestInfo, password = 'secret-1234') {
  const email = uniqueEmail(testInfo, 'member')
  return signUpAs(page, {
    email,
    password,
    firstName: 'Morgan',
    lastName: 'Member',
    phoneNumber: '416 555 0123',
    isPractitioner: false,
  })
}

/**
 * Gives a client a finished session with a practitioner, as if they had booked and attended
 * it three days ago, so the client may review that practitioner (reviews are verified).
 * Written straight to the test database: the booking flow itself has its own tests.
 */
export function giveCompletedSession(clientEmail: string, practitionerEmail: string) {
  const db = writableTestDatabase()
  try {
    const idOf = (email: string) =>
      (db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number } | undefined)?.id
    const clientId = idOf(clientEmail)
    const practitionerId = idOf(practitionerEmail)
    if (!clientId || !practitionerId) throw new Error(`No such account: ${clientEmail} or ${practitionerEmail}`)
    const service = db
      .prepare(
        'SELECT id, name, duration_minutes AS duration, price_cents AS price FROM services WHERE practitioner_id = ? ORDER BY id LIMIT 1',
      )
      .get(practitionerId) as { id: number; name: string; duration: number; price: number } | undefined
    if (!service) throw new Error(`${practitionerEmail} offers no service`)
    const start = Date.now() - 3 * 24 * 60 * 60_000
    const end = start + service.duration * 60_000
    const fee = Math.round(service.price * 0.05)
    db.transaction(() => {
      const slot = db
        .prepare(
          'INSERT INTO time_slots (practitioner_id, service_id, start_time, end_time, is_booked) VALUES (?, ?, ?, ?, 1)',
        )
        .run(practitionerId, service.id, start, end)
      db.prepare(
        `INSERT INTO bookings (service_id, client_id, practitioner_id, time_slot_id, service_name, duration_minutes,
           start_time, end_time, status, total_amount_cents, platform_fee_cents, practitioner_amount_cents, is_paid)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'completed', ?, ?, ?, ?)`,
      ).run(
        service.id,
        clientId,
        practitionerId,
        slot.lastInsertRowid,
        service.name,
        service.duration,
        start,
        end,
        service.price,
        fee,
        service.price - fee,
        service.price > 0 ? 1 : 0,
      )
    }).immediate()
  } finally {
    db.close()
  }
}

/** The chunk that brings conform and zod to a public page's form, on its first use (decision 030). */
export const isFormCode = (url: string) => url.includes('/use-schema-form-')

/**
 * Types into a public form's field until its code has arrived: typing before React has
 * hydrated the page starts nothing, so it types again (clearing first) until it has. Then it
 * waits for React to have hydrated the field itself (its fiber is on the element): the code's
 * arrival alone, on a busy machine, can come a moment before, when a click still posts the
 * server's plain form.
 */
export async function typeUntilValidationLoads(page: Page, field: Locator, text: string) {
  const loaded: string[] = []
  const onResponse = (response: { url(): string }) => void loaded.push(response.url())
  page.on('response', onResponse)
  await expect(async () => {
    await field.fill('')
    await field.pressSequentially(text)
    expect(loaded.some(isFormCode)).toBe(true)
  }).toPass()
  page.off('response', onResponse)
  await page.waitForLoadState('networkidle')
  await expect
    .poll(() => field.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'))))
    .toBe(true)
}

/**
 * A free, confirmed one-hour session from `start` between this practitioner and client, with a
 * service of its own named `serviceName`, written straight to the test database (booking has
 * its own tests). Its booking id.
 */
export function giveUpcomingSession(
  practitionerEmail: string,
  clientEmail: string,
  start: number,
  serviceName: string,
) {
  const db = writableTestDatabase()
  try {
    const idOf = (email: string) => (db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id
    const [practitioner, client] = [idOf(practitionerEmail), idOf(clientEmail)]
    const end = start + 60 * 60_000
    return db
      .transaction(() => {
        const service = db
          .prepare(
            `INSERT INTO services (practitioner_id, name, description, category, price_cents) VALUES (?, ?, 'A session.', 'Yoga', 0)`,
          )
          .run(practitioner, serviceName).lastInsertRowid
        const slot = db
          .prepare(
            'INSERT INTO time_slots (practitioner_id, service_id, start_time, end_time, is_booked) VALUES (?, ?, ?, ?, 1)',
          )
          .run(practitioner, service, start, end).lastInsertRowid
        return Number(
          db
            .prepare(
              `INSERT INTO bookings (service_id, client_id, practitioner_id, time_slot_id, service_name, duration_minutes,
                 start_time, end_time, status) VALUES (?, ?, ?, ?, ?, 60, ?, ?, 'confirmed')`,
            )
            .run(service, client, practitioner, slot, serviceName, start, end).lastInsertRowid,
        )
      })
      .immediate()
  } finally {
    db.close()
  }
}

/** A new practitioner, signed in within this page's browser context (as signUpClient). */
export async function signUpPractitioner(page: Page, testInfo: TestInfo, password = 'secret-1234') {
  const email = uniqueEmail(testInfo, 'practitioner')
  return signUpAs(page, {
    email,
    password,
    firstName: 'Robin',
    lastName: 'Hale',
    phoneNumber: '416 555 0177',
    isPractitioner: true,
    country: 'CA',
  })
}

/**
 * Another open one-hour slot from `start`, of the service this booking is for and with its
 * practitioner, written straight to the test database (adding slots has its own tests): a
 * time the booking can be moved to. Its id.
 */
export function giveOpenSlot(bookingId: number, start: number) {
  const db = writableTestDatabase()
  try {
    const booking = db
      .prepare('SELECT service_id AS serviceId, practitioner_id AS practitionerId FROM bookings WHERE id = ?')
      .get(bookingId) as { serviceId: number | null; practitionerId: number | null } | undefined
    if (!booking?.serviceId || !booking.practitionerId) throw new Error(`No booking ${bookingId} with a service`)
    return Number(
      db
        .prepare(
          'INSERT INTO time_slots (practitioner_id, service_id, start_time, end_time, is_booked) VALUES (?, ?, ?, ?, 0)',
        )
        .run(booking.practitionerId, booking.serviceId, start, start + 60 * 60_000).lastInsertRowid,
    )
  } finally {
    db.close()
  }
}

/**
 * A free one-hour session from `start` (in the past) between this practitioner and client that
 * took place: giveUpcomingSession's session, completed as the app's sweeper completes a session
 * once it has ended (app/jobs/maintenance.server.ts), so no sweep changes it under a flow. Its
 * booking id.
 */
export function giveFinishedSession(
  practitionerEmail: string,
  clientEmail: string,
  start: number,
  serviceName: string,
) {
  if (start + 60 * 60_000 > Date.now()) throw new Error('A finished session ends before now')
  const bookingId = giveUpcomingSession(practitionerEmail, clientEmail, start, serviceName)
  const db = writableTestDatabase()
  try {
    db.prepare(`UPDATE bookings SET status = 'completed' WHERE id = ?`).run(bookingId)
  } finally {
    db.close()
  }
  return bookingId
}

/**
 * A one-hour session from `start` as the screens and emails write it in the browser's (and the
 * test accounts') zone, America/Toronto, by the runtime's own zone data rather than the app's: 'March 6, 2026', '10:00 AM', the whole span
 * 'March 6, 2026, 10:00 AM – 11:00 AM EST', the dashboard's 'Mar 6, 2026, …', the admins' 'Mar 6, 2026, 10:00 AM EST', the calendar
 * link's 'Friday, March 6, 2026' and the `?date=` of that day.
 */
export function shown(start: number) {
  const parts = (instant: number, options: Intl.DateTimeFormatOptions) =>
    Object.fromEntries(
      new Intl.DateTimeFormat('en-US', { timeZone: 'America/Toronto', ...options })
        .formatToParts(instant)
        .map(({ type, value }) => [type, value]),
    ) as Record<Intl.DateTimeFormatPartTypes, string>
  const time = (instant: number) => {
    const { hour, minute, dayPeriod } = parts(instant, { hour: 'numeric', minute: '2-digit', hour12: true })
    return `${hour}:${minute} ${dayPeriod}`
  }
  const day = parts(start, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })
  const numeric = parts(start, { year: 'numeric', month: '2-digit', day: '2-digit' })
  const zone = parts(start, { timeZoneName: 'short' }).timeZoneName
  const date = `${day.month} ${day.day}, ${day.year}`
  const span = `${time(start)} – ${time(start + 60 * 60_000)} ${zone}`
  return {
    date,
    time: time(start),
    span,
    when: `${date}, ${span}`,
    short: `${day.month.slice(0, 3)} ${day.day}, ${day.year}, ${span}`,
    startShort: `${day.month.slice(0, 3)} ${day.day}, ${day.year}, ${time(start)} ${zone}`,
    calendarDay: `${day.weekday}, ${date}`,
    iso: `${numeric.year}-${numeric.month}-${numeric.day}`,
  }
}

/**
 * Gives the service of this booking the practitioner's own meeting link, written straight to
 * the test database (the services screen has its own tests). With `own`, sessions are held
 * there instead of the video room; without, it is only the fallback the room offers without
 * JavaScript.
 */
export function giveMeetingLink(bookingId: number, meetingLink: string, { own = false } = {}) {
  const db = writableTestDatabase()
  try {
    db.prepare(
      `UPDATE services SET meeting_link = ?, use_own_meeting_link = ?
       WHERE id = (SELECT service_id FROM bookings WHERE id = ?)`,
    ).run(meetingLink, own ? 1 : 0, bookingId)
  } finally {
    db.close()
  }
}

/**
 * On a booking page, picks the first day with open times two or more days ahead (a booking there
 * is cancelled for a full refund) and waits for its own times; returns the day as YYYY-MM-DD.
 * It looks in the month shown, then in the next one: the demo's open times cover two weeks
 * (app/seed/demo-slots.ts), which near a month's end fall in the next month. `nextMonth` is the
 * calendar's link to it, in the page's language.
 */
export async function pickDayAhead(page: Page, nextMonth = 'Next month') {
  const soonest = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
  const dayAhead = async () => {
    const hrefs = await page
      .locator('a[data-open-times]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
    return hrefs.find((href) => (/date=(\d{4}-\d{2}-\d{2})/.exec(href)?.[1] ?? '') > soonest)
  }
  let href = await dayAhead()
  if (href === undefined) {
    await page.getByRole('link', { name: nextMonth, exact: true }).click()
    await expect.poll(dayAhead, { message: 'a day with open times two or more days ahead' }).toBeDefined()
    href = (await dayAhead())!
  }
  await page.locator(`a[data-open-times][href="${href}"]`).click()
  // The day's own times, not the ones shown before the navigation ends (which it would reset).
  await expect(page.locator(`a[data-open-times][aria-current="date"][href="${href}"]`)).toBeVisible()
  return /date=(\d{4}-\d{2}-\d{2})/.exec(href)![1]!
}
