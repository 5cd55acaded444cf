import { expect, test, type Page } from '@playwright/test'
import { signInAs } from './sessions'
import { expectToast, pickDayAhead, signUpClient } from './support'

/**
 * Packages of sessions (issue 47), with JavaScript and without: the practitioner offers one,
 * a client buys it on the emulated Checkout, books a session with it, cancels in time and has
 * the session back. The offer is retired at the end, so other flows never see it. A seeded
 * practitioner no other flow uses sells it: the demo practitioner's earnings are checked, to the
 * cent, by flows running beside this one.
 */

const PRACTITIONER = 'sofia.alvarez@solace.test'
const SERVICE = 'Virtual Strength Training'

/** The client's My Packages card for the service. */
const packageCard = (page: Page) =>
  page.getByRole('region', { name: 'My Packages' }).getByRole('listitem').filter({ hasText: SERVICE })

test('offer a package, buy it, book with it, cancel in time: the session comes back', async ({ page }, testInfo) => {
  await signInAs(page, PRACTITIONER, { to: '/practitioner/services/packages' })
  const offers = page.getByRole('region', { name: SERVICE, exact: true })
  const sessions = 3 + (testInfo.project.name === 'js' ? 0 : 1)
  await offers.getByLabel('Sessions').fill(String(sessions))
  await offers.getByLabel('Price for all (CAD, before tax)').fill('150')
  await offers.getByLabel('Valid for (months)').fill('6')
  await offers.getByRole('button', { name: 'Add package' }).click()
  await expectToast(page, 'Package added')
  const terms = `${sessions} sessions · valid 6 months · $150.00 CAD`
  await expect(page.getByText(terms)).toBeVisible()

  // A client finds it on the service's page, with its price per session.
  await page.context().clearCookies()
  await signUpClient(page, testInfo)
  await page.goto(`/services?search=${encodeURIComponent(SERVICE)}`)
  await page.getByRole('link', { name: SERVICE }).first().click()
  const offer = page
    .getByRole('region', { name: 'Packages' })
    .locator('form')
    .filter({ hasText: `${SERVICE}: ${sessions} sessions · valid 6 months · $150.00 CAD` })
  await expect(offer).toContainText(/\(\$\d+\.\d{2} CAD a session, saves \$\d+\.\d{2} CAD a session\)/)
  await offer.getByRole('button', { name: 'Buy package · $150.00 CAD' }).click()

  await expect(page).toHaveURL(/\/dev\/checkout\/cs_test_/)
  await expect(page.getByText(`${SERVICE}: package of ${sessions} sessions`)).toBeVisible()
  await page.getByRole('button', { name: /^Pay \$/ }).click()
  await expect(page).toHaveURL(/\/client-dashboard(#packages)?$/)
  await expectToast(page, 'Package bought')
  await expect(packageCard(page)).toContainText(`${sessions} of ${sessions} sessions left`)
  await expect(packageCard(page)).toContainText(/Valid until \w{3} \d{1,2}, \d{4}/)

  // Booked with a package session: confirmed at once, nothing to pay.
  await packageCard(page).getByRole('link', { name: 'Book a session' }).click()
  await expect(page.getByRole('heading', { name: SERVICE, level: 1 })).toBeVisible()
  await pickDayAhead(page)
  await page.getByRole('radio').first().check()
  await page.getByRole('button', { name: `Use a package session (${sessions} left)` }).click()
  await expect(page).toHaveURL(/\/bookings\/\d+$/)
  await expectToast(page, 'Booking confirmed!', 'One session of your package was used.')

  await page.goto('/client-dashboard')
  await expect(packageCard(page)).toContainText(`${sessions - 1} of ${sessions} sessions left`)
  const session = page
    .getByRole('list', { name: 'Upcoming sessions' })
    .getByRole('listitem')
    .filter({ hasText: SERVICE })
    .first()
  await expect(session).toContainText('Paid with a package')
  await session.getByRole('link', { name: /Cancel Session/ }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('The session goes back to your package.')
  await dialog.getByRole('button', { name: 'Cancel Booking' }).click()
  await expectToast(page, 'Booking Cancelled')
  await expect(packageCard(page)).toContainText(`${sessions} of ${sessions} sessions left`)

  // The offer is retired (it was bought): the client keeps their sessions.
  await page.context().clearCookies()
  await signInAs(page, PRACTITIONER, { to: '/practitioner/services/packages' })
  const line = page.getByRole('listitem').filter({ hasText: terms })
  await line.getByRole('link', { name: 'Delete' }).click()
  await page.getByRole('button', { name: 'Retire package' }).click()
  await expectToast(page, 'Package retired')
  await expect(page.getByText(terms)).toHaveCount(0)
})
