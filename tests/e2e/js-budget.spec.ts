import { gzipSync } from 'node:zlib'
import { expect, test, type Response } from '@playwright/test'
import Database from 'better-sqlite3'
import { testDatabase } from './support'

/**
 * The catalogue's pages load at most 100 KB of gzipped JavaScript: React, Remix and the page's
 * own code. A module that brings a large library into every page (as the header's unread badge
 * once brought zod, through the message form's module) fails this.
 */
const BUDGET_BYTES = 100 * 1024

test('catalogue pages load at most 100 KB of gzipped JavaScript', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'js', 'without JavaScript there is none to load')
  const db = new Database(testDatabase(), { readonly: true, fileMustExist: true })
  const { id } = db.prepare('SELECT id FROM services WHERE is_listed = 1 LIMIT 1').get() as { id: number }
  db.close()
  for (const path of ['/', '/services', '/practitioners', `/services/${id}`, `/service-details/${id}`]) {
    const sizes: Promise<[string, number]>[] = []
    const onResponse = (response: Response) => {
      if (response.request().resourceType() !== 'script' || !response.ok()) return
      sizes.push(response.body().then((body) => [response.url(), gzipSync(body).length]))
    }
    page.on('response', onResponse)
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    page.off('response', onResponse)
    const scripts = await Promise.all(sizes)
    const total = scripts.reduce((sum, [, bytes]) => sum + bytes, 0)
    expect(scripts.length, path).toBeGreaterThan(1)
    expect(total, `${path}: ${scripts.map(([url]) => url).join(', ')}`).toBeLessThanOrEqual(BUDGET_BYTES)
  }
})
