import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { bookings, contactMessages } from '~/db/schema'
import { getClientSessions } from '~/models/booking/booking.server'
import {
  ALREADY_MARKED,
  ALREADY_REPORTED,
  CLIENT_MARKED_ABSENT,
  MARK_WINDOW_CLOSED,
  NOT_ENDED_YET,
  NOT_STARTED_YET,
  REPORT_SENT,
  REPORT_WINDOW_CLOSED,
} from '~/models/booking/no-show'
import { markClientNoShow, reportPractitionerNoShow } from '~/models/booking/no-show.server'
import { listContactMessages } from '~/models/marketplace/contact.server'
import { NOT_ELIGIBLE_TO_REVIEW } from '~/models/marketplace/review'
import { createReview } from '~/models/marketplace/review.server'
import { getRecentSessions } from '~/models/practice/dashboard.server'
import * as bookingPage from '~/routes/_client.bookings.$id'
import * as noShowApi from '~/routes/api.bookings.$id.no-show'
import * as reportApi from '~/routes/api.bookings.$id.no-show-report'
import * as dashboard from '~/routes/practitioner.dashboard'
import {
  callApi,
  createListedPractitioner,
  createUser,
  expectRedirect,
  formReply,
  formRequest,
  getRequest,
  insertBooking,
  insertService,
  jsonRequest,
  outbox,
  readToast,
  routeArgs,
  signIn,
} from '../helpers'

/**
 * Sessions somebody did not attend (issue 30; docs/decisions/038-no-shows.md): the practitioner
 * marks the client absent within 48 hours of the end (no refund, shown as missed, no review);
 * the client reports the practitioner's absence to the admins, with the booking attached.
 */

let practitioner: Awaited<ReturnType<typeof createListedPractitioner>> & { cookie: string }
let serviceId: number

beforeAll(async () => {
  const made = await createListedPractitioner({ firstName: 'Noor', lastName: 'Absent' })
  practitioner = { ...made, cookie: await signIn(made.id) }
  serviceId = insertService(practitioner.id, { name: 'Evening Session', priceCents: 5000 }).id
})

const row = (id: number) => getDb().select().from(bookings).where(eq(bookings.id, id)).get()!

/** A paid one-hour session of a new client, starting `startsInHours` from now (negative: past). */
async function sessionOf(startsInHours: number, status: 'confirmed' | 'completed' = 'completed') {
  const client = await createUser({ firstName: 'Sam', lastName: 'Seat' })
  const booking = insertBooking({
    clientId: client.id,
    practitionerId: practitioner.id,
    serviceId,
    startsInHours,
    status,
  })
  return { client: { ...client, cookie: await signIn(client.id) }, id: booking.id }
}

const refusalOf = async (run: () => unknown) => {
  try {
    await run()
    return null
  } catch (error) {
    return (error as Error).message
  }
}

describe('the practitioner marks that the client did not attend', () => {
  test('after the end, within 48 hours: kept paid, shown missed, emailed, no review, once', async () => {
    const { client, id } = await sessionOf(-3)
    expect(getRecentSessions(practitioner.id).find((s) => s.id === id)).toMatchObject({ canMarkNoShow: true })

    const answer = await callApi(
      noShowApi.action,
      jsonRequest(`/api/bookings/${id}/no-show`, 'PATCH', undefined, { cookie: practitioner.cookie }),
      {
        id: String(id),
      },
    )
    expect(answer).toMatchObject({
      status: 200,
      body: {
        booking: { id, clientNoShowAt: expect.any(String), isPaid: true, refundedAmount: 0 },
        message: CLIENT_MARKED_ABSENT,
      },
    })
    expect(row(id)).toMatchObject({ status: 'completed', isPaid: true, refundedAmountCents: 0 })
    expect(outbox(client.email).at(-1)).toMatchObject({ subject: 'Missed session: Breathwork session' })
    expect(outbox(client.email).at(-1)!.text).toContain('No refund is due')

    expect(getClientSessions(client).past.find((s) => s.id === id)).toMatchObject({
      clientNoShowAt: expect.any(String),
    })
    expect(getRecentSessions(practitioner.id).find((s) => s.id === id)).toMatchObject({
      clientNoShowAt: expect.any(String),
      canMarkNoShow: false,
    })
    expect(() =>
      createReview(
        { id: client.id, isPractitioner: false, isAdmin: false },
        { practitionerId: practitioner.id, rating: 5, content: 'A lovely session, thank you.' },
      ),
    ).toThrow(NOT_ELIGIBLE_TO_REVIEW)
    expect(await refusalOf(() => markClientNoShow(practitioner, id))).toBe(ALREADY_MARKED)
  })

  test('not before the end, not after 48 hours, not for anyone else', async () => {
    const running = await sessionOf(-0.5, 'confirmed')
    expect(await refusalOf(() => markClientNoShow(practitioner, running.id))).toBe(NOT_ENDED_YET)
    const old = await sessionOf(-50)
    expect(await refusalOf(() => markClientNoShow(practitioner, old.id))).toBe(MARK_WINDOW_CLOSED)
    expect(getRecentSessions(practitioner.id).map((s) => s.id)).not.toContain(old.id)

    const recent = await sessionOf(-2)
    const other = await createListedPractitioner()
    expect(await refusalOf(() => markClientNoShow(other, recent.id))).toBe('Booking not found')
    const asClient = await callApi(
      noShowApi.action,
      jsonRequest(`/api/bookings/${recent.id}/no-show`, 'PATCH', undefined, { cookie: recent.client.cookie }),
      { id: String(recent.id) },
    )
    expect(asClient.status).toBe(404)
    expect(row(recent.id).clientNoShowAt).toBeNull()
  })

  test('the dashboard: the confirmation opens from the URL, and the form marks it', async () => {
    const { id } = await sessionOf(-1.5)
    const page = await dashboard.loader(
      routeArgs(getRequest(`/practitioner/dashboard?no-show=${id}`, { cookie: practitioner.cookie })),
    )
    expect(page.markingNoShow).toMatchObject({ id, clientName: 'Sam Seat' })
    const done = await dashboard.action(
      routeArgs(
        formRequest(
          '/practitioner/dashboard',
          { intent: 'client-no-show', bookingId: String(id) },
          { cookie: practitioner.cookie },
        ),
      ),
    )
    expect(await readToast(expectRedirect(done, '/practitioner/dashboard'))).toMatchObject({
      title: 'Session marked as missed',
      description: CLIENT_MARKED_ABSENT,
    })
    const again = await dashboard.action(
      routeArgs(
        formRequest(
          '/practitioner/dashboard',
          { intent: 'client-no-show', bookingId: String(id) },
          { cookie: practitioner.cookie },
        ),
      ),
    )
    expect(await readToast(expectRedirect(again, '/practitioner/dashboard'))).toMatchObject({
      description: ALREADY_MARKED,
    })
  })
})

