import { expect, test } from '@playwright/test'
import { expectToast, giveUpcomingSession, latestEmailTo, signUpClient, signUpPractitioner } from './support'

/**
 * A practitioner calls off a client's session from the dashboard, with JavaScript and without:
 * the dialog asks for a reason (refusing none), the client is emailed it, and the client's
 * booking page says who cancelled it and why.
 */
test('a practitioner cancels a session with a reason, and the client sees why', async ({ browser }, testInfo) => {
  const practitionerContext = await browser.newContext()
  const practitionerPage = await practitionerContext.newPage()
  const practitioner = await signUpPractitioner(practitionerPage, testInfo)
  const clientContext = await browser.newContext()
  const clientPage = await clientContext.newPage()
  const client = await signUpClient(clientPage, testInfo)
  const bookingId = giveUpcomingSession(
    practitioner.email,
    client.email,
    Date.now() + 3 * 24 * 60 * 60_000,
    `Called Off ${testInfo.project.name}`,
  )

  const page = practitionerPage
  await page.goto('/practitioner/dashboard')
  await page.getByRole('link', { name: 'Cancel session with Morgan Member' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cancel Session' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText('Nothing was paid for this session.')).toBeVisible()

  // No reason: refused in the dialog, and the session is still there.
  await dialog.getByRole('button', { name: 'Cancel Session' }).click()
  await expect(dialog.getByText('Please tell your client why the session is cancelled')).toBeVisible()

  await dialog.getByLabel('Reason for your client').fill('I have to travel that week. Please book another day.')
  await dialog.getByRole('button', { name: 'Cancel Session' }).click()
  await expectToast(page, 'Session Cancelled', 'The session is cancelled. We have emailed your client your reason.')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByText(`Called Off ${testInfo.project.name}`)).toHaveCount(0)

  const email = latestEmailTo(client.email)!
  expect(email.subject).toBe(`Session cancelled: Called Off ${testInfo.project.name}`)
  expect(email.text).toContain('Their reason: I have to travel that week. Please book another day.')

  await clientPage.goto(`/bookings/${bookingId}`)
  await expect(clientPage.getByRole('heading', { name: 'Your practitioner cancelled this session' })).toBeVisible()
  await expect(clientPage.getByText('Their reason: I have to travel that week. Please book another day.')).toBeVisible()
  await practitionerContext.close()
  await clientContext.close()
})
