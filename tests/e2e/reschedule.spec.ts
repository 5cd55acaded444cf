import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test'
import Database from 'better-sqlite3'
import {
  expectToast,
  giveOpenSlot,
  giveUpcomingSession,
  latestEmailTo,
  shown,
  signUpClient,
  signUpPractitioner,
  testDatabase,
  valueBeside,
  writableTestDatabase,
} from './support'

/**
 * Moving a booked session to another open time of its service, with JavaScript and without:
 * the client moves their own free session (the old time opens again, both sides are emailed);
 * the practitioner moves a client's session, and the client accepts the new time from their
 * booking's page (the practitioner's "New time sent" badge then goes); and a time someone took
 * while the page was open is refused on the page, the booking left where it was.
 */

const HOUR = 60 * 60_000
/** Refused moves' words (SLOT_UNAVAILABLE in app/models/booking/booking.server.ts). */
const SLOT_UNAVAILABLE = 'This time slot is no longer available. Please choose another.'
/** The bound on moves (MAX_MOVES, TOO_MANY_MOVES in app/models/booking/reschedule.ts). */
const MAX_MOVES = 3
const TOO_MANY_MOVES = `This session has already been moved ${MAX_MOVES} times, the most one booking can be. It can still be cancelled, and another time booked.`

/** A whole hour `days` days from now: in the future in any zone. */
function daysAhead(days: number) {
  return Math.ceil((Date.now() + days * 24 * HOUR) / HOUR) * HOUR
}

/**
 * A new practitioner with a listed profile (a picture, a title and a bio), signed in within a
 * browser context of their own: only a listed service's open times are offered to move to.
 * The profile screen has its own tests.
 */
async function listedPractitioner(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext()
  const page = await context.newPage()
  const { email } = await signUpPractitioner(page, testInfo)
  const db = writableTestDatabase()
  try {
    db.prepare(
      `UPDATE users SET title = 'Movement Coach', bio = 'Sessions that fit your week.',
         profile_image_url = '/images/placeholder-avatar.svg' WHERE email = ?`,
    ).run(email)
  } finally {
    db.close()
  }
  return { context, page, email }
}

/** Where the booking is in the test database, and whether each of its service's slots is booked. */
function stateOf(bookingId: number) {
  const db = new Database(testDatabase(), { readonly: true, fileMustExist: true })
  try {
    const booking = db
      .prepare('SELECT time_slot_id AS slot, start_time AS start FROM bookings WHERE id = ?')
      .get(bookingId) as { slot: number; start: number }
    const slots = db
      .prepare(
        `SELECT id, is_booked AS booked FROM time_slots
         WHERE service_id = (SELECT service_id FROM bookings WHERE id = ?) ORDER BY id`,
      )
      .all(bookingId) as { id: number; booked: number }[]
    return { ...booking, booked: Object.fromEntries(slots.map((slot) => [slot.id, slot.booked === 1])) }
  } finally {
    db.close()
  }
}

/** On a Reschedule page: the day in the calendar (a link, marked as having open times), then its time. */
async function chooseTime(page: Page, start: number) {
  const { calendarDay, iso, time } = shown(start)
  await page.getByRole('link', { name: `${calendarDay}, open times available`, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`[?&]date=${iso}(&|$)`))
  await page.getByRole('radio', { name: time, exact: true }).check()
}

