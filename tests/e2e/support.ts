import Database from 'better-sqlite3'
import { expect, type Page, type TestInfo } from '@playwright/test'
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
    return db
      .prepare('SELECT subject, text FROM email_outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1')
      .get(to) as { subject: string; text: string } | undefined
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
    data: { email, password, firstName: 'Morgan', lastName: 'Member', phoneNumber: '416 555 0123', isPractitioner: false },
  })
  expect(response.status()).toBe(201)
  return { email, password }
}
