import { gzipSync } from 'node:zlib'
import { expect, test, type Page, type Response } from '@playwright/test'
import Database from 'better-sqlite3'
import { isFormCode, testDatabase, typeUntilValidationLoads } from './support'

/**
 * Public pages load at most 125 KB of gzipped JavaScript: React, Remix, i18next and the page's
 * own code. A module that brings a large library into every page (as the header's unread badge
 * once brought zod, through the message form's module) fails this, and so does a public form
 * whose conform and zod load with the page instead of on first use. The budget was 100 KB until
 * the pages spoke French: i18next and react-i18next, which every page needs to show its words in
 * its reader's language, weigh 17 KB of it (docs/decisions/052-languages.md); the catalogues are
 * not JavaScript (each page carries its own namespaces in the reader's language).
 */
const BUDGET_BYTES = 125 * 1024

/** The scripts a page loads until the network is quiet, each with its gzipped size. */
async function scriptsLoadedBy(page: Page, load: () => Promise<unknown>) {
  const sizes: Promise<[string, number]>[] = []
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script' || !response.ok()) return
    sizes.push(response.body().then((body) => [response.url(), gzipSync(body).length]))
  }
  page.on('response', onResponse)
  await load()
  await page.waitForLoadState('networkidle')
  page.off('response', onResponse)
  const scripts = await Promise.all(sizes)
  return { scripts, total: scripts.reduce((sum, [, bytes]) => sum + bytes, 0) }
}

test.describe('with JavaScript', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'without JavaScript there is none to load')

  const FORM_PAGES = ['/login', '/signup', '/contact', '/forgot-password', '/launching-soon']

  test('public pages load at most 125 KB of gzipped JavaScript', async ({ page }) => {
    test.slow()
    const db = new Database(testDatabase(), { readonly: true, fileMustExist: true })
    const { id, practitionerId } = db
      .prepare('SELECT id, practitioner_id AS practitionerId FROM services WHERE is_listed = 1 LIMIT 1')
      .get() as { id: number; practitionerId: number }
    db.close()
    const paths = ['/', '/services', '/practitioners', `/services/${id}`, `/service-details/${id}`]
    for (const path of [...paths, `/practitioners/${practitionerId}`, ...FORM_PAGES]) {
      const { scripts, total } = await scriptsLoadedBy(page, () => page.goto(path))
      expect(scripts.length, path).toBeGreaterThan(1)
      expect(total, `${path}: ${scripts.map(([url]) => url).join(', ')}`).toBeLessThanOrEqual(BUDGET_BYTES)
    }
  })

  test('a public form loads its code on first use, keeps what was typed, then validates in the browser', async ({
    page,
  }) => {
    const first = await scriptsLoadedBy(page, () => page.goto('/login'))
    expect(first.scripts.map(([url]) => url).filter(isFormCode)).toEqual([])
    // Once the page is idle (its links' routes discovered), the server's form is still there.
    await expect(page.getByLabel('Password')).toBeVisible()
    await typeUntilValidationLoads(page, page.getByLabel('Email'), 'not-an-email')
    await expect(page.getByLabel('Email')).toHaveValue('not-an-email')

    // Nothing is posted: the message comes from the schema, in the browser.
    const posts: string[] = []
    page.on('request', (request) => void (request.method() === 'POST' && posts.push(request.url())))
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect(page.getByText('Please enter a valid email address')).toBeVisible()
    expect(posts).toEqual([])
  })

  test('a public form reached by a link, before any use of the page it left, works at once', async ({ page }) => {
    await page.goto('/signup')
    await page.waitForLoadState('networkidle')
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click()
    await expect(page).toHaveURL(/\/login$/)
    const posts: string[] = []
    page.on('request', (request) => void (request.method() === 'POST' && posts.push(request.url())))
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect(page.getByText('Please enter a valid email address')).toBeVisible()
    expect(posts).toEqual([])
  })
})

/**
 * Without JavaScript a page still names its modules (`<link rel="modulepreload">`), and
 * Chromium, whose scripts are off, cancels each one itself before asking for it (DevTools lists
 * them as blocked, reason "csp", whatever the page's policy): nothing reaches the server.
 */
test('without JavaScript, pages download no script at all', async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, 'only a browser without JavaScript')
  for (const path of ['/', '/services', '/login', '/client-inbox']) {
    const { scripts } = await scriptsLoadedBy(page, () => page.goto(path))
    expect(scripts, path).toEqual([])
  }
})
