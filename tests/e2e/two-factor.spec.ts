import fs from 'node:fs/promises'
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test'
import {
  ADMIN_TWO_FACTOR_REASON as ADMIN_REASON,
  WRONG_PASSWORD as WRONG_PASSWORD_MESSAGE,
} from '../../app/models/security/security'
import {
  DEMO,
  DEMO_PASSWORD,
  WRONG_CODE,
  expectToast,
  inEnglish,
  logIn,
  passSecondStep,
  signUpClient,
  signUpPractitioner,
  totpCode,
  totpOf,
  totpStep,
  uniqueEmail,
  writableTestDatabase,
} from './support'

/** The pages' texts, as an English page shows them. */
const ADMIN_TWO_FACTOR_REASON = inEnglish(ADMIN_REASON)
const WRONG_PASSWORD = inEnglish(WRONG_PASSWORD_MESSAGE)

/**
 * Two-factor sign-in (decision 042), with JavaScript and without (the two projects): a client
 * sets up an authenticator app from the key the page shows and signs in with its codes and
 * with a recovery code, once; an admin without it is sent to set it up before the admin area
 * opens; the security page lists the account's sessions and signs the others out; a
 * practitioner's dashboard asks them to set it up until they dismiss it. The codes are worked
 * out here as an authenticator app works them out (support.ts: totpCode).
 */

/** The setup page's key, as the person would type it into their app (grouped by four on the page). */
async function shownSecret(page: Page) {
  return ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '')
}

/**
 * Turns the app on from the setup page, with the current code of the key it shows; answers
 * the recovery codes it then shows, once.
 */
async function turnOnWithShownKey(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeVisible()
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const secret = await shownSecret(page)
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
  await page.getByLabel('Code', { exact: true }).fill(totpCode(secret))
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible()
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')
  await expect(codes).toHaveCount(10)
  const texts = await codes.allTextContents()
  for (const code of texts) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
  expect(new Set(texts).size).toBe(10)
  return { secret, recoveryCodes: texts }
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).first().click()
  await expect(page).toHaveURL(/\/$/)
}

