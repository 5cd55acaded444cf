import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { bookings, payouts } from '~/db/schema'
import { yearIn } from '~/models/billing/statement.server'
import { getDashboard } from '~/models/practice/dashboard.server'
import { getEarningsSummary, listPayouts } from '~/models/practice/earnings.server'
import * as earningsApi from '~/routes/api.practitioner.earnings'
import * as payoutsApi from '~/routes/api.practitioner.payouts'
import * as earningsScreen from '~/routes/practitioner.earnings'
import * as settings from '~/routes/practitioner.settings'
import {
  callApi,
  createListedPractitioner,
  createUser,
  expectRedirect,
  getRequest,
  insertBooking,
  insertService,
  jsonRequest,
  routeArgs,
  settle,
  signIn,
  updateUserRow,
} from '../helpers'

/**
 * Earnings (on Earnings, Settings and the dashboard): what a practitioner earned, net of
 * the platform fee and of refunds, in cents inside and dollars in /api; and their transfers.
 */

type BookingValues = Partial<typeof bookings.$inferInsert>
const DAY_MS = 24 * 60 * 60 * 1000

async function practice() {
  const practitioner = await createListedPractitioner({ timeZone: 'America/Vancouver' })
  const service = insertService(practitioner.id)
  const client = await createUser({ firstName: 'Ana', lastName: 'Client' })
  /** A booking `hours` from now; paid 50.00 (47.50 to the practitioner) unless told otherwise. */
  function book(hours: number, status: BookingValues['status'], values: BookingValues = {}) {
    const row = insertBooking({
      clientId: client.id,
      practitionerId: practitioner.id,
      serviceId: service.id,
      startsInHours: hours,
      status,
    })
    if (Object.keys(values).length) getDb().update(bookings).set(values).where(eq(bookings.id, row.id)).run()
    return row
  }
  function payout(values: Partial<typeof payouts.$inferInsert> & { amountCents: number; createdAt: Date }) {
    return getDb()
      .insert(payouts)
      .values({
        practitionerId: practitioner.id,
        stripeTransferId: `tr_${Math.random().toString(36).slice(2)}`,
        ...values,
      })
      .returning()
      .get()
  }
  return { practitioner, client, service, book, payout, cookie: await signIn(practitioner.id) }
}

describe('earnings summary, in cents', () => {
  test('a new practitioner has earned nothing', async () => {
    const { practitioner } = await practice()
    expect(getEarningsSummary(practitioner.id)).toEqual({
      totalEarningsCents: 0,
      pendingEarningsCents: 0,
      completedBookings: 0,
    })
  })

  test('total over paid bookings of any status, net of refunds; pending is paid and confirmed', async () => {
    const { practitioner, book } = await practice()
    book(-48, 'completed') // 4750
    book(-72, 'completed') // 4750
    book(48, 'confirmed') // 4750, still to come
    book(72, 'confirmed', {
      totalAmountCents: 3333,
      platformFeeCents: 167,
      practitionerAmountCents: 3166,
      refundedAmountCents: 1000,
    })
    // ^ partial refund: 3166 - floor(1000 * 3166 / 3333) = 3166 - 949 = 2217, still to come
    book(96, 'cancelled', { refundedAmountCents: 5000 }) // refunded in full: 0
    book(-96, 'cancelled') // cancelled late, no refund: 4750 earned
    book(-120, 'completed', { refundedAmountCents: 2500 }) // half refunded: 4750 - 2375 = 2375
    book(120, 'pending', { isPaid: false }) // awaiting payment: nothing yet
    book(144, 'confirmed', { totalAmountCents: 0, platformFeeCents: 0, practitionerAmountCents: 0, isPaid: false }) // free
    book(-144, 'completed', { totalAmountCents: 0, platformFeeCents: 0, practitionerAmountCents: 0, isPaid: false }) // free, held
    expect(getEarningsSummary(practitioner.id)).toEqual({
      totalEarningsCents: 4750 + 4750 + 4750 + 2217 + 0 + 4750 + 2375,
      pendingEarningsCents: 4750 + 2217,
      completedBookings: 4,
    })
  })

  test('a paid booking with a zero total (never charged) cannot divide by zero', async () => {
    const { practitioner, book } = await practice()
    book(-48, 'completed', { totalAmountCents: 0, platformFeeCents: 0, practitionerAmountCents: 0, isPaid: true })
    expect(getEarningsSummary(practitioner.id)).toMatchObject({ totalEarningsCents: 0, completedBookings: 1 })
  })

  test('another practitioner’s bookings never count', async () => {
    const { practitioner } = await practice()
    const other = await practice()
    other.book(-48, 'completed')
    other.book(48, 'confirmed')
    expect(getEarningsSummary(practitioner.id)).toEqual({
      totalEarningsCents: 0,
      pendingEarningsCents: 0,
      completedBookings: 0,
    })
  })

  test('the dashboard’s Total Earnings is the same figure', async () => {
    const { practitioner, book } = await practice()
    book(-48, 'completed', { refundedAmountCents: 1234 })
    book(48, 'confirmed')
    book(72, 'cancelled', { refundedAmountCents: 5000 })
    const { totalEarningsCents } = getEarningsSummary(practitioner.id)
    expect(totalEarningsCents).toBe(4750 - Math.floor((1234 * 4750) / 5000) + 4750)
    expect(getDashboard(practitioner.id).stats.totalEarningsCents).toBe(totalEarningsCents)
  })
})

