import { expect, test, type Page } from '@playwright/test'
import { signInAs, signUpAs } from './sessions'
import { DEMO, DEMO_PEOPLE, expectDashboard, expectToast, uniqueEmail } from './support'

/**
 * My Services, with JavaScript and without (the two projects): create, edit, deactivate and
 * delete a service, and the paid-service gate for a practitioner with no payment account.
 * Every name carries a timestamp, so the public search finds this test's service alone.
 */

const PAGE = '/practitioner/services'
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

function uniqueWord(project: string) {
  // Letters and digits only, so the public full-text search finds it as one word.
  return `zq${Date.now().toString(36)}${project.replace(/[^a-z]/g, '')}`
}

function card(page: Page, name: string) {
  return page.getByTestId('own-service').filter({ has: page.getByRole('heading', { name }) })
}

async function publicSearch(page: Page, word: string) {
  await page.goto(`/services?search=${word}`)
  return page.getByRole('heading', { name: 'Browse Wellness Services' })
}

test('a practitioner creates, edits, deactivates and deletes a service', async ({ page }, testInfo) => {
  test.slow()
  const word = uniqueWord(testInfo.project.name)
  const name = `Sunrise Flow ${word}`
  await signInAs(page, DEMO.practitioner)
  await expectDashboard(page, 'practitioner', DEMO_PEOPLE.practitioner)
  await page.goto(PAGE)
  await expect(page.getByRole('heading', { name: 'My Services' })).toBeVisible()

  // Create, with a picture.
  await page.getByRole('link', { name: 'Add New Service' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add New Service' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Service name').fill(name)
  await dialog.getByLabel('Description', { exact: true }).fill('A calm morning practice.')
  await dialog.getByLabel('Category').selectOption('Yoga')
  await dialog.getByLabel('Price (CAD)').fill('35.50')
  await expect(dialog.getByLabel('Duration (minutes)')).toHaveValue('60')
  await dialog.getByLabel('Duration (minutes)').fill('45')
  await dialog.getByLabel('Details (one per line)').fill('Bring a mat\nWear comfy clothes')
  // Sessions are held in the Solace video room unless the practitioner chooses their own link,
  // so the link is optional (a fallback without JavaScript).
  await expect(dialog.getByRole('radio', { name: /Solace video room/ })).toBeChecked()
  await expect(dialog.getByLabel('Meeting link', { exact: true })).not.toHaveAttribute('required')
  await dialog.getByLabel('Meeting link', { exact: true }).fill('https://meet.example.com/sunrise')
  await dialog.getByLabel('Service image').setInputFiles({ name: 'sunrise.png', mimeType: 'image/png', buffer: PNG })
  await expect(dialog.getByLabel('Active (clients can see and book it)')).toBeChecked()
  await dialog.getByRole('button', { name: 'Create Service' }).click()
  await expectToast(page, 'Service created')
  await expect(page).toHaveURL(PAGE)
  const created = card(page, name)
  await expect(created).toBeVisible()
  await expect(created).toContainText('$35.50 CAD')
  await expect(created).toContainText('45 min')
  await expect(created).toContainText('Yoga')
  // Stored re-encoded as WebP, never as the bytes sent (app/models/images/image.server.ts).
  await expect(created.locator('img')).toHaveAttribute('src', /^\/uploads\/images\/[0-9a-f-]+\.webp\?w=640$/)

  // Edit: the dialog is prefilled.
  await created.getByRole('link', { name: `Edit ${name}` }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Service' })
  await expect(edit.getByLabel('Service name')).toHaveValue(name)
  await expect(edit.getByLabel('Details (one per line)')).toHaveValue('Bring a mat\nWear comfy clothes')
  await edit.getByLabel('Price (CAD)').fill('40')
  // Held at the practitioner's own link from now on.
  await edit.getByRole('radio', { name: /My own meeting link/ }).check()
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await expectToast(page, 'Service updated')
  await expect(card(page, name)).toContainText('$40.00 CAD')
  await card(page, name)
    .getByRole('link', { name: `Edit ${name}` })
    .click()
  await expect(edit.getByRole('radio', { name: /My own meeting link/ })).toBeChecked()
  await expect(edit.getByLabel('Meeting link', { exact: true })).toHaveValue('https://meet.example.com/sunrise')
  await edit.getByRole('link', { name: 'Cancel' }).click()

  // Listed publicly while active.
  await publicSearch(page, word)
  await expect(page.getByRole('heading', { name })).toBeVisible()

  // Deactivate: dimmed with an Inactive badge, and gone from the public search.
  await page.goto(PAGE)
  await card(page, name)
    .getByRole('link', { name: `Edit ${name}` })
    .click()
  await page.getByRole('dialog', { name: 'Edit Service' }).getByLabel('Active (clients can see and book it)').uncheck()
  await page.getByRole('dialog', { name: 'Edit Service' }).getByRole('button', { name: 'Save Changes' }).click()
  await expectToast(page, 'Service updated')
  await expect(card(page, name)).toContainText('Inactive')
  await expect(card(page, name)).toHaveClass(/opacity-60/)
  await publicSearch(page, word)
  await expect(page.getByText('No services found')).toBeVisible()

  // Delete, after the confirmation.
  await page.goto(PAGE)
  await card(page, name)
    .getByRole('link', { name: `Delete ${name}` })
    .click()
  const confirm = page.getByRole('dialog', { name: 'Delete Service' })
  await expect(confirm).toContainText('Are you sure you want to delete this service?')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'Service deleted')
  await expect(card(page, name)).toHaveCount(0)
})

test('a practitioner without a payment account is told paid services need Payment Setup', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'newpractitioner')
  await signUpAs(page, {
    email,
    password: 'secret-1234',
    firstName: 'Nia',
    lastName: 'New',
    phoneNumber: '416 555 0199',
    isPractitioner: true,
    country: 'CA',
  })
  await page.goto(PAGE)
  await expect(page.getByText('No services yet')).toBeVisible()
  await expect(page.getByText('Get started by creating your first service.')).toBeVisible()
  await page.getByRole('link', { name: 'Add Service', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Add New Service' })
  await expect(dialog.getByText('Paid services need a payment account')).toBeVisible()
  await expect(dialog.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/practitioner/settings')

  const name = `Paid Session ${uniqueWord(testInfo.project.name)}`
  await dialog.getByLabel('Service name').fill(name)
  await dialog.getByLabel('Description', { exact: true }).fill('One-on-one coaching.')
  await dialog.getByLabel('Category').selectOption('Fitness')
  await dialog.getByLabel('Price (CAD)').fill('20')
  await dialog.getByRole('button', { name: 'Create Service' }).click()
  const message =
    'Payment provider account required: You must set up your payment provider account in Settings before creating paid services.'
  await expectToast(page, 'Failed to create service', message)
  await expect(page.getByRole('dialog', { name: 'Add New Service' }).getByText(message)).toBeVisible()

  // A free service is fine, and shows the Free intro badge with its accent border.
  const free = page.getByRole('dialog', { name: 'Add New Service' })
  await free.getByLabel('Price (CAD)').fill('0')
  await free.getByLabel('Free introductory session').check()
  await free.getByRole('button', { name: 'Create Service' }).click()
  await expectToast(page, 'Service created')
  const created = card(page, name)
  await expect(created).toContainText('Free')
  await expect(created).toHaveClass(/border-accent/)
})

test('on a phone and a laptop, Add New Service keeps its whole submit button in view; with JavaScript it takes the focus and gives it back', async ({
  page,
}, testInfo) => {
  await signInAs(page, DEMO.practitioner)
  await expectDashboard(page, 'practitioner', DEMO_PEOPLE.practitioner)
  const opener = page.getByRole('link', { name: 'Add New Service' })
  const dialog = page.getByRole('dialog', { name: 'Add New Service' })
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 390, height: 640 },
  ]) {
    await page.setViewportSize(viewport)
    await page.goto('/practitioner/services')
    await opener.click()
    // All of it: a button half clipped by a scroll box inside the dialog is in the viewport too.
    await expect(dialog.getByRole('button', { name: 'Create Service' })).toBeInViewport({ ratio: 1 })
  }
  if (testInfo.project.name !== 'js') return
  await expect(dialog.getByLabel('Service name')).toBeFocused()
  // Tab stays inside the dialog.
  for (let i = 0; i < 30; i++) await page.keyboard.press('Tab')
  expect(await dialog.evaluate((box) => box.contains(document.activeElement))).toBe(true)
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(opener).toBeFocused()
})
