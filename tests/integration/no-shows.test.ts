import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { bookings, contactMessages } from '~/db/schema'
import { formatDate, formatTime, zoneAbbreviation } from '~/lib/dates'
import { getClientSessions } from '~/models/booking/client-sessions.server'
import {
  ALREADY_DISPUTED,
  ALREADY_MARKED,
  ALREADY_REPORTED,
  CLIENT_MARKED_ABSENT,
  DISPUTE_WINDOW_CLOSED,
  MARK_WINDOW_CLOSED,
  NOBODY_IN_ROOM,
  NOT_ENDED_YET,
  NOT_MARKED_ABSENT,
  NOT_STARTED_YET,
  REPORT_SENT,
  REPORT_WINDOW_CLOSED,
} from '~/models/booking/no-show'
import { markClientNoShow, reportNoShow } from '~/models/booking/no-show.server'
import { listContactMessages } from '~/models/marketplace/contact.server'
import { NOT_ELIGIBLE_TO_REVIEW } from '~/models/marketplace/review'
import { createReview } from '~/models/marketplace/review.server'
import { getRecentSessions } from '~/models/practice/dashboard.server'
import { recordJoin, recordLeave } from '~/models/sessions/attendance.server'
import * as bookingPage from '~/routes/_client.bookings.$id'
import { loadDashboard } from '~/routes/admin.dashboard/dashboard-data.server'
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
import { inEnglish } from '../helpers/i18n'
import { shownToast } from '../helpers/practice-i18n'

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

/** A toast as an English reader sees it: its words are catalogue keys until shown. */
function englishToast(toast: { title: string; description?: string } | null) {
  return (
    toast && { ...toast, title: inEnglish(toast.title), description: toast.description && inEnglish(toast.description) }
  )
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
        message: inEnglish(CLIENT_MARKED_ABSENT),
      },
    })
    expect(row(id)).toMatchObject({ status: 'completed', isPaid: true, refundedAmountCents: 0 })
    expect(outbox(client.email).at(-1)).toMatchObject({ subject: 'Missed session: Breathwork session' })
    expect(outbox(client.email).at(-1)!.text).toContain('No refund is due')

    expect(getClientSessions(client).past.find((s) => s.id === id)).toMatchObject({
      clientNoShowAt: expect.any(Date),
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
    expect(inEnglish((await refusalOf(() => markClientNoShow(other, recent.id)))!)).toBe('Booking not found')
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
    expect(shownToast(await readToast(expectRedirect(done, '/practitioner/dashboard')))).toMatchObject({
      title: 'Session marked as missed',
      description: inEnglish(CLIENT_MARKED_ABSENT),
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
    expect(formReply(tooLong).result.error?.details?.map(inEnglish)).toEqual(['Please keep it under 2000 characters'])

    const done = await send('I waited 20 minutes in the room and nobody came.')
    expect(englishToast(await readToast(expectRedirect(done, `/bookings/${id}`)))).toMatchObject({
      title: 'Report sent',
      description: inEnglish(REPORT_SENT),
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
    // Each admin reads the report in their language; the client's words as written.
    const french = listContactMessages({ language: 'fr' }).messages.find((m) => m.bookingId === id)!
    expect(french.subject).toBe('Praticien absent\u00a0: Breathwork session')
    expect(french.message).toMatch(
      /^Sam signale que Noor Absent ne s’est pas présenté à «\u00a0Breathwork session\u00a0» le \S+ \d{1,2} \S+ \d{4}/,
    )
    expect(french.message).toContain('I waited 20 minutes in the room and nobody came.')
    expect(french.message).not.toMatch(/reports that|In their words/)

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
      body: { message: inEnglish(NOT_STARTED_YET) },
    })
    const old = await sessionOf(-24 * 8)
    expect(await report(old.id, old.client.cookie)).toMatchObject({
      status: 409,
      body: { message: inEnglish(REPORT_WINDOW_CLOSED) },
    })
    const started = await sessionOf(-0.25, 'confirmed')
    expect(await report(started.id, practitioner.cookie)).toMatchObject({ status: 404 })
    expect(await report(started.id, started.client.cookie, { details: 'No one joined.' })).toMatchObject({
      status: 201,
      body: { message: inEnglish(REPORT_SENT) },
    })
    expect(row(started.id).practitionerNoShowReportedAt).toBeInstanceOf(Date)
    expect(
      await refusalOf(() => reportNoShow(started.client, started.id, { kind: 'practitioner-absent', details: '' })),
    ).toBe(ALREADY_REPORTED)
  })
})

