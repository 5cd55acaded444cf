import { expect, test } from '@playwright/test'
import { expectToast, signUpClient } from './support'

/**
 * A calendar subscription from the settings screen, with JavaScript and without: turned on,
 * read as a calendar would (no cookie), reset (the old address stops at once), turned off.
 */
test('a client subscribes their calendar to their sessions, resets the address and turns it off', async ({
  page,
  playwright,
}, testInfo) => {
  await signUpClient(page, testInfo)
  await page.goto('/customer-settings')
  await expect(page.getByRole('heading', { name: 'Calendar Subscription' })).toBeVisible()
  await page.getByRole('button', { name: 'Create subscription address' }).click()
  await expectToast(page, 'Calendar subscription on', 'Add the address to your calendar app.')

  const field = page.getByLabel('Subscription address')
  const address = await field.inputValue()
  expect(address).toMatch(/^webcal:\/\/[^/]+\/calendar\/\d+-[0-9a-f]{64}\.ics$/)
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', address)
  if (testInfo.project.name === 'js') await expect(page.getByRole('button', { name: 'Copy address' })).toBeVisible()

  // A calendar reads it without the person's session.
  const calendar = await playwright.request.newContext()
  const https = address.replace(/^webcal:/, 'http:')
  const feed = await calendar.get(https)
  expect(feed.status()).toBe(200)
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8')
  expect(await feed.text()).toContain('BEGIN:VCALENDAR')

  await page.getByRole('button', { name: 'Reset address' }).click()
  await expectToast(page, 'Calendar address reset', 'The old address no longer works.')
  await expect(field).not.toHaveValue(address)
  expect((await calendar.get(https)).status()).toBe(404)

  await page.getByRole('button', { name: 'Turn off' }).click()
  await expectToast(page, 'Calendar subscription off')
  await expect(page.getByRole('button', { name: 'Create subscription address' })).toBeVisible()
  await calendar.dispose()
})
