import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { bookings } from '~/db/schema'
import { FORMER_CLIENT, getDashboard } from '~/models/practice/dashboard.server'
import * as dashboardScreen from '~/routes/practitioner.dashboard'
import {
  createListedPractitioner,
  createUser,
  expectRedirect,
  getRequest,
  insertBooking,
  insertService,
  routeArgs,
  settle,
  signIn,
  updateServiceRow,
} from '../helpers'
import { inEnglish, inFrench } from '../helpers/i18n'

/** The practitioner dashboard's cards and list, by the spec's rules. */

type BookingOverrides = Partial<typeof bookings.$inferInsert>

async function practice() {
  const practitioner = await createListedPractitioner()
  const service = insertService(practitioner.id)
  const clients = await Promise.all(
    ['Ana', 'Ben', 'Cy'].map((firstName) => createUser({ firstName, lastName: 'Client' })),
  )
  /** A booking starting `hours` from now (negative: past), paid 50.00 (47.50 to the practitioner) unless told. */
  function book(
    clientIndex: number | null,
    hours: number,
    status: BookingOverrides['status'],
    overrides: BookingOverrides = {},
  ) {
    const clientId = clientIndex === null ? clients[0]!.id : clients[clientIndex]!.id
    const row = insertBooking({
      clientId,
      practitionerId: practitioner.id,
      serviceId: service.id,
      startsInHours: hours,
      status,
    })
    const changes: BookingOverrides = { ...overrides, ...(clientIndex === null ? { clientId: null } : {}) }
    if (Object.keys(changes).length) getDb().update(bookings).set(changes).where(eq(bookings.id, row.id)).run()
    return row
  }
  return { practitioner, service, clients, book }
}

describe('practitioner dashboard: stat cards', () => {
  test('a new practitioner sees zeros and an empty list', async () => {
    const practitioner = await createListedPractitioner()
    expect(getDashboard(practitioner.id)).toEqual({
      stats: { upcomingSessions: 0, activeServices: 0, totalEarningsCents: 0, totalClients: 0 },
      upcomingSessions: [],
    })
  })

  test('upcoming: confirmed or pending, starting later than 24 hours ago', async () => {
    const { practitioner, book } = await practice()
    book(0, 48, 'confirmed')
    book(1, 2, 'pending')
    book(0, -23, 'confirmed') // started 23 hours ago: still counted
    book(0, -25, 'confirmed') // 25 hours ago: not counted
    book(1, 24, 'cancelled')
    book(2, -48, 'completed')
    book(2, 72, 'completed') // completed is never upcoming
    expect(getDashboard(practitioner.id).stats.upcomingSessions).toBe(3)
  })

  test('active services count only isActive ones of this practitioner', async () => {
    const { practitioner, service } = await practice()
    insertService(practitioner.id, { name: 'Second' })
    const inactive = insertService(practitioner.id, { name: 'Paused' })
    updateServiceRow(inactive.id, { isActive: false })
    const other = await createListedPractitioner({ firstName: 'Other' })
    insertService(other.id)
    expect(service.isActive).toBe(true)
    expect(getDashboard(practitioner.id).stats.activeServices).toBe(2)
  })

  test('total earnings: the practitioner amount of paid bookings, net of refunds', async () => {
    const { practitioner, book } = await practice()
    book(0, -48, 'completed') // paid 4750
    book(1, 48, 'confirmed', { practitionerAmountCents: 1900, platformFeeCents: 100, totalAmountCents: 2000 }) // paid 1900
    book(2, 72, 'pending', { isPaid: false }) // not paid yet
    book(0, 96, 'cancelled', { refundedAmountCents: 5000 }) // paid, then refunded in full
    book(1, -96, 'cancelled') // cancelled late: paid, no refund, still earned
    book(2, -120, 'completed', { refundedAmountCents: 1000 }) // partly refunded: 4750 - 950
    expect(getDashboard(practitioner.id).stats.totalEarningsCents).toBe(4750 + 1900 + 4750 + 3800)
  })

  test('total clients: distinct clients across all bookings; a deleted client is not counted', async () => {
    const { practitioner, book } = await practice()
    book(0, 48, 'confirmed')
    book(0, -48, 'completed')
    book(1, 72, 'cancelled')
    book(2, -72, 'completed')
    book(null, -100, 'completed') // the client deleted their account
    expect(getDashboard(practitioner.id).stats.totalClients).toBe(3)
  })

  test('another practitioner’s bookings never count', async () => {
    const { practitioner } = await practice()
    const other = await practice()
    other.book(0, 48, 'confirmed')
    expect(getDashboard(practitioner.id).stats).toMatchObject({
      upcomingSessions: 0,
      totalEarningsCents: 0,
      totalClients: 0,
    })
  })
})

