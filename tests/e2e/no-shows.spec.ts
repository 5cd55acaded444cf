import { expect, test } from '@playwright/test'
import { signInAs } from './sessions'
import {
  DEMO,
  DEMO_PEOPLE,
  expectDashboard,
  expectToast,
  giveFinishedSession,
  latestEmailTo,
  shown,
  signUpClient,
  signUpPractitioner,
  valueBeside,
  writableTestDatabase,
} from './support'

/**
 * Sessions somebody did not attend, with JavaScript and without (docs/decisions/038-no-shows.md).
 * A practitioner marks, through a confirmation, that the client of a session that ended two hours
 * ago did not come: the dashboard's Recent Sessions row then says so, the client is emailed, and
 * their dashboard and booking page show the session as missed. A client reports that the
 * practitioner of a session that ended an hour ago did not come, in their own words: the booking
 * page then says it was reported, and the admins read the report in their contact messages with
 * the booking attached (the session, both names and where it stands).
 */

const MINUTE = 60_000
const HOUR = 60 * MINUTE
/** The app's words (app/models/booking/no-show.ts). */
const CLIENT_MARKED_ABSENT = 'Marked: your client did not attend. No refund is due under the cancellation policy.'
const MISSED_SESSION =
  'Your practitioner marked that you did not attend this session. No refund is due under the cancellation policy.'
const REPORT_SENT = 'Thank you for telling us. Our team will look into it and reply by email.'
const NO_SHOW_REPORTED = 'You reported that your practitioner did not attend. Our team will reply by email.'

/** A one-hour session that started `hours` hours ago, on a whole minute (the screens show minutes). */
function startedHoursAgo(hours: number) {
  return Math.floor(Date.now() / MINUTE) * MINUTE - hours * HOUR
}

test('a practitioner marks that the client did not attend, and the client sees the session as missed', async ({
  browser,
}, testInfo) => {
  const practitionerContext = await browser.newContext()
  const p = await practitionerContext.newPage()
  const practitioner = await signUpPractitioner(p, testInfo)
  const clientContext = await browser.newContext()
  const page = await clientContext.newPage()
  const client = await signUpClient(page, testInfo)
  const service = `Missed By Client ${testInfo.project.name}`
  // Ended two hours ago: within the 48 hours the practitioner may mark it.
  const start = startedHoursAgo(3)
  const bookingId = giveFinishedSession(practitioner.email, client.email, start, service)

  await p.goto('/practitioner/dashboard')
  const recent = p.getByRole('region', { name: 'Recent Sessions' })
  const row = recent.getByRole('listitem').filter({ hasText: service })
  await expect(row).toContainText('with Morgan Member')
  await expect(row).toContainText(shown(start).short)
  const markLink = row.getByRole('link', { name: `Client did not attend: ${service} with Morgan Member`, exact: true })

  // The link only asks: Go Back leaves the session as it was.
  await markLink.click()
  await expect(p).toHaveURL(`/practitioner/dashboard?no-show=${bookingId}`)
  const dialog = p.getByRole('dialog', { name: 'Client did not attend' })
  await expect(dialog).toContainText(`${service} with Morgan Member, ${shown(start).short}`)
  await expect(dialog).toContainText('Nothing is refunded')
  await dialog.getByRole('link', { name: 'Go Back' }).click()
  await expect(p).toHaveURL('/practitioner/dashboard')
  await expect(p.getByRole('dialog')).toHaveCount(0)
  await expect(markLink).toBeVisible()

  await markLink.click()
  await dialog.getByRole('button', { name: 'Mark as Missed' }).click()
  await expectToast(p, 'Session marked as missed', CLIENT_MARKED_ABSENT)
  await expect(p).toHaveURL('/practitioner/dashboard')
  await expect(p.getByRole('dialog')).toHaveCount(0)
  await expect(row.getByText('Client did not attend', { exact: true })).toBeVisible()
  await expect(row.getByRole('link')).toHaveCount(0)

  const email = latestEmailTo(client.email)!
  expect(email.subject).toBe(`Missed session: ${service}`)
  expect(email.text).toContain(`Robin Hale marked that you did not attend "${service}" on ${shown(start).when}.`)
  expect(email.text).toContain(`/bookings/${bookingId}`)

  await page.goto('/client-dashboard')
  const card = page.getByRole('list', { name: 'Past sessions' }).getByRole('listitem').filter({ hasText: service })
  await expect(card.getByText('missed', { exact: true })).toBeVisible()
  await expect(card).toContainText(MISSED_SESSION)
  await card.getByRole('link', { name: `Details: ${service}`, exact: true }).click()
  await expect(page).toHaveURL(`/bookings/${bookingId}`)
  await expect(page.getByRole('heading', { level: 1, name: 'You missed this session' })).toBeVisible()
  await expect(page.getByText(MISSED_SESSION, { exact: true })).toBeVisible()
  await expect(valueBeside(page.getByRole('main'), 'Status')).toContainText('Missed')
  await practitionerContext.close()
  await clientContext.close()
})