describe('dashboard: payment state of upcoming sessions', () => {
  test('Paid, Unpaid (a paid service awaiting payment), Free (nothing to pay)', async () => {
    const { practitioner, book } = await practice()
    const paid = book(24, 'confirmed')
    const unpaid = book(48, 'pending', { isPaid: false })
    const free = book(72, 'confirmed', {
      totalAmountCents: 0,
      platformFeeCents: 0,
      practitionerAmountCents: 0,
      isPaid: false,
    })
    const states = Object.fromEntries(
      getDashboard(practitioner.id).upcomingSessions.map((s) => [s.id, { isPaid: s.isPaid, isFree: s.isFree }]),
    )
    expect(states).toEqual({
      [paid.id]: { isPaid: true, isFree: false },
      [unpaid.id]: { isPaid: false, isFree: false },
      [free.id]: { isPaid: false, isFree: true },
    })
  })
})

describe('payouts', () => {
  test('newest first, this practitioner’s only, with their status', async () => {
    const { practitioner, payout } = await practice()
    const now = Date.now()
    const older = payout({ amountCents: 4750, createdAt: new Date(now - 3 * DAY_MS) })
    const newest = payout({ amountCents: 1900, createdAt: new Date(now - DAY_MS), status: 'reversed' })
    const middle = payout({ amountCents: 2375, createdAt: new Date(now - 2 * DAY_MS), status: 'partially_reversed' })
    const other = await practice()
    other.payout({ amountCents: 999, createdAt: new Date(now) })
    expect(listPayouts(practitioner.id)).toEqual([
      { id: newest.id, amountCents: 1900, createdAt: newest.createdAt, status: 'reversed' },
      { id: middle.id, amountCents: 2375, createdAt: middle.createdAt, status: 'partially_reversed' },
      { id: older.id, amountCents: 4750, createdAt: older.createdAt, status: 'paid' },
    ])
  })
})

