import { expect, test, type Page } from '@playwright/test'
import { signInAs } from './sessions'
import { DEMO, DEMO_PEOPLE, expectDashboard, expectToast, giveCompletedSession, signUpClient } from './support'

/** Opens a practitioner's profile the way people do: search, then their card. */
async function openProfile(page: Page, name: string) {
  await page.goto(`/practitioners?${new URLSearchParams({ search: name })}`)
  await page.getByRole('heading', { level: 3 }).getByRole('link', { name }).click()
  // With JavaScript, wait for the profile before touching it (hydration and navigation timing).
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  return new URL(page.url()).pathname
}

function cardNames(page: Page) {
  return page.getByRole('list', { name: 'Practitioners' }).getByRole('heading', { level: 3 }).allTextContents()
}

test('the practitioners page lists, filters, sorts and searches', async ({ page }) => {
  await page.goto('/practitioners')
  await expect(page).toHaveTitle('Meet Our Practitioners — Solace')
  await expect(page.getByRole('heading', { level: 1, name: 'Meet Our Practitioners' })).toBeVisible()
  await expect(page.getByText(/^\d+ practitioners found$/)).toBeVisible()
  expect((await cardNames(page)).length).toBeGreaterThan(5)

  await page.getByLabel('Specialty').selectOption('Sleep')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/specialty=Sleep/)
  await expect(page.getByRole('link', { name: "Liam O'Connor" }).first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'Marcus Reid' }).first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'Priya Sharma' })).toHaveCount(0)

  await page.goto('/practitioners')
  await page.getByLabel('Sort by').selectOption('name')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/sortBy=name/)
  await expect(page.getByLabel('Sort by')).toHaveValue('name')
  const names = await cardNames(page)
  const sorted = [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))
  expect(names[0]).toBe(sorted[0])
  expect(names).toEqual(sorted)

  // A word from Daniel's title (and bio), in a different case.
  await page.getByPlaceholder('Search practitioners...').fill('PSYCHOTHERAPIST')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/search=PSYCHOTHERAPIST/)
  await expect(page.getByRole('link', { name: 'Daniel Okafor' }).first()).toBeVisible()

  await page.getByPlaceholder('Search practitioners...').fill('zzqx-nobody-matches')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('heading', { name: 'No practitioners found' })).toBeVisible()
  await page.getByRole('link', { name: 'Clear filters' }).click()
  await expect(page).toHaveURL(/\/practitioners$/)
  await expect(page.getByLabel('Sort by')).toHaveValue('rating')
  await expect(page.getByPlaceholder('Search practitioners...')).toHaveValue('')
  await expect(page.getByText(/^\d+ practitioners found$/)).toBeVisible()
})

test('odd query values fall back to the defaults instead of failing', async ({ page }) => {
  const response = await page.goto('/practitioners?sortBy=best&page=-3&search=' + 'x'.repeat(300))
  expect(response?.status()).toBe(200)
  await expect(page.getByLabel('Sort by')).toHaveValue('rating')
  await expect(page.getByText(/^\d+ practitioners found$/)).toBeVisible()
})

test('a profile shows the practitioner, their services and reviews', async ({ page }) => {
  await openProfile(page, 'Daniel Okafor')
  await expect(page).toHaveTitle('Daniel Okafor — Solace')
  await expect(page.getByText('Registered Psychotherapist (RP), MA Counselling Psychology')).toBeVisible()
  const specialties = page.getByRole('list', { name: 'Specialties' })
  await expect(specialties.getByText('Anxiety')).toBeVisible()
  await expect(specialties.getByText('Burnout Recovery')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Services Offered' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Services' }).getByRole('listitem').first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Client Reviews' })).toBeVisible()
  await expect(page.getByText('Daniel listens properly and never rushes.', { exact: false })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Browse Services' })).toHaveAttribute('href', '/services')
  // Visitors may read reviews but not write them.
  await expect(page.getByRole('link', { name: 'Write a Review' })).toHaveCount(0)

  await openProfile(page, 'Grace Whitfield')
  await expect(page.getByText('No reviews yet. Be the first one to leave a review!')).toBeVisible()
})