describe('practitioner dashboard: upcoming sessions list', () => {
  test('the first 5 by start time, with service, client, times and paid state', async () => {
    const { practitioner, book } = await practice()
    const later = [96, 24, 120, 48, 144, 72].map((h, i) =>
      book(i % 3, h, i % 2 ? 'pending' : 'confirmed', { isPaid: i !== 1 }),
    )
    book(0, -30, 'confirmed')
    book(1, 10, 'cancelled')
    const { upcomingSessions, stats } = getDashboard(practitioner.id)
    expect(stats.upcomingSessions).toBe(6)
    const expected = [...later].sort((a, b) => a.startTime.getTime() - b.startTime.getTime()).slice(0, 5)
    expect(upcomingSessions.map((s) => s.id)).toEqual(expected.map((b) => b.id))
    const first = upcomingSessions[0]!
    expect(first).toEqual({
      id: later[1]!.id,
      serviceName: 'Breathwork session',
      clientId: later[1]!.clientId,
      clientName: 'Ben Client',
      startTime: later[1]!.startTime.toISOString(),
      endTime: later[1]!.endTime.toISOString(),
      status: 'pending',
      isPaid: false,
      isFree: false,
      paidCents: 0,
      canCancel: true,
      awaitingClient: false,
      // Its room is not open yet: no Join Session.
      joinUrl: null,
      // Its service asks no intake form.
      intake: null,
    })
    expect(upcomingSessions.filter((s) => s.isPaid)).toHaveLength(4)
    // `all`: every one of them, for the practitioner to reach any session.
    expect(getDashboard(practitioner.id, new Date(), { all: true }).upcomingSessions).toHaveLength(6)
  })

  test('Join Session while its room is open: from 15 minutes before the start until 30 minutes after the end', async () => {
    const { practitioner, book } = await practice()
    const soon = book(null, 0.2, 'confirmed')
    const later = book(null, 3, 'confirmed')
    const sessions = getDashboard(practitioner.id).upcomingSessions
    expect(sessions.find((s) => s.id === soon.id)).toMatchObject({ joinUrl: `/sessions/${soon.id}` })
    expect(sessions.find((s) => s.id === later.id)).toMatchObject({ joinUrl: null })
    const afterEnd = new Date(soon.endTime.getTime() + 29 * 60_000)
    expect(getDashboard(practitioner.id, afterEnd).upcomingSessions.find((s) => s.id === soon.id)?.joinUrl).toBe(
      `/sessions/${soon.id}`,
    )
  })

  test('a session whose client deleted their account still shows', async () => {
    const { practitioner, book } = await practice()
    book(null, 48, 'confirmed')
    expect(getDashboard(practitioner.id).upcomingSessions[0]).toMatchObject({
      clientName: FORMER_CLIENT,
      // Nobody to write to: no Message action.
      clientId: null,
    })
    // Named in the reader's language where it is shown.
    expect(inEnglish(FORMER_CLIENT)).toBe('Former client')
    expect(inFrench(FORMER_CLIENT)).toBe('Ancien client')
  })
})

describe('practitioner dashboard: screen', () => {
  test('signed out goes to login; the loader gives cards, list and the profile alert parts', async () => {
    expectRedirect(
      await settle(() => dashboardScreen.loader(routeArgs(getRequest('/practitioner/dashboard')))),
      '/login?redirect=%2Fpractitioner%2Fdashboard',
    )
    const practitioner = await createUser({ isPractitioner: true, firstName: 'Nia' })
    const loaded = await dashboardScreen.loader(
      routeArgs(getRequest('/practitioner/dashboard', { cookie: await signIn(practitioner.id) })),
    )
    expect(loaded).toMatchObject({
      firstName: 'Nia',
      missing: ['photo', 'title', 'bio'],
      timeZone: 'America/Toronto',
      stats: { upcomingSessions: 0, activeServices: 0, totalEarningsCents: 0, totalClients: 0 },
      upcomingSessions: [],
    })
  })
})
