import { expect, test } from '@playwright/test'
import { expectToast, uniqueEmail } from './support'

test('the contact form sends a message, and refuses an incomplete one', async ({ page }, testInfo) => {
  await page.goto('/contact')
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Name is required')).toBeVisible()
  await expect(page.getByText('Subject is required')).toBeVisible()
  await expect(page.getByText('Message is required')).toBeVisible()

  await page.getByLabel('Name').fill('Jordan Visitor')
  await page.getByLabel('Email').fill(uniqueEmail(testInfo, 'contact'))
  await page.getByLabel('Subject').fill('Question about sessions')
  await page.getByLabel('Message').fill('Do practitioners offer evening sessions during the week?')
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expectToast(page, 'Message Sent!', "Thank you for contacting us. We'll get back to you within 24 hours.")
})

test('the early-access form saves a lead and thanks the practitioner in place of both forms', async ({
  page,
}, testInfo) => {
  await page.goto('/launching-soon')
  await expect(page.getByText('500+')).toBeVisible()
  const form = page.getByRole('main').locator('form').first()
  await form.getByRole('button', { name: 'Secure My Spot' }).click()
  await expect(form.getByText('First name is required')).toBeVisible()
  await expect(form.getByText('Practice type is required')).toBeVisible()

  await form.getByLabel('First name').fill('Lee')
  await form.getByLabel('Last name').fill('Practitioner')
  await form.getByLabel('Email').fill(uniqueEmail(testInfo, 'lead'))
  await form.getByLabel('Country code').selectOption('+1')
  await form.getByLabel('Phone number').fill('416 555 0142')
  await form.getByLabel('Practice type').selectOption('yoga')
  await form.getByLabel('Years of experience').selectOption('3-5')
  await form.getByRole('button', { name: 'Secure My Spot' }).click()

  await expectToast(page, 'Thank you!', "We'll notify you as soon as we launch!")
  await expect(page.getByRole('button', { name: 'Secure My Spot' })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Thank you!' }).first()).toBeVisible()
})

test('the static pages carry their promises', async ({ page }) => {
  await page.goto('/about')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.goto('/privacy')
  await expect(page.getByText('48 hours').first()).toBeVisible()
  await expect(page.getByText('30 days').first()).toBeVisible()
  await page.goto('/terms')
  await expect(page.getByText('95%').first()).toBeVisible()
  await page.getByRole('link', { name: 'Privacy' }).last().click()
  await expect(page).toHaveURL(/\/privacy$/)
})
