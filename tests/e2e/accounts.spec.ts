import { expect, test, type Page } from '@playwright/test'
import {
  DEMO,
  DEMO_PASSWORD,
  DEMO_PEOPLE,
  expectDashboard,
  expectToast,
  latestEmailTo,
  logIn,
  logInAsAdmin,
  uniqueEmail,
} from './support'

test.describe('sign up', () => {
  test('a client signs up and lands on the client dashboard', async ({ page }, testInfo) => {
    await page.goto('/signup')
    await page.getByLabel('I want to book sessions').check()
    await page.getByLabel('First name').fill('Robin')
    await page.getByLabel('Last name').fill('Client')
    await page.getByLabel('Email').fill(uniqueEmail(testInfo, 'client'))
    await page.getByLabel('Phone number').fill('416 555 0100')
    await page.getByLabel('Password', { exact: true }).fill('secret-1234')
    await page.getByLabel('Confirm password').fill('secret-1234')
    await page.getByLabel('I agree to the').check()
    await page.getByRole('button', { name: 'Create account' }).click()

    await expectDashboard(page, 'client', { firstName: 'Robin', lastName: 'Client' })
    await expectToast(page, 'Success!', 'Your account has been created. Welcome to our wellness platform!')
    await expect(page.getByText('No sessions yet')).toBeVisible()
  })

  test('a practitioner signs up, picks a country, and lands on the practitioner dashboard', async ({
    page,
  }, testInfo) => {
    await page.goto('/signup')
    await page.getByLabel('I am a practitioner').check()
    await page.getByLabel('First name').fill('Sam')
    await page.getByLabel('Last name').fill('Healer')
    await page.getByLabel('Email').fill(uniqueEmail(testInfo, 'practitioner'))
    await page.getByLabel('Phone number').fill('604 555 0199')
    await page.getByLabel('Country').selectOption('CA')
    await page.getByLabel('Password', { exact: true }).fill('secret-1234')
    await page.getByLabel('Confirm password').fill('secret-1234')
    await page.getByLabel('I agree to the').check()
    await page.getByRole('button', { name: 'Create account' }).click()

    await expectDashboard(page, 'practitioner', { firstName: 'Sam', lastName: 'Healer' })
    await expect(page.getByText('Your profile is not visible to clients yet.')).toBeVisible()
  })

  test('invalid input shows every message from the spec', async ({ page }) => {
    await page.goto('/signup')
    await page.getByLabel('I am a practitioner').check()
    await page.getByLabel('Email').fill('not-an-email')
    await page.getByLabel('Phone number').fill('123')
    await page.getByLabel('Password', { exact: true }).fill('abc')
    await page.getByLabel('Confirm password').fill('abd')
    await page.getByRole('button', { name: 'Create account' }).click()

    for (const message of [
      'Please enter a valid email address',
      'Password must be at least 10 characters',
      'First name is required',
      'Last name is required',
      'Please enter a valid phone number',
      'You must agree to the terms and conditions',
      "Passwords don't match",
      'Please select your country',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible()
    }
    await expect(page).toHaveURL(/\/signup$/)
  })
})

/** A signed-in person turned away to the home page: the home page, and no admin figures on it. */
async function expectHomeFor(page: Page) {
  await expect(page).toHaveURL(/\/$/)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Find peace and balance with wellness experts' }),
  ).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0)
  await expect(page.getByText('Total Users')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeVisible()
}

