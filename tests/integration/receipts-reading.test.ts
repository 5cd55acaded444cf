import { createRequire } from 'node:module'
import { eq } from 'drizzle-orm'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ReceiptList } from '~/components/billing/receipt-list'
import { getDb } from '~/db/client.server'
import { receipts, users } from '~/db/schema'
import { payCheckoutSession } from '~/integrations/stripe-emulator/payments.server'
import { pageI18n } from '~/lib/i18n/i18n.server'
import type { Language } from '~/lib/i18n/languages'
import { configuredOrigin } from '~/lib/url.server'
import { RECEIPTS_PAGE_SIZE } from '~/models/billing/receipts-read.server'
import { issuePaymentReceipt } from '~/models/billing/receipts.server'
import { cancelBooking, createBooking } from '~/models/booking/booking.server'
import { startCheckout } from '~/models/booking/payments.server'
import * as receiptsScreen from '~/routes/_client.receipts'
import * as apiReceipts from '~/routes/api.receipts'
import * as receiptFile from '~/routes/receipts.$id[.pdf]'
import * as yearFile from '~/routes/receipts.year.$year[.pdf]'
import {
  callApi,
  createListedPractitioner,
  createUser,
  deliverRaisedEvents,
  getRequest,
  insertBooking,
  insertService,
  insertSlot,
  ORIGIN,
  outbox,
  routeArgs,
  settle,
  signIn,
} from '../helpers'
import { pdfPages } from '../helpers/pdf'
import { remixApp, type RemixApp } from '../helpers/remix-app'
import type * as StaticRouterServer from 'react-router-dom/server'

// Required, not imported: the CommonJS build the server renders with, whose contexts our Link reads.
const { StaticRouter } = createRequire(import.meta.url)('react-router-dom/server') as typeof StaticRouterServer

/**
 * Where people find their receipts (issue 44, item 4; docs/decisions/049-receipts.md): the
 * client's Receipts screen, each file at /receipts/:id.pdf and a year's at
 * /receipts/year/:year.pdf for its client (and its practitioner) only, GET /api/receipts, and the
 * receipt going with the payment's and the refund's emails. Payments go through the emulator.
 */

const HOUR = 60 * 60 * 1000
let slotHours = 48

type Person = { id: number; email: string; firstName: string; lastName: string }
let practitioner: Person
let otherPractitioner: Person
let serviceId: number
let app: RemixApp

/** A client's paid session: booked, paid on the emulated Checkout, its events delivered. */
async function paidSession(client: Person & { timeZone?: string }, service = serviceId) {
  const slot = insertSlot({
    practitionerId: practitioner.id,
    serviceId: service,
    startTime: new Date(Date.now() + ++slotHours * HOUR),
  })
  const actor = { ...client, timeZone: client.timeZone ?? 'America/Toronto' }
  const { id } = await createBooking(actor as never, { serviceId: service, timeSlotId: slot.id })
  const { url } = await startCheckout(actor as never, id, ORIGIN)
  payCheckoutSession(url.split('/').pop()!, '5555 5555 5555 4444')
  await deliverRaisedEvents()
  return id
}

async function newClient(firstName = 'Casey') {
  return createUser({ firstName, lastName: 'Client', timeZone: 'America/Toronto' })
}

const receiptsOfBooking = (bookingId: number) =>
  getDb().select().from(receipts).where(eq(receipts.bookingId, bookingId)).orderBy(receipts.id).all()

async function download(
  route: typeof receiptFile | typeof yearFile,
  path: string,
  params: Record<string, string>,
  cookie?: string,
) {
  return settle(() => route.loader(routeArgs(getRequest(path, { cookie }), params)))
}

const bytesOf = async (answer: unknown) => new Uint8Array(await (answer as Response).arrayBuffer())
const pdfAttachment = (email: { attachments: { contentType: string; filename: string; content: string }[] }) =>
  email.attachments.find((a) => a.contentType === 'application/pdf')

beforeAll(async () => {
  app = await remixApp()
  practitioner = await createListedPractitioner({ firstName: 'Priya', lastName: 'Sharma' })
  otherPractitioner = await createListedPractitioner({ firstName: 'Noor', lastName: 'Haddad' })
  getDb()
    .update(users)
    .set({ profession: 'massage_therapist', regulatoryBody: 'CMTO', registrationNumber: 'RMT-12345' })
    .where(eq(users.id, practitioner.id))
    .run()
  serviceId = insertService(practitioner.id, { name: 'Deep Tissue', priceCents: 9000 }).id
}, 60_000)