/** Signs in with the password, which leads to the second step. */
async function logInToSecondStep(page: Page, email: string, password: string) {
  await logIn(page, email, password)
  await expect(page).toHaveURL(/\/login\/verify$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeVisible()
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel('Code', { exact: true }).fill(code)
  await page.getByRole('button', { name: 'Verify' }).click()
}

/** Six digits that are no code of this key's around now (the app accepts a step either side). */
function wrongCode(secret: string) {
  const now = totpStep()
  const right = new Set([-1, 0, 1, 2].map((offset) => totpCode(secret, now + offset)))
  return ['000000', '111111', '222222', '333333', '444444'].find((code) => !right.has(code))!
}

test('a client sets up an authenticator app, then signs in with its code and once with a recovery code', async ({
  page,
}, testInfo) => {
  test.slow()
  const { email, password } = await signUpClient(page, testInfo)

  await page.goto('/account/security')
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible()
  await expect(page.getByText('Off: your password alone signs you in.')).toBeVisible()
  await page.getByRole('link', { name: 'Set up an authenticator app' }).click()
  await expect(page).toHaveURL(/\/account\/security\/two-factor$/)
  // The admins' reason is for admins only.
  await expect(page.getByText(ADMIN_TWO_FACTOR_REASON)).toHaveCount(0)
  const { secret, recoveryCodes } = await turnOnWithShownKey(page)
  const [spent, spare] = [recoveryCodes[3]!, recoveryCodes[7]!]
  // The key shown is the account's: the one the app checks codes against.
  expect(totpOf(email).secret).toBe(secret)
  expect(totpOf(email).enabledAt).not.toBeNull()
  await page.getByRole('link', { name: 'I have saved my codes: continue' }).click()
  await expect(page).toHaveURL(/\/account\/security$/)
  await expect(page.getByText('On: signing in with your password also asks for a code')).toContainText(
    '10 of 10 recovery codes left.',
  )
  await expect(page.getByRole('button', { name: 'Make new recovery codes' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Turn off two-factor sign-in' })).toBeVisible()
  await expect(page.getByLabel('Current code', { exact: true })).toHaveCount(2)

  // The password alone no longer signs in: a wrong code is refused, the app's code lets them in.
  await logOut(page)
  await logInToSecondStep(page, email, password)
  await enterCode(page, wrongCode(secret))
  await expect(page).toHaveURL(/\/login\/verify$/)
  // Said once, by the field (no toast repeating it).
  await expect(page.getByLabel('Code', { exact: true })).toHaveAccessibleDescription(WRONG_CODE)
  await expect(page.getByText(WRONG_CODE)).toHaveCount(1)
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0)
  // Nor is a right code twice: the one that turned the app on a moment ago, still current.
  const setupStep = totpOf(email).lastStep
  expect(setupStep).not.toBeNull()
  await page.goto('/login/verify')
  await enterCode(page, totpCode(secret, setupStep!))
  await expect(page.getByText(WRONG_CODE).first()).toBeVisible()
  await expect(page).toHaveURL(/\/login\/verify$/)
  // The right code: this step's, or the next step's when the setup took this one (support.ts).
  await passSecondStep(page, email)
  await expect(page).toHaveURL(/\/client-dashboard$/)
  await expectToast(page, 'Welcome back!', 'You have successfully logged in.')

  // A recovery code stands in for the app, once.
  await logOut(page)
  await logInToSecondStep(page, email, password)
  await enterCode(page, spent)
  await expect(page).toHaveURL(/\/client-dashboard$/)
  await expectToast(page, 'Welcome back!')

  await logOut(page)
  await logInToSecondStep(page, email, password)
  await enterCode(page, spent)
  await expect(page.getByText(WRONG_CODE).first()).toBeVisible()
  await expect(page).toHaveURL(/\/login\/verify$/)
  // Another of them still works, and the page counts what is left.
  await enterCode(page, spare)
  await expect(page).toHaveURL(/\/client-dashboard$/)
  await page.goto('/account/security')
  await expect(page.getByText('8 of 10 recovery codes left.')).toBeVisible()
})

/**
 * A new admin without two-factor sign-in: a copy of the demo admin's account (so the demo
 * password signs in) under an address of its own, written to the test database. The demo
 * admin itself is shared with the other specs, which may have set it up already.
 */
function newAdmin(testInfo: TestInfo) {
  const email = uniqueEmail(testInfo, 'admin-2fa')
  const db = writableTestDatabase()
  try {
    const row = db.prepare('SELECT * FROM users WHERE email = ?').get(DEMO.admin) as Record<string, unknown>
    const copy: Record<string, unknown> = {
      ...row,
      email,
      first_name: 'Ada',
      last_name: 'Guard',
      is_admin: 1,
      totp_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
      stripe_customer_id: null,
      stripe_account_id: null,
      calendar_feed_token: null,
    }
    delete copy.id
    const columns = Object.keys(copy)
    db.prepare(
      `INSERT INTO users (${columns.map((column) => `"${column}"`).join(', ')})
       VALUES (${columns.map((column) => `@${column}`).join(', ')})`,
    ).run(copy)
  } finally {
    db.close()
  }
  return email
}

test('an admin without two-factor sign-in sets it up before the admin area opens', async ({ page }, testInfo) => {
  test.slow()
  const email = newAdmin(testInfo)
  await logIn(page, email, DEMO_PASSWORD)
  await expect(page).toHaveURL(/\/account\/security\/two-factor\?redirectTo=%2Fadmin%2Fdashboard$/)
  await expectToast(page, 'Set up two-factor sign-in to open the admin area')
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0)
  // The page itself says why, for as long as it is open (the toast goes in five seconds).
  await expect(page.getByRole('note')).toHaveText(ADMIN_TWO_FACTOR_REASON)
  // A wrong first code is said once, by the field.
  await page.getByLabel('Code', { exact: true }).fill(wrongCode(await shownSecret(page)))
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
  await expect(page.getByLabel('Code', { exact: true })).toHaveAccessibleDescription(WRONG_CODE)
  await expect(page.getByText(WRONG_CODE)).toHaveCount(1)
  await expect(page.getByRole('note')).toHaveText(ADMIN_TWO_FACTOR_REASON)
  await turnOnWithShownKey(page)
  await page.getByRole('link', { name: 'I have saved my codes: continue' }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
  await expect(page.getByText('Total Users')).toBeVisible()

  // From now on every password sign-in asks for a code too.
  await logOut(page)
  await logInToSecondStep(page, email, DEMO_PASSWORD)
  await passSecondStep(page, email)
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
})

/** A second browser of the same project (its own cookies): the same person on another device. */
async function otherBrowser(browser: Browser, testInfo: TestInfo) {
  const { baseURL, javaScriptEnabled, viewport } = testInfo.project.use
  const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport })
  return { context, page: await context.newPage() }
}

test('the security page lists the signed-in sessions and signs out every other one', async ({
  page,
  browser,
}, testInfo) => {
  const { email, password } = await signUpClient(page, testInfo)
  const other = await otherBrowser(browser, testInfo)
  try {
    await logIn(other.page, email, password)
    await expect(other.page).toHaveURL(/\/client-dashboard$/)

    await page.goto('/account/security')
    await expect(page.getByRole('heading', { level: 2, name: 'Signed-in sessions' })).toBeVisible()
    // Each session's row says when it signed in and was last seen.
    const sessions = page.getByRole('listitem').filter({ hasText: /Signed in .* · Last seen/ })
    await expect(sessions).toHaveCount(2)
    // This browser's comes first, marked, with no Sign out of its own; the other one has one.
    const current = sessions.filter({ hasText: 'This device' })
    await expect(current).toHaveCount(1)
    await expect(sessions.first()).toContainText('This device')
    await expect(current.getByRole('button', { name: 'Sign out' })).toHaveCount(0)
    await expect(sessions.nth(1)).not.toContainText('This device')
    await expect(sessions.nth(1).getByRole('button', { name: 'Sign out', exact: true })).toBeVisible()
    await expect(sessions.nth(1)).toContainText('Chrome')

    await page.getByRole('button', { name: 'Sign out everywhere else' }).click()
    await expectToast(page, 'Signed out everywhere else', 'Only this browser is still signed in.')
    await expect(sessions).toHaveCount(1)
    await expect(sessions.first()).toContainText('This device')
    await expect(page.getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0)

    // The other browser's next page asks it to sign in again; this one is still in.
    await other.page.goto('/client-dashboard')
    await expect(other.page).toHaveURL(/\/login\?redirect=%2Fclient-dashboard$/)
    await page.goto('/client-dashboard')
    await expect(page).toHaveURL(/\/client-dashboard$/)
  } finally {
    await other.context.close()
  }
})

test('a practitioner is asked to protect their records until they dismiss it, for good', async ({ page }, testInfo) => {
  await signUpPractitioner(page, testInfo)
  await page.goto('/practitioner/dashboard')
  const prompt = page.getByRole('region', { name: "Protect your clients' records" })
  await expect(prompt).toBeVisible()
  await expect(prompt.getByRole('link', { name: 'Set up two-factor sign-in' })).toHaveAttribute(
    'href',
    '/account/security/two-factor',
  )
  await prompt.getByRole('button', { name: 'Dismiss' }).click()
  await expectToast(page, 'Reminder dismissed', 'You can set up two-factor sign-in any time in Settings.')
  await expect(prompt).toHaveCount(0)
  await expect(page).toHaveURL(/\/practitioner\/dashboard$/)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Robin' })).toBeVisible()
  await expect(prompt).toHaveCount(0)
})

/** Makes every session of the account last verified 11 minutes ago (recent verification is 10). */
function makeVerificationStale(email: string) {
  const db = writableTestDatabase()
  try {
    db.prepare(
      `UPDATE sessions SET sess = json_set(sess, '$.verifiedAt', ?)
       WHERE user_id = (SELECT id FROM users WHERE email = ?)`,
    ).run(Date.now() - 11 * 60_000, email)
  } finally {
    db.close()
  }
}

/** The detour: the password on /account/verify, which sends the person back to `back`. */
async function confirmItIsMe(page: Page, password: string, back: RegExp) {
  await expect(page).toHaveURL(/\/account\/verify\?redirectTo=/)
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm it is you' })).toBeVisible()
  // A wrong password is said once, by its field.
  await page.getByLabel('Password', { exact: true }).fill(`${password}-wrong`)
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(WRONG_PASSWORD)
  await expect(page.getByText(WRONG_PASSWORD)).toHaveCount(1)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page).toHaveURL(back)
}

