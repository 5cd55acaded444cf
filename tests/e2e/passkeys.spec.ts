import { expect, test, type Page } from '@playwright/test'
import { expectToast, signUpClient, writableTestDatabase } from './support'

/**
 * Passkeys (decision 042) with Chromium's virtual authenticator standing in for a phone or a
 * fingerprint reader: added on the security page, renamed, used to sign in from /login with no
 * password typed, then removed. WebAuthn needs JavaScript; without it the password stays the way in.
 */

/** A platform authenticator that holds discoverable credentials and verifies its user at once. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
}

const passkeysCard = (page: Page) => page.getByRole('region', { name: 'Passkeys', exact: true })

test('a client adds a passkey, renames it, signs in with it alone and removes it', async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  test.skip(!javaScriptEnabled, 'WebAuthn is a browser API: it needs JavaScript')
  test.slow()
  await addVirtualAuthenticator(page)
  await signUpClient(page, testInfo)

  await page.goto('/account/security')
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible()
  const card = passkeysCard(page)
  await expect(card.getByText('You have no passkeys yet.')).toBeVisible()
  await card.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(card.getByRole('status')).toContainText('Passkey added as')
  const item = card.getByRole('listitem')
  await expect(item).toHaveCount(1)
  await expect(item).toContainText('Never used to sign in')

  await item.getByLabel('Name').fill('Work laptop')
  await item.getByRole('button', { name: 'Rename' }).click()
  await expectToast(page, 'Passkey renamed')
  await expect(item.getByText('Work laptop', { exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Logout' }).first().click()
  await expect(page).toHaveURL(/\/$/)

  // No email, no password: the authenticator offers the passkey it holds for this site.
  await page.goto('/login')
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page).toHaveURL(/\/client-dashboard$/)
  await expectToast(page, 'Welcome back!')

  await page.goto('/account/security')
  await expect(item).toContainText('Last used')
  await expect(item).not.toContainText('Never used')
  await item.getByRole('button', { name: 'Remove' }).click()
  await expectToast(page, 'Passkey removed')
  await expect(card.getByText('You have no passkeys yet.')).toBeVisible()
})

test('without JavaScript the login page offers only the password, and passkeys are renamed and removed with plain forms', async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  test.skip(javaScriptEnabled, 'only a browser without JavaScript')
  await page.goto('/login')
  await expect(page.getByLabel('Password')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0)

  const { email } = await signUpClient(page, testInfo)
  // A passkey added elsewhere (in a browser with JavaScript): only its row matters here.
  const db = writableTestDatabase()
  try {
    const { id } = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }
    db.prepare('INSERT INTO passkeys (id, user_id, name, public_key) VALUES (?, ?, ?, ?)').run(
      `e2e-${id}`,
      id,
      'Phone',
      Buffer.alloc(77),
    )
  } finally {
    db.close()
  }

  await page.goto('/account/security')
  const card = passkeysCard(page)
  await expect(card.getByText('Adding a passkey needs JavaScript.')).toBeVisible()
  await expect(card.getByRole('button', { name: 'Add a passkey' })).toHaveCount(0)
  const item = card.getByRole('listitem')
  await expect(item).toContainText('Never used to sign in')
  await item.getByLabel('Name').fill('Old phone')
  await item.getByRole('button', { name: 'Rename' }).click()
  await expectToast(page, 'Passkey renamed')
  await expect(item.getByText('Old phone', { exact: true })).toBeVisible()
  await item.getByRole('button', { name: 'Remove' }).click()
  await expectToast(page, 'Passkey removed')
  await expect(card.getByText('You have no passkeys yet.')).toBeVisible()
})