afterAll(async () => {
  await app.close()
})

describe('a paid session’s receipt', () => {
  test('goes with the confirmation email, is listed on Receipts, and downloads as the same stored file', async () => {
    const client = await newClient()
    const bookingId = await paidSession(client)
    const [receipt] = receiptsOfBooking(bookingId)
    expect(receipt).toBeDefined()

    // The confirmation carries the invitation and the receipt, and says where all of them are.
    const confirmed = outbox(client.email).find((e) => e.subject === 'Booking confirmed: Deep Tissue')!
    expect(confirmed.attachments.map((a) => a.contentType)).toEqual([
      'text/calendar; method=REQUEST',
      'application/pdf',
    ])
    const attached = pdfAttachment(confirmed)!
    expect(attached.filename).toBe(`receipt-${String(receipt!.number).padStart(4, '0')}.pdf`)
    const [page] = await pdfPages(Buffer.from(attached.content, 'base64'))
    expect(page).toContain('Paid')
    expect(page).toContain('Priya Sharma')
    expect(page).toContain('RMT-12345')
    expect(confirmed.text).toContain('Your receipt is attached.')
    expect(confirmed.text).toContain(`All your receipts: ${configuredOrigin()}/receipts`)

    // The Receipts screen lists it.
    const cookie = await signIn(client.id)
    const data = (await settle(() => receiptsScreen.loader(routeArgs(getRequest('/receipts', { cookie }))))) as Awaited<
      ReturnType<typeof receiptsScreen.loader>
    >
    expect(data).toMatchObject({
      page: 1,
      pageCount: 1,
      receipts: [
        {
          id: receipt!.id,
          number: receipt!.number,
          kind: 'receipt',
          totalCents: 9000,
          service: { name: 'Deep Tissue' },
          practitionerName: 'Priya Sharma',
          pdfUrl: `/receipts/${receipt!.id}.pdf`,
        },
      ],
      years: [
        {
          year: Number(receipt!.snapshot.issuedOn!.toString().slice(-4)),
          pdfUrl: expect.stringMatching(/^\/receipts\/year\/\d{4}\.pdf$/),
        },
      ],
    })

    // Its file: private, an attachment under its name, the bytes stored when it was emailed.
    const first = (await download(
      receiptFile,
      `/receipts/${receipt!.id}.pdf`,
      { id: String(receipt!.id) },
      cookie,
    )) as Response
    expect(first.status).toBe(200)
    expect(first.headers.get('Content-Type')).toBe('application/pdf')
    expect(first.headers.get('Content-Disposition')).toBe(`attachment; filename="${attached.filename}"`)
    expect(first.headers.get('Cache-Control')).toBe('private, no-store')
    const bytes = await bytesOf(first)
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-')
    expect(Buffer.from(bytes).equals(Buffer.from(attached.content, 'base64'))).toBe(true)
    const again = await bytesOf(await download(receiptFile, '', { id: String(receipt!.id) }, cookie))
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true)
    // Its practitioner gets the same file.
    const theirs = await download(receiptFile, '', { id: String(receipt!.id) }, await signIn(practitioner.id))
    expect(Buffer.from(await bytesOf(theirs)).equals(Buffer.from(bytes))).toBe(true)
  })

  test('nobody else gets the file; a signed-out visitor is sent to log in and back; a bad id is 404', async () => {
    const client = await newClient()
    const bookingId = await paidSession(client)
    const [receipt] = receiptsOfBooking(bookingId)
    const path = `/receipts/${receipt!.id}.pdf`
    const params = { id: String(receipt!.id) }
    const stranger = await newClient('Sam')
    const admin = await createUser({ isAdmin: true })
    for (const who of [stranger, otherPractitioner, admin]) {
      const answer = (await download(receiptFile, path, params, await signIn(who.id))) as Response
      expect(answer.status).toBe(404)
      expect(await answer.text()).toBe('Receipt not found')
    }
    const visitor = (await download(receiptFile, path, params)) as Response
    expect(visitor.status).toBe(302)
    expect(visitor.headers.get('Location')).toBe(`/login?${new URLSearchParams({ redirect: path })}`)
    const cookie = await signIn(client.id)
    for (const id of ['0', '-1', '1.5', 'abc', '99999999']) {
      expect(((await download(receiptFile, '', { id }, cookie)) as Response).status).toBe(404)
    }
  })

  test('the address /receipts/<id>.pdf reaches the file route with that id; others are not receipts', async () => {
    const client = await newClient()
    const [receipt] = receiptsOfBooking(await paidSession(client))
    const cookie = await signIn(client.id)
    const answer = await app.http(new Request(`${ORIGIN}/receipts/${receipt!.id}.pdf`, { headers: { Cookie: cookie } }))
    expect(answer.status).toBe(200)
    expect(answer.headers.get('Content-Type')).toBe('application/pdf')
    expect(answer.headers.get('Content-Disposition')).toContain(
      `receipt-${String(receipt!.number).padStart(4, '0')}.pdf`,
    )
    expect(answer.headers.get('Cache-Control')).toBe('private, no-store')
    const route = app.routes.find((r) => r.file === 'app/routes/receipts.$id[.pdf].ts')!
    expect(route.pattern).toBe('/receipts/:id.pdf')
    for (const path of [`/receipts/${receipt!.id}`, `/receipts/${receipt!.id}.pdfx`, `/receipts/year/20x6.pdf`]) {
      const other = await app.http(new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } }))
      expect(other.status, path).toBe(404)
    }
  })
})

