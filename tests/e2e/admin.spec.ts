import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test'
import { signInAs, signUpAs } from './sessions'
import {
  DEMO,
  DEMO_PEOPLE,
  expectDashboard,
  expectToast,
  giveUpcomingSession,
  latestEmailTo,
  logIn,
  uniqueEmail,
} from './support'

/**
 * The admin dashboard, with JavaScript and without (the two projects): the demo admin creates a
 * practitioner, finds them by search, suspends them (they cannot sign in, and are told why) and
 * unsuspends them, and deletes them after a confirmation that counts their upcoming session;
 * marks a contact message read and deletes it; exports the leads and deletes one. Fresh
 * records each run, so no other spec's people or data are touched.
 */

async function signInAsAdmin(page: Page) {
  await signInAs(page, DEMO.admin)
  await expectDashboard(page, 'admin', DEMO_PEOPLE.admin)
}

/** A second browser of the same project (its own cookies), for someone else's point of view. */
async function otherBrowser(browser: Browser, testInfo: TestInfo) {
  const { baseURL, javaScriptEnabled, viewport } = testInfo.project.use
  const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport })
  return { context, page: await context.newPage() }
}

function userRow(page: Page, name: string) {
  return page.getByTestId('user-row').filter({ hasText: name })
}

test('an admin creates a practitioner, finds, suspends, unsuspends and deletes them', async ({
  page,
  browser,
}, testInfo) => {
  test.slow()
  const lastName = `Admin${testInfo.project.name === 'js' ? 'Js' : 'Plain'}${Date.now()}`
  const name = `Priya ${lastName}`
  const email = uniqueEmail(testInfo, 'admin-made')
  await signInAsAdmin(page)
  await expect(page.getByText('Total Users')).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'User Management' }),
  ).toHaveAttribute('aria-current', 'page')

  // Create New User: the four required fields first.
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Create User' }) })
  await form.getByRole('button', { name: 'Create User' }).click()
  await expect(form.getByRole('alert').filter({ hasText: 'Required Fields Missing' })).toContainText(
    'Email, password, first name and last name are required',
  )
  // Said once, in the box; each missing field says a word.
  await expect(form.getByText('Email, password, first name and last name are required')).toHaveCount(1)
  await expect(form.getByText('Required', { exact: true })).toHaveCount(4)
  // The country is asked for a practitioner only.
  await expect(form.getByLabel('Country')).toBeHidden()
  await form.getByRole('radio', { name: 'Practitioner' }).check()
  await expect(form.getByLabel('Country')).toBeVisible()
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password', { exact: true }).fill('first-pass-1')
  await form.getByLabel('First name').fill('Priya')
  await form.getByLabel('Last name').fill(lastName)
  await form.getByLabel('Country').selectOption({ label: 'Japan' })
  await form.getByRole('button', { name: 'Create User' }).click()
  await expectToast(page, 'User Created')
  expect(latestEmailTo(email)?.subject).toBe('Your Solace account is ready: choose your password')

  // Find them by search, among practitioners.
  await page.getByRole('navigation', { name: 'User filter' }).getByRole('link', { name: 'Practitioners' }).click()
  // The search form carries the filter once the filtered page is in.
  await expect(page).toHaveURL(/filter=practitioners/)
  await page.getByRole('searchbox', { name: 'Search users' }).fill(lastName)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/filter=practitioners/)
  await expect(page.getByTestId('user-row')).toHaveCount(1)
  await expect(userRow(page, name)).toContainText(email)
  await expect(userRow(page, name)).toContainText('Practitioner')

  // Suspend: they cannot sign in, and are told so.
  await page.getByRole('button', { name: `Suspend ${name}` }).click()
  await expectToast(page, 'User Suspended')
  await expect(userRow(page, name)).toContainText('Suspended')
  const them = await otherBrowser(browser, testInfo)
  await logIn(them.page, email, 'first-pass-1')
  await expectToast(them.page, 'Login failed', 'This account has been suspended')
  await expect(them.page).toHaveURL(/\/login$/)

  // Unsuspend: they can again.
  await page.getByRole('button', { name: `Unsuspend ${name}` }).click()
  await expectToast(page, 'User Unsuspended')
  await expect(userRow(page, name)).not.toContainText('Suspended')
  await logIn(them.page, email, 'first-pass-1')
  await expect(them.page).toHaveURL(/\/practitioner\/dashboard$/)
  await them.context.close()

  // Delete: the confirmation counts their upcoming session; its client is told.
  const clientEmail = uniqueEmail(testInfo, 'admin-client')
  await signUpAs(undefined, {
    email: clientEmail,
    password: 'secret-1234',
    firstName: 'Cleo',
    lastName: 'Client',
    phoneNumber: '416 555 0123',
  })
  giveUpcomingSession(email, clientEmail, Date.now() + 7 * 24 * 60 * 60_000, 'Admin Test Session')
  await userRow(page, name)
    .getByRole('link', { name: `Delete ${name}` })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Delete User' })
  await expect(dialog).toContainText(email)
  await expect(dialog.getByTestId('removal-summary')).toHaveText(
    'This cancels 1 upcoming session (none of them is paid, so nothing is refunded). 1 person is emailed.',
  )
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'User Deleted')
  await expect(page.getByText('No users match your search')).toBeVisible()
  expect(latestEmailTo(clientEmail)?.subject).toBe('Session cancelled: Admin Test Session')

  // Admins cannot be deleted: their button is disabled.
  // (The filter keeps the search: search for the demo admin among admins.)
  await page.getByRole('navigation', { name: 'User filter' }).getByRole('link', { name: 'Admins' }).click()
  // As above: search once the filtered page is in, or the search goes out with the old filter.
  await expect(page).toHaveURL(/filter=admins/)
  await page.getByRole('searchbox', { name: 'Search users' }).fill(DEMO.admin)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/filter=admins/)
  await expect(
    userRow(page, `${DEMO_PEOPLE.admin.firstName} ${DEMO_PEOPLE.admin.lastName}`).getByRole('button', {
      name: /^Delete /,
    }),
  ).toBeDisabled()

  // Every step is on record.
  const activity = page.getByRole('list', { name: /^Activity/ })
  for (const action of ['Created user', 'Suspended user', 'Unsuspended user', 'Deleted user']) {
    await expect(
      activity
        .getByTestId('activity-row')
        .filter({ hasText: new RegExp(`^${action} ·`) })
        .filter({ hasText: email }),
    ).toHaveCount(1)
  }
})

