import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { signUpAs } from './sessions'
import { expectToast, uniqueEmail, writableTestDatabase } from './support'

/**
 * Weekly hours, with and without JavaScript: a new practitioner (so the demo practitioner's
 * calendar, which other flows use, gets no generated slots) sets Monday to Friday hours, sees
 * the slots on the public booking page, blocks a day and sees them go, then unblocks it.
 */

/** A new practitioner's zone (signup without a browser hint gives Toronto). */
const ZONE = 'America/Toronto'

/** The next Monday to Friday at least two days ahead on the practitioner's calendar. */
function nextWeekday() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .split('-')
    .map(Number)
  for (let offset = 2; ; offset++) {
    const day = new Date(Date.UTC(today[0]!, today[1]! - 1, today[2]! + offset))
    if (day.getUTCDay() >= 1 && day.getUTCDay() <= 5) return day.toISOString().slice(0, 10)
  }
}

/** A listed practitioner with one free service, signed in on `page`. */
async function newPractitioner(page: Page, testInfo: TestInfo) {
  const email = uniqueEmail(testInfo, 'hours-practitioner')
  await signUpAs(page, {
    email,
    password: 'secret-1234',
    firstName: 'Harper',
    lastName: 'Hours',
    phoneNumber: '416 555 0142',
    isPractitioner: true,
    country: 'CA',
  })
  // A listed profile needs a picture, a title and a bio; the profile screen has its own tests.
  const db = writableTestDatabase()
  try {
    db.prepare(
      `UPDATE users SET title = 'Breath Coach', bio = 'Calm breathing, every weekday.',
         profile_image_url = '/images/placeholder-avatar.svg', time_zone = ? WHERE email = ?`,
    ).run(ZONE, email)
  } finally {
    db.close()
  }
  const service = await page.request.post('/api/services', {
    data: { name: 'Weekday Breathwork', description: 'Breathing together.', category: 'Other', price: 0, duration: 60 },
  })
  expect(service.status()).toBe(201)
  return ((await service.json()) as { id: number }).id
}

test('Monday to Friday hours make bookable slots; a blocked day loses them until unblocked; a deleted one stays deleted', async ({
  page,
}, testInfo) => {
  test.slow()
  const serviceId = await newPractitioner(page, testInfo)
  const day = nextWeekday()
  const bookingPage = `/services/${serviceId}?date=${day}`

  await page.goto('/practitioner/calendar')
  await page.getByRole('link', { name: 'Weekly Hours' }).click()
  await expect(page.getByRole('heading', { name: 'Weekly Hours', level: 1 })).toBeVisible()

  // Days start switched off, their ranges out of sight.
  await expect(page.getByLabel('Monday, range 1, from')).toBeHidden()
  await page.getByRole('checkbox', { name: 'Monday' }).check()
  // A range that ends before it starts is refused on its field.
  await page.getByLabel('Monday, range 1, from').fill('12:00')
  await page.getByLabel('Monday, range 1, to').fill('09:00')
  await page.getByRole('button', { name: 'Save Weekly Hours' }).click()
  await expect(page.getByText('End time must be after start time')).toBeVisible()

  for (const weekday of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
    await page.getByRole('checkbox', { name: weekday }).check()
    await page.getByLabel(`${weekday}, range 1, from`).fill('09:00')
    await page.getByLabel(`${weekday}, range 1, to`).fill('12:00')
  }
  await page.getByRole('button', { name: 'Save Weekly Hours' }).click()
  await expectToast(page, 'Weekly hours saved', 'time slots added')
  await expect(page.getByLabel('Friday, range 1, to')).toHaveValue('12:00')

  await page.goto(bookingPage)
  for (const time of ['9:00 AM', '10:00 AM', '11:00 AM']) {
    await expect(page.getByRole('radio', { name: time })).toBeAttached()
  }

  await page.goto('/practitioner/calendar/hours')
  await page.getByLabel('First date').fill(day)
  await page.getByRole('button', { name: 'Block Dates' }).click()
  await expectToast(page, 'Dates blocked', '3 time slots removed')
  const blocked = page.getByRole('list', { name: 'Blocked Dates' }).getByRole('listitem')
  await expect(blocked).toHaveCount(1)

  await page.goto(bookingPage)
  await expect(page.getByText('No available time slots for this date.')).toBeVisible()

  await page.goto('/practitioner/calendar/hours')
  await page.getByRole('button', { name: /^Unblock / }).click()
  await expectToast(page, 'Dates unblocked', '3 time slots added')
  await page.goto(bookingPage)
  await expect(page.getByRole('radio', { name: '9:00 AM' })).toBeAttached()

  // On the calendar a generated slot says where it comes from; deleted, it stays deleted.
  await page.goto(`/practitioner/calendar?date=${day}&month=${day.slice(0, 7)}`)
  const nine = page.getByRole('listitem').filter({ hasText: '9:00 AM – 10:00 AM' })
  await expect(nine).toContainText('From weekly hours')
  await nine.getByRole('link', { name: /^Delete time slot/ }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete this time slot?' })
  await expect(confirm).toContainText('they will not make it again')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'Time slot deleted')
  await page.goto(bookingPage)
  await expect(page.getByRole('radio', { name: '10:00 AM' })).toBeAttached()
  await expect(page.getByRole('radio', { name: '9:00 AM' })).toHaveCount(0)
})

