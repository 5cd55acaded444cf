import { eq } from 'drizzle-orm'
import ICAL from 'ical.js'
import { beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { bookings, emailOutbox, timeSlots } from '~/db/schema'
import { deliverQueuedEmails } from '~/integrations/email.server'
import { payCheckoutSession } from '~/integrations/stripe-emulator/payments.server'
import { MOVED_FULL_REFUND } from '~/models/booking/booking'
import { cancelBooking, createBooking, previewCancellation, SLOT_UNAVAILABLE } from '~/models/booking/booking.server'
import { getClientSessions } from '~/models/booking/client-sessions.server'
import { sessionSpan } from '~/models/booking/emails.server'
import { startCheckout } from '~/models/booking/payments.server'
import {
  MAX_MOVES,
  MOVE_MESSAGE_PRACTITIONER_ONLY,
  MOVE_MESSAGE_TOO_LONG,
  NOTHING_TO_ACCEPT,
  RESCHEDULE_WINDOW_CLOSED,
  SAME_TIME,
  STARTED_NOT_MOVABLE,
  TOO_MANY_MOVES,
} from '~/models/booking/reschedule'
import { MOVE_EMAIL_QUIET_MS } from '~/models/booking/reschedule-emails.server'
import { acceptMove, rescheduleBooking } from '~/models/booking/reschedule.server'
import * as bookingPage from '~/routes/_client.bookings.$id'
import * as clientReschedule from '~/routes/_client.bookings.$id_.reschedule'
import * as rescheduleApi from '~/routes/api.bookings.$id.reschedule'
import * as practitionerReschedule from '~/routes/practitioner.bookings.$id.reschedule'
import {
  callApi,
  createListedPractitioner,
  createUser,
  deliverRaisedEvents,
  expectRedirect,
  formReply,
  formRequest,
  getRequest,
  insertService,
  insertSlot,
  jsonRequest,
  ORIGIN,
  outbox,
  readToast,
  routeArgs,
  settle,
  signIn,
  updateServiceRow,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'

/** A toast as an English reader sees it: its words are catalogue keys until shown. */
function englishToast(toast: { title: string; description?: string } | null) {
  return (
    toast && { ...toast, title: inEnglish(toast.title), description: toast.description && inEnglish(toast.description) }
  )
}

/**
 * Rescheduling (issue 30; docs/decisions/037-rescheduling.md): the client while free
 * cancellation applies, the practitioner until the session starts (the client then accepts or
 * cancels for a full refund); one transaction claims the new slot and frees the old; the
 * booking keeps its id, payment and price; calendars get the same UID with a higher SEQUENCE.
 * The race for one slot between processes is in slot-race.test.ts.
 */

const HOUR = 60 * 60_000

let practitioner: Awaited<ReturnType<typeof createListedPractitioner>> & { cookie: string }
let freeServiceId: number
let paidServiceId: number
let otherServiceId: number

beforeAll(async () => {
  const made = await createListedPractitioner({ firstName: 'Priya', lastName: 'Mover', timeZone: 'America/Toronto' })
  practitioner = { ...made, cookie: await signIn(made.id) }
  freeServiceId = insertService(practitioner.id, { name: 'Free Chat', priceCents: 0, isFreeIntro: true }).id
  paidServiceId = insertService(practitioner.id, { name: 'Deep Session', priceCents: 6500 }).id
  otherServiceId = insertService(practitioner.id, { name: 'Other Thing', priceCents: 0, isFreeIntro: true }).id
})

const row = (id: number) => getDb().select().from(bookings).where(eq(bookings.id, id)).get()!
const slotBooked = (id: number) => getDb().select().from(timeSlots).where(eq(timeSlots.id, id)).get()!.isBooked
/**
 * The calendar day a time falls on for the practitioner and the client here (Toronto), as the
 * Reschedule page's `?date=` names it; the UTC date is a day later in Toronto's evenings.
 */
const torontoDay = (time: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Toronto',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(time)
/** A slot of the service on the minute (as every real slot is: calendar files count in seconds). */
const slot = (serviceId: number, hoursAhead: number) =>
  insertSlot({
    practitionerId: practitioner.id,
    serviceId,
    startTime: new Date(Math.floor((Date.now() + hoursAhead * HOUR) / 60_000) * 60_000),
  })

async function session({ paid = false, hoursAhead = 72 } = {}) {
  const client = await createUser({ firstName: 'Casey', lastName: 'Client', timeZone: 'America/Toronto' })
  const serviceId = paid ? paidServiceId : freeServiceId
  const first = slot(serviceId, hoursAhead)
  const { id } = await createBooking(client, { serviceId, timeSlotId: first.id })
  if (paid) {
    const { url } = await startCheckout(client, id, ORIGIN)
    payCheckoutSession(url.split('/').pop()!, '4242424242424242')
    await deliverRaisedEvents()
  }
  return { client: { ...client, cookie: await signIn(client.id) }, id, first, serviceId }
}

function icsOf(email: { attachments: { content: string }[] }) {
  const text = Buffer.from(email.attachments[0]!.content, 'base64').toString('utf8')
  const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!
  const event = new ICAL.Event(vevent)
  return { uid: event.uid, sequence: event.sequence, start: event.startDate.toJSDate().getTime() }
}

describe('the client moves their session', () => {
  test('to another open time of the service: same booking, the old time free, the calendar event moved', async () => {
    const { client, id, first } = await session()
    const before = row(id)
    const target = slot(freeServiceId, 96)
    expect(await rescheduleBooking(client, id, target.id)).toEqual({ id, movedBy: 'client' })
    expect(row(id)).toMatchObject({
      id,
      timeSlotId: target.id,
      startTime: target.startTime,
      endTime: target.endTime,
      status: 'confirmed',
      totalAmountCents: before.totalAmountCents,
      sequence: before.sequence + 1,
      movedByPractitionerAt: null,
      rescheduledAt: expect.any(Date),
    })
    expect(slotBooked(target.id)).toBe(true)
    expect(slotBooked(first.id)).toBe(false)

    const email = outbox(client.email).find((e) => e.subject === 'Session moved: Free Chat')!
    expect(email.text).toMatch(/Was: .*\nNow: /)
    expect(icsOf(email)).toEqual({
      uid: `booking-${id}@solace`,
      sequence: before.sequence + 1,
      start: target.startTime.getTime(),
    })
    expect(outbox(practitioner.email).at(-1)).toMatchObject({ subject: 'Booking moved: Free Chat' })
    expect(outbox(practitioner.email).at(-1)!.text).toContain('Casey Client moved "Free Chat" from ')
  })

  test('refusals leave the booking as it was: a time that is gone, the same time, another service, a stranger', async () => {
    const { client, id } = await session()
    const before = row(id)
    const taken = slot(freeServiceId, 100)
    await createBooking(await createUser(), { serviceId: freeServiceId, timeSlotId: taken.id })
    const refusal = (fn: () => Promise<unknown>) =>
      fn().then(
        () => null,
        (error: Error) => error.message,
      )
    expect(await refusal(() => rescheduleBooking(client, id, taken.id))).toBe(SLOT_UNAVAILABLE)
    expect(await refusal(() => rescheduleBooking(client, id, before.timeSlotId!))).toBe(SAME_TIME)
    expect(await refusal(() => rescheduleBooking(client, id, slot(otherServiceId, 100).id))).toBe(SLOT_UNAVAILABLE)
    const stranger = await createUser()
    expect(inEnglish((await refusal(() => rescheduleBooking(stranger, id, slot(freeServiceId, 101).id)))!)).toBe(
      'Booking not found',
    )
    expect(row(id)).toEqual(before)
  })

  test('a paid session inside 24 hours: the client may not move it, the practitioner may', async () => {
    const { client, id } = await session({ paid: true, hoursAhead: 20 })
    const target = slot(paidServiceId, 30)
    const api = (cookie: string, body: unknown) =>
      callApi(rescheduleApi.action, jsonRequest(`/api/bookings/${id}/reschedule`, 'PATCH', body, { cookie }), {
        id: String(id),
      })
    expect(await api(client.cookie, { timeSlotId: target.id })).toMatchObject({
      status: 409,
      body: { message: inEnglish(RESCHEDULE_WINDOW_CLOSED) },
    })
    expect((await api(client.cookie, {})).status).toBe(400)
    expect((await api(await signIn((await createUser()).id), { timeSlotId: target.id })).status).toBe(404)

    const moved = await api(practitioner.cookie, { timeSlotId: target.id })
    expect(moved).toMatchObject({
      status: 200,
      body: {
        booking: {
          id,
          timeSlotId: target.id,
          isPaid: true,
          totalAmount: 65,
          movedByPractitionerAt: expect.any(String),
        },
        message:
          'The session has a new time. Your client is emailed it within a few minutes, and can accept it or cancel for a full refund.',
      },
    })
    const email = outbox(client.email).find((e) => e.subject === 'New time for your session: Deep Session')!
    expect(email.text).toContain(`accept it on your booking's page: http://localhost:`)
    expect(email.text).toContain('cancel it there for a full refund')

    // Until the client answers, cancelling gives everything back, 30 hours ahead or 3.
    expect(previewCancellation(client, id)).toMatchObject({ refundCents: 6500 })
    const page = await bookingPage.loader(
      routeArgs(getRequest(`/bookings/${id}`, { cookie: client.cookie }), { id: String(id) }),
    )
    expect(page.refundPolicy).toBe(MOVED_FULL_REFUND)

    // Accepted: the ordinary policy again.
    const accepted = await bookingPage.action(
      routeArgs(formRequest(`/bookings/${id}`, { intent: 'accept-move' }, { cookie: client.cookie }), {
        id: String(id),
      }),
    )
    expect(englishToast(await readToast(expectRedirect(accepted, `/bookings/${id}`)))).toMatchObject({
      title: 'New time accepted',
    })
    expect(row(id).movedByPractitionerAt).toBeNull()
    expect(() => acceptMove(client, id)).toThrow(NOTHING_TO_ACCEPT)
  })

  test('a started or cancelled session cannot be moved by anyone', async () => {
    const { client, id } = await session()
    getDb().update(bookings).set({ status: 'cancelled', cancellationReason: 'client' }).where(eq(bookings.id, id)).run()
    const cancelled = await rescheduleBooking(practitioner, id, slot(freeServiceId, 120).id).catch(
      (error: Error) => error.message,
    )
    expect(inEnglish(String(cancelled))).toBe('This booking has already been cancelled.')
    getDb()
      .update(bookings)
      .set({ status: 'confirmed', startTime: new Date(Date.now() - HOUR), endTime: new Date(Date.now() + HOUR) })
      .where(eq(bookings.id, id))
      .run()
    await expect(rescheduleBooking(client, id, slot(freeServiceId, 121).id)).rejects.toThrow(STARTED_NOT_MOVABLE)
  })
})

describe('the Reschedule pages', () => {
  test('the client’s: the service’s open times; a choice moves it and lands on the booking', async () => {
    const { client, id } = await session()
    const target = slot(freeServiceId, 150)
    const day = torontoDay(target.startTime)
    const page = await clientReschedule.loader(
      routeArgs(getRequest(`/bookings/${id}/reschedule?date=${day}`, { cookie: client.cookie }), { id: String(id) }),
    )
    expect(page.data).toMatchObject({ side: 'client', closed: null, booking: { id, otherName: 'Priya Mover' } })
    expect(page.data.calendar!.slots.map((s) => s.id)).toContain(target.id)

    const empty = await clientReschedule.action(
      routeArgs(formRequest(`/bookings/${id}/reschedule`, {}, { cookie: client.cookie }), { id: String(id) }),
    )
    expect(formReply(empty).result.error?.timeSlotId?.map(inEnglish)).toEqual(['Please select a time slot'])
    const done = await clientReschedule.action(
      routeArgs(
        formRequest(`/bookings/${id}/reschedule`, { timeSlotId: String(target.id) }, { cookie: client.cookie }),
        {
          id: String(id),
        },
      ),
    )
    expect(englishToast(await readToast(expectRedirect(done, `/bookings/${id}`)))).toMatchObject({
      title: 'Session Rescheduled',
    })
    expect(getClientSessions(client).upcoming.find((s) => s.id === id)).toMatchObject({ canReschedule: true })
  })

  test('a service the public no longer sees still offers its own times to move to', async () => {
    const { client, id } = await session()
    const target = slot(freeServiceId, 170)
    const day = torontoDay(target.startTime)
    updateServiceRow(freeServiceId, { isActive: false })
    try {
      const page = await clientReschedule.loader(
        routeArgs(getRequest(`/bookings/${id}/reschedule?date=${day}`, { cookie: client.cookie }), { id: String(id) }),
      )
      expect(page.data.calendar!.markedDays).toContain(day)
      expect(page.data.calendar!.slots.map((s) => s.id)).toContain(target.id)
      await rescheduleBooking(client, id, target.id)
      expect(row(id).timeSlotId).toBe(target.id)
    } finally {
      updateServiceRow(freeServiceId, { isActive: true })
    }
  })

  test('each side’s page is 404 to the other side and to strangers; a closed window is said, with no times', async () => {
    const { client, id } = await session({ paid: true, hoursAhead: 10 })
    const load = (module: typeof clientReschedule, path: string, cookie: string) =>
      settle(() => module.loader(routeArgs(getRequest(path, { cookie }), { id: String(id) })))
    expect(await load(practitionerReschedule, `/practitioner/bookings/${id}/reschedule`, client.cookie)).toMatchObject({
      status: 302,
    })
    const stranger = await createListedPractitioner()
    expect(
      await load(practitionerReschedule, `/practitioner/bookings/${id}/reschedule`, await signIn(stranger.id)),
    ).toMatchObject({ status: 404 })
    expect(await load(clientReschedule, `/bookings/${id}/reschedule`, practitioner.cookie)).toMatchObject({
      status: 404,
    })
    const closed = (await load(clientReschedule, `/bookings/${id}/reschedule`, client.cookie)) as Awaited<
      ReturnType<typeof clientReschedule.loader>
    >
    expect(closed.data).toMatchObject({ closed: RESCHEDULE_WINDOW_CLOSED, calendar: null })
    const open = (await load(
      practitionerReschedule,
      `/practitioner/bookings/${id}/reschedule`,
      practitioner.cookie,
    )) as Awaited<ReturnType<typeof practitionerReschedule.loader>>
    expect(open.data).toMatchObject({ side: 'practitioner', closed: null, booking: { otherName: 'Casey Client' } })
  })
})

describe('moves are bounded, and close ones send one email (issue 41)', () => {
  const api = (cookie: string, id: number, timeSlotId: number) =>
    callApi(rescheduleApi.action, jsonRequest(`/api/bookings/${id}/reschedule`, 'PATCH', { timeSlotId }, { cookie }), {
      id: String(id),
    })
  const span = (time: { startTime: Date; endTime: Date }) =>
    sessionSpan({ startTime: time.startTime, endTime: time.endTime, timeZone: 'America/Toronto' })

  test(`a booking moves at most ${MAX_MOVES} times: the next is refused with the message, by the API and both pages`, async () => {
    const { client, id } = await session()
    await rescheduleBooking(client, id, slot(freeServiceId, 200).id)
    await rescheduleBooking(practitioner, id, slot(freeServiceId, 201).id)
    expect((await api(client.cookie, id, slot(freeServiceId, 202).id)).status).toBe(200)
    const before = row(id)
    expect(before.moveCount).toBe(MAX_MOVES)

    const target = slot(freeServiceId, 203)
    expect(await api(client.cookie, id, target.id)).toMatchObject({
      status: 409,
      body: { message: inEnglish(TOO_MANY_MOVES) },
    })
    expect(await api(practitioner.cookie, id, target.id)).toMatchObject({
      status: 409,
      body: { message: inEnglish(TOO_MANY_MOVES) },
    })
    const screen = await practitionerReschedule.action(
      routeArgs(
        formRequest(
          `/practitioner/bookings/${id}/reschedule`,
          { timeSlotId: String(target.id) },
          { cookie: practitioner.cookie },
        ),
        { id: String(id) },
      ),
    )
    expect(formReply(screen).result.error).toMatchObject({ '': [TOO_MANY_MOVES] })
    const page = await clientReschedule.loader(
      routeArgs(getRequest(`/bookings/${id}/reschedule`, { cookie: client.cookie }), { id: String(id) }),
    )
    expect(page.data).toMatchObject({ closed: TOO_MANY_MOVES, calendar: null })
    expect(row(id)).toEqual(before)
    expect(slotBooked(target.id)).toBe(false)
  })

  test('two quick moves: one email each side, from the time last told of to the latest; a later move its own', async () => {
    const { client, id } = await session()
    const original = row(id)
    const moves = () => outbox(client.email).filter((e) => e.subject === 'Session moved: Free Chat')
    const since = outbox().at(-1)!.id
    const notices = () =>
      outbox(practitioner.email).filter((e) => e.id > since && e.subject === 'Booking moved: Free Chat')
    const now = Date.now()
    const first = slot(freeServiceId, 210)
    const second = slot(freeServiceId, 211)
    await rescheduleBooking(client, id, first.id, { now: new Date(now) })
    await rescheduleBooking(client, id, second.id, { now: new Date(now + 30_000) })

    expect(moves()).toHaveLength(1)
    const [email] = moves()
    expect(email!.text).toContain(`Was: ${span(original)}\nNow: ${span(second)}`)
    expect(icsOf(email!)).toMatchObject({ sequence: original.sequence + 2, start: second.startTime.getTime() })
    expect(email).toMatchObject({ status: 'queued', nextAttemptAt: new Date(now + 30_000 + MOVE_EMAIL_QUIET_MS) })
    expect(notices()).toHaveLength(1)
    expect(notices()[0]!.text).toContain(`to ${span(second)}.`)

    // Once it went, the next move is news of its own, from the time that email told of.
    await deliverQueuedEmails(new Date(now + 30_000 + MOVE_EMAIL_QUIET_MS))
    expect(moves()[0]!.status).toBe('logged')
    const third = slot(freeServiceId, 212)
    await rescheduleBooking(client, id, third.id, { now: new Date(now + 10 * 60_000) })
    expect(moves()).toHaveLength(2)
    expect(moves()[1]!.text).toContain(`Was: ${span(second)}\nNow: ${span(third)}`)
    expect(moves()[0]!.text).toContain(`Now: ${span(second)}`)
  })

  test('a waiting email a delivery has taken up is never rewritten: the next move sends its own', async () => {
    const { client, id } = await session()
    const moves = () => outbox(client.email).filter((e) => e.subject === 'Session moved: Free Chat')
    const first = slot(freeServiceId, 230)
    await rescheduleBooking(client, id, first.id)
    // A delivery claimed it (as deliverQueuedEmails does) and has not answered yet.
    getDb()
      .update(emailOutbox)
      .set({ status: 'sending', attempts: 1, claimedAt: new Date() })
      .where(eq(emailOutbox.id, moves()[0]!.id))
      .run()
    const claimed = moves()[0]!
    const second = slot(freeServiceId, 231)
    await rescheduleBooking(client, id, second.id)
    expect(moves()).toHaveLength(2)
    expect(moves()[0]).toEqual(claimed)
    expect(moves()[1]!.text).toContain(`Was: ${span(first)}\nNow: ${span(second)}`)
  })

  test('a booking cancelled while its move email waits: that email never goes', async () => {
    const { client, id } = await session()
    await rescheduleBooking(client, id, slot(freeServiceId, 220).id)
    expect(outbox(client.email).filter((e) => e.subject === 'Session moved: Free Chat')).toHaveLength(1)
    await cancelBooking(client, id)
    expect(outbox(client.email).filter((e) => e.subject === 'Session moved: Free Chat')).toHaveLength(0)
    expect(outbox(client.email).at(-1)!.subject).toMatch(/cancel/i)
  })
})

describe('a practitioner’s message with the new time (issue 42)', () => {
  const api = (cookie: string, id: number, body: unknown) =>
    callApi(rescheduleApi.action, jsonRequest(`/api/bookings/${id}/reschedule`, 'PATCH', body, { cookie }), {
      id: String(id),
    })
  const newTimes = (email: string) => outbox(email).filter((e) => e.subject === 'New time for your session: Free Chat')
  const pageOf = async (client: { cookie: string }, id: number) =>
    bookingPage.loader(routeArgs(getRequest(`/bookings/${id}`, { cookie: client.cookie }), { id: String(id) }))

  test('kept while the move waits, shown on the booking, in the email (the latest of close moves), gone once accepted', async () => {
    const { client, id } = await session()
    const first = 'Sorry, a clash came up.\nThe new time is the same length.'
    const moved = await api(practitioner.cookie, id, { timeSlotId: slot(freeServiceId, 300).id, message: first })
    expect(moved).toMatchObject({ status: 200, body: { booking: { moveMessage: first } } })
    expect(row(id).moveMessage).toBe(first)
    expect((await pageOf(client, id)).booking).toMatchObject({ moveMessage: first })

    // A second move close after: one email, with the latest message only.
    const latest = 'Actually, this one suits better. <b>Thanks</b>'
    await api(practitioner.cookie, id, { timeSlotId: slot(freeServiceId, 301).id, message: latest })
    expect(newTimes(client.email)).toHaveLength(1)
    const { text } = newTimes(client.email)[0]!
    expect(text).toContain(`Priya Mover wrote:\n> ${latest}\n`)
    expect(text).not.toContain('clash')

    await bookingPage.action(
      routeArgs(formRequest(`/bookings/${id}`, { intent: 'accept-move' }, { cookie: client.cookie }), {
        id: String(id),
      }),
    )
    expect(row(id).moveMessage).toBeNull()
    expect((await pageOf(client, id)).booking).toMatchObject({ moveMessage: null })
  })

  test('a move without one clears the last; the client’s own move clears it; a cleared field is none', async () => {
    const { id } = await session()
    await rescheduleBooking(practitioner, id, slot(freeServiceId, 310).id, { message: 'First note' })
    expect(row(id).moveMessage).toBe('First note')
    expect((await api(practitioner.cookie, id, { timeSlotId: slot(freeServiceId, 311).id, message: '' })).status).toBe(
      200,
    )
    expect(row(id)).toMatchObject({ moveMessage: null, movedByPractitionerAt: expect.any(Date) })

    const other = await session()
    await rescheduleBooking(practitioner, other.id, slot(freeServiceId, 312).id, { message: 'Second note' })
    const own = await api(other.client.cookie, other.id, { timeSlotId: slot(freeServiceId, 313).id, message: '' })
    expect(own.status).toBe(200)
    expect(row(other.id)).toMatchObject({ moveMessage: null, movedByPractitionerAt: null })
  })

  test('refused: from the client, over 500 characters, hidden control characters; the booking as it was', async () => {
    const { client, id } = await session()
    const before = row(id)
    const target = slot(freeServiceId, 320)
    expect(await api(client.cookie, id, { timeSlotId: target.id, message: 'Please' })).toMatchObject({
      status: 400,
      body: { message: inEnglish(MOVE_MESSAGE_PRACTITIONER_ONLY) },
    })
    expect(await api(practitioner.cookie, id, { timeSlotId: target.id, message: 'x'.repeat(501) })).toMatchObject({
      status: 400,
      body: { message: inEnglish(MOVE_MESSAGE_TOO_LONG) },
    })
    expect((await api(practitioner.cookie, id, { timeSlotId: target.id, message: 'a\u0007b' })).status).toBe(400)
    expect((await api(practitioner.cookie, id, { timeSlotId: target.id, message: 42 })).status).toBe(400)
    expect(row(id)).toEqual(before)
    expect(slotBooked(target.id)).toBe(false)
    // Exactly 500 is fine, a form's CRLF line breaks counted (and kept) as one.
    const longest = `${'y'.repeat(249)}\r\n${'y'.repeat(250)}`
    expect((await api(practitioner.cookie, id, { timeSlotId: target.id, message: longest })).status).toBe(200)
    expect(row(id).moveMessage).toBe(longest.replace('\r\n', '\n'))
  })

  test('the practitioner’s page sends it; a refused move gives back what was written', async () => {
    const { client, id } = await session()
    const post = (fields: Record<string, string>) =>
      practitionerReschedule.action(
        routeArgs(formRequest(`/practitioner/bookings/${id}/reschedule`, fields, { cookie: practitioner.cookie }), {
          id: String(id),
        }),
      )
    const gone = slot(freeServiceId, 330)
    getDb().update(timeSlots).set({ isBooked: true }).where(eq(timeSlots.id, gone.id)).run()
    const refused = formReply(await post({ timeSlotId: String(gone.id), message: 'See you then' }))
    expect(refused.result.error).toMatchObject({ '': [SLOT_UNAVAILABLE] })
    expect(refused.result.initialValue).toMatchObject({ message: 'See you then' })
    const tooLong = formReply(await post({ timeSlotId: String(gone.id), message: 'z'.repeat(501) }))
    expect(tooLong.result.error).toMatchObject({ message: [MOVE_MESSAGE_TOO_LONG] })

    expectRedirect(
      await post({ timeSlotId: String(slot(freeServiceId, 331).id), message: 'See you then' }),
      '/practitioner/dashboard',
    )
    expect(row(id).moveMessage).toBe('See you then')
    const client2 = await clientReschedule.action(
      routeArgs(
        formRequest(
          `/bookings/${id}/reschedule`,
          { timeSlotId: String(slot(freeServiceId, 332).id), message: 'Hi' },
          { cookie: client.cookie },
        ),
        { id: String(id) },
      ),
    )
    expect(formReply(client2).result.error).toMatchObject({ message: [MOVE_MESSAGE_PRACTITIONER_ONLY] })
  })
})
