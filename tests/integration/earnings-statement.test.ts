import { eq } from 'drizzle-orm'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server'
import { beforeEach, describe, expect, test } from 'vitest'
import { SEND_RECEIPT_INTENT } from '~/components/practice/earnings-receipts'
import { getDb } from '~/db/client.server'
import { bookings, receipts } from '~/db/schema'
import { payCheckoutSession } from '~/integrations/stripe-emulator/payments.server'
import { pageI18n } from '~/lib/i18n/i18n.server'
import type { Language } from '~/lib/i18n/languages'
import { resetAllLimits } from '~/lib/rate-limit.server'
import { RECEIPT_NOT_FOUND, TOO_MANY_RECEIPT_EMAILS } from '~/models/billing/receipt'
import { issuePaymentReceipt } from '~/models/billing/receipts.server'
import { STATEMENT_HEADER } from '~/models/billing/statement-csv.server'
import { monthlyTotals, statementLines, statementYears, yearIn } from '~/models/billing/statement.server'
import { cancelBooking, createBooking } from '~/models/booking/booking.server'
import { startCheckout } from '~/models/booking/payments.server'
import { getEarningsSummary } from '~/models/practice/earnings.server'
import * as earnings from '~/routes/practitioner.earnings'
import * as statementCsv from '~/routes/practitioner.earnings.statement[.csv]'
import {
  createListedPractitioner,
  createUser,
  deliverRaisedEvents,
  formReply,
  formRequest,
  getRequest,
  insertBooking,
  insertService,
  insertSlot,
  ORIGIN,
  outbox,
  readToast,
  routeArgs,
  settle,
  signIn,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'

/**
 * The practitioner's side of receipts (issue 44, items 4 and 5): their statement, by line and by
 * month on their own clock, as a CSV file, and the Earnings screen's receipts with "Send again".
 */

const HOUR = 60 * 60 * 1000
const TORONTO = 'America/Toronto'
let slotHours = 72

beforeEach(() => resetAllLimits())

async function practice(timeZone = TORONTO) {
  const practitioner = await createListedPractitioner({ firstName: 'Priya', lastName: 'Sharma', timeZone })
  const serviceId = insertService(practitioner.id, { name: 'Deep Tissue', priceCents: 10000 }).id
  const client = await createUser({ firstName: 'Casey', lastName: 'Client', timeZone: 'America/Vancouver' })
  return { practitioner, serviceId, client, cookie: await signIn(practitioner.id) }
}

/** A booking of the service paid through the emulated Checkout, its payment event delivered. */
async function paidBooking(practitionerId: number, serviceId: number, client: { id: number; email: string }) {
  const actor = { ...client, firstName: 'Casey', timeZone: 'America/Vancouver' }
  const open = insertSlot({ practitionerId, serviceId, startTime: new Date(Date.now() + ++slotHours * HOUR) })
  const { id } = await createBooking(actor, { serviceId, timeSlotId: open.id })
  const { url } = await startCheckout(actor, id, ORIGIN)
  payCheckoutSession(url.split('/').pop()!, '4242424242424242')
  await deliverRaisedEvents()
  return { id, actor }
}

/** A paid booking receipted at `issuedAt` (the issuing function takes its `now`). */
function receiptAt(practitionerId: number, clientId: number, serviceId: number, issuedAt: string, name?: string) {
  const booking = insertBooking({ clientId, practitionerId, serviceId, startsInHours: 24 })
  if (name) getDb().update(bookings).set({ serviceName: name }).where(eq(bookings.id, booking.id)).run()
  return issuePaymentReceipt(getDb(), booking.id, { brand: 'visa', last4: '4242' }, new Date(issuedAt))!
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

describe('the statement', () => {
  test('a line per payment and refund, oldest first; the months add up to the year and to the earnings', async () => {
    const { practitioner, serviceId, client } = await practice()
    const first = await paidBooking(practitioner.id, serviceId, client)
    await paidBooking(practitioner.id, serviceId, client)
    await paidBooking(practitioner.id, serviceId, client)
    // Cancelled two or more days ahead: refunded in full, with a refund receipt.
    await cancelBooking(first.actor, first.id)
    await deliverRaisedEvents()

    const year = yearIn(TORONTO)
    const lines = statementLines(practitioner.id, year, TORONTO)
    expect(lines.map((l) => [l.receiptNumber, l.kind])).toEqual([
      [1, 'receipt'],
      [2, 'receipt'],
      [3, 'receipt'],
      [4, 'refund'],
    ])
    expect(lines[0]).toMatchObject({
      serviceName: 'Deep Tissue',
      feeCents: 10000,
      taxCents: 0,
      platformFeeCents: 500,
      refundCents: 0,
      netCents: 9500,
    })
    expect(lines[3]).toMatchObject({
      serviceName: 'Deep Tissue',
      feeCents: -10000,
      taxCents: 0,
      platformFeeCents: -500,
      refundCents: 10000,
      netCents: -9500,
    })
    for (const line of lines) expect(line.netCents).toBe(line.feeCents + line.taxCents - line.platformFeeCents)

    const months = monthlyTotals(practitioner.id, year, TORONTO)
    expect(months.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    const yearNet = sum(lines.map((l) => l.netCents))
    expect(sum(months.map((m) => m.netCents))).toBe(yearNet)
    expect(yearNet).toBe(2 * 9500)
    // Every paid booking is receipted: the statement's net is what Earnings says was earned.
    expect(yearNet).toBe(getEarningsSummary(practitioner.id).totalEarningsCents)
    expect(sum(months.map((m) => m.paymentsCents))).toBe(30000)
    expect(sum(months.map((m) => m.refundsCents))).toBe(10000)
    expect(sum(months.map((m) => m.platformFeeCents))).toBe(1000)
    for (const m of months) expect(m.netCents).toBe(m.paymentsCents - m.refundsCents - m.platformFeeCents)
  })

  test('months and years are read on the practitioner’s clock', async () => {
    const { practitioner, serviceId, client } = await practice()
    // 10 PM on Nov 30 in Toronto; 11:59 PM on Dec 31, 2026; 11 PM on Dec 31, 2025.
    receiptAt(practitioner.id, client.id, serviceId, '2026-12-01T03:00:00Z')
    receiptAt(practitioner.id, client.id, serviceId, '2027-01-01T04:59:00Z')
    receiptAt(practitioner.id, client.id, serviceId, '2026-01-01T04:00:00Z')

    expect(statementYears(practitioner.id, TORONTO)).toEqual([2026, 2025])
    const months = monthlyTotals(practitioner.id, 2026, TORONTO)
    expect(months[10]).toMatchObject({ month: 11, paymentsCents: 5000, platformFeeCents: 250, netCents: 4750 })
    expect(months[11]).toMatchObject({ month: 12, paymentsCents: 5000, netCents: 4750 })
    expect(sum(months.map((m) => m.netCents))).toBe(9500)
    expect(statementLines(practitioner.id, 2025, TORONTO).map((l) => l.receiptNumber)).toEqual([3])
    // The same receipts on UTC's clock fall in December 2026, January 2027 and January 2026.
    expect(statementYears(practitioner.id, 'UTC')).toEqual([2027, 2026])
    expect(monthlyTotals(practitioner.id, 2026, 'UTC')[11]!.netCents).toBe(4750)
  })
})

describe('GET /practitioner/earnings/statement.csv', () => {
  async function download(path: string, cookie?: string) {
    const answer = await settle(() => statementCsv.loader(routeArgs(getRequest(path, { cookie }))))
    expect(answer).toBeInstanceOf(Response)
    return answer as Response
  }

  test('the year’s lines in dollars, dates on the practitioner’s clock, cells a spreadsheet cannot run', async () => {
    const { practitioner, serviceId, client, cookie } = await practice()
    receiptAt(practitioner.id, client.id, serviceId, '2026-12-01T03:00:00Z', '=HYPERLINK("https://evil.test")')
    receiptAt(practitioner.id, client.id, serviceId, '2026-03-02T15:00:00Z', 'Massage, "deep"')
    receiptAt(practitioner.id, client.id, serviceId, '2025-06-01T15:00:00Z')

    const response = await download('/practitioner/earnings/statement.csv?year=2026', cookie)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="solace-statement-2026.csv"')
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    const bytes = Buffer.from(await response.arrayBuffer())
    // A byte-order mark first, so Excel reads the file as UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const rows = bytes.subarray(3).toString('utf8').split('\r\n')
    expect(rows[0]).toBe('Date,Receipt,Type,Service,Fee,Tax,Platform fee,Refund,Net')
    expect(STATEMENT_HEADER.join(',')).toBe(rows[0])
    expect(rows.slice(1)).toEqual([
      '2026-03-02,#0002,Payment,"Massage, ""deep""",50.00,0.00,2.50,0.00,47.50',
      `2026-11-30,#0001,Payment,"'=HYPERLINK(""https://evil.test"")",50.00,0.00,2.50,0.00,47.50`,
      '',
    ])
  })

  test('a refund line is negative where money went back; no year is this year; a bad year is refused', async () => {
    const { practitioner, serviceId, client, cookie } = await practice()
    const paid = await paidBooking(practitioner.id, serviceId, client)
    await cancelBooking(paid.actor, paid.id)
    await deliverRaisedEvents()

    const response = await download('/practitioner/earnings/statement.csv', cookie)
    const year = yearIn(TORONTO)
    expect(response.headers.get('Content-Disposition')).toBe(`attachment; filename="solace-statement-${year}.csv"`)
    const rows = (await response.text()).split('\r\n')
    expect(rows[1]).toMatch(/^\d{4}-\d{2}-\d{2},#0001,Payment,Deep Tissue,100\.00,0\.00,5\.00,0\.00,95\.00$/)
    expect(rows[2]).toMatch(/^\d{4}-\d{2}-\d{2},#0002,Refund,Deep Tissue,-100\.00,0\.00,-5\.00,100\.00,-95\.00$/)

    for (const bad of ['20x6', '202', '99999', '1969']) {
      const refused = await download(`/practitioner/earnings/statement.csv?year=${bad}`, cookie)
      expect(refused.status).toBe(400)
      expect(await refused.text()).toBe('Choose the statement’s year as four digits, like 2026.')
    }
    // A year without receipts is the header alone.
    const empty = await download('/practitioner/earnings/statement.csv?year=2001', cookie)
    expect((await empty.text()).split('\r\n')).toEqual([STATEMENT_HEADER.join(','), ''])
  })
})

describe('the Earnings screen', () => {
  async function load(path: string, cookie: string) {
    const answer = await settle(() => earnings.loader(routeArgs(getRequest(path, { cookie }))))
    expect(answer).not.toBeInstanceOf(Response)
    return answer as Awaited<ReturnType<typeof earnings.loader>>
  }

  function sendAgain(receiptId: number | string, cookie: string, path = '/practitioner/earnings') {
    return settle(() =>
      earnings.action(
        routeArgs(formRequest(path, { intent: SEND_RECEIPT_INTENT, receiptId: String(receiptId) }, { cookie })),
      ),
    )
  }

  test('receipts newest first, paged; the years with receipts and this one; the chosen year by month', async () => {
    const { practitioner, serviceId, client, cookie } = await practice()
    for (let day = 1; day <= 21; day++) {
      receiptAt(practitioner.id, client.id, serviceId, `2025-02-${String(day).padStart(2, '0')}T15:00:00Z`)
    }
    const data = await load('/practitioner/earnings', cookie)
    expect(data.receipts).toHaveLength(20)
    expect(data.receipts[0]).toMatchObject({
      number: 21,
      kind: 'receipt',
      totalCents: 5000,
      clientName: 'Casey Client',
      serviceName: 'Breathwork session',
      issuedAt: '2025-02-21T15:00:00.000Z',
    })
    expect(data).toMatchObject({ receiptsPage: 1, receiptsPageCount: 2 })
    const thisYear = yearIn(TORONTO)
    expect(data.years).toEqual([thisYear, 2025])
    expect(data.year).toBe(thisYear)
    expect(data.months.every((m) => m.netCents === 0)).toBe(true)

    const second = await load('/practitioner/earnings?receiptsPage=2&year=2025', cookie)
    expect(second.receipts.map((r) => r.number)).toEqual([1])
    expect(second.year).toBe(2025)
    expect(second.months[1]).toMatchObject({ month: 2, paymentsCents: 21 * 5000, netCents: 21 * 4750 })
    // A year that is not offered shows this one.
    expect((await load('/practitioner/earnings?year=1999', cookie)).year).toBe(thisYear)
    // The existing parts are as they were.
    expect(second.summary).toEqual(getEarningsSummary(practitioner.id))
  })

  test('"Send again" emails the client the receipt’s PDF, back to the same page with a toast', async () => {
    const { practitioner, serviceId, client, cookie } = await practice()
    const paid = await paidBooking(practitioner.id, serviceId, client)
    const receipt = getDb().select().from(receipts).where(eq(receipts.bookingId, paid.id)).get()!
    const before = outbox(client.email).length

    const answer = await sendAgain(receipt.id, cookie, '/practitioner/earnings?receiptsPage=2&year=2025&x=1')
    expect(answer).toBeInstanceOf(Response)
    expect((answer as Response).headers.get('Location')).toBe('/practitioner/earnings?receiptsPage=2&year=2025')
    const toast = await readToast(answer as Response)
    expect(toast).toMatchObject({ type: 'success' })
    expect(inEnglish(toast!.title)).toBe('Receipt #0001 was sent to your client.')
    const sent = outbox(client.email).slice(before)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.subject).toBe('Receipt #0001 from Priya Sharma')
    expect(sent[0]!.attachments).toEqual([
      expect.objectContaining({ filename: 'receipt-0001.pdf', contentType: 'application/pdf' }),
    ])
    expect(Buffer.from(sent[0]!.attachments[0]!.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-')
  })

  test('another practitioner’s receipt is not found; the 11th in an hour is refused', async () => {
    const { practitioner, serviceId, client, cookie } = await practice()
    const other = await practice()
    const id = receiptAt(practitioner.id, client.id, serviceId, '2026-11-02T15:00:00Z')

    const notFound = formReply(await sendAgain(id, other.cookie))
    expect(notFound.status).toBe(404)
    expect(notFound.toast).toMatchObject({ type: 'error', description: RECEIPT_NOT_FOUND })
    expect(inEnglish(notFound.toast!.title)).toBe('Receipt not sent')
    expect(formReply(await sendAgain('abc', cookie)).status).toBe(404)

    for (let i = 0; i < 10; i++) expect(await sendAgain(id, cookie)).toBeInstanceOf(Response)
    const refused = formReply(await sendAgain(id, cookie))
    expect(refused.status).toBe(429)
    expect(refused.toast).toMatchObject({ type: 'error', description: TOO_MANY_RECEIPT_EMAILS })
    expect(outbox(client.email)).toHaveLength(10)
  })

  /** The screen as the server renders it, with the loader's data for this address, in a language. */
  async function render(path: string, cookie: string, language: Language = 'en') {
    const data = await load(path, cookie)
    const handler = createStaticHandler([
      { id: 'earnings', path: '/practitioner/earnings', loader: () => data, Component: earnings.default },
    ])
    const context = await handler.query(new Request(`${ORIGIN}${path}`))
    if (context instanceof Response) throw context
    const router = createStaticRouter(handler.dataRoutes, context)
    return renderToStaticMarkup(
      createElement(
        I18nextProvider,
        { i18n: pageI18n(language).i18n },
        createElement(StaticRouterProvider, { router, context, hydrate: false }),
      ),
    )
  }

  test('the screen shows the receipts and the statement below the cards it had', async () => {
    const { practitioner, serviceId, client, cookie } = await practice()
    const empty = await render('/practitioner/earnings', cookie)
    expect(empty).toContain('Total Earnings')
    expect(empty).toContain('Automatic Transfers')
    expect(empty).toContain('No receipts yet.')
    expect(empty).toContain('Download statement (CSV)')

    const paid = await paidBooking(practitioner.id, serviceId, client)
    await cancelBooking(paid.actor, paid.id)
    await deliverRaisedEvents()
    const year = yearIn(TORONTO)
    const html = await render(`/practitioner/earnings?year=${year}`, cookie)
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
    expect(html.indexOf('Automatic Transfers')).toBeLessThan(html.indexOf('id="receipts-title"'))
    expect(html.indexOf('id="receipts-title"')).toBeLessThan(html.indexOf('id="statement-title"'))
    expect(text).toContain('Refund receipt #0002 Refund')
    expect(text).toContain('−$100.00 CAD')
    expect(text).toContain('Receipt #0001')
    expect(text).toContain('Casey Client · Deep Tissue')
    expect(html).toContain('href="/receipts/')
    expect(html.match(/name="intent" value="send-receipt"/g)).toHaveLength(2)
    expect(html).toContain(`href="/practitioner/earnings/statement.csv?year=${year}"`)
    // The year's total: 100.00 paid, 100.00 refunded, the platform fee returned: nothing kept.
    expect(text).toMatch(/Total \$100\.00 CAD \$0\.00 CAD \$0\.00 CAD \$100\.00 CAD \$0\.00 CAD/)
  })
})
