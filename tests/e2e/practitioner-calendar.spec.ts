import { expect, test, type Page } from '@playwright/test'
import { signInAs } from './sessions'
import { DEMO, DEMO_PEOPLE, expectDashboard, expectToast } from './support'

/**
 * The practitioner's calendar, with and without JavaScript: a single slot that then shows on
 * the public booking page, a batch with its count, and deleting the batch. Each test works on
 * its own days, well past the seeded two weeks (each project has its own database).
 */

/** The demo practitioner's zone: the calendar shows and creates times on this clock. */
const ZONE = 'America/Toronto'

function dayFromToday(offset: number) {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date())
  const [year, month, day] = today.split('-').map(Number)
  return new Date(Date.UTC(year!, month! - 1, day! + offset)).toISOString().slice(0, 10)
}

function calendarUrl(date: string) {
  return `/practitioner/calendar?date=${date}&month=${date.slice(0, 7)}`
}

async function openDay(page: Page, date: string) {
  await page.goto(calendarUrl(date))
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible()
}

/**
 * The first service the dialog offers (the demo practitioner's services are all listed): the
 * 30-minute free intro, so its slots last 30 minutes.
 */
async function chooseFirstService(page: Page) {
  const select = page.getByRole('dialog').getByLabel('Service')
  const value = await select.locator('option').nth(1).getAttribute('value')
  await select.selectOption(value!)
  return value!
}

test.beforeEach(async ({ page }) => {
  await signInAs(page, DEMO.practitioner)
  await expectDashboard(page, 'practitioner', DEMO_PEOPLE.practitioner)
})

test('adds a single slot and sees it on the calendar and the public booking page', async ({ page }, testInfo) => {
  test.slow()
  const day = dayFromToday(40)
  await openDay(page, day)
  await page.getByRole('link', { name: 'Add Time Slot' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Time Slot' })
  await expect(dialog).toBeVisible()

  // Nothing chosen: the spec's messages. (Without JavaScript the browser's own check on the
  // required service select stops the post first; the server's messages are tested in Vitest.)
  if (testInfo.project.name === 'js') {
    await dialog.getByRole('checkbox', { checked: true }).uncheck()
    await dialog.getByRole('button', { name: 'Add Time Slot' }).click()
    await expect(dialog.getByText('Please select at least one date for this time slot')).toBeVisible()
    await expect(dialog.getByText('Please select a service for this time slot')).toBeVisible()
  }

  const serviceId = await chooseFirstService(page)
  await page.getByRole('dialog').locator(`input[type=checkbox][value="${day}"]`).check()
  await expect(page.getByRole('dialog').getByLabel('Start time')).toHaveValue('09:00')
  // No end time: each slot lasts as long as its service.
  await expect(page.getByRole('dialog').getByLabel('End time')).toHaveCount(0)
  await page.getByRole('dialog').getByRole('button', { name: 'Add Time Slot' }).click()

  await expectToast(page, 'Time slots created', '1 time slot created')
  await expect(page).toHaveURL(new RegExp(`date=${day}`))
  const slots = page.getByRole('list', { name: /\w+ \d+, \d{4}/ })
  await expect(slots.getByRole('listitem').filter({ hasText: '9:00 AM – 9:30 AM' })).toContainText('Available')
  await expect(page.getByRole('link', { name: new RegExp(`, has time slots$`) }).first()).toBeVisible()

  // The same time again is refused, naming the clash.
  await page.getByRole('link', { name: 'Add Time Slot' }).click()
  await chooseFirstService(page)
  await page.getByRole('dialog').getByRole('button', { name: 'Add Time Slot' }).click()
  await expectToast(page, 'Failed to create time slot', 'This time overlaps your slot on')

  // Clients see it on the service's booking page.
  await page.goto(`/services/${serviceId}?date=${day}`)
  await expect(page.getByRole('radio', { name: '9:00 AM' })).toBeAttached()

  // The practitioner's list and the public day listing answer side by side.
  const mine = await page.request.get(`/api/time-slots?startDate=${day}T00:00:00Z&endDate=${day}T23:59:59Z`)
  expect(mine.status()).toBe(200)
  expect(await mine.json()).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ serviceId: Number(serviceId), serviceName: expect.any(String) }),
    ]),
  )
  const open = await page.request.get(`/api/time-slots/${serviceId}/${day}`)
  expect(open.status()).toBe(200)
  expect((await open.json()).length).toBeGreaterThan(0)
})

test('adds a batch, sees the count, then deletes the whole batch', async ({ page }) => {
  test.slow()
  const first = dayFromToday(41)
  const last = dayFromToday(42)
  await openDay(page, first)
  await page.getByRole('link', { name: 'Add Batch Slots' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Batch Slots' })
  await expect(dialog).toBeVisible()
  // One zone for the whole calendar, the practitioner's; lengths from the service.
  await expect(dialog).toContainText('in America/Toronto')
  await expect(dialog.getByLabel('Time zone')).toHaveCount(0)
  await expect(dialog.getByLabel('Duration (minutes)')).toHaveCount(0)
  await expect(dialog.getByLabel('Interval (minutes)')).toHaveValue('90')

  await chooseFirstService(page)
  await dialog.getByLabel('Start date').fill(first)
  await dialog.getByLabel('End date').fill(last)
  await dialog.getByLabel('Start time').fill('13:00')
  await dialog.getByLabel('End time').fill('15:00')
  await dialog.getByLabel('Interval (minutes)').fill('60')
  await dialog.getByRole('button', { name: 'Create Batch Slots' }).click()

  await expectToast(page, 'Time slots created', '4 time slots created')
  await expect(page).toHaveURL(new RegExp(`date=${first}`))
  const items = page.getByRole('list', { name: /\w+ \d+, \d{4}/ }).getByRole('listitem')
  await expect(items).toHaveCount(2)
  await expect(items.first()).toContainText('1:00 PM – 1:30 PM')
  await expect(items.nth(1)).toContainText('2:00 PM – 2:30 PM')

  await page.getByRole('link', { name: 'Delete time slot 1:00 PM – 1:30 PM' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete this time slot?' })
  await expect(confirm).toBeVisible()
  await confirm.getByLabel('Also delete every other unbooked slot created in the same batch').check()
  await confirm.getByRole('button', { name: 'Delete' }).click()

  await expectToast(page, 'Time slot deleted', '4 time slots deleted')
  await expect(page.getByText('No time slots on this day.')).toBeVisible()
  await page.goto(calendarUrl(last))
  await expect(page.getByText('No time slots on this day.')).toBeVisible()
})
