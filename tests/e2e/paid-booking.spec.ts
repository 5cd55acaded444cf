import { expect, test, type Page } from '@playwright/test'
import { expectToast, latestEmailTo, signUpClient } from './support'

/**
 * Paid sessions on the emulated payments (the offline default runs the real Stripe code
 * paths against local stand-ins): book, pay, see it confirmed by the webhook, cancel and see
 * the refund. With JavaScript and without (each project on its own server and database), on a
 * day at least two days out, so the cancellation is refunded in full.
 */

/** Opens a paid service's booking page and picks a time two or more days ahead. */
async function pickTime(page: Page, service: string) {
  await page.goto(`/services?search=${encodeURIComponent(service)}`)
  await page.getByRole('link', { name: service }).first().click()
  await page.getByRole('link', { name: 'Book This Service' }).first().click()
  await expect(page.getByRole('heading', { name: service, level: 1 })).toBeVisible()
  await expect(page.getByText('Cancel 24 hours or more before your session for a full refund')).toBeVisible()

  const soonest = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
  const days = page.locator('a[data-open-times]')
  const hrefs = await days.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
  const href = hrefs.find((h) => (/date=(\d{4}-\d{2}-\d{2})/.exec(h)?.[1] ?? '') > soonest)
  expect(href, 'a day with open times two or more days ahead').toBeTruthy()
  await page.locator(`a[data-open-times][href="${href}"]`).click()
  await expect(page).toHaveURL(/date=/)
  const radios = page.getByRole('radio')
  await expect(radios.first()).toBeVisible()
  await radios.first().check()
}

test('a client pays for a session on the checkout page, sees it confirmed, then cancels for a full refund', async ({
  page,
}, testInfo) => {
  const service = 'Personalized Nutrition Assessment'
  const { email } = await signUpClient(page, testInfo)
  await pickTime(page, service)
  await page.getByRole('button', { name: 'Book & Pay $120.00 CAD' }).click()
  if (testInfo.project.name === 'js') await expectToast(page, 'Booking created!', 'Redirecting to secure payment...')

  await expect(page).toHaveURL(/\/dev\/checkout\/cs_test_/)
  await expect(page.getByRole('heading', { name: 'Test payment — no card is charged' })).toBeVisible()
  await expect(page.getByText(service)).toBeVisible()
  // The payment page says which session it pays for: its date and time.
  await expect(page.getByText(/^\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M \S+ · \d+-minute session$/)).toBeVisible()
  await page.getByRole('button', { name: 'Pay $120.00 CAD' }).click()

  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_test_/)
  await expect(page.getByRole('heading', { name: 'Payment successful!' })).toBeVisible()
  await expect(page.getByText(service)).toBeVisible()
  expect(latestEmailTo(email)?.subject).toBe(`Booking confirmed: ${service}`)
  await page.getByRole('link', { name: 'Go to My Dashboard' }).click()

  await expect(page).toHaveURL(/\/client-dashboard$/)
  await expectToast(page, 'Payment successful!')
  const session = page.getByRole('listitem').filter({ hasText: service })
  await expect(session).toContainText('confirmed')
  await expect(session).toContainText('$120.00 CAD')
  await expect(session.getByRole('link', { name: /Add to calendar/ })).toBeVisible()

  await session.getByRole('link', { name: /Cancel Session/ }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('Are you sure you want to cancel this booking?')
  // The session is named by its date and time, not only its service.
  await expect(dialog).toContainText(new RegExp(`${service}, \\w{3} \\d{1,2}, \\d{4} at \\d{1,2}:\\d{2} [AP]M`))
  await expect(dialog).toContainText('You will be refunded $120.00 CAD in full.')
  await dialog.getByRole('button', { name: 'Cancel Booking' }).click()

  await expect(page).toHaveURL(/\/client-dashboard$/)
  await expectToast(
    page,
    'Booking Cancelled',
    'Your booking has been successfully cancelled. $120.00 CAD is being refunded to your card.',
  )
  await expect(page.getByRole('listitem').filter({ hasText: service })).toHaveCount(0)
  // The refund's own event arrives from the payment provider a moment later.
  await expect.poll(() => latestEmailTo(email)?.subject).toBe(`Payment refunded: ${service}`)
})

test('a client leaves checkout, then completes the payment from the dashboard', async ({ page }, testInfo) => {
  const service = 'Gut Health Reset Consultation'
  await signUpClient(page, testInfo)
  await pickTime(page, service)
  await page.getByRole('button', { name: 'Book & Pay $95.00 CAD' }).click()
  await expect(page).toHaveURL(/\/dev\/checkout\/cs_test_/)
  await page.getByRole('link', { name: 'Cancel and go back' }).click()

  await expect(page).toHaveURL(/\/client-dashboard$/)
  await expectToast(page, 'Payment cancelled')
  const session = page.getByRole('listitem').filter({ hasText: service })
  await expect(session).toContainText('pending')
  await expect(session).toContainText('Awaiting payment')
  await session.getByRole('link', { name: 'Complete Payment' }).click()

  await expect(page).toHaveURL(/\/checkout\?bookingId=\d+$/)
  await expect(page.getByRole('heading', { name: 'Complete Your Booking' })).toBeVisible()
  await expect(page.getByText('Securely pay for your session')).toBeVisible()
  await expect(page.getByText('Test payment — no card is charged')).toBeVisible()
  // On a phone the order summary comes before the card form.
  await page.setViewportSize({ width: 390, height: 800 })
  const summaryTop = (await page.getByRole('heading', { name: 'Order Summary' }).boundingBox())!.y
  const paymentTop = (await page.getByRole('heading', { name: 'Payment', exact: true }).boundingBox())!.y
  expect(summaryTop).toBeLessThan(paymentTop)
  await page.setViewportSize({ width: 1280, height: 720 })
  if (testInfo.project.name === 'js') {
    // The embedded card form (the emulated Payment Element); a declined card first.
    await page.getByLabel('Card number').fill('4000 0000 0000 0002')
    await page.getByRole('button', { name: /Complete Payment/ }).click()
    await expectToast(page, 'Payment Failed', 'Your card was declined.')
    // Said beside the card form too, where the card is fixed.
    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible()
    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await page.getByRole('button', { name: /Complete Payment/ }).click()
    await expect(page).toHaveURL(/\/payment-success\?payment_intent=pi_/)
  } else {
    await page.getByRole('button', { name: /on the secure checkout page/ }).click()
    await expect(page).toHaveURL(/\/dev\/checkout\/cs_test_/)
    await page.getByRole('button', { name: 'Pay $95.00 CAD' }).click()
    await expect(page).toHaveURL(/\/payment-success\?session_id=/)
  }
  await expect(page.getByRole('heading', { name: 'Payment successful!' })).toBeVisible()
  await page.goto('/client-dashboard')
  await expect(page.getByRole('listitem').filter({ hasText: service })).toContainText('confirmed')
})

test('the payment page without a booking says so and goes to the services', async ({ page }, testInfo) => {
  await signUpClient(page, testInfo)
  await page.goto('/checkout')
  await expect(page).toHaveURL(/\/services$/)
  await expectToast(page, 'Invalid Booking', 'Could not find booking information')
})
