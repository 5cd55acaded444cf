import { expect, test } from '@playwright/test'
import { expectToast, latestEmailTo, signUpClient } from './support'

/**
 * A new client books the seeded free session and cancels it, with JavaScript and without
 * (each project on its own server and database, so both may take the first open time).
 */

const SERVICE = 'Free Intro: Breath & Stillness'

test('a client books a free session, sees its confirmation page and the dashboard, then cancels it', async ({
  page,
}, testInfo) => {
  const { email } = await signUpClient(page, testInfo)

  await page.goto('/services?priceRange=free&search=stillness')
  await page.getByRole('link', { name: SERVICE }).click()
  await page.getByRole('link', { name: 'Book This Service' }).first().click()
  await expect(page.getByRole('heading', { name: SERVICE, level: 1 })).toBeVisible()
  await expect(page.getByText('This session is free: you can cancel it at any time before it starts.')).toBeVisible()

  const day = page.locator('a[data-open-times]').first()
  const date = /date=(\d{4}-\d{2}-\d{2})/.exec((await day.getAttribute('href')) ?? '')?.[1]
  expect(date).toBeTruthy()
  await day.click()
  await expect(page).toHaveURL(new RegExp(`date=${date}`))
  const radios = page.getByRole('radio')
  await expect(radios.first()).toBeVisible()
  const slot = radios.first()
  const time = ((await slot.evaluate((input) => input.closest('label')?.textContent)) ?? '').trim()
  await slot.check()
  await page.getByRole('button', { name: 'Book Free Session' }).click()

  // The booking's own confirmation page, then on to the dashboard.
  await expect(page).toHaveURL(/\/bookings\/\d+$/)
  await expectToast(page, 'Booking confirmed!', 'Your free session has been confirmed.')
  await expect(page.getByRole('heading', { name: 'Your session is booked', level: 1 })).toBeVisible()
  const details = page.getByRole('definition')
  await expect(details.filter({ hasText: SERVICE })).toBeVisible()
  await expect(details.filter({ hasText: time })).toBeVisible()
  await expect(details.filter({ hasText: /^Free$/ })).toBeVisible()
  await expect(page.getByText('This session is free: you can cancel it at any time before it starts.')).toBeVisible()
  await expect(page.getByText(`We sent a confirmation with a calendar invitation to ${email}.`)).toBeVisible()
  await page.getByRole('link', { name: 'Go to My Sessions' }).click()

  await expect(page).toHaveURL(/\/client-dashboard$/)
  const session = page.getByRole('listitem').filter({ hasText: SERVICE })
  await expect(session).toHaveCount(1)
  await expect(session).toContainText('confirmed')
  await expect(session).toContainText(time)
  // Days ahead: the video link is offered only from 15 minutes before the start.
  await expect(session.getByRole('link', { name: 'Join Session' })).toHaveCount(0)
  await expect(session).toContainText('The link to join appears here 15 minutes before the session starts.')
  expect(latestEmailTo(email)?.subject).toBe(`Booking confirmed: ${SERVICE}`)
  // The same booking through the JSON API (the production build's routing, not just the module).
  const api = await page.request.get('/api/bookings/client')
  expect(api.status()).toBe(200)
  expect(((await api.json()) as { service: { name: string } }[]).map((b) => b.service.name)).toContain(SERVICE)

  await session.getByRole('link', { name: /Cancel Session/ }).click()
  await expect(page).toHaveURL(/\?cancel=\d+$/)
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('Are you sure you want to cancel this booking?')
  // One policy for a free session: the booking card, the confirmation and this dialog agree.
  await expect(dialog.getByTestId('refund-preview')).toHaveText(
    'This session is free: you can cancel it at any time before it starts.',
  )
  await dialog.getByRole('button', { name: 'Cancel Booking' }).click()

  await expect(page).toHaveURL(/\/client-dashboard$/)
  await expectToast(page, 'Booking Cancelled', 'Your booking has been successfully cancelled.')
  await expect(page.getByRole('listitem').filter({ hasText: SERVICE })).toHaveCount(0)
  // A cancelled session was a session: the page does not say there were none.
  await expect(page.getByText('No upcoming or past sessions')).toBeVisible()
  expect(latestEmailTo(email)?.subject).toBe(`Booking cancelled: ${SERVICE}`)

  // Cancelled sessions are one link away, each with what it was refunded.
  await page.getByRole('link', { name: 'Cancelled (1)' }).click()
  const cancelled = page.getByRole('list', { name: 'Cancelled sessions' }).getByRole('listitem')
  await expect(cancelled).toHaveCount(1)
  await expect(cancelled).toContainText(SERVICE)
  await expect(cancelled).toContainText('Nothing was charged')
})