test('a client moves their free session to another open time, and the old one opens again', async ({
  page,
  browser,
}, testInfo) => {
  const practitioner = await listedPractitioner(browser, testInfo)
  const client = await signUpClient(page, testInfo)
  const service = `Moved By Client ${testInfo.project.name}`
  const [was, now] = [daysAhead(3), daysAhead(5)]
  const bookingId = giveUpcomingSession(practitioner.email, client.email, was, service)
  const oldSlot = stateOf(bookingId).slot
  const newSlot = giveOpenSlot(bookingId, now)

  await page.goto('/client-dashboard')
  await page.getByRole('link', { name: `Reschedule: ${service}`, exact: true }).click()
  await expect(page).toHaveURL(`/bookings/${bookingId}/reschedule`)
  await expect(page.getByRole('heading', { level: 1, name: 'Reschedule Session' })).toBeVisible()
  await expect(page.getByText(`Now: ${shown(was).when}`, { exact: true })).toBeVisible()
  await chooseTime(page, now)
  await page.getByRole('button', { name: 'Move Session' }).click()

  await expectToast(
    page,
    'Session Rescheduled',
    'Your session has a new time. The updated invitation is emailed to you within a few minutes.',
  )
  await expect(page).toHaveURL(`/bookings/${bookingId}`)
  const when = valueBeside(page.getByRole('main'), 'When')
  await expect(when).toContainText(shown(now).date)
  await expect(when).toContainText(shown(now).span)
  expect(stateOf(bookingId)).toEqual({ slot: newSlot, start: now, booked: { [oldSlot]: false, [newSlot]: true } })

  const clientEmail = latestEmailTo(client.email)!
  expect(clientEmail.subject).toBe(`Session moved: ${service}`)
  expect(clientEmail.text).toContain(`Was: ${shown(was).when}`)
  expect(clientEmail.text).toContain(`Now: ${shown(now).when}`)
  const practitionerEmail = latestEmailTo(practitioner.email)!
  expect(practitionerEmail.subject).toBe(`Booking moved: ${service}`)
  expect(practitionerEmail.text).toContain(
    `Morgan Member moved "${service}" from ${shown(was).when} to ${shown(now).when}. The old time is open for booking again.`,
  )
  await practitioner.context.close()
})

test('a practitioner moves a session, and the client accepts the new time', async ({ page, browser }, testInfo) => {
  const practitioner = await listedPractitioner(browser, testInfo)
  const client = await signUpClient(page, testInfo)
  const service = `Moved By Practitioner ${testInfo.project.name}`
  const [was, now] = [daysAhead(3), daysAhead(6)]
  const bookingId = giveUpcomingSession(practitioner.email, client.email, was, service)
  giveOpenSlot(bookingId, now)

  const p = practitioner.page
  await p.goto('/practitioner/dashboard')
  await p.getByRole('link', { name: 'Reschedule session with Morgan Member', exact: true }).click()
  await expect(p).toHaveURL(`/practitioner/bookings/${bookingId}/reschedule`)
  await expect(p.getByText(`Now: ${shown(was).when}`, { exact: true })).toBeVisible()
  await expect(
    p.getByText('Your client is emailed the new time and can accept it or cancel for a full refund.'),
  ).toBeVisible()
  await chooseTime(p, now)
  // The practitioner's words go with the new time (issue 42): plain text, line breaks kept.
  const message = 'A clash came up, sorry.\nSame length, <b>same</b> room.'
  await p.getByLabel('Message for your client (optional)').fill(message)
  await p.getByRole('button', { name: 'Move Session' }).click()

  await expectToast(
    p,
    'Session Rescheduled',
    'The session has a new time. Your client is emailed it within a few minutes, and can accept it or cancel for a full refund.',
  )
  await expect(p).toHaveURL('/practitioner/dashboard')
  const row = p.getByRole('listitem').filter({ hasText: service })
  await expect(row).toContainText(shown(now).short)
  await expect(row.getByText('New time sent', { exact: true })).toBeVisible()

  const email = latestEmailTo(client.email)!
  expect(email.subject).toBe(`New time for your session: ${service}`)
  expect(email.text).toContain(`Now: ${shown(now).when}`)
  expect(email.text).toContain('Robin Hale wrote:\n> A clash came up, sorry.\n> Same length, <b>same</b> room.')

  await page.goto(`/bookings/${bookingId}`)
  const notice = page.getByRole('region', { name: 'New time' })
  await expect(notice).toContainText(`Your practitioner moved this session to ${shown(now).when}.`)
  await expect(notice.getByRole('link', { name: 'Cancel for a Full Refund' })).toBeVisible()
  await expect(notice.getByText('Robin Hale wrote:', { exact: true })).toBeVisible()
  // Shown as typed, as text: the markup is not made into bold, and the line break stays.
  const quote = notice.locator('blockquote')
  await expect(quote).toHaveText(message)
  await expect(quote.locator('b')).toHaveCount(0)
  expect(await quote.evaluate((el) => (el as HTMLElement).innerText)).toBe(message)
  await notice.getByRole('button', { name: `Accept New Time: ${service}`, exact: true }).click()
  await expectToast(page, 'New time accepted', 'You accepted the new time. See you then.')
  await expect(page).toHaveURL(`/bookings/${bookingId}`)
  await expect(page.getByRole('region', { name: 'New time' })).toHaveCount(0)
  await expect(valueBeside(page.getByRole('main'), 'When')).toContainText(shown(now).span)

  await p.reload()
  await expect(row).toContainText(shown(now).short)
  await expect(row.getByText('New time sent', { exact: true })).toHaveCount(0)
  await practitioner.context.close()
})

