import { expect, test } from '@playwright/test'
import { expectDashboard, expectToast, logIn, signUpClient } from './support'

test('a client updates their account information', async ({ page }, testInfo) => {
  await signUpClient(page, testInfo)
  await page.goto('/customer-settings')
  await page.getByLabel('First name').fill('')
  await page.getByRole('button', { name: 'Save changes' }).click()
  // Under the field (the toast says it too: spec-toasts.spec.ts).
  await expect(page.getByRole('listitem').filter({ hasText: 'First name and last name are required' })).toBeVisible()

  await page.getByLabel('First name').fill('Alexis')
  await page.getByLabel('Phone number').fill('647 555 0188')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expectToast(page, 'Account Updated')
  await expect(page.getByLabel('First name')).toHaveValue('Alexis')
  await page.goto('/client-dashboard')
  await expect(page.getByRole('heading', { name: 'Welcome, Alexis' })).toBeVisible()
})

test('a client changes their password and uses the new one', async ({ page }, testInfo) => {
  const { email, password } = await signUpClient(page, testInfo)
  await page.goto('/customer-settings')
  await page.getByLabel('Current password').fill('not-my-password')
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass')
  await page.getByLabel('Confirm new password').fill('brand-new-pass')
  await page.getByRole('button', { name: 'Change Password' }).click()
  await expect(page.getByRole('listitem').filter({ hasText: 'Current password is incorrect' })).toBeVisible()
  await expectToast(page, 'Failed to Change Password', 'Current password is incorrect')

  await page.getByLabel('Current password').fill(password)
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass')
  await page.getByLabel('Confirm new password').fill('brand-new-pass')
  await page.getByRole('button', { name: 'Change Password' }).click()
  await expectToast(page, 'Password Changed')

  await page.getByRole('button', { name: 'Logout' }).first().click()
  await expect(page).toHaveURL(/\/$/)
  await logIn(page, email, 'brand-new-pass')
  await expectDashboard(page, 'client', { firstName: 'Morgan', lastName: 'Member' })
})

test('a client deletes their account after confirming with the password', async ({ page }, testInfo) => {
  test.slow()
  const { email, password } = await signUpClient(page, testInfo)
  await page.goto('/customer-settings')
  await page.getByRole('link', { name: 'Delete Account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to delete your account?' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Password').fill('wrong-password')
  await dialog.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page.getByRole('dialog').getByText('Incorrect password')).toBeVisible()

  await page.getByRole('dialog').getByLabel('Password').fill(password)
  await page.getByRole('dialog').getByRole('button', { name: 'Delete my account' }).click()
  await expect(page.getByRole('heading', { name: 'Your account has been permanently deleted' })).toBeVisible()
  await expectToast(page, 'Account Deleted')
  // The page goes home by itself after 2 seconds (a meta refresh, so without JavaScript too).
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 })

  await logIn(page, email, password)
  await expect(page.getByRole('alert')).toContainText('Invalid email or password')
})

test('a client chooses French in settings: the next page is in French, and English again the same way', async ({
  page,
}, testInfo) => {
  await signUpClient(page, testInfo)
  await page.goto('/customer-settings')
  await page.getByRole('radio', { name: 'Français' }).check()
  await page.getByRole('button', { name: 'Save language' }).click()
  await expect(page).toHaveURL(/\/customer-settings$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA')
  await expect(page.getByRole('heading', { name: 'Paramètres', level: 1 })).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Français' })).toBeChecked()

  await page.getByRole('radio', { name: 'English' }).check()
  await page.getByRole('button', { name: 'Enregistrer la langue' }).click()
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA')
})