describe('a refund’s receipt', () => {
  test('goes with the refund email, and is listed first, negative', async () => {
    const client = await newClient()
    const bookingId = await paidSession(client)
    await cancelBooking({ ...client, timeZone: 'America/Toronto' } as never, bookingId)
    await deliverRaisedEvents()
    const [paid, refund] = receiptsOfBooking(bookingId)
    expect(refund).toMatchObject({ kind: 'refund', totalCents: -9000 })

    const email = outbox(client.email).find((e) => e.subject === 'Payment refunded: Deep Tissue')!
    const attached = pdfAttachment(email)!
    expect(attached.filename).toBe(`refund-receipt-${String(refund!.number).padStart(4, '0')}.pdf`)
    const [page] = await pdfPages(Buffer.from(attached.content, 'base64'))
    expect(page).toContain('Refunded')
    expect(page).toContain(String(paid!.number).padStart(4, '0'))
    expect(email.text).toContain('Your refund receipt is attached.')

    const cookie = await signIn(client.id)
    const answer = await callApi(apiReceipts.loader, getRequest('/api/receipts', { cookie }))
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual([
      {
        id: refund!.id,
        number: refund!.number,
        kind: 'refund',
        bookingId,
        total: -90,
        issuedAt: refund!.issuedAt.toISOString(),
        pdfUrl: `/receipts/${refund!.id}.pdf`,
      },
      {
        id: paid!.id,
        number: paid!.number,
        kind: 'receipt',
        bookingId,
        total: 90,
        issuedAt: paid!.issuedAt.toISOString(),
        pdfUrl: `/receipts/${paid!.id}.pdf`,
      },
    ])
    expect(answer.headers.get('X-Total-Count')).toBe('2')
    expect(answer.headers.get('X-Page')).toBe('1')
    expect(answer.headers.get('X-Page-Size')).toBe(String(RECEIPTS_PAGE_SIZE))
  })
})

describe('GET /api/receipts', () => {
  test('lists a client’s own and a practitioner’s issued receipts, never another person’s; 401 signed out', async () => {
    const mine = await newClient()
    const theirs = await newClient('Sam')
    await paidSession(mine)
    await paidSession(theirs)
    const ids = (person: { id: number }, side: 'clientId' | 'practitionerId') =>
      getDb()
        .select({ id: receipts.id })
        .from(receipts)
        .where(eq(receipts[side], person.id))
        .all()
        .map((r) => r.id)
        .sort((a, b) => b - a)
    const listed = async (person: { id: number }, query = '') => {
      const answer = await callApi(
        apiReceipts.loader,
        getRequest(`/api/receipts${query}`, { cookie: await signIn(person.id) }),
      )
      expect(answer.status).toBe(200)
      return (answer.body as { id: number }[]).map((r) => r.id)
    }
    expect(await listed(mine)).toEqual(ids(mine, 'clientId'))
    expect(await listed(theirs)).toEqual(ids(theirs, 'clientId'))
    expect(await listed(mine)).not.toEqual(expect.arrayContaining(ids(theirs, 'clientId')))
    // The practitioner's are all they issued (several pages by now: the first page here).
    expect(await listed(practitioner)).toEqual(ids(practitioner, 'practitionerId').slice(0, RECEIPTS_PAGE_SIZE))
    expect(await listed(otherPractitioner)).toEqual([])
    const signedOut = await callApi(apiReceipts.loader, getRequest('/api/receipts'))
    expect(signedOut.status).toBe(401)
    const bad = await callApi(apiReceipts.loader, getRequest('/api/receipts?page=0', { cookie: await signIn(mine.id) }))
    expect(bad.status).toBe(400)
  })
})

