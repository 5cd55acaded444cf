import { expect, test, type Page } from '@playwright/test'
import { DEMO, DEMO_PASSWORD, expectToast } from './support'

/**
 * Browsing and the booking page on the demo seed (app/seed/data/services.ts). Every
 * step also runs without JavaScript, so filters, dates and slots are driven by links and
 * forms the server answers.
 */

const TIME = /^\d{1,2}:\d{2}\s(AM|PM)$/

/** Submits the filter form. With JavaScript a changed dropdown has already applied it. */
async function search(page: Page) {
  await page.getByRole('button', { name: 'Search', exact: true }).click()
}

/** Follows a calendar day that has open times (other than the one shown), waits for its slots. */
async function pickDayWithOpenTimes(page: Page) {
  const day = page.locator('a[data-open-times]:not([aria-current])').first()
  const href = await day.getAttribute('href')
  const date = /date=(\d{4}-\d{2}-\d{2})/.exec(href ?? '')?.[1]
  expect(date).toBeTruthy()
  await day.click()
  await expect(page).toHaveURL(new RegExp(`date=${date}`))
  await expect(page.locator(`a[data-open-times][aria-current="date"][href*="date=${date}"]`)).toBeVisible()
  return date!
}

test('the home page shows three popular services and four experts', async ({ page }) => {
  await page.goto('/')
  const services = page.getByRole('region', { name: 'Popular Wellness Services' })
  await expect(services.getByRole('link', { name: 'See Service Details' })).toHaveCount(3)
  await expect(services.getByRole('link', { name: 'View All Services' })).toHaveAttribute('href', '/services')
  const experts = page.getByRole('region', { name: 'Meet Our Wellness Experts' })
  await expect(experts.getByRole('link', { name: 'View profile' })).toHaveCount(4)
  await expect(experts.getByRole('link', { name: 'View All Practitioners' })).toHaveAttribute('href', '/practitioners')
  await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible()
})

