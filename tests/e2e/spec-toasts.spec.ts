import { expect, test } from '@playwright/test'
import { DEMO, DEMO_PASSWORD, DEMO_PEOPLE, expectDashboard, expectToast, signUpClient } from './support'

/**
 * The spec's own toasts (§5, §2) where a person is refused or sent away: the client settings
 * forms' titles, and why a visitor lands on the login page from the dashboard. With JavaScript
 * the forms refuse before sending and show the toast themselves; without it the server answers
 * it. The same words either way.
 */

test('the settings forms say what is wrong in the spec’s toasts', async ({ page }, testInfo) => {
  const { password } = await signUpClient(page, testInfo)
  await page.goto('/customer-settings')

  await page.getByLabel('First name').fill('')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expectToast(page, 'Required Fields Missing', 'First name and last name are required')
  await page.getByLabel('First name').fill('Morgan')
  await page.getByLabel('Email', { exact: true }).fill('')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expectToast(page, 'Email Required', 'Email address is required')

  const changePassword = async (next: string, confirmation: string) => {
    await page.getByLabel('Current password').fill(password)
    await page.getByLabel('New password', { exact: true }).fill(next)
    await page.getByLabel('Confirm new password').fill(confirmation)
    await page.getByRole('button', { name: 'Change Password' }).click()
  }
  await changePassword('brand-new-pass', 'brand-new-past')
  await expectToast(page, 'Password Mismatch', 'New password and confirmation do not match')
  await changePassword('12345', '12345')
  await expectToast(page, 'Password Too Short', 'Password must be at least 10 characters long')

  await page.getByRole('link', { name: 'Delete Account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to delete your account?' })
  await dialog.getByRole('button', { name: 'Delete my account' }).click()
  await expectToast(page, 'Password Required', 'Please enter your password to delete your account')
  await expect(page.getByRole('dialog')).toBeVisible()
})

test('a visitor sent to log in from the client dashboard is told why, then comes back to it', async ({ page }) => {
  await page.goto('/client-dashboard')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fclient-dashboard$/)
  await expectToast(page, 'Authentication required', 'Please log in to view your dashboard')
  await page.getByLabel('Email').fill(DEMO.client)
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expectDashboard(page, 'client', DEMO_PEOPLE.client)

  // Another page sends a visitor to log in without a word: the form says enough.
  await page.context().clearCookies()
  await page.goto('/customer-settings')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcustomer-settings$/)
  await expect(page.getByRole('status', { name: 'Notification' })).toHaveCount(0)
})
