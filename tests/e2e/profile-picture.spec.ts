import { expect, test } from '@playwright/test'
import { expectToast, signUpClient, signUpPractitioner } from './support'

/**
 * A profile picture that is not really a picture (issue 29, item 11): text renamed `.png` is
 * refused with a message saying so, never shown as a broken image. With JavaScript the picker
 * reads the file's first bytes as soon as it is chosen; without, the server does on save. A
 * real picture is then taken and drawn.
 */

const NOT_REALLY_AN_IMAGE =
  'This file is not really an image, whatever its name says. Please choose a JPEG, PNG, GIF or WebP picture'

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

test('text named .png is refused as a profile picture with a message, and a real picture is taken', async ({
  page,
}, testInfo) => {
  await signUpClient(page, testInfo)
  await page.goto('/customer-settings')
  const picker = page.getByLabel('Profile picture')
  const picture = page.getByRole('img', { name: 'Current profile' })
  await expect(page.getByText('No picture')).toBeVisible()

  await picker.setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: Buffer.from('just some text, no picture'),
  })
  if (testInfo.project.name === 'js') {
    // Said at once, beside the field; the file is taken off the form, so no broken preview.
    await expect(page.getByText(NOT_REALLY_AN_IMAGE)).toBeVisible()
    await expect(picture).toHaveCount(0)
    expect(await picker.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0)
  } else {
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expectToast(page, 'Failed to Update Account', NOT_REALLY_AN_IMAGE)
    await expect(picker).toHaveAccessibleDescription(NOT_REALLY_AN_IMAGE)
  }
  await expect(picture).toHaveCount(0)
  await expect(page.getByText('No picture')).toBeVisible()

  await picker.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG })
  if (testInfo.project.name === 'js') await expect(page.getByText(NOT_REALLY_AN_IMAGE)).toHaveCount(0)
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expectToast(page, 'Account Updated')
  await expect(picture).toHaveAttribute('src', /^\/uploads\/images\/[0-9a-f-]+\.webp/)
  // Drawn, not broken: the browser decoded what the server stored.
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1)
})

test('text named .png is refused on My Profile too, and its live preview never shows it', async ({
  page,
}, testInfo) => {
  await signUpPractitioner(page, testInfo)
  await page.goto('/practitioner/profile')
  const preview = page.getByTestId('profile-preview')
  await page
    .getByLabel('Profile image')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('text') })
  if (testInfo.project.name === 'js') {
    await expect(page.getByText(NOT_REALLY_AN_IMAGE)).toBeVisible()
  } else {
    await page.getByRole('button', { name: 'Save profile' }).click()
    await expectToast(page, 'Failed to update profile', NOT_REALLY_AN_IMAGE)
  }
  // The preview keeps the initials: no broken picture.
  await expect(preview.locator('img')).toHaveCount(0)
  await expect(preview).toContainText('RH')
})
