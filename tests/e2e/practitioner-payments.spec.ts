import { expect, test, type Page, type TestInfo } from '@playwright/test'
import Database from 'better-sqlite3'
import { E2E_DATABASE } from '../../playwright.config'
import { DEMO, expectToast, logIn, uniqueEmail } from './support'

/**
 * Payment Setup and Earnings, with JavaScript and without (the two projects). Payments are
 * emulated, so Stripe's hosted onboarding is the local test onboarding page. Nothing here
 * waits for the account.updated webhook: coming back from onboarding syncs the account.
 */

const SETTINGS = '/practitioner/settings'

async function signUpPractitioner(page: Page, testInfo: TestInfo) {
  const email = uniqueEmail(testInfo, 'payee')
  const response = await page.request.post('/api/signup', {
    data: {
      email,
      password: 'secret123',
      firstName: 'Jordan',
      lastName: 'Payee',
      phoneNumber: '416 555 0190',
      isPractitioner: true,
      country: 'CA',
    },
  })
  expect(response.status()).toBe(201)
  return email
}

function paymentCard(page: Page) {
  return page.getByRole('region', { name: 'Payment Setup' })
}

test('a new practitioner sets up payments through the test onboarding and sees the ready state', async ({
  page,
}, testInfo) => {
  await signUpPractitioner(page, testInfo)
  await page.goto(SETTINGS)
  const card = paymentCard(page)
  await expect(card.getByText('No account connected')).toBeVisible()
  await expect(card.getByText('Get paid for your sessions')).toBeVisible()

  // Set up, then leave the onboarding unfinished.
  await card.getByRole('button', { name: 'Set Up Payment Account' }).click()
  await expect(page).toHaveURL(/\/dev\/onboarding\/acctlink_emu_[0-9a-f]+$/)
  await expect(page.getByRole('heading', { name: 'Test onboarding — no real account is created' })).toBeVisible()
  await page.getByRole('link', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(new RegExp(`${SETTINGS}$`))
  await expectToast(page, 'Setup not finished')
  await expect(card.getByText('Setup incomplete')).toBeVisible()
  await expect(card.getByText('Finish your Stripe setup')).toBeVisible()

  // Continue and complete it.
  await card.getByRole('button', { name: 'Continue Stripe Setup' }).click()
  await expect(page).toHaveURL(/\/dev\/onboarding\/acctlink_emu_[0-9a-f]+$/)
  await page.getByRole('button', { name: 'Complete test onboarding' }).click()
  await expect(page).toHaveURL(new RegExp(`${SETTINGS}$`))
  await expectToast(page, 'Payment account ready')
  await expect(card.getByText('Ready for payments')).toBeVisible()
  await expect(card.getByText('Your payment account is ready')).toBeVisible()
  await expect(card.getByText('Total earnings')).toBeVisible()
  await expect(card.getByText('Pending earnings')).toBeVisible()
  await expect(card.getByText('$0.00 CAD')).toHaveCount(2)
  await expect(card.getByRole('button', { name: /Set Up Payment Account|Continue Stripe Setup/ })).toHaveCount(0)

  // Paid services are open to them now.
  await page.goto('/practitioner/services')
  await expect(page.getByText('Paid services need a payment account')).toHaveCount(0)
})

/** The demo practitioner's newest transfer and earned totals, read from the seeded database. */
function demoPractitionerMoney() {
  const db = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true })
  try {
    const { id } = db.prepare('SELECT id FROM users WHERE email = ?').get(DEMO.practitioner) as { id: number }
    const newest = db
      .prepare(
        'SELECT amount_cents AS cents, status FROM payouts WHERE practitioner_id = ? ORDER BY created_at DESC, id DESC LIMIT 1',
      )
      .get(id) as { cents: number; status: string } | undefined
    const { completed } = db
      .prepare("SELECT count(*) AS completed FROM bookings WHERE practitioner_id = ? AND status = 'completed'")
      .get(id) as { completed: number }
    return { newest, completed }
  } finally {
    db.close()
  }
}

test('the demo practitioner sees earnings, transfers and the ready state', async ({ page }) => {
  await logIn(page, DEMO.practitioner)
  await expect(page).toHaveURL(/\/practitioner\/dashboard$/)
  await page.getByRole('link', { name: 'Earnings' }).first().click()
  await expect(page).toHaveURL(/\/practitioner\/earnings$/)
  await expect(page.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible()

  const summary = page.getByRole('region', { name: 'Earnings summary' })
  for (const label of ['Total Earnings', 'Upcoming Session Earnings', 'Completed Sessions']) {
    await expect(summary.getByText(label, { exact: true })).toBeVisible()
  }
  await expect(summary.getByText(/^\$\d+\.\d{2} CAD$/)).toHaveCount(2)
  const { newest, completed } = demoPractitionerMoney()
  await expect(summary.getByText(String(completed), { exact: true })).toBeVisible()

  const transfers = page.getByRole('region', { name: 'Automatic Transfers' })
  expect(newest).toBeDefined()
  const first = transfers.getByTestId('payout').first()
  await expect(first).toContainText(`$${(newest!.cents / 100).toFixed(2)} CAD`)
  await expect(first).toContainText(newest!.status)

  await page.goto(SETTINGS)
  const card = paymentCard(page)
  await expect(card.getByText('Your payment account is ready')).toBeVisible()
  await expect(card.getByText(/^\$\d+\.\d{2} CAD$/)).toHaveCount(2)
})
