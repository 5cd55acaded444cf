import { readFile } from 'node:fs/promises'
import { expect, test, type Locator, type Page } from '@playwright/test'
import Database from 'better-sqlite3'
import { pdfPages } from '../helpers/pdf'
import { signInAs } from './sessions'
import { expectToast, signUpClient, testDatabase, writableTestDatabase } from './support'

/**
 * Receipts (issue 44), with JavaScript and without (each project on its own server and
 * database): a practitioner gives their registration number; a client pays for a session on the
 * emulated Checkout, finds its receipt under Receipts in their menu and downloads it, cancels in
 * time and gets the refund receipt; the practitioner sends the receipt again and downloads the
 * year's statement.
 */

const SERVICE = 'Burnout Recovery Check-in'
const PRICE = '$65.00 CAD'

/** The seeded service, its practitioner's name, and a new open hour of it `hoursAhead` from now. */
function openTimeOf(service: string, hoursAhead: number) {
  const db = writableTestDatabase()
  try {
    const row = db
      .prepare(
        `SELECT s.id AS serviceId, s.practitioner_id AS practitionerId, u.first_name || ' ' || u.last_name AS name
         FROM services s JOIN users u ON u.id = s.practitioner_id WHERE s.name = ?`,
      )
      .get(service) as { serviceId: number; practitionerId: number; name: string }
    // On the minute, a few minutes apart per run, so runs and retries never share a time.
    const start = Math.floor((Date.now() + hoursAhead * 3_600_000) / 60_000) * 60_000 + (Date.now() % 97) * 60_000
    const slotId = Number(
      db
        .prepare(
          'INSERT INTO time_slots (practitioner_id, service_id, start_time, end_time, is_booked) VALUES (?, ?, ?, ?, 0)',
        )
        .run(row.practitionerId, row.serviceId, start, start + 60 * 60_000).lastInsertRowid,
    )
    return { serviceId: row.serviceId, slotId, practitionerName: row.name }
  } finally {
    db.close()
  }
}

/**
 * The signed-in client books `service` at a new time days ahead (so a cancellation is refunded
 * in full) and pays it on the emulated Checkout page, as paid-booking.spec.ts does, landing on
 * the booking's confirmation. Answers the booking's id and the practitioner's name.
 */
export async function payForSession(page: Page, service = SERVICE, price = PRICE) {
  const { serviceId, slotId, practitionerName } = openTimeOf(service, 72)
  const booked = await page.request.post('/api/bookings', { data: { serviceId, timeSlotId: slotId } })
  expect(booked.status()).toBe(201)
  const { id } = (await booked.json()) as { id: number }
  const checkout = await page.request.post('/api/stripe/create-checkout', { data: { bookingId: id } })
  expect(checkout.status()).toBe(200)
  await page.goto(((await checkout.json()) as { url: string }).url)
  await expect(page.getByRole('heading', { name: 'Test payment — no card is charged' })).toBeVisible()
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: `Pay ${price}` }).click()
  await expect(page).toHaveURL(new RegExp(`/bookings/${id}$`))
  await expect(page.getByRole('heading', { name: 'Your session is booked', level: 1 })).toBeVisible()
  return { bookingId: id, practitionerName }
}

/** A link of the client's menu ('My Sessions', 'Receipts'). */
const clientMenuLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'My account', exact: true }).getByRole('link', { name, exact: true })

/** Opens Receipts from the client menu. */
export async function openReceipts(page: Page) {
  await clientMenuLink(page, 'Receipts').click()
  await expect(page).toHaveURL(/\/receipts$/)
  await expect(page).toHaveTitle('Receipts — Solace')
  await expect(page.getByRole('heading', { name: 'Receipts', level: 1 })).toBeVisible()
}

/** Downloads the file behind `link`; answers its name and the text of each of its pages. */
export async function downloadPdf(page: Page, link: Locator) {
  const downloading = page.waitForEvent('download')
  await link.click()
  const download = await downloading
  const bytes = await readFile((await download.path())!)
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
  return { name: download.suggestedFilename(), pages: await pdfPages(bytes) }
}

/** The receipt listed under this title ('Receipt #0003'). */
const listed = (page: Page, title: RegExp) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) })

/** The practitioner of SERVICE, seeded in Ottawa with a college and a registration number. */
const PRACTITIONER = 'daniel.okafor@solace.test'