const MINUTE = 60_000

/** A stay in the booking's room, `from`/`to` minutes after its start (issue 42). */
function stayIn(id: number, userId: number, from: number, to: number) {
  const start = row(id).startTime.getTime()
  recordLeave(recordJoin(id, userId, new Date(start + from * MINUTE)), new Date(start + to * MINUTE))
}

describe("the room's attendance decides whether a client can be marked absent (issue 42)", () => {
  test('a client who joined the room: refused with their time there, on the API, the dashboard and its form', async () => {
    const { client, id } = await sessionOf(-3)
    stayIn(id, client.id, -4, 20)
    stayIn(id, client.id, 25, 58)
    stayIn(id, practitioner.id, -5, 59)
    const zone = 'America/Toronto'
    const start = row(id).startTime.getTime()
    const span = `${formatTime(start - 4 * MINUTE, zone)} – ${formatTime(start + 58 * MINUTE, zone)} ${zoneAbbreviation(start, zone)}`
    const refusal = `Sam joined the session's room (${span}), so they cannot be marked absent.`

    const answer = await callApi(
      noShowApi.action,
      jsonRequest(`/api/bookings/${id}/no-show`, 'PATCH', undefined, { cookie: practitioner.cookie }),
      { id: String(id) },
    )
    expect(answer).toMatchObject({ status: 409, body: { message: refusal } })
    expect(getRecentSessions(practitioner.id).find((s) => s.id === id)).toMatchObject({ canMarkNoShow: false })
    const page = await dashboard.loader(
      routeArgs(getRequest(`/practitioner/dashboard?no-show=${id}`, { cookie: practitioner.cookie })),
    )
    expect(page.markingNoShow).toBeNull()
    const posted = await dashboard.action(
      routeArgs(
        formRequest(
          '/practitioner/dashboard',
          { intent: 'client-no-show', bookingId: String(id) },
          { cookie: practitioner.cookie },
        ),
      ),
    )
    expect(englishToast(await readToast(expectRedirect(posted, '/practitioner/dashboard')))).toMatchObject({
      type: 'error',
      description: refusal,
    })
    expect(row(id).clientNoShowAt).toBeNull()
    expect(outbox(client.email).filter((m) => m.subject.startsWith('Missed session'))).toHaveLength(0)
  })

  test('only the practitioner in the room: the client may still be marked absent', async () => {
    const { id } = await sessionOf(-3)
    stayIn(id, practitioner.id, 0, 60)
    expect(getRecentSessions(practitioner.id).find((s) => s.id === id)).toMatchObject({ canMarkNoShow: true })
    await expect(markClientNoShow(practitioner, id)).resolves.toMatchObject({ id })
  })

  test('a session the practitioner ended early in the room, the client never there, may be marked at once', async () => {
    const running = await sessionOf(-0.5, 'confirmed')
    stayIn(running.id, practitioner.id, 0, 15)
    expect(await refusalOf(() => markClientNoShow(practitioner, running.id))).toBe(NOT_ENDED_YET)
    getDb()
      .update(bookings)
      .set({ status: 'completed', sessionEndedAt: new Date(Date.now() - 60_000) })
      .where(eq(bookings.id, running.id))
      .run()
    expect(getRecentSessions(practitioner.id).find((s) => s.id === running.id)).toMatchObject({ canMarkNoShow: true })
    await expect(markClientNoShow(practitioner, running.id)).resolves.toMatchObject({ id: running.id })
  })
})

