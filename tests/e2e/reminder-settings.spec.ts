import { expect, test } from '@playwright/test'
import { expectToast, signUpClient } from './support'

/**
 * Session reminders are each person's choice, with JavaScript and without: a client turns the
 * day-before reminder off and keeps the hour-before one (the practitioner's own card:
 * practitioner-workspace.spec.ts).
 */
test('a client chooses their session reminders in settings', async ({ page }, testInfo) => {
  await signUpClient(page, testInfo)
  await page.goto('/customer-settings')
  await expect(page.getByRole('heading', { name: 'Email Notifications' })).toBeVisible()
  const day = page.getByLabel('Remind me by email a day before each session')
  const hour = page.getByLabel('Remind me by email an hour before each session')
  await expect(day).toBeChecked()
  await expect(hour).toBeChecked()
  // The emails about a practitioner's own bookings are not a client's to choose.
  await expect(page.getByLabel('Email me when a client books a session')).toHaveCount(0)

  await day.uncheck()
  await page.getByRole('button', { name: 'Save notifications' }).click()
  await expectToast(page, 'Notifications saved')
  await page.reload()
  await expect(day).not.toBeChecked()
  await expect(hour).toBeChecked()
})