describe('the client reports that the practitioner did not attend', () => {
  test('from the booking page: one contact message for the admins with the booking attached, once', async () => {
    const { client, id } = await sessionOf(-1)
    const send = (details: string) =>
      bookingPage.action(
        routeArgs(formRequest(`/bookings/${id}`, { intent: 'report-no-show', details }, { cookie: client.cookie }), {
          id: String(id),
        }),
      )
    const tooLong = await send('x'.repeat(2001))
    expect(formReply(tooLong).result.error).toMatchObject({ details: ['Please keep it under 2000 characters'] })

    const done = await send('I waited 20 minutes in the room and nobody came.')
    expect(await readToast(expectRedirect(done, `/bookings/${id}`))).toMatchObject({
      title: 'Report sent',
      description: REPORT_SENT,
    })
    const message = listContactMessages().messages.find((m) => m.bookingId === id)!
    expect(message).toMatchObject({
      name: 'Sam Seat',
      email: client.email,
      subject: 'Practitioner did not attend: Breathwork session',
      booking: {
        id,
        status: 'completed',
        totalAmount: 50,
        isPaid: true,
        clientMarkedAbsent: false,
        practitioner: { name: 'Noor Absent', email: practitioner.email },
        clientName: 'Sam Seat',
      },
    })
    expect(message.message).toContain('Sam reports that Noor Absent did not attend "Breathwork session"')
    expect(message.message).toContain('I waited 20 minutes in the room and nobody came.')

    const again = await send('Second try')
    expect(formReply(again).result.error).toMatchObject({ '': [ALREADY_REPORTED] })
    expect(getDb().select().from(contactMessages).where(eq(contactMessages.bookingId, id)).all()).toHaveLength(1)
  })

  test('the API: from the start, until 7 days after the end; only the client', async () => {
    const report = (id: number, cookie: string, body: unknown = {}) =>
      callApi(reportApi.action, jsonRequest(`/api/bookings/${id}/no-show-report`, 'POST', body, { cookie }), {
        id: String(id),
      })
    const ahead = await sessionOf(2, 'confirmed')
    expect(await report(ahead.id, ahead.client.cookie)).toMatchObject({
      status: 409,
      body: { message: NOT_STARTED_YET },
    })
    const old = await sessionOf(-24 * 8)
    expect(await report(old.id, old.client.cookie)).toMatchObject({
      status: 409,
      body: { message: REPORT_WINDOW_CLOSED },
    })
    const started = await sessionOf(-0.25, 'confirmed')
    expect(await report(started.id, practitioner.cookie)).toMatchObject({ status: 404 })
    expect(await report(started.id, started.client.cookie, { details: 'No one joined.' })).toMatchObject({
      status: 201,
      body: { message: REPORT_SENT },
    })
    expect(row(started.id).practitionerNoShowReportedAt).toBeInstanceOf(Date)
    expect(await refusalOf(() => reportPractitionerNoShow(started.client, started.id, { details: '' }))).toBe(
      ALREADY_REPORTED,
    )
  })
})