test('a client reports that the practitioner did not attend, and an admin reads it with the booking', async ({
  browser,
  page,
}, testInfo) => {
  const practitionerContext = await browser.newContext()
  const practitioner = await signUpPractitioner(await practitionerContext.newPage(), testInfo)
  await practitionerContext.close()
  const client = await signUpClient(page, testInfo)
  const service = `Practitioner Absent ${testInfo.project.name}`
  // Ended an hour ago: within the 7 days the client may report it.
  const start = startedHoursAgo(2)
  const bookingId = giveFinishedSession(practitioner.email, client.email, start, service)
  const words = 'I waited in the video room for 20 minutes and nobody came.'

  await page.goto(`/bookings/${bookingId}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Session completed' })).toBeVisible()
  await page.getByText('Your practitioner did not attend?', { exact: true }).click()
  await page.getByLabel('What happened (optional)').fill(words)
  await page.getByRole('button', { name: 'Send Report' }).click()
  await expectToast(page, 'Report sent', REPORT_SENT)
  await expect(page).toHaveURL(`/bookings/${bookingId}`)
  await expect(page.getByText(NO_SHOW_REPORTED, { exact: true })).toBeVisible()
  await expect(page.getByText('Your practitioner did not attend?')).toHaveCount(0)

  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await signInAs(admin, DEMO.admin)
  await expectDashboard(admin, 'admin', DEMO_PEOPLE.admin)
  await admin.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Messages' }).click()
  await expect(admin).toHaveURL('/admin/dashboard?tab=messages')
  // This report (a repeated run reports a session of the same name too), under its subject.
  const booking = admin.getByLabel(`Booking ${bookingId}`, { exact: true })
  const message = admin.getByRole('list', { name: 'Contact messages' }).getByRole('listitem').filter({ has: booking })
  await expect(message).toContainText(`Practitioner did not attend: ${service}`)
  await expect(message).toContainText(`Morgan Member · ${client.email} ·`)
  await expect(message).toContainText(
    `Morgan reports that Robin Hale did not attend "${service}" on ${shown(start).when} (booking ${bookingId}).`,
  )
  await expect(message).toContainText(`In their words: ${words}`)
  await expect(booking).toContainText(`Booking ${bookingId}: ${service}, ${shown(start).startShort}`)
  await expect(booking).toContainText('Morgan Member with Robin Hale')
  await expect(booking).toContainText('completed · free')
  await expect(booking.getByRole('link', { name: 'Write to the practitioner' })).toHaveAttribute(
    'href',
    `mailto:${practitioner.email}`,
  )
  await adminContext.close()
})

/** The words of issue 42 (app/models/booking/no-show.ts). */
const ALREADY_DISPUTED = 'You told us you were there. Our team will look into it and reply by email.'

/** Stays in a booking's video room, as the signaling hub writes them: `[email, from, to]` in minutes after `start`. */
function giveRoomStays(bookingId: number, start: number, stays: [email: string, from: number, to: number][]) {
  const db = writableTestDatabase()
  try {
    for (const [email, from, to] of stays) {
      const { id } = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }
      db.prepare('INSERT INTO session_attendance (booking_id, user_id, joined_at, left_at) VALUES (?, ?, ?, ?)').run(
        bookingId,
        id,
        start + from * MINUTE,
        start + to * MINUTE,
      )
    }
  } finally {
    db.close()
  }
}

test('a client who joined the room cannot be marked absent', async ({ browser, page }, testInfo) => {
  const clientContext = await browser.newContext()
  const client = await signUpClient(await clientContext.newPage(), testInfo)
  await clientContext.close()
  const practitioner = await signUpPractitioner(page, testInfo)
  const service = `Client Came ${testInfo.project.name}`
  const start = startedHoursAgo(3)
  const bookingId = giveFinishedSession(practitioner.email, client.email, start, service)
  giveRoomStays(bookingId, start, [
    [client.email, 2, 55],
    [practitioner.email, 0, 56],
  ])

  await page.goto('/practitioner/dashboard')
  const row = page.getByRole('region', { name: 'Recent Sessions' }).getByRole('listitem').filter({ hasText: service })
  await expect(row).toContainText(
    `Morgan Member in the room ${shown(start + 2 * MINUTE).time} – ${shown(start + 55 * MINUTE).time}`,
  )
  await expect(row.getByRole('link', { name: /Client did not attend/ })).toHaveCount(0)
  // Its address does not open the confirmation either.
  await page.goto(`/practitioner/dashboard?no-show=${bookingId}`)
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('"I was there": the client marked absent tells the admins, who read the room\'s trail', async ({
  browser,
  page,
}, testInfo) => {
  const practitionerContext = await browser.newContext()
  const p = await practitionerContext.newPage()
  const practitioner = await signUpPractitioner(p, testInfo)
  const client = await signUpClient(page, testInfo)
  const service = `Was There ${testInfo.project.name}`
  const start = startedHoursAgo(3)
  const bookingId = giveFinishedSession(practitioner.email, client.email, start, service)
  giveRoomStays(bookingId, start, [[practitioner.email, 1, 30]])

  await p.goto(`/practitioner/dashboard?no-show=${bookingId}`)
  await p.getByRole('dialog', { name: 'Client did not attend' }).getByRole('button', { name: 'Mark as Missed' }).click()
  await expectToast(p, 'Session marked as missed', CLIENT_MARKED_ABSENT)
  await practitionerContext.close()

  // The email's "I was there" leads to the booking page's form.
  const email = latestEmailTo(client.email)!
  expect(email.text).toContain('I was there')
  const link = email.text.match(/https?:\/\/\S+#i-was-there/)![0]
  await page.goto(new URL(link).pathname + new URL(link).hash)
  await expect(page.getByRole('heading', { level: 1, name: 'You missed this session' })).toBeVisible()
  const form = page.getByRole('region', { name: 'I was there' })
  const words = 'I was in the room with my camera on from the start.'
  await form.getByLabel('What happened (optional)').fill(words)
  await form.getByRole('button', { name: 'Tell Our Team' }).click()
  await expectToast(page, 'Report sent', REPORT_SENT)
  await expect(page).toHaveURL(`/bookings/${bookingId}`)
  await expect(page.getByText(ALREADY_DISPUTED, { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Tell Our Team' })).toHaveCount(0)

  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await signInAs(admin, DEMO.admin)
  await expectDashboard(admin, 'admin', DEMO_PEOPLE.admin)
  await admin.goto('/admin/dashboard?tab=messages')
  const booking = admin.getByLabel(`Booking ${bookingId}`, { exact: true })
  const message = admin.getByRole('list', { name: 'Contact messages' }).getByRole('listitem').filter({ has: booking })
  await expect(message).toContainText(`Client says they attended: ${service}`)
  await expect(message).toContainText(`which Robin Hale marked as missed (booking ${bookingId}).`)
  await expect(message).toContainText(words)
  await expect(booking).toContainText('the practitioner marked the client absent')
  await expect(booking.getByRole('list', { name: 'Session room attendance' })).toContainText(
    `practitioner (user ${practitioner.id}) joined ${shown(start + MINUTE).startShort}, left ${shown(start + 30 * MINUTE).startShort}`,
  )
  await adminContext.close()
})
