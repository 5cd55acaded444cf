import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test'
import Database from 'better-sqlite3'
import { splitFee } from '../../app/lib/money'
import { e2eServer } from '../../playwright.config'

export const DEMO_PASSWORD = 'Solace-demo-2026'
export const DEMO = {
  admin: 'admin@solace.test',
  practitioner: 'practitioner@solace.test',
  client: 'client@solace.test',
}
/** Their names, as the seed writes them (app/db/seed/data/accounts.ts). */
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

/** A fresh address per test and project, so runs never collide. */
export function uniqueEmail(testInfo: TestInfo, label: string) {
  return `${label}-${testInfo.project.name}-${Date.now()}-${testInfo.workerIndex}@example.com`
}

export async function logIn(page: Page, email: string, password = DEMO_PASSWORD, path = '/login') {
  await page.goto(path)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
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
 * A new client account, signed in within this page's browser context (the API sets the
 * session cookie the page then uses). Quicker than the sign-up screen, which has its own tests.
 */
export async function signUpClient(page: Page, testInfo: TestInfo, password = 'secret123') {
  const email = uniqueEmail(testInfo, 'member')
  const response = await page.request.post('/api/signup', {
    data: {
      email,
      password,
      firstName: 'Morgan',
      lastName: 'Member',
      phoneNumber: '416 555 0123',
      isPractitioner: false,
    },
  })
  expect(response.status()).toBe(201)
  return { email, password }
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

/** A new practitioner, signed in within this page's browser context (the API sets the cookie). */
export async function signUpPractitioner(page: Page, testInfo: TestInfo, password = 'secret123') {
  const email = uniqueEmail(testInfo, 'practitioner')
  const response = await page.request.post('/api/signup', {
    data: {
      email,
      password,
      firstName: 'Robin',
      lastName: 'Hale',
      phoneNumber: '416 555 0177',
      isPractitioner: true,
      country: 'CA',
    },
  })
  expect(response.status()).toBe(201)
  const { user } = (await response.json()) as { user: { id: number } }
  return { email, password, id: user.id }
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
 * once it has ended (app/lib/maintenance.server.ts), so no sweep changes it under a flow. Its
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
