import { expect, test, type Page } from '@playwright/test'
import Database from 'better-sqlite3'
import { expectToast, signUpClient, testDatabase } from './support'

/**
 * Which zone a person reads times in (issue 29, items 2 and 3): a first visit shows the
 * browser's own zone from the first page it reads (JavaScript tells the server and reloads
 * once), a visitor can pick another zone from the booking page with or without JavaScript, and
 * a signed-in person changes theirs in settings, every page following at once.
 */

const SERVICE = 'Free Intro: Breath & Stillness'

function serviceId() {
  const db = new Database(testDatabase(), { readonly: true, fileMustExist: true })
  try {
    return (db.prepare('SELECT id FROM services WHERE name = ?').get(SERVICE) as { id: number }).id
  } finally {
    db.close()
  }
}

const zoneLine = (page: Page) => page.getByText(/^Times shown in /)

test('a first visit reads times in the browser’s own zone, after a single reload', async ({ browser }, testInfo) => {
  test.skip(
    testInfo.project.name === 'no-js',
    'without JavaScript the browser cannot say its zone (the picker is tested below)',
  )
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, timezoneId: 'Asia/Tokyo' })
  const page = await context.newPage()
  const documents: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url())
  })
  await page.goto(`/services/${serviceId()}`)
  await expect(zoneLine(page)).toHaveText(/^Times shown in Asia\/Tokyo \(GMT\+9\)/)
  // Once: the page that did not know the zone, and the one that did.
  expect(documents).toHaveLength(2)
  // From then on the browser's zone is known before the first render: no more reloads.
  await page.goto('/services')
  await page.goto(`/services/${serviceId()}`)
  await expect(zoneLine(page)).toHaveText(/Asia\/Tokyo/)
  expect(documents).toHaveLength(4)
  await context.close()
})

test('a visitor changes the zone from the booking page and comes back to the same day', async ({ page }) => {
  await page.goto(`/services/${serviceId()}`)
  await expect(zoneLine(page)).toHaveText(/^Times shown in America\/Toronto \(E[DS]T\)/)
  const day = new URL(page.url()).searchParams.get('date')
  await page.getByRole('link', { name: 'Change time zone' }).click()
  await expect(page.getByRole('heading', { name: 'Time zone', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Time zone')).toHaveValue('America/Toronto')
  await page.getByLabel('Time zone').selectOption('Europe/Paris')
  await page.getByRole('button', { name: 'Save time zone' }).click()
  await expectToast(page, 'Time zone updated', 'Times are now shown in Europe/Paris time.')
  await expect(page).toHaveURL(new RegExp(`/services/${serviceId()}\\?date=${day ?? ''}`))
  await expect(zoneLine(page)).toHaveText(/^Times shown in Europe\/Paris \(GMT\+[12]\)/)
  // Chosen, not reported: a browser in Toronto keeps showing the visitor's choice.
  await page.goto('/services')
  await page.goto(`/services/${serviceId()}`)
  await expect(zoneLine(page)).toHaveText(/Europe\/Paris/)
})

test('a client changes their zone in settings and every page follows', async ({ page }, testInfo) => {
  await signUpClient(page, testInfo)
  await page.goto('/customer-settings')
  await expect(page.getByRole('heading', { name: 'Time Zone' })).toBeVisible()
  await expect(page.getByText('Every time on your pages and in your emails is shown in America/Toronto')).toBeVisible()
  await page.getByLabel('Time zone').selectOption('Asia/Tokyo')
  await page.getByRole('button', { name: 'Save time zone' }).click()
  await expectToast(page, 'Time zone updated', 'Times are now shown in Asia/Tokyo time.')
  await expect(page).toHaveURL(/\/customer-settings$/)
  await expect(
    page.getByText('Every time on your pages and in your emails is shown in Asia/Tokyo (GMT+9)'),
  ).toBeVisible()
  await page.goto(`/services/${serviceId()}`)
  await expect(zoneLine(page)).toHaveText(/^Times shown in Asia\/Tokyo \(GMT\+9\)/)
})