describe('"I was there": the client marked absent tells the admins, with the room\'s trail (issue 42)', () => {
  test('from the email to the booking page: one message with the booking and its attendance, once', async () => {
    const { client, id } = await sessionOf(-3)
    stayIn(id, practitioner.id, 1, 40)
    await markClientNoShow(practitioner, id)
    const email = outbox(client.email).at(-1)!
    expect(email.text).toContain('I was there')
    expect(email.text).toContain(`/bookings/${id}#i-was-there`)

    const load = () =>
      bookingPage.loader(routeArgs(getRequest(`/bookings/${id}`, { cookie: client.cookie }), { id: String(id) }))
    expect((await load()).booking).toMatchObject({ canDisputeNoShow: true, noShowDisputed: false, canReview: false })
    const send = (details: string) =>
      bookingPage.action(
        routeArgs(
          formRequest(
            `/bookings/${id}`,
            { intent: 'report-no-show', kind: 'client-attended', details },
            { cookie: client.cookie },
          ),
          { id: String(id) },
        ),
      )
    const done = await send('I was in the room with my camera on; nobody came.')
    expect(await readToast(expectRedirect(done, `/bookings/${id}`))).toMatchObject({ description: REPORT_SENT })
    expect((await load()).booking).toMatchObject({ canDisputeNoShow: false, noShowDisputed: true })

    const message = listContactMessages().messages.find((m) => m.bookingId === id)!
    expect(message).toMatchObject({
      subject: 'Client says they attended: Breathwork session',
      booking: {
        id,
        clientMarkedAbsent: true,
        attendance: [
          { userId: practitioner.id, who: 'practitioner', joinedAt: expect.any(String), leftAt: expect.any(String) },
        ],
      },
    })
    expect(message.message).toContain('Sam says they were at "Breathwork session"')
    expect(message.message).toContain('which Noor Absent marked as missed')
    expect(message.message).toContain('nobody came.')

    // The admins read the trail in their own zone, with ids.
    const admin = await createUser({ isAdmin: true, timeZone: 'Asia/Tokyo' })
    const adminPage = loadDashboard(
      getRequest('/admin/dashboard?tab=messages', { cookie: await signIn(admin.id) }),
      admin,
    )
    const shown = adminPage.messages!.rows.find((m) => m.id === message.id)!
    const tokyo = (at: number) =>
      `${formatDate(at, 'Asia/Tokyo')}, ${formatTime(at, 'Asia/Tokyo')} ${zoneAbbreviation(at, 'Asia/Tokyo')}`
    const start = row(id).startTime.getTime()
    expect(shown.booking!.trail).toEqual([
      `practitioner (user ${practitioner.id}) joined ${tokyo(start + MINUTE)}, left ${tokyo(start + 40 * MINUTE)}`,
    ])

    const again = await send('Once more')
    expect(formReply(again).result.error).toMatchObject({ '': [ALREADY_DISPUTED] })
    expect(getDb().select().from(contactMessages).where(eq(contactMessages.bookingId, id)).all()).toHaveLength(1)
  })

  test('the API twin: the same report with kind client-attended; refused unless marked, within 7 days of the mark', async () => {
    const report = (id: number, cookie: string, body: unknown) =>
      callApi(reportApi.action, jsonRequest(`/api/bookings/${id}/no-show-report`, 'POST', body, { cookie }), {
        id: String(id),
      })
    const attended = await sessionOf(-2)
    expect(await report(attended.id, attended.client.cookie, { kind: 'client-attended' })).toMatchObject({
      status: 409,
      body: { message: inEnglish(NOT_MARKED_ABSENT) },
    })
    expect(await report(attended.id, attended.client.cookie, { kind: 'both' })).toMatchObject({ status: 400 })

    const marked = await sessionOf(-4)
    await markClientNoShow(practitioner, marked.id)
    expect(await report(marked.id, practitioner.cookie, { kind: 'client-attended' })).toMatchObject({ status: 404 })
    const later = new Date(Date.now() + 8 * 24 * 60 * MINUTE)
    expect(
      await refusalOf(() => reportNoShow(marked.client, marked.id, { kind: 'client-attended', details: '' }, later)),
    ).toBe(DISPUTE_WINDOW_CLOSED)
    expect(
      await report(marked.id, marked.client.cookie, { kind: 'client-attended', details: 'I was there.' }),
    ).toMatchObject({
      status: 201,
      body: { message: inEnglish(REPORT_SENT) },
    })
    expect(row(marked.id).clientNoShowDisputedAt).toBeInstanceOf(Date)
    const message = listContactMessages().messages.find((m) => m.bookingId === marked.id)!
    expect(message.booking).toMatchObject({ clientMarkedAbsent: true, attendance: [] })
    expect(
      loadDashboard(
        getRequest('/admin/dashboard?tab=messages'),
        await createUser({ isAdmin: true }),
      ).messages!.rows.find((m) => m.id === message.id)!.booking!.trail,
    ).toEqual([inEnglish(NOBODY_IN_ROOM)])
    expect(await report(marked.id, marked.client.cookie, { kind: 'client-attended' })).toMatchObject({
      status: 409,
      body: { message: inEnglish(ALREADY_DISPUTED) },
    })
  })
})
