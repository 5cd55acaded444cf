import { expect, test, type Page, type TestInfo } from '@playwright/test'
import Database from 'better-sqlite3'
import { signInAs, signUpAs } from './sessions'
import {
  DEMO,
  DEMO_PEOPLE,
  cad,
  expectDashboard,
  expectToast,
  expectedEarnings,
  testDatabase,
  uniqueEmail,
  valueBeside,
} from './support'

/**
 * Payment Setup and Earnings, with JavaScript and without (the two projects). Payments are
 * emulated, so Stripe's hosted onboarding is the local test onboarding page. Nothing here
 * waits for the account.updated webhook: coming back from onboarding syncs the account.
 */

const SETTINGS = '/practitioner/settings'

async function signUpPractitioner(page: Page, testInfo: TestInfo) {
  const email = uniqueEmail(testInfo, 'payee')
  await signUpAs(page, {
    email,
    password: 'secret-1234',
    firstName: 'Jordan',
    lastName: 'Payee',
    phoneNumber: '416 555 0190',
    isPractitioner: true,
    country: 'CA',
  })
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
  await expect(valueBeside(card, 'Total earnings')).toContainText('$0.00 CAD')
  await expect(valueBeside(card, 'Pending earnings')).toContainText('$0.00 CAD')
  await expect(card.getByRole('button', { name: /Set Up Payment Account|Continue Stripe Setup/ })).toHaveCount(0)

  // Paid services are open to them now.
  await page.goto('/practitioner/services')
  await expect(page.getByText('Paid services need a payment account')).toHaveCount(0)
})

/** The demo practitioner's newest transfer, read from the seeded database. */
function newestDemoPayout() {
  const db = new Database(testDatabase(), { readonly: true, fileMustExist: true })
  try {
    return db
      .prepare(
        `SELECT p.amount_cents AS cents, p.status FROM payouts p JOIN users u ON u.id = p.practitioner_id
         WHERE u.email = ? ORDER BY p.created_at DESC, p.id DESC LIMIT 1`,
      )
      .get(DEMO.practitioner) as { cents: number; status: string } | undefined
  } finally {
    db.close()
  }
}

test('the demo practitioner sees earnings, transfers and the ready state', async ({ page }) => {
  // The seed gives Priya paid sessions both held and still to come, so the two sums differ.
  const earned = expectedEarnings(DEMO.practitioner)
  expect(earned.pendingCents).toBeGreaterThan(0)
  expect(earned.totalCents).toBeGreaterThan(earned.pendingCents)

  await signInAs(page, DEMO.practitioner)
  await expectDashboard(page, 'practitioner', DEMO_PEOPLE.practitioner)
  await page.getByRole('link', { name: 'Earnings' }).first().click()
  await expect(page).toHaveURL(/\/practitioner\/earnings$/)
  await expect(page.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible()

  const summary = page.getByRole('region', { name: 'Earnings summary' })
  for (const label of ['Total Earnings', 'Upcoming Session Earnings', 'Completed Sessions']) {
    await expect(summary.getByText(label, { exact: true })).toBeVisible()
  }
  await expect(valueBeside(summary, 'Total Earnings').getByText(cad(earned.totalCents), { exact: true })).toBeVisible()
  await expect(
    valueBeside(summary, 'Upcoming Session Earnings').getByText(cad(earned.pendingCents), { exact: true }),
  ).toBeVisible()
  await expect(
    valueBeside(summary, 'Completed Sessions').getByText(String(earned.completed), { exact: true }),
  ).toBeVisible()

  const transfers = page.getByRole('region', { name: 'Automatic Transfers' })
  const newest = newestDemoPayout()
  expect(newest).toBeDefined()
  const first = transfers.getByTestId('payout').first()
  await expect(first).toContainText(cad(newest!.cents))
  await expect(first).toContainText(newest!.status)

  await page.goto(SETTINGS)
  const card = paymentCard(page)
  await expect(card.getByText('Your payment account is ready')).toBeVisible()
  await expect(valueBeside(card, 'Total earnings').getByText(cad(earned.totalCents), { exact: true })).toBeVisible()
  await expect(valueBeside(card, 'Pending earnings').getByText(cad(earned.pendingCents), { exact: true })).toBeVisible()
})
