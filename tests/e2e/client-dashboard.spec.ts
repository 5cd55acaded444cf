import { expect, test, type Page } from '@playwright/test'
import { expectToast, signUpClient, valueBeside, writableTestDatabase } from './support'

/**
 * The client dashboard's cards and empty state say what its lists show: a session awaiting its
 * payment is an upcoming session, and a client whose sessions were all cancelled is not told
 * they have none. With JavaScript and without.
 */

/**
 * A paid session three days out, booked by this client and waiting for its payment (the hold
 * runs another 25 minutes), written straight to the test database: booking and paying have
 * their own tests. Its service's name.
 */
function giveSessionAwaitingPayment(clientEmail: string) {
  const db = writableTestDatabase()
  try {
    const client = (db.prepare('SELECT id FROM users WHERE email = ?').get(clientEmail) as { id: number }).id
    const service = db
      .prepare(
        `SELECT id, practitioner_id AS practitionerId, name, duration_minutes AS duration, price_cents AS price
         FROM services WHERE price_cents > 0 AND is_active = 1 ORDER BY id LIMIT 1`,
      )
      .get() as { id: number; practitionerId: number; name: string; duration: number; price: number }
    const start = Date.now() + 3 * 24 * 60 * 60_000
    const end = start + service.duration * 60_000
    const fee = Math.round(service.price * 0.05)
    db.transaction(() => {
      const slot = db
        .prepare(
          'INSERT INTO time_slots (practitioner_id, service_id, start_time, end_time, is_booked) VALUES (?, ?, ?, ?, 1)',
        )
        .run(service.practitionerId, service.id, start, end).lastInsertRowid
      db.prepare(
        `INSERT INTO bookings (service_id, client_id, practitioner_id, time_slot_id, service_name, duration_minutes,
           start_time, end_time, status, total_amount_cents, platform_fee_cents, practitioner_amount_cents, is_paid,
           hold_expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, 0, ?)`,
      ).run(
        service.id,
        client,
        service.practitionerId,
        slot,
        service.name,
        service.duration,
        start,
        end,
        service.price,
        fee,
        service.price - fee,
        Date.now() + 25 * 60_000,
      )
    }).immediate()
    return service.name
  } finally {
    db.close()
  }
}

/** The number on one of the dashboard's cards. */
function card(page: Page, label: string) {
  return valueBeside(page.getByRole('main'), label)
}

test('a session awaiting payment counts as upcoming; after cancelling it the page does not say "No sessions yet"', async ({
  page,
}, testInfo) => {
  const { email } = await signUpClient(page, testInfo)
  const service = giveSessionAwaitingPayment(email)

  await page.goto('/client-dashboard')
  const session = page.getByRole('list', { name: 'Upcoming sessions' }).getByRole('listitem')
  await expect(session).toHaveCount(1)
  await expect(session).toContainText(service)
  await expect(session).toContainText('pending')
  await expect(card(page, 'Upcoming Sessions')).toHaveText(/^Upcoming Sessions\s*1$/)
  await expect(card(page, 'Total Sessions')).toHaveText(/^Total Sessions\s*1$/)
  await expect(card(page, 'Completed Sessions')).toHaveText(/^Completed Sessions\s*0$/)

  await session.getByRole('link', { name: /Cancel Session/ }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel Booking' }).click()
  await expectToast(page, 'Booking Cancelled')
  await expect(card(page, 'Upcoming Sessions')).toHaveText(/^Upcoming Sessions\s*0$/)
  // Their only session was cancelled: they have had one, so not "No sessions yet".
  await expect(page.getByText('No upcoming or past sessions')).toBeVisible()
  await expect(page.getByText('No sessions yet')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Browse Services' }).first()).toBeVisible()

  await page.getByRole('link', { name: 'Cancelled (1)' }).click()
  await expect(page.getByRole('list', { name: 'Cancelled sessions' }).getByRole('listitem')).toContainText(service)
  await expect(page.getByText('No sessions yet')).toHaveCount(0)
})