/**
 * Saving the recovery codes shown on the page: Download gives a text file of them, Print opens
 * a page of just them in a new tab (which, with JavaScript, opens the print dialog), Copy (with
 * JavaScript) puts them on the clipboard; without it they are text the person selects.
 */
async function saveRecoveryCodes(page: Page, codes: string[], javaScriptEnabled: boolean) {
  const section = page.getByRole('region', { name: 'Your recovery codes' })
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('solace-recovery-codes.txt')
  const file = await fs.readFile((await download.path())!, 'utf8')
  expect(file.split('\n').filter((line) => /^[a-z2-9]{5}-[a-z2-9]{5}$/.test(line))).toEqual(codes)

  const [sheet] = await Promise.all([
    page.waitForEvent('popup'),
    section.getByRole('button', { name: 'Print' }).click(),
  ])
  await expect(sheet.getByRole('heading', { level: 1, name: 'Solace recovery codes' })).toBeVisible()
  await expect(sheet.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveText(codes)
  if (javaScriptEnabled) await expect.poll(() => sheet.evaluate(() => (window as { printed?: number }).printed)).toBe(1)
  else await expect(sheet.getByText("Use your browser's Print command")).toBeVisible()
  await sheet.close()

  const list = section.getByRole('list', { name: 'Recovery codes' })
  await expect(list).toHaveCSS('user-select', 'all')
  if (javaScriptEnabled) {
    await section.getByRole('button', { name: 'Copy' }).click()
    await expect(section.getByRole('button', { name: 'Copied' })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'))
  } else {
    await expect(section.getByRole('button', { name: 'Copy' })).toHaveCount(0)
  }
}

test('a session verified long ago confirms it is the owner before turning two-factor on, and comes back to finish; the codes can be saved', async ({
  page,
  context,
  javaScriptEnabled,
}, testInfo) => {
  test.slow()
  if (javaScriptEnabled) await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  // The print dialog cannot be seen from here: the page counts that it asked for one.
  await context.addInitScript(() => {
    window.print = () => {
      const counted = window as { printed?: number }
      counted.printed = (counted.printed ?? 0) + 1
    }
  })
  const { email, password } = await signUpClient(page, testInfo)
  makeVerificationStale(email)
  await page.goto('/account/security')
  await page.getByRole('link', { name: 'Set up an authenticator app' }).click()
  await confirmItIsMe(page, password, /\/account\/security\/two-factor$/)
  const { recoveryCodes } = await turnOnWithShownKey(page)
  await saveRecoveryCodes(page, recoveryCodes, javaScriptEnabled ?? true)

  // New recovery codes (with a recovery code as the current code): the same detour, then sent again.
  await page.getByRole('link', { name: 'I have saved my codes: continue' }).click()
  await expect(page).toHaveURL(/\/account\/security$/)
  makeVerificationStale(email)
  const newCodes = page.getByRole('region', { name: 'New recovery codes' })
  await newCodes.getByLabel('Current code', { exact: true }).fill(recoveryCodes[0]!)
  await newCodes.getByRole('button', { name: 'Make new recovery codes' }).click()
  await confirmItIsMe(page, password, /\/account\/security$/)
  await expect(page.getByText('10 of 10 recovery codes left.')).toBeVisible()
  await newCodes.getByLabel('Current code', { exact: true }).fill(recoveryCodes[0]!)
  await newCodes.getByRole('button', { name: 'Make new recovery codes' }).click()
  const shown = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')
  await expect(shown).toHaveCount(10)
  const fresh = await shown.allTextContents()
  expect(fresh).not.toContain(recoveryCodes[1])
  await saveRecoveryCodes(page, fresh, javaScriptEnabled ?? true)
})

test('a session verified long ago confirms it is the owner before signing out every other session', async ({
  page,
  browser,
}, testInfo) => {
  const { email, password } = await signUpClient(page, testInfo)
  const other = await otherBrowser(browser, testInfo)
  try {
    await logIn(other.page, email, password)
    await expect(other.page).toHaveURL(/\/client-dashboard$/)
    makeVerificationStale(email)
    await page.goto('/account/security')
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click()
    await confirmItIsMe(page, password, /\/account\/security$/)
    // Nothing was done on the way: the other browser is still in until the form is sent again.
    const sessions = page.getByRole('listitem').filter({ hasText: /Signed in .* · Last seen/ })
    await expect(sessions).toHaveCount(2)
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click()
    await expectToast(page, 'Signed out everywhere else', 'Only this browser is still signed in.')
    await expect(sessions).toHaveCount(1)
  } finally {
    await other.context.close()
  }
})