test.describe('log in and out', () => {
  test('each role lands on its own dashboard, and logout returns home', async ({ page }) => {
    await logIn(page, DEMO.client)
    await expectDashboard(page, 'client', DEMO_PEOPLE.client)
    await expectToast(page, 'Welcome back!', 'You have successfully logged in.')
    await page.getByRole('button', { name: 'Logout' }).first().click()
    await expect(page).toHaveURL(/\/$/)
    await expectToast(page, 'Logged out')
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible()
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0)

    await logIn(page, DEMO.practitioner)
    await expectDashboard(page, 'practitioner', DEMO_PEOPLE.practitioner)
    await expect(page.getByRole('region', { name: 'Practice summary' })).toBeVisible()
    await page.getByRole('button', { name: 'Logout' }).first().click()
    await expect(page).toHaveURL(/\/$/)

    await logInAsAdmin(page)
    await expectDashboard(page, 'admin', DEMO_PEOPLE.admin)
    await expect(page.getByText('Total Users')).toBeVisible()
  })

  test('a wrong password is refused with the spec message', async ({ page }) => {
    await logIn(page, DEMO.client, 'wrong-password')
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('alert')).toContainText('Invalid email or password')
    await expectToast(page, 'Login failed', 'Invalid email or password')
  })

  test('a protected page sends visitors to login and back afterwards', async ({ page }) => {
    await page.goto('/customer-settings')
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcustomer-settings$/)
    await page.getByLabel('Email').fill(DEMO.client)
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect(page).toHaveURL(/\/customer-settings$/)
    await expect(page.getByRole('heading', { name: 'Account Information' })).toBeVisible()
    // The signed-in client's own details, not just their settings page.
    await expect(page.getByLabel('First name')).toHaveValue(DEMO_PEOPLE.client.firstName)
    await expect(page.getByLabel('Last name')).toHaveValue(DEMO_PEOPLE.client.lastName)
  })

  test('roles are kept to their own areas', async ({ page }) => {
    await logIn(page, DEMO.client)
    await expectDashboard(page, 'client', DEMO_PEOPLE.client)
    // Sent back to their own dashboard, which shows them and none of the practice's controls.
    await page.goto('/practitioner/dashboard')
    await expectDashboard(page, 'client', DEMO_PEOPLE.client)
    await expect(page.getByRole('region', { name: 'Practice summary' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: /Manage Services|My Services|Earnings/ })).toHaveCount(0)
    // Admin pages send everyone else home, with nothing of the admin dashboard.
    await page.goto('/admin/dashboard')
    await expectHomeFor(page)
    await page.goto('/login')
    await expectDashboard(page, 'client', DEMO_PEOPLE.client)
  })

  test('a practitioner is kept out of the admin area, and an admin out of the practice', async ({ page }) => {
    await logIn(page, DEMO.practitioner)
    await expectDashboard(page, 'practitioner', DEMO_PEOPLE.practitioner)
    await page.goto('/admin/dashboard')
    await expectHomeFor(page)
    await page.getByRole('button', { name: 'Logout' }).first().click()
    await expect(page).toHaveURL(/\/$/)

    await logInAsAdmin(page)
    await expectDashboard(page, 'admin', DEMO_PEOPLE.admin)
    await page.goto('/practitioner/earnings')
    await expectDashboard(page, 'admin', DEMO_PEOPLE.admin)
    await expect(page.getByRole('region', { name: 'Earnings summary' })).toHaveCount(0)
  })
})

test('forgot and reset password through the emailed link', async ({ page }, testInfo) => {
  test.slow()
  const email = uniqueEmail(testInfo, 'reset')
  await page.goto('/signup')
  await page.getByLabel('First name').fill('Ria')
  await page.getByLabel('Last name').fill('Reset')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Phone number').fill('416 555 0111')
  await page.getByLabel('Password', { exact: true }).fill('first-pass')
  await page.getByLabel('Confirm password').fill('first-pass')
  await page.getByLabel('I agree to the').check()
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/client-dashboard$/)
  await page.getByRole('button', { name: 'Logout' }).first().click()
  await expect(page).toHaveURL(/\/$/)

  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(
    page.getByText(
      'If an account with that email exists, a password reset link has been sent. Please check your email.',
    ),
  ).toBeVisible()

  const link = latestEmailTo(email)?.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0]
  expect(link).toBeTruthy()
  await page.goto(link!)
  await page.getByLabel('New password', { exact: true }).fill('second-pass')
  await page.getByLabel('Confirm new password').fill('different')
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect(page.getByText('Passwords do not match')).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill('second-pass')
  await page.getByLabel('Confirm new password').fill('second-pass')
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect(
    page.getByText('Your password has been reset successfully! You can now log in with your new password.'),
  ).toBeVisible()

  // The link works once.
  await page.goto(link!)
  await expect(page.getByText('This reset link is invalid or has expired.')).toBeVisible()

  await logIn(page, email, 'first-pass')
  await expect(page.getByRole('alert')).toContainText('Invalid email or password')
  await logIn(page, email, 'second-pass')
  await expectDashboard(page, 'client', { firstName: 'Ria', lastName: 'Reset' })
})

test('an unknown path shows the not-found screen', async ({ page }) => {
  const response = await page.goto('/no/such/page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Find Services' }).first()).toBeVisible()
})