test('a practitioner gives their registration number, a client pays, downloads the receipt, cancels in time and gets the refund receipt; the practitioner downloads the statement', async ({
  page,
}, testInfo) => {
  // The practitioner enters a new registration number: receipts issued from now on print it.
  const registration = `CRPO-${testInfo.project.name}-${Date.now() % 100_000}`
  await signInAs(page, PRACTITIONER, { to: '/practitioner/profile' })
  await page.getByLabel('Registration number').fill(registration)
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expectToast(page, 'Profile updated')

  await signUpClient(page, testInfo)
  const { bookingId, practitionerName } = await payForSession(page)
  const number = (
    testDatabaseRow(`SELECT number FROM receipts WHERE booking_id = ? AND kind = 'receipt'`, bookingId) as {
      number: number
    }
  ).number
  const label = `#${String(number).padStart(4, '0')}`

  await page.goto('/client-dashboard')
  await openReceipts(page)
  const paid = listed(page, new RegExp(`^Receipt ${label}$`))
  await expect(paid).toContainText(`${SERVICE} with ${practitionerName}`)
  await expect(paid).toContainText(PRICE)
  const receipt = await downloadPdf(page, paid.getByRole('link', { name: /Download/ }))
  expect(receipt.name).toBe(`receipt-${label.slice(1)}.pdf`)
  expect(receipt.pages).toHaveLength(1)
  for (const text of [practitionerName, 'College of Registered Psychotherapists of Ontario', registration, 'Paid'])
    expect(receipt.pages[0]).toContain(text)

  // Cancelled two or more days ahead: refunded in full, and the refund receipt follows.
  await clientMenuLink(page, 'My Sessions').click()
  const session = page.getByRole('listitem').filter({ hasText: SERVICE })
  await session.getByRole('link', { name: /Cancel Session/ }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(`You will be refunded ${PRICE} in full.`)
  await dialog.getByRole('button', { name: 'Cancel Booking' }).click()
  await expectToast(page, 'Booking Cancelled')
  // The refund's own event arrives from the payment provider a moment later.
  await expect
    .poll(() =>
      testDatabaseRow(`SELECT count(*) AS n FROM receipts WHERE booking_id = ? AND kind = 'refund'`, bookingId),
    )
    .toEqual({ n: 1 })

  await openReceipts(page)
  const refund = listed(page, /^Refund receipt #\d{4}$/)
  await expect(refund).toContainText(`−${PRICE}`)
  const refundFile = await downloadPdf(page, refund.getByRole('link', { name: /Download/ }))
  expect(refundFile.name).toMatch(/^refund-receipt-\d{4}\.pdf$/)
  expect(refundFile.pages[0]).toContain('Refunded')
  expect(refundFile.pages[0]).toContain(`Refers to receipt no. ${label}`)

  // The practitioner finds both on Earnings, sends the receipt again, and files the year.
  await signInAs(page, PRACTITIONER, { to: '/practitioner/earnings' })
  const issued = page.getByRole('region', { name: 'Receipts' }).getByTestId('receipt')
  const payment = issued.filter({ hasText: new RegExp(`Receipt ${label}`) })
  await expect(payment).toContainText(PRICE)
  await payment.getByRole('button', { name: 'Send again' }).click()
  await expectToast(page, `Receipt ${label} was sent to your client.`)

  const statement = page.getByRole('region', { name: 'Statement' })
  await expect(statement.getByRole('row', { name: /^Total/ })).toBeVisible()
  const downloading = page.waitForEvent('download')
  await statement.getByRole('link', { name: 'Download statement (CSV)' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^solace-statement-\d{4}\.csv$/)
  const lines = (await readFile((await download.path())!, 'utf8')).replace(/^\ufeff/, '').split('\r\n')
  expect(lines[0]).toBe('Date,Receipt,Type,Service,Fee,Tax,Platform fee,Refund,Net')
  // The payment and its refund, in dollars: the fee, no tax, the 5 % platform fee, what is kept.
  expect(lines.find((line) => line.includes(`,${label},`))).toMatch(
    new RegExp(`^\\d{4}-\\d{2}-\\d{2},${label},Payment,${SERVICE},65\\.00,0\\.00,3\\.25,0\\.00,61\\.75$`),
  )
  expect(
    lines.some((line) => new RegExp(`,Refund,${SERVICE},-65\\.00,0\\.00,-3\\.25,65\\.00,-61\\.75$`).test(line)),
  ).toBe(true)
})

/** One row of the running project's database (read-only). */
function testDatabaseRow(query: string, ...values: unknown[]) {
  const db = new Database(testDatabase(), { readonly: true })
  try {
    return db.prepare(query).get(...values)
  } finally {
    db.close()
  }
}