test('an admin marks a contact message read, replies by email, and deletes it', async ({ page }, testInfo) => {
  const subject = `Evening sessions ${testInfo.project.name} ${Date.now()}`
  const sent = await page.request.post('/api/contact', {
    data: { name: 'Robin Visitor', email: 'robin@example.com', subject, message: 'Do you offer evening sessions?' },
  })
  expect(sent.ok()).toBe(true)
  await signInAsAdmin(page)
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Messages' }).click()
  const row = page.getByTestId('message-row').filter({ hasText: subject })
  await expect(row).toContainText('New')
  await expect(row).toContainText('Do you offer evening sessions?')
  await expect(row.getByRole('link', { name: 'Reply to Robin Visitor' })).toHaveAttribute(
    'href',
    `mailto:robin@example.com?subject=${encodeURIComponent(`Re: ${subject}`)}`,
  )

  await row.getByRole('button', { name: `Mark "${subject}" as read` }).click()
  await expectToast(page, 'Message Marked as Read')
  await expect(row).not.toContainText('New')
  await expect(row.getByRole('button', { name: /^Mark / })).toHaveCount(0)

  await row.getByRole('link', { name: `Delete "${subject}"` }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete Message' })
  await expect(dialog).toContainText(subject)
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'Message Deleted')
  await expect(page.getByTestId('message-row').filter({ hasText: subject })).toHaveCount(0)
})

test('an admin exports the leads as CSV and deletes one', async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, 'admin-lead')
  const sent = await page.request.post('/api/leads', {
    data: {
      firstName: 'Lee',
      lastName: 'Lead',
      email,
      countryCode: '+44',
      phoneNumber: '020 7946 0018',
      practiceType: 'yoga',
      yearsOfExperience: '3-5',
      userType: 'practitioner',
      source: 'launching_soon',
    },
  })
  expect(sent.ok()).toBe(true)
  await signInAsAdmin(page)
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Leads' }).click()
  const row = page.getByTestId('lead-row').filter({ hasText: email })
  await expect(row).toContainText('Practitioner')
  await expect(row).toContainText('+44 020 7946 0018')
  await expect(row).toContainText('Launching soon page')

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^solace-leads-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = await (await download.createReadStream()).toArray()
  expect(Buffer.concat(csv).toString('utf8')).toContain(`Lee,Lead,${email},+44,020 7946 0018,practitioner`)

  await row.getByRole('link', { name: 'Delete lead Lee Lead' }).click()
  await page.getByRole('dialog', { name: 'Delete Lead' }).getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'Lead Deleted')
  await expect(page.getByTestId('lead-row').filter({ hasText: email })).toHaveCount(0)
})