describe('many receipts', () => {
  /** `count` receipts of a client, issued a day apart ending at `last`, as a payment issues them. */
  function issueReceipts(client: { id: number }, count: number, last: Date) {
    for (let i = count - 1; i >= 0; i--) {
      const booking = insertBooking({
        clientId: client.id,
        practitionerId: practitioner.id,
        serviceId,
        startsInHours: 24,
      })
      getDb().transaction((tx) =>
        issuePaymentReceipt(tx, booking.id, { brand: 'visa', last4: '4242' }, new Date(last.getTime() - i * 24 * HOUR)),
      )
    }
  }

  test('Receipts pages them newest first, without JavaScript (?page=)', async () => {
    const client = await newClient()
    issueReceipts(client, RECEIPTS_PAGE_SIZE + 3, new Date('2026-03-01T17:00:00Z'))
    const cookie = await signIn(client.id)
    const load = async (query: string) =>
      (await settle(() => receiptsScreen.loader(routeArgs(getRequest(`/receipts${query}`, { cookie }))))) as Awaited<
        ReturnType<typeof receiptsScreen.loader>
      >
    const first = await load('')
    const second = await load('?page=2')
    expect(first).toMatchObject({ page: 1, pageCount: 2 })
    expect(first.receipts).toHaveLength(RECEIPTS_PAGE_SIZE)
    expect(second).toMatchObject({ page: 2, pageCount: 2 })
    expect(second.receipts).toHaveLength(3)
    const numbers = [...first.receipts, ...second.receipts].map((r) => r.number)
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a))
    expect(second.receipts.at(-1)!.issuedOn).toBe('Feb 7, 2026')
    // A page past the end shows the last; nonsense shows the first.
    expect((await load('?page=9')).page).toBe(2)
    expect((await load('?page=abc')).page).toBe(1)
  })

  test('a year’s file holds a page per receipt of that year, the client’s own only; its years are listed', async () => {
    const client = await newClient('Yara')
    const other = await newClient('Omar')
    issueReceipts(client, 3, new Date('2025-12-30T17:00:00Z'))
    // Dec 31, 2025 at 9 PM in Toronto is already 2026 in UTC: the receipt says Dec 31, 2025.
    issueReceipts(client, 1, new Date('2026-01-01T02:00:00Z'))
    issueReceipts(client, 2, new Date('2026-02-10T17:00:00Z'))
    issueReceipts(other, 2, new Date('2025-06-10T17:00:00Z'))
    const cookie = await signIn(client.id)

    const data = (await settle(() => receiptsScreen.loader(routeArgs(getRequest('/receipts', { cookie }))))) as Awaited<
      ReturnType<typeof receiptsScreen.loader>
    >
    expect(data.years).toEqual([
      { year: 2026, pdfUrl: '/receipts/year/2026.pdf' },
      { year: 2025, pdfUrl: '/receipts/year/2025.pdf' },
    ])

    const answer = (await download(yearFile, '/receipts/year/2025.pdf', { year: '2025' }, cookie)) as Response
    expect(answer.status).toBe(200)
    expect(answer.headers.get('Content-Type')).toBe('application/pdf')
    expect(answer.headers.get('Content-Disposition')).toBe('attachment; filename="receipts-2025.pdf"')
    expect(answer.headers.get('Cache-Control')).toBe('private, no-store')
    const pages = await pdfPages(await bytesOf(answer))
    expect(pages).toHaveLength(4)
    expect(pages.map((p) => /Issued (\w+ \d+, \d{4})/.exec(p)?.[1])).toEqual([
      'Dec 28, 2025',
      'Dec 29, 2025',
      'Dec 30, 2025',
      'Dec 31, 2025',
    ])
    for (const page of pages) {
      expect(page).toContain('Yara Client')
      expect(page).not.toContain('Omar')
    }
    expect(await pdfPages(await bytesOf(await download(yearFile, '', { year: '2026' }, cookie)))).toHaveLength(2)

    // A year without receipts, or not a year, is not found; a visitor logs in first.
    for (const year of ['2024', '1999', '2101', '20251', 'abcd']) {
      expect(((await download(yearFile, '', { year }, cookie)) as Response).status, year).toBe(404)
    }
    const visitor = (await download(yearFile, '/receipts/year/2025.pdf', { year: '2025' })) as Response
    expect(visitor.headers.get('Location')).toBe(
      `/login?${new URLSearchParams({ redirect: '/receipts/year/2025.pdf' })}`,
    )
    // The other client's year is theirs alone.
    const theirs = await download(yearFile, '', { year: '2025' }, await signIn(other.id))
    expect(await pdfPages(await bytesOf(theirs))).toHaveLength(2)
  })

  test('a client with none sees the empty Receipts screen; a visitor logs in first', async () => {
    const visitor = await settle(() => receiptsScreen.loader(routeArgs(getRequest('/receipts'))))
    expect((visitor as Response).headers.get('Location')).toBe(
      `/login?${new URLSearchParams({ redirect: '/receipts' })}`,
    )
    const client = await newClient()
    const empty = await receiptsScreen.loader(routeArgs(getRequest('/receipts', { cookie: await signIn(client.id) })))
    expect(empty).toEqual({ page: 1, pageCount: 1, receipts: [], years: [] })
    const html = render(empty, '/receipts')
    expect(html).toContain('No receipts yet.')
    expect(html).toContain(
      'A receipt appears here when a session is paid, and a refund receipt when a payment is refunded.',
    )
    expect(html).not.toContain('Download')
  })
})

