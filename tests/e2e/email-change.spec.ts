import { expect, test } from '@playwright/test'
import { signUpAs } from './sessions'
import { expectDashboard, expectToast, latestEmailTo, logIn, signUpClient, uniqueEmail } from './support'

/** Changing one's email: asked on the settings screen, made by the link emailed to the new address. */

test('a client changes their email with the link sent to the new address', async ({ page }, testInfo) => {
  test.slow()
  const { email, password } = await signUpClient(page, testInfo)
  const newEmail = uniqueEmail(testInfo, 'moved')
  await page.goto('/customer-settings')
  await page.getByLabel('Email', { exact: true }).fill(newEmail)
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expectToast(page, 'Account Updated', `We sent a confirmation link to ${newEmail}.`)
  // Nothing has changed yet: the field shows the current address, with a note of the new one.
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email)
  await expect(page.getByText(`Waiting for confirmation: ${newEmail}.`)).toBeVisible()
  expect(latestEmailTo(email)?.subject).toBe('A change of your Solace email was asked')

  const link = latestEmailTo(newEmail)?.text.match(/https?:\/\/\S+\/confirm-email\?token=[\w-]+/)?.[0]
  expect(link).toBeTruthy()
  // Opened signed out (another device, later): sign in first, then back to the link's page.
  await page.getByRole('button', { name: 'Logout' }).first().click()
  await expect(page).toHaveURL(/\/$/)
  await page.goto(link!)
  await expect(page).toHaveURL(/\/login\?redirect=/)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('heading', { name: 'Confirm your new email' })).toBeVisible()
  expect(page.url()).toBe(link)
  await expect(page.getByText(email, { exact: true })).toBeVisible()
  await expect(page.getByText(newEmail, { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Confirm new email' }).click()

  await expect(page).toHaveURL(/\/customer-settings$/)
  await expectToast(page, 'Email Changed', `Your account's email is now ${newEmail}.`)
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(newEmail)
  await expect(page.getByText('Waiting for confirmation')).toHaveCount(0)
  expect(latestEmailTo(email)?.subject).toBe('Your Solace email was changed')

  // The link works once.
  await page.goto(link!)
  await expect(page.getByRole('alert')).toContainText('This confirmation link is invalid or has expired.')

  await page.getByRole('button', { name: 'Logout' }).first().click()
  await expect(page).toHaveURL(/\/$/)
  await logIn(page, email, password)
  await expect(page.getByRole('alert')).toContainText('Invalid email or password')
  await logIn(page, newEmail, password)
  await expectDashboard(page, 'client', { firstName: 'Morgan', lastName: 'Member' })
})

test('asking for an address that has an account looks the same, and sends it no link', async ({ page }, testInfo) => {
  // Someone else's account, made outside this page's browser context.
  const taken = uniqueEmail(testInfo, 'taken')
  await signUpAs(undefined, {
    email: taken,
    password: 'secret-1234',
    firstName: 'Tara',
    lastName: 'Taken',
    phoneNumber: '416 555 0124',
  })

  const { email } = await signUpClient(page, testInfo)
  await page.goto('/customer-settings')
  await page.getByLabel('Email', { exact: true }).fill(taken)
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expectToast(page, 'Account Updated', `We sent a confirmation link to ${taken}.`)
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email)
  await expect(page.getByText(`Waiting for confirmation: ${taken}.`)).toBeVisible()
  expect(latestEmailTo(email)?.subject).toBe('A change of your Solace email was asked')
  const note = latestEmailTo(taken)
  expect(note?.subject).toBe('Someone tried to use your email on Solace')
  expect(note?.text).not.toContain('/confirm-email')
})
