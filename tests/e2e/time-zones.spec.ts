import { expect, test } from '@playwright/test'
import { DEMO, giveUpcomingSession, signUpClient, writableTestDatabase } from './support'

/**
 * Times are read with the server's zone data, in the browser too (decision 034). This browser is
 * given older data for one zone: Edmonton read as Denver, which still changes to standard time
 * in winter, where the server's data (2026c) keeps Alberta on daylight time all year. Every
 * signed-in page of a client in Edmonton must hydrate without an error and show the server's
 * hour, never both.
 */

const ZONE = 'America/Edmonton'

/** The next 15 January, 17:00 UTC, at least a day away: winter, where the two data sets differ. */
function nextWinterSession() {
  const now = new Date()
  for (let year = now.getUTCFullYear(); ; year += 1) {
    const start = Date.UTC(year, 0, 15, 17)
    if (start > now.getTime() + 24 * 60 * 60_000) return start
  }
}

/** Moves the client to Edmonton. */
function moveToEdmonton(clientEmail: string) {
  const db = writableTestDatabase()
  try {
    db.prepare('UPDATE users SET time_zone = ? WHERE email = ?').run(ZONE, clientEmail)
  } finally {
    db.close()
  }
}

test("a browser with older zone data shows the server's times and hydrates without an error", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === 'no-js', 'without JavaScript the server writes every time alone')
  const { email } = await signUpClient(page, testInfo)
  moveToEdmonton(email)
  const bookingId = giveUpcomingSession(DEMO.practitioner, email, nextWinterSession(), 'Winter Session')
  await page.addInitScript((zone) => {
    const Original = Intl.DateTimeFormat
    const Older = function (locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
      return new Original(locales, options?.timeZone === zone ? { ...options, timeZone: 'America/Denver' } : options)
    } as unknown as typeof Intl.DateTimeFormat
    Object.assign(Older, { supportedLocalesOf: Original.supportedLocalesOf, prototype: Original.prototype })
    Intl.DateTimeFormat = Older
  }, ZONE)
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`${page.url()} ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()} ${message.text()}`)
  })
  await page.goto('/client-dashboard')
  // The browser does have the older data: it reads the session at 10:00 MST.
  expect(
    await page.evaluate(
      ([zone, at]) => new Intl.DateTimeFormat('en-US', { timeZone: zone, timeStyle: 'short' }).format(at),
      [ZONE, nextWinterSession()] as const,
    ),
  ).toBe('10:00 AM')

  const session = page.getByRole('listitem').filter({ hasText: 'Winter Session' })
  await expect(session).toContainText('11:00 AM – 12:00 PM MDT')
  await page.goto(`/bookings/${bookingId}`)
  await expect(page.getByText('11:00 AM – 12:00 PM MDT').first()).toBeVisible()
  for (const path of ['/client-inbox', '/customer-settings', '/services']) await page.goto(path)
  await page.waitForLoadState('networkidle')
  expect(errors).toEqual([])
})