describe('the Earnings screen', () => {
  test('cards, transfers and the practitioner’s time zone', async () => {
    const { book, payout, cookie } = await practice()
    book(-48, 'completed')
    book(48, 'confirmed')
    const transfer = payout({ amountCents: 4750, createdAt: new Date(Date.now() - DAY_MS) })
    const loaded = await earningsScreen.loader(routeArgs(getRequest('/practitioner/earnings', { cookie })))
    expect(loaded).toEqual({
      timeZone: 'America/Vancouver',
      summary: { totalEarningsCents: 9500, pendingEarningsCents: 4750, completedBookings: 1 },
      payouts: [{ id: transfer.id, amountCents: 4750, createdAt: transfer.createdAt.toISOString(), status: 'paid' }],
      // Bookings made without a payment have no receipts: the lists are empty, this year's statement zeros.
      receipts: [],
      receiptsPage: 1,
      receiptsPageCount: 1,
      year: yearIn('America/Vancouver'),
      years: [yearIn('America/Vancouver')],
      months: Array.from({ length: 12 }, (_, i) => ({
        month: i + 1,
        paymentsCents: 0,
        taxCents: 0,
        platformFeeCents: 0,
        refundsCents: 0,
        netCents: 0,
      })),
      // No package sold (decision 051): the Packages card is not shown.
      packages: [],
    })
  })

  test('signed out goes to login; a client to their dashboard', async () => {
    expectRedirect(
      await settle(() => earningsScreen.loader(routeArgs(getRequest('/practitioner/earnings')))),
      '/login?redirect=%2Fpractitioner%2Fearnings',
    )
    const client = await createUser()
    const cookie = await signIn(client.id)
    expectRedirect(
      await settle(() => earningsScreen.loader(routeArgs(getRequest('/practitioner/earnings', { cookie })))),
      '/client-dashboard',
    )
  })

  test('the Settings ready state shows total and pending earnings', async () => {
    const { practitioner, book, cookie } = await practice()
    updateUserRow(practitioner.id, { stripeAccountId: `acct_demo_${practitioner.id}` })
    book(-48, 'completed')
    book(48, 'confirmed', { refundedAmountCents: 1000 })
    const { payment } = (await settings.loader(routeArgs(getRequest('/practitioner/settings', { cookie })))) as Exclude<
      Awaited<ReturnType<typeof settings.loader>>,
      Response
    >
    expect(payment).toMatchObject({ hasAccount: true, onboardingComplete: true })
    expect(payment.earnings).toEqual({
      totalEarningsCents: 4750 + 3800,
      pendingEarningsCents: 3800,
      completedBookings: 1,
    })
  })
})

describe('the /api twins', () => {
  test('GET /api/practitioner/earnings answers dollars', async () => {
    const { book, cookie } = await practice()
    book(-48, 'completed')
    book(48, 'confirmed', {
      totalAmountCents: 3333,
      platformFeeCents: 167,
      practitionerAmountCents: 3166,
      refundedAmountCents: 1000,
    })
    book(-72, 'completed', { refundedAmountCents: 5000 })
    const answer = await callApi(earningsApi.loader, getRequest('/api/practitioner/earnings', { cookie }))
    expect(answer).toMatchObject({
      status: 200,
      body: { totalEarnings: 69.67, pendingEarnings: 22.17, completedBookings: 2 },
    })
  })

  test('GET /api/practitioner/payouts answers [{ id, amount, date, status }] newest first', async () => {
    const { payout, cookie } = await practice()
    const first = payout({ amountCents: 4750, createdAt: new Date('2026-01-05T15:00:00Z') })
    const second = payout({ amountCents: 1999, createdAt: new Date('2026-02-01T09:30:00Z'), status: 'reversed' })
    const answer = await callApi(payoutsApi.loader, getRequest('/api/practitioner/payouts', { cookie }))
    expect(answer).toMatchObject({
      status: 200,
      body: [
        { id: second.id, amount: 19.99, date: '2026-02-01T09:30:00.000Z', status: 'reversed' },
        { id: first.id, amount: 47.5, date: '2026-01-05T15:00:00.000Z', status: 'paid' },
      ],
    })
    const empty = await practice()
    expect(
      (await callApi(payoutsApi.loader, getRequest('/api/practitioner/payouts', { cookie: empty.cookie }))).body,
    ).toEqual([])
  })

  test('signed out 401, non-practitioners 403, writes 405 with Allow: GET', async () => {
    const client = await createUser()
    const { cookie } = await practice()
    for (const [api, path] of [
      [earningsApi, '/api/practitioner/earnings'],
      [payoutsApi, '/api/practitioner/payouts'],
    ] as const) {
      expect((await callApi(api.loader, getRequest(path))).status).toBe(401)
      expect(await callApi(api.loader, getRequest(path, { cookie: await signIn(client.id) }))).toMatchObject({
        status: 403,
        body: { message: 'Only practitioners can do this' },
      })
      for (const method of ['POST', 'PATCH', 'DELETE']) {
        const answer = await callApi(api.action, jsonRequest(path, method, undefined, { cookie }))
        expect(answer.status).toBe(405)
        expect(answer.headers.get('Allow')).toBe('GET')
      }
    }
  })
})