test("a visitor's question form is disabled and logging in returns to the profile", async ({ page }) => {
  const profile = await openProfile(page, 'Maya Chen')
  const card = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send Message' }) })
  await expect(card.getByLabel('Subject')).toBeDisabled()
  await expect(card.getByLabel('Message')).toBeDisabled()
  // And they look it: greyed fields and labels, unlike the same form signed in (below).
  const looks = () =>
    card.getByLabel('Subject').evaluate((field) => {
      const label = field.ownerDocument.querySelector(`label[for="${field.id}"]`)!
      return [getComputedStyle(field).backgroundColor, getComputedStyle(label).color]
    })
  const disabledLooks = await looks()

  // Submitting anyway leads to the login page, with the way back.
  await card.getByRole('button', { name: 'Send Message' }).click()
  await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(profile)}$`))

  await page.goto(profile)
  await page.getByRole('link', { name: 'Log in to ask a question' }).click()
  await expect(page).toHaveURL(/\/login\?redirect=/)
  await page.getByLabel('Email').fill(DEMO.client)
  await page.getByLabel('Password').fill('Solace-demo-2026')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(new RegExp(`${profile}$`))
  await expect(page.getByLabel('Subject')).toBeEnabled()
  const [enabledField, enabledLabel] = await looks()
  expect(enabledField).not.toBe(disabledLooks[0])
  expect(enabledLabel).not.toBe(disabledLooks[1])
})

test('a signed-in client asks a practitioner a question', async ({ page }, testInfo) => {
  await signUpClient(page, testInfo)
  const profile = await openProfile(page, 'Grace Whitfield')
  await page.getByLabel('Subject').fill('Career change coaching')
  await page.getByLabel('Message').fill('Hi there')
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Message must be at least 10 characters long')).toBeVisible()

  await page.getByLabel('Message').fill('Do you work with people moving from teaching into tech?')
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Message Sent!', { exact: true })).toBeVisible()
  await expectToast(
    page,
    'Message sent!',
    'Your question has been sent to the practitioner. They will respond in their inbox.',
  )
  await expect(page).toHaveURL(new RegExp(`${profile}\\?sent=1$`))

  await page.getByRole('link', { name: 'Send Another Message' }).click()
  await expect(page).toHaveURL(new RegExp(`${profile}$`))
  await expect(page.getByLabel('Subject')).toHaveValue('')
})

test('practitioners do not see "Write a Review", and cannot message themselves', async ({ page }) => {
  await signInAs(page, DEMO.practitioner)
  await expectDashboard(page, 'practitioner', DEMO_PEOPLE.practitioner)
  await openProfile(page, 'Daniel Okafor')
  await expect(page.getByRole('heading', { name: 'Client Reviews' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Write a Review' })).toHaveCount(0)

  await openProfile(page, 'Priya Sharma')
  await expect(page.getByText('This is your public profile.', { exact: false })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send Message' })).toHaveCount(0)
})

test('a client with a completed session writes a review', async ({ page }, testInfo) => {
  const [name, email] = ['Daniel Okafor', 'daniel.okafor@solace.test']
  const client = await signUpClient(page, testInfo)
  giveCompletedSession(client.email, email)

  const profile = await openProfile(page, name)
  const reviewCount = page.getByRole('region', { name }).getByText(/^\(\d+ reviews?\)$/)
  const before = Number((await reviewCount.textContent())?.match(/\d+/)?.[0])

  await page.getByRole('link', { name: 'Write a Review' }).click()
  const dialog = page.getByRole('dialog', { name: 'Write a Review' })
  await expect(dialog).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`${profile}\\?review=1$`))
  const text = `Warm, practical and clear. (${testInfo.project.name} ${Date.now()})`
  await dialog.getByLabel('Your review').fill(text)
  if (testInfo.project.name === 'js') {
    // With JavaScript the button waits for both a rating and a review.
    await expect(dialog.getByRole('button', { name: 'Submit Review' })).toBeDisabled()
  } else {
    await dialog.getByRole('button', { name: 'Submit Review' }).click()
    await expect(page.getByRole('dialog').getByText('Please select a star rating.')).toBeVisible()
    await expectToast(page, 'Rating Required', 'Please select a star rating.')
    await expect(page.getByRole('dialog').getByLabel('Your review')).toHaveValue(text)
  }

  await page.getByRole('dialog').getByRole('radio', { name: '4 stars' }).check()
  await page.getByRole('dialog').getByRole('button', { name: 'Submit Review' }).click()
  await expectToast(page, 'Review Submitted', 'Your review has been posted successfully!')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page).toHaveURL(new RegExp(`${profile}$`))
  const reviews = page.getByRole('list', { name: 'Client reviews' }).getByRole('listitem')
  await expect(reviews.first()).toContainText(text)
  await expect(reviews.first().getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible()
  await expect(reviewCount).toHaveText(`(${before + 1} reviews)`)

  // One completed session, one review: the page says so where the button was, and the dialog
  // (reached by its address) says so instead of offering stars.
  const reviewed = 'You have already reviewed each of your sessions with this practitioner.'
  await expect(page.getByRole('region', { name: 'Client Reviews' }).getByRole('note')).toHaveText(reviewed)
  await expect(page.getByRole('link', { name: 'Write a Review' })).toHaveCount(0)
  await page.goto(`${profile}?review=1`)
  await expect(page.getByRole('dialog').getByRole('note')).toHaveText(reviewed)
  await expect(page.getByRole('dialog').getByRole('radio')).toHaveCount(0)
})

test('a client without a completed session learns they cannot review yet', async ({ page }, testInfo) => {
  await signUpClient(page, testInfo)
  const profile = await openProfile(page, 'Daniel Okafor')
  const message = 'You can review a practitioner after you have completed a session with them.'
  // No button and no stars to fill in for nothing: the reason, where the button would be.
  await expect(page.getByRole('region', { name: 'Client Reviews' }).getByRole('note')).toHaveText(message)
  await expect(page.getByRole('link', { name: 'Write a Review' })).toHaveCount(0)
  await page.goto(`${profile}?review=1`)
  const dialog = page.getByRole('dialog', { name: 'Write a Review' })
  await expect(dialog.getByRole('note')).toHaveText(message)
  await expect(dialog.getByRole('button', { name: 'Submit Review' })).toHaveCount(0)
})

test('an unknown practitioner shows the not-found screen with status 404', async ({ page }) => {
  for (const path of ['/practitioners/999999', '/practitioners/not-a-number']) {
    const response = await page.goto(path)
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Practitioner not found' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back to Practitioners' })).toHaveAttribute('href', '/practitioners')
  }
})
