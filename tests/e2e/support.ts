import { expect, type Page, type TestInfo } from '@playwright/test'
import Database from 'better-sqlite3'
import { E2E_DATABASE } from '../../playwright.config'

export const DEMO_PASSWORD = 'Solace-demo-2026'
export const DEMO = {
  admin: 'admin@solace.test',
  practitioner: 'practitioner@solace.test',
  client: 'client@solace.test',
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
  const db = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true })
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
  const db = new Database(E2E_DATABASE, { fileMustExist: true })
  db.pragma('busy_timeout = 5000')
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
    })()
  } finally {
    db.close()
  }
}
