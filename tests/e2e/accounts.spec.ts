import { expect, test } from '@playwright/test'
import { DEMO, DEMO_PASSWORD, expectToast, latestEmailTo, logIn, uniqueEmail } from './support'

test.describe('sign up', () => {
  test('a client signs up and lands on the client dashboard', async ({ page }, testInfo) => {
    await page.goto('/signup')
    await page.getByLabel('I want to book sessions').check()
    await page.getByLabel('First name').fill('Robin')
    await page.getByLabel('Last name').fill('Client')
    await page.getByLabel('Email').fill(uniqueEmail(testInfo, 'client'))
    await page.getByLabel('Phone number').fill('416 555 0100')
    await page.getByLabel('Password', { exact: true }).fill('secret123')
    await page.getByLabel('Confirm password').fill('secret123')
    await page.getByLabel('I agree to the').check()
    await page.getByRole('button', { name: 'Create account' }).click()

    await expect(page).toHaveURL(/\/client-dashboard$/)
    await expect(page.getByRole('heading', { name: 'Welcome, Robin' })).toBeVisible()
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
    await page.getByLabel('Password', { exact: true }).fill('secret123')
    await page.getByLabel('Confirm password').fill('secret123')
    await page.getByLabel('I agree to the').check()
    await page.getByRole('button', { name: 'Create account' }).click()

    await expect(page).toHaveURL(/\/practitioner\/dashboard$/)
    await expect(page.getByRole('heading', { name: 'Welcome back, Sam' })).toBeVisible()
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
      'Password must be at least 6 characters',
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

test.describe('log in and out', () => {
  test('each role lands on its own dashboard, and logout returns home', async ({ page }) => {
    await logIn(page, DEMO.client)
    await expect(page).toHaveURL(/\/client-dashboard$/)
    await expectToast(page, 'Welcome back!', 'You have successfully logged in.')
    await page.getByRole('button', { name: 'Logout' }).first().click()
    await expect(page).toHaveURL(/\/$/)
    await expectToast(page, 'Logged out')
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible()

    await logIn(page, DEMO.practitioner)
    await expect(page).toHaveURL(/\/practitioner\/dashboard$/)
    await page.getByRole('button', { name: 'Logout' }).first().click()
    await expect(page).toHaveURL(/\/$/)

    await logIn(page, DEMO.admin)
    await expect(page).toHaveURL(/\/admin\/dashboard$/)
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
  })

  test('roles are kept to their own areas', async ({ page }) => {
    await logIn(page, DEMO.client)
    await expect(page).toHaveURL(/\/client-dashboard$/)
    await page.goto('/practitioner/dashboard')
    await expect(page).toHaveURL(/\/client-dashboard$/)
    await page.goto('/admin/dashboard')
    await expect(page).toHaveURL(/\/$/)
    await page.goto('/login')
    await expect(page).toHaveURL(/\/client-dashboard$/)
  })
})

test('forgot and reset password through the emailed link', async ({ page }, testInfo) => {
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
  await expect(page).toHaveURL(/\/client-dashboard$/)
})

test('an unknown path shows the not-found screen', async ({ page }) => {
  const response = await page.goto('/no/such/page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Find Services' }).first()).toBeVisible()
})