test('a time someone took while the page was open is refused, and the session stays put', async ({
  page,
  browser,
}, testInfo) => {
  const practitioner = await listedPractitioner(browser, testInfo)
  const client = await signUpClient(page, testInfo)
  const service = `Taken Meanwhile ${testInfo.project.name}`
  const [was, wanted] = [daysAhead(4), daysAhead(7)]
  const bookingId = giveUpcomingSession(practitioner.email, client.email, was, service)
  const before = stateOf(bookingId)
  const taken = giveOpenSlot(bookingId, wanted)

  await page.goto(`/bookings/${bookingId}`)
  await page.getByRole('link', { name: 'Reschedule this session', exact: true }).click()
  await expect(page).toHaveURL(`/bookings/${bookingId}/reschedule`)
  await chooseTime(page, wanted)
  // Someone else books that time before this page is sent.
  const db = writableTestDatabase()
  try {
    db.prepare('UPDATE time_slots SET is_booked = 1 WHERE id = ?').run(taken)
  } finally {
    db.close()
  }
  await page.getByRole('button', { name: 'Move Session' }).click()

  await expect(page.getByRole('alert').filter({ hasText: SLOT_UNAVAILABLE })).toBeVisible()
  await expect(page.getByRole('group', { name: /^Available times for / })).toHaveAccessibleDescription(SLOT_UNAVAILABLE)
  await expect(page.getByText(`Now: ${shown(was).when}`, { exact: true })).toBeVisible()
  expect(stateOf(bookingId)).toEqual({ ...before, booked: { [before.slot]: true, [taken]: true } })
  await practitioner.context.close()
})

test('a session moved as often as a booking may be: a move is refused on the page, which then offers no times', async ({
  page,
  browser,
}, testInfo) => {
  const practitioner = await listedPractitioner(browser, testInfo)
  const client = await signUpClient(page, testInfo)
  const service = `Moved Enough ${testInfo.project.name}`
  const [was, wanted] = [daysAhead(4), daysAhead(8)]
  const bookingId = giveUpcomingSession(practitioner.email, client.email, was, service)
  const before = stateOf(bookingId)
  const target = giveOpenSlot(bookingId, wanted)

  await page.goto(`/bookings/${bookingId}/reschedule`)
  await chooseTime(page, wanted)
  // Moved its last allowed time (from another tab, say) before this page is sent.
  const db = writableTestDatabase()
  try {
    db.prepare('UPDATE bookings SET move_count = ? WHERE id = ?').run(MAX_MOVES, bookingId)
  } finally {
    db.close()
  }
  await page.getByRole('button', { name: 'Move Session' }).click()
  await expect(page.getByRole('alert').filter({ hasText: TOO_MANY_MOVES })).toBeVisible()
  expect(stateOf(bookingId)).toEqual({ ...before, booked: { [before.slot]: true, [target]: false } })

  await page.goto(`/bookings/${bookingId}/reschedule`)
  await expect(page.getByText(TOO_MANY_MOVES, { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Move Session' })).toHaveCount(0)
  await practitioner.context.close()
})