describe('the Receipts screen as rendered', () => {
  test('each receipt: its title, session, issue date, amount (a refund minus and marked), a download link; the years; the pages', async () => {
    const client = await newClient()
    const bookingId = await paidSession(client)
    await cancelBooking({ ...client, timeZone: 'America/Toronto' } as never, bookingId)
    await deliverRaisedEvents()
    const [paid, refund] = receiptsOfBooking(bookingId)
    const data = await receiptsScreen.loader(routeArgs(getRequest('/receipts', { cookie: await signIn(client.id) })))
    const html = render(data, '/receipts')
    const label = (n: number) => `#${String(n).padStart(4, '0')}`
    expect(html).toContain(`Refund receipt ${label(refund!.number)}`)
    expect(html).toContain(`Receipt ${label(paid!.number)}`)
    expect(html.indexOf(`Refund receipt ${label(refund!.number)}`)).toBeLessThan(
      html.indexOf(`>Receipt ${label(paid!.number)}`),
    )
    expect(html).toContain('Deep Tissue with Priya Sharma')
    expect(html).toContain(`Issued ${data.receipts[0]!.issuedOn}`)
    expect(html).toContain('−$90.00 CAD')
    expect(html).toContain('>$90.00 CAD<')
    expect(html).toContain('>Refund<')
    expect(html).toContain(`href="/receipts/${refund!.id}.pdf" download=""`)
    expect(html).toContain(`href="/receipts/${paid!.id}.pdf" download=""`)
    const year = data.years[0]!.year
    expect(html).toMatch(new RegExp(`<a href="/receipts/year/${year}.pdf" download="" [^>]*>All of ${year}</a>`))
    // More than a page: links to the others, plain links that work without JavaScript.
    const paged = render({ ...data, page: 2, pageCount: 3 }, '/receipts?page=2')
    expect(paged).toContain('href="/receipts?page=3"')
    expect(paged).toContain('href="/receipts"')
  })
})

/** The Receipts screen's list as the server renders it, at `location`, in a language. */
function render(data: Awaited<ReturnType<typeof receiptsScreen.loader>>, location: string, language: Language = 'en') {
  return renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n: pageI18n(language).i18n },
      createElement(
        StaticRouter,
        { location },
        createElement(ReceiptList, {
          receipts: data.receipts,
          years: data.years,
          page: data.page,
          pageCount: data.pageCount,
        }),
      ),
    ),
  )
}
