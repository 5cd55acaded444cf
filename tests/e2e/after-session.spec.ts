import { expect, test } from '@playwright/test'
import {
  expectToast,
  giveCompletedSession,
  giveFinishedSession,
  signUpClient,
  signUpPractitioner,
  writableTestDatabase,
} from './support'

/**
 * After a session (issue 42), with JavaScript and without. The client's booking page offers Book
 * Again (the service's page) and Write a Review (the practitioner's profile with its review
 * dialog), which goes once the review is written. The practitioner's Recent Sessions offers "Add
 * a note": one click to the client's chart, made from their account, with the note form open.
 */

test('the booking page after a session: Book Again, and Write a Review until it is written', async ({
  page,
}, testInfo) => {
  const client = await signUpClient(page, testInfo)
  // Hannah Kim's first service, three days ago (a seeded practitioner other flows leave alone).
  giveCompletedSession(client.email, 'hannah.kim@solace.test')
  const db = writableTestDatabase()
  const { id: bookingId, serviceId } = db
    .prepare(
      `SELECT b.id, b.service_id AS serviceId FROM bookings b JOIN users u ON u.id = b.client_id
       WHERE u.email = ? ORDER BY b.id DESC LIMIT 1`,
    )
    .get(client.email) as { id: number; serviceId: number }
  db.close()

  await page.goto(`/bookings/${bookingId}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Session completed' })).toBeVisible()
  const after = page.getByRole('region', { name: 'After your session' })
  await expect(after.getByRole('link', { name: /^Book Again/ })).toHaveAttribute('href', `/services/${serviceId}`)
  await after.getByRole('link', { name: 'Write a Review of Hannah Kim' }).click()
  await expect(page).toHaveURL(/\/practitioners\/\d+\?review=1$/)
  const dialog = page.getByRole('dialog', { name: 'Write a Review' })
  await dialog.getByRole('radio', { name: '5 stars' }).check()
  await dialog.getByLabel('Your review').fill(`Gentle and clear. (${testInfo.project.name} ${Date.now()})`)
  await dialog.getByRole('button', { name: 'Submit Review' }).click()
  await expectToast(page, 'Review Submitted', 'Your review has been posted successfully!')

  await page.goto(`/bookings/${bookingId}`)
  await expect(after.getByRole('link', { name: /^Book Again/ })).toBeVisible()
  await expect(after.getByRole('link', { name: /Write a Review/ })).toHaveCount(0)
  await after.getByRole('link', { name: /^Book Again/ }).click()
  await expect(page).toHaveURL(`/services/${serviceId}`)
})

test('Recent Sessions\' "Add a note" opens the client\'s chart with the note form', async ({
  browser,
  page,
}, testInfo) => {
  const clientContext = await browser.newContext()
  const client = await signUpClient(await clientContext.newPage(), testInfo)
  await clientContext.close()
  const { email: practitionerEmail } = await signUpPractitioner(page, testInfo)
  const service = `Notes After ${testInfo.project.name}`
  const start = Math.floor(Date.now() / 60_000) * 60_000 - 2 * 60 * 60_000
  giveFinishedSession(practitionerEmail, client.email, start, service)

  await page.goto('/practitioner/dashboard')
  const row = page.getByRole('region', { name: 'Recent Sessions' }).getByRole('listitem').filter({ hasText: service })
  await row.getByRole('button', { name: `Add a note: ${service} with Morgan Member` }).click()
  await expect(page).toHaveURL(/\/practitioner\/patient-charting\?patient=\d+&tab=notes&newNote=1$/)
  const addNote = page.getByRole('dialog', { name: 'Add Note' })
  await addNote.getByLabel('Title').fill('After the session')
  await addNote.getByLabel('Content').fill('Slept better this week.')
  await addNote.getByRole('button', { name: 'Add Note' }).click()
  await expectToast(page, 'Patient note added successfully')
  await expect(page.getByTestId('note').filter({ hasText: 'After the session' })).toBeVisible()
})