test('a second range, Copy to all days (the days switched on, not the weekend), a range removed: the week as shown is the week saved', async ({
  page,
}, testInfo) => {
  test.slow()
  await newPractitioner(page, testInfo)
  await page.goto('/practitioner/calendar/hours')
  await page.getByRole('checkbox', { name: 'Monday' }).check()
  await page.getByLabel('Monday, range 1, from').fill('08:00')
  await page.getByLabel('Monday, range 1, to').fill('12:00')
  await page.getByRole('button', { name: 'Add a range on Monday' }).click()
  // The new range starts where the last one ended (as it was drawn).
  await expect(page.getByLabel('Monday, range 2, from')).toBeVisible()
  await page.getByLabel('Monday, range 2, from').fill('13:00')
  await page.getByLabel('Monday, range 2, to').fill('16:00')

  // Monday alone is on: nothing to copy to, and the screen says what to do.
  await page.getByRole('button', { name: "Copy Monday's hours to all days" }).click()
  await expectToast(page, 'Nothing copied', "Switch on the days to copy Monday's hours to, then copy again.")
  await expect(page.getByRole('checkbox', { name: 'Tuesday' })).not.toBeChecked()
  await expect(page.getByLabel('Monday, range 2, to')).toHaveValue('16:00')

  // The working week switched on: Copy fills Tuesday to Friday, and leaves the weekend off.
  for (const weekday of ['Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
    await page.getByRole('checkbox', { name: weekday }).check()
  }
  await page.getByRole('button', { name: "Copy Monday's hours to all days" }).click()
  for (const weekday of ['Tuesday', 'Friday']) {
    await expect(page.getByRole('checkbox', { name: weekday })).toBeChecked()
    await expect(page.getByLabel(`${weekday}, range 2, to`)).toHaveValue('16:00')
  }
  await expect(page.getByLabel('Wednesday, range 1, from')).toHaveValue('08:00')
  for (const weekday of ['Saturday', 'Sunday']) {
    await expect(page.getByRole('checkbox', { name: weekday })).not.toBeChecked()
    await expect(page.getByLabel(`${weekday}, range 2, from`)).toHaveCount(0)
  }
  await page.getByRole('button', { name: 'Remove Friday, range 2' }).click()
  await expect(page.getByLabel('Friday, range 2, from')).toHaveCount(0)
  await page.getByRole('button', { name: 'Save Weekly Hours' }).click()
  await expectToast(page, 'Weekly hours saved', 'time slots added')

  await page.goto('/practitioner/calendar/hours')
  await expect(page.getByRole('checkbox', { name: 'Thursday' })).toBeChecked()
  await expect(page.getByLabel('Thursday, range 2, from')).toHaveValue('13:00')
  await expect(page.getByLabel('Friday, range 1, to')).toHaveValue('12:00')
  await expect(page.getByLabel('Friday, range 2, from')).toHaveCount(0)
  await expect(page.getByRole('checkbox', { name: 'Saturday' })).not.toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Sunday' })).not.toBeChecked()
  await expect(page.getByLabel('Saturday, range 1, from')).toBeHidden()
})
