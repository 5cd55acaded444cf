import { expect, test } from '@playwright/test'
import { signInAs } from './sessions'
import {
  DEMO,
  DEMO_PEOPLE,
  cad,
  expectDashboard,
  expectToast,
  expectedEarnings,
  logIn,
  signUpPractitioner,
  valueBeside,
} from './support'

/** The practitioner's dashboard, My Profile and Settings, with JavaScript on and off. */

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

const STAT_LABELS = ['Upcoming Sessions', 'Active Services', 'Total Earnings', 'Total Clients']

test('the demo practitioner sees the four stat cards and upcoming sessions with paid state', async ({ page }) => {
  await signInAs(page, DEMO.practitioner)
  await expectDashboard(page, 'practitioner', DEMO_PEOPLE.practitioner)
  const summary = page.getByRole('region', { name: 'Practice summary' })
  for (const label of STAT_LABELS) await expect(summary.getByText(label, { exact: true })).toBeVisible()
  const { totalCents } = expectedEarnings(DEMO.practitioner)
  expect(totalCents).toBeGreaterThan(0)
  await expect(valueBeside(summary, 'Total Earnings').getByText(cad(totalCents), { exact: true })).toBeVisible()
  const upcoming = page.getByRole('region', { name: 'Upcoming Sessions' })
  await expect(upcoming.getByRole('listitem').first()).toBeVisible()
  await expect(upcoming.getByText(/^(Paid|Unpaid|Free)$/).first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'Manage Services' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Manage Calendar' })).toBeVisible()
})

test('a new practitioner completes their profile and clients see it', async ({ page }, testInfo) => {
  const { id } = await signUpPractitioner(page, testInfo)
  await page.goto('/practitioner/dashboard')
  await expect(page.getByRole('alert').filter({ hasText: 'Complete your profile' })).toContainText(
    'not visible to clients',
  )
  for (const label of STAT_LABELS) await expect(page.getByText(label, { exact: true }).first()).toBeVisible()
  expect((await page.request.get(`/practitioners/${id}`)).status()).toBe(404)

  await page.getByRole('link', { name: 'Complete profile' }).click()
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
  await expect(page.getByText('Your profile is not visible to clients yet')).toBeVisible()

  const preview = page.getByTestId('profile-preview')
  await expect(preview).toContainText('Robin Hale')
  await expect(preview).toContainText('RH') // initials stand in for the missing photo

  await page.getByLabel('Professional title').fill('Registered Yoga Therapist')
  await page.getByLabel('Professional bio').fill('I help desk workers move and breathe better.')
  await page.getByLabel('Add a suggested specialty').selectOption('Meditation')
  await page.getByLabel('Custom specialty').fill('Prenatal Yoga')
  await page.getByLabel('Profile image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG })
  // Professional details (issue 44): what receipts print, and the public profile's trust line.
  await page.getByLabel('Profession', { exact: true }).selectOption('Registered Massage Therapist')
  await page.getByLabel('Regulatory college').fill('College of Massage Therapists of Ontario')
  await page.getByLabel('Registration number').fill('12345')
  if (testInfo.project.name === 'js') {
    // The preview follows the form before anything is saved.
    await expect(preview).toContainText('Registered Yoga Therapist')
    await expect(preview).toContainText('Prenatal Yoga')
  }
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expectToast(page, 'Profile updated')
  await expect(page.getByText('Your profile is visible to clients')).toBeVisible()
  await expect(preview).toContainText('Registered Yoga Therapist')
  await expect(preview.getByText('Meditation')).toBeVisible()
  await expect(preview.getByText('Prenatal Yoga')).toBeVisible()
  await expect(preview.locator('img')).toHaveAttribute('src', /^\/uploads\/images\//)
  // A chosen suggestion leaves the list; the saved ones are boxes that can be unchecked.
  await expect(page.getByLabel('Add a suggested specialty').locator('option', { hasText: 'Meditation' })).toHaveCount(0)
  await expect(page.getByRole('checkbox', { name: 'Prenatal Yoga' })).toBeChecked()

  // A custom specialty already in the list is refused with the spec's message.
  await page.getByLabel('Custom specialty').fill('  prenatal yoga ')
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByText('Specialty already exists: This specialty is already in your list')).toBeVisible()
  // With JavaScript the form catches it before sending; without, the server's answer carries a toast.
  if (testInfo.project.name === 'no-js')
    await expectToast(page, 'Specialty already exists', 'This specialty is already in your list')

  await page.goto('/practitioner/dashboard')
  await expectDashboard(page, 'practitioner', { firstName: 'Robin', lastName: 'Hale' })
  await expect(page.getByText('Complete your profile')).toHaveCount(0)

  await page.goto(`/practitioners/${id}`)
  await expect(page.getByRole('heading', { name: 'Robin Hale' })).toBeVisible()
  await expect(page.getByText('Registered Yoga Therapist').first()).toBeVisible()
  await expect(page.getByText('Meditation', { exact: true }).first()).toBeVisible()
  await expect(page.getByText('Prenatal Yoga', { exact: true }).first()).toBeVisible()
  await expect(page.getByTestId('practitioner-credentials')).toHaveText(
    'Registered Massage Therapist · College of Massage Therapists of Ontario · Reg. no. 12345',
  )
})

test('practitioner settings: payment setup, preferences, and a password change', async ({ page }, testInfo) => {
  const { email, password } = await signUpPractitioner(page, testInfo)
  await page.goto('/practitioner/settings')
  await expect(page.getByRole('heading', { name: 'Payment Setup' })).toBeVisible()
  await expect(page.getByText('No account connected')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Account Preferences' })).toBeVisible()
  await expect(page.getByText('Every time on your pages and in your emails is shown in')).toBeVisible()
  // Which emails about their bookings and reminders they get: all at first, two turned off here.
  const newBookings = page.getByLabel('Email me when a client books a session')
  const hourBefore = page.getByLabel('Remind me by email an hour before each session')
  await expect(newBookings).toBeChecked()
  await expect(hourBefore).toBeChecked()
  await newBookings.uncheck()
  await hourBefore.uncheck()
  await page.getByRole('button', { name: 'Save notifications' }).click()
  await expectToast(page, 'Notifications saved')
  await expect(newBookings).not.toBeChecked()
  await expect(hourBefore).not.toBeChecked()
  await expect(page.getByLabel('Email me when a client cancels or moves a session')).toBeChecked()
  await expect(page.getByLabel('Remind me by email a day before each session')).toBeChecked()
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Delete Account' })).toBeVisible()

  await page.getByLabel('Current password').fill(password)
  await page.getByLabel('New password', { exact: true }).fill('another-pass-1')
  await page.getByLabel('Confirm new password').fill('another-pass-1')
  await page.getByRole('button', { name: 'Change Password' }).click()
  await expectToast(page, 'Password Changed')
  await expect(page).toHaveURL(/\/practitioner\/settings$/)

  await page.getByRole('button', { name: 'Logout' }).first().click()
  await expect(page).toHaveURL(/\/$/)
  await logIn(page, email, 'another-pass-1')
  await expectDashboard(page, 'practitioner', { firstName: 'Robin', lastName: 'Hale' })
})
