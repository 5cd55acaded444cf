import { expect, test, type Locator, type Page } from '@playwright/test'
import { signInAs } from './sessions'
import { DEMO, DEMO_PEOPLE, expectDashboard, uniqueEmail } from './support'

/**
 * A page of a signed-in area that fails (a 404 from its loader, a form its action does not know)
 * shows its error inside the area's frame: the side menu, the site's links, Logout and the
 * person's name stay, so the way back into the app is one click.
 */
async function expectErrorInArea(
  page: Page,
  area: { menu: string; person: { firstName: string; lastName: string } },
  error: { heading: string; text: string },
) {
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: error.heading, exact: true })).toBeVisible()
  await expect(main).toContainText(error.text)
  await expect(page.getByRole('navigation', { name: area.menu, exact: true })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Site', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
  await expect(
    page.getByRole('complementary').getByText(`${area.person.firstName} ${area.person.lastName}`, { exact: true }),
  ).toBeVisible()
}

/**
 * Sends `form` with an intent its action does not know, which it answers with a 400 ('Unknown
 * form'): an error the page leaves to its layout. With JavaScript, Remix sends it and renders the
 * error in the browser; without, the browser posts it and the server renders the error page.
 */
async function sendUnknownForm(form: Locator, submit: string) {
  // Hydrating the page sets the field's value again: change it once the page's code has run.
  await form.page().waitForLoadState('networkidle')
  const intent = form.locator('input[type="hidden"][name="intent"]')
  await intent.evaluate((input: HTMLInputElement) => {
    input.value = 'no-such-form'
  })
  await expect(intent).toHaveValue('no-such-form')
  await form.getByRole('button', { name: submit }).click()
}

const UNKNOWN_FORM = { heading: 'Error 400', text: 'Unknown form' }

test('a practice page that fails keeps the practice menu, and its Dashboard link leads home', async ({ page }) => {
  await signInAs(page, DEMO.practitioner)
  await expectDashboard(page, 'practitioner', DEMO_PEOPLE.practitioner)
  // The dashboard's Open chart form posts to Patient Charting, which has no error screen of its own.
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: /^Open chart of / }) })
  await sendUnknownForm(form.first(), 'Open chart')
  await expect(page).toHaveURL(/\/practitioner\/patient-charting$/)
  const area = { menu: 'Practice', person: DEMO_PEOPLE.practitioner }
  await expectErrorInArea(page, area, UNKNOWN_FORM)

  await page.getByRole('navigation', { name: 'Practice', exact: true }).getByRole('link', { name: 'Dashboard' }).click()
  await expectDashboard(page, 'practitioner', DEMO_PEOPLE.practitioner)
})

test('a booking that does not exist is a 404 inside the client area, with its menu', async ({ page }) => {
  await signInAs(page, DEMO.client)
  await expectDashboard(page, 'client', DEMO_PEOPLE.client)
  // The booking page has its own 404 screen, drawn where the page would be, inside the frame.
  const response = await page.goto('/bookings/999999')
  expect(response?.status()).toBe(404)
  const area = { menu: 'My account', person: DEMO_PEOPLE.client }
  await expectErrorInArea(page, area, {
    heading: 'Booking not found',
    text: 'This booking does not exist or is not yours.',
  })

  await page
    .getByRole('navigation', { name: 'My account', exact: true })
    .getByRole('link', { name: 'My Sessions' })
    .click()
  await expectDashboard(page, 'client', DEMO_PEOPLE.client)
})

test('a client page that fails keeps the client menu', async ({ page }) => {
  await signInAs(page, DEMO.client)
  await expectDashboard(page, 'client', DEMO_PEOPLE.client)
  await page.goto('/customer-settings')
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Save changes' }) })
  await sendUnknownForm(form, 'Save changes')
  await expect(page).toHaveURL(/\/customer-settings$/)
  await expectErrorInArea(page, { menu: 'My account', person: DEMO_PEOPLE.client }, UNKNOWN_FORM)
})

test('an admin page that fails keeps the admin menu', async ({ page }, testInfo) => {
  await signInAs(page, DEMO.admin)
  await expectDashboard(page, 'admin', DEMO_PEOPLE.admin)
  // The admin dashboard has an error screen of its own (inside the frame, like the booking's).
  // Filled, so the form's own checks let it go; the unknown intent means no one is created.
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Create User' }) })
  await form.getByLabel('Email').fill(uniqueEmail(testInfo, 'never-made'))
  await form.getByLabel('Password', { exact: true }).fill('never-made-1')
  await form.getByLabel('First name').fill('Never')
  await form.getByLabel('Last name').fill('Made')
  await sendUnknownForm(form, 'Create User')
  await expectErrorInArea(page, { menu: 'Admin', person: DEMO_PEOPLE.admin }, UNKNOWN_FORM)

  await page.getByRole('navigation', { name: 'Admin', exact: true }).getByRole('link', { name: 'Dashboard' }).click()
  await expectDashboard(page, 'admin', DEMO_PEOPLE.admin)
})
