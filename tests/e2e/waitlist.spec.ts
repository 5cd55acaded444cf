import { expect, test } from '@playwright/test'
import { DEMO, expectToast, latestEmailTo, signUpClient, writableTestDatabase } from './support'

/**
 * The waitlist (issue 46), with JavaScript and without: a client finds no time that suits on a
 * service's booking page and joins its waitlist; another client's booking of the only time is
 * cancelled; the time is offered to the first in line (an email, and a notice on their
 * dashboard), and one button books it.
 */

/** A free service of the demo practitioner with one open hour three days ahead. */
function giveServiceWithOneTime(name: string) {
  const db = writableTestDatabase()
  try {
    return db
      .transaction(() => {
        const practitioner = (
          db.prepare('SELECT id FROM users WHERE email = ?').get(DEMO.practitioner) as { id: number }
        ).id
        const serviceId = Number(
          db
            .prepare(
              `INSERT INTO services (practitioner_id, name, description, category, price_cents, is_free_intro)
               VALUES (?, ?, 'A quiet hour.', 'Meditation', 0, 1)`,
            )
            .run(practitioner, name).lastInsertRowid,
        )
        const start = Math.ceil((Date.now() + 3 * 24 * 60 * 60_000) / 3_600_000) * 3_600_000
        const slotId = Number(
          db
            .prepare('INSERT INTO time_slots (practitioner_id, service_id, start_time, end_time) VALUES (?, ?, ?, ?)')
            .run(practitioner, serviceId, start, start + 60 * 60_000).lastInsertRowid,
        )
        return { serviceId, slotId }
      })
      .immediate()
  } finally {
    db.close()
  }
}

test('a client joins a waitlist, a cancelled time is offered to them, and one button books it', async ({
  browser,
}, testInfo) => {
  const name = `Waitlisted Hour ${testInfo.project.name}`
  const { serviceId, slotId } = giveServiceWithOneTime(name)

  // Someone else holds the only time.
  const otherContext = await browser.newContext()
  const other = await otherContext.newPage()
  await signUpClient(other, testInfo)
  const booked = await other.request.post('/api/bookings', { data: { serviceId, timeSlotId: slotId } })
  expect(booked.status()).toBe(201)
  const { id: bookingId } = (await booked.json()) as { id: number }

  const context = await browser.newContext()
  const page = await context.newPage()
  const client = await signUpClient(page, testInfo)
  await page.goto(`/services/${serviceId}`)
  await page.getByRole('link', { name: 'No time suits? Join the waitlist and get the first one that opens' }).click()
  await expect(page.getByRole('heading', { name: 'Join the waitlist' })).toBeVisible()
  await page.getByRole('button', { name: 'Join the Waitlist' }).click()
  await expect(page).toHaveURL(/\/waitlists$/)
  await expectToast(page, 'Joined the waitlist')
  await expect(page.getByRole('link', { name })).toBeVisible()

  // The other client cancels: the time goes to the first in line, by email and on the dashboard.
  expect((await other.request.patch(`/api/bookings/${bookingId}/cancel`)).status()).toBe(200)
  expect(latestEmailTo(client.email)?.subject).toBe(`A time opened for ${name}`)
  await page.goto('/client-dashboard')
  const notice = page.getByRole('status', { name: 'Times held for you' })
  await expect(notice).toContainText(name)
  await notice.getByRole('link', { name: 'See and book' }).click()
  await page.getByRole('region', { name: 'Times held for you' }).getByRole('button', { name: 'Book This Time' }).click()

  await expect(page).toHaveURL(/\/bookings\/\d+$/)
  await expectToast(page, 'Booking confirmed!')
  await expect(page.getByText(name).first()).toBeVisible()
  await otherContext.close()
  await context.close()
})