test('services filter by category and price, with the filters in the URL', async ({ page }, testInfo) => {
  await page.goto('/services')
  await expect(page.getByRole('heading', { name: 'Browse Wellness Services', level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: /^\d[\d,]* services$/ })).toBeVisible()

  await page.getByLabel('Category').selectOption('Meditation')
  await search(page)
  await expect(page).toHaveURL(/category=Meditation/)
  await expect(page.getByRole('link', { name: 'Guided Mindfulness Session' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Vinyasa Flow for Beginners' })).toHaveCount(0)

  await page.getByLabel('Category').selectOption('')
  // With JavaScript a dropdown applies at once: let that page arrive before the next change.
  if (testInfo.project.name === 'js') await expect(page).not.toHaveURL(/category=/)
  await page.getByLabel('Price range').selectOption('free')
  await search(page)
  await expect(page).toHaveURL(/priceRange=free/)
  await expect(page).not.toHaveURL(/category=Meditation/)
  await expect(page.getByRole('heading', { name: '2 services' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Free Intro: Breath & Stillness' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Meditation Questions Answered' })).toBeVisible()
  await expect(page.getByLabel('Price range')).toHaveValue('free')
})

test('a search finds a service by a word of its name; a search with no match can be cleared', async ({ page }) => {
  await page.goto('/services')
  await page.getByPlaceholder('Search services...').fill('mindfulness')
  await search(page)
  await expect(page).toHaveURL(/search=mindfulness/)
  await expect(page.getByRole('link', { name: 'Guided Mindfulness Session' })).toBeVisible()

  await page.getByPlaceholder('Search services...').fill('xylophonist')
  await search(page)
  await expect(page.getByRole('heading', { name: 'No services found' })).toBeVisible()
  await expect(page.getByText('Try adjusting your search or filter criteria.')).toBeVisible()
  await page.getByRole('link', { name: 'Clear filters' }).click()
  await expect(page).toHaveURL(/\/services$/)
  await expect(page.getByRole('heading', { name: /^\d[\d,]* services$/ })).toBeVisible()
  await expect(page.getByPlaceholder('Search services...')).toHaveValue('')
})

test('a bad filter in the URL falls back instead of failing', async ({ page }) => {
  const response = await page.goto('/services?category=Astrology&priceRange=free&page=zero')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { name: '2 services' })).toBeVisible()
})

test('a service opens on its details page, then on its booking page with dates and times', async ({ page }) => {
  await page.goto('/services?search=vinyasa')
  await page.getByRole('link', { name: 'Vinyasa Flow for Beginners' }).click()
  await expect(page).toHaveURL(/\/service-details\/\d+$/)
  await expect(page.getByRole('heading', { name: 'Vinyasa Flow for Beginners', level: 1 })).toBeVisible()
  await expect(page.getByText('Virtual one-on-one session conducted via video call')).toBeVisible()
  await expect(page.getByText('$65.00 per session')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to Services' })).toHaveAttribute('href', '/services')

  await page.getByRole('link', { name: 'Book This Service' }).click()
  await expect(page).toHaveURL(/\/services\/\d+$/)
  await expect(page.getByRole('heading', { name: 'Book Your Session' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'What to Expect' })).toBeVisible()
  await expect(page.getByRole('link', { name: /Priya Sharma/ })).toHaveAttribute('href', /\/practitioners\/\d+$/)

  await pickDayWithOpenTimes(page)
  const slots = page.getByRole('radio')
  await expect(slots.first()).toBeVisible()
  for (const name of await slots.evaluateAll((inputs) => inputs.map((i) => i.closest('label')?.textContent ?? ''))) {
    expect(name.trim()).toMatch(TIME)
  }
  await expect(page.getByText(/^Times shown in \S+ \(.+\) · Change time zone$/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Book & Pay $65.00 CAD' })).toBeVisible()
})

test('booking without a time slot asks for one', async ({ page }, testInfo) => {
  await page.goto('/services?search=vinyasa')
  await page.getByRole('link', { name: 'Book Now' }).first().click()
  await expect(page.getByRole('heading', { name: 'Book Your Session' })).toBeVisible()
  const book = page.getByRole('button', { name: /^Book & Pay/ })
  if (testInfo.project.name === 'js') {
    // With JavaScript the button waits for a time.
    await expect(book).toBeDisabled()
    await pickDayWithOpenTimes(page)
    await page.getByRole('radio').first().check()
    await expect(book).toBeEnabled()
    return
  }
  await book.click()
  await expectToast(page, 'Please select a time slot', 'You need to choose a date and time for your session')
  await expect(page.getByRole('alert')).toContainText('Please select a time slot')
})

test('a free service offers a free session', async ({ page }) => {
  await page.goto('/services?priceRange=free&search=intro')
  await page.getByRole('link', { name: 'Book Now' }).first().click()
  await expect(page.getByRole('button', { name: 'Book Free Session' })).toBeVisible()
})

test('a visitor who books is sent to log in, and comes back to the same booking page', async ({ page }) => {
  await page.goto('/services?search=vinyasa')
  await page.getByRole('link', { name: 'Book Now' }).first().click()
  await expect(page).toHaveURL(/\/services\/\d+$/)
  const servicePath = new URL(page.url()).pathname
  const date = await pickDayWithOpenTimes(page)

  const chosen = page.getByRole('radio').first()
  await chosen.check()
  const slotId = await chosen.getAttribute('value')
  await page.getByRole('button', { name: /^Book & Pay/ }).click()
  await expect(page).toHaveURL(/\/login\?redirect=/)
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(`${servicePath}?date=${date}&slot=${slotId}`)

  await page.getByLabel('Email').fill(DEMO.client)
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(new RegExp(`${servicePath}\\?date=${date}&slot=${slotId}$`))
  await expect(page.getByRole('heading', { name: 'Vinyasa Flow for Beginners', level: 1 })).toBeVisible()
  await expect(page.locator('a[aria-current="date"]')).toHaveAttribute('href', new RegExp(`date=${date}`))
  // The same day and the same time, chosen again.
  await expect(page.locator(`input[name="timeSlotId"][value="${slotId}"]`)).toBeChecked()
  await expect(page.getByRole('button', { name: /^Book & Pay/ })).toBeEnabled()
})

test('an unknown service answers 404 on both service pages', async ({ page }) => {
  for (const path of ['/services/999999', '/services/not-a-number']) {
    const response = await page.goto(path)
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Service not found' })).toBeVisible()
    await expect(page.getByText("The service you're looking for doesn't exist or has been removed.")).toBeVisible()
    await expect(page.getByRole('link', { name: 'Browse Services' })).toHaveAttribute('href', '/services')
  }

  const response = await page.goto('/service-details/999999')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Service Not Found' })).toBeVisible()
  await page.getByRole('link', { name: 'Browse All Services' }).click()
  await expect(page).toHaveURL(/\/services$/)
})
