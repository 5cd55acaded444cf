import { eq } from 'drizzle-orm'
import ICAL from 'ical.js'
import { beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { bookings, skippedWeeklySlots, timeSlots } from '~/db/schema'
import { payCheckoutSession } from '~/integrations/stripe-emulator/payments.server'
import { createBooking, STARTED_NOT_CANCELLABLE } from '~/models/booking/booking.server'
import { getClientSessions } from '~/models/booking/client-sessions.server'
import { startCheckout } from '~/models/booking/payments.server'
import { CANCEL_REASON_REQUIRED } from '~/models/booking/practitioner-cancel'
import { cancelAsPractitioner } from '~/models/booking/practitioner-cancel.server'
import * as deleteAccountApi from '~/routes/api.auth.delete-account'
import * as cancelApi from '~/routes/api.bookings.$id.cancel'
import * as dashboard from '~/routes/practitioner.dashboard'
import {
  callApi,
  createListedPractitioner,
  createUser,
  deliverRaisedEvents,
  expectRedirect,
  formReply,
  formRequest,
  getRequest,
  insertBooking,
  insertService,
  insertSlot,
  jsonRequest,
  ORIGIN,
  outbox,
  PASSWORD,
  readToast,
  routeArgs,
  signIn,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'
import { shownToast } from '../helpers/practice-i18n'

/**
 * A practitioner calls off a client's session (issue 30, "Practitioner cancellations"): with a
 * reason the client is emailed, a refund in full whatever the client's policy would give, the
 * time open again unless kept closed; on the dashboard's dialog and on
 * `PATCH /api/bookings/:id/cancel`.
 */

const HOUR = 60 * 60_000

let practitioner: Awaited<ReturnType<typeof createListedPractitioner>> & { cookie: string }
let paidServiceId: number
let freeServiceId: number

beforeAll(async () => {
  const made = await createListedPractitioner({ firstName: 'Priya', lastName: 'Cancel', timeZone: 'America/Toronto' })
  practitioner = { ...made, cookie: await signIn(made.id) }
  paidServiceId = insertService(practitioner.id, { name: 'Deep Session', priceCents: 6500 }).id
  freeServiceId = insertService(practitioner.id, { name: 'Intro Call', priceCents: 0, isFreeIntro: true }).id
})

function bookingRow(id: number) {
  return getDb().select().from(bookings).where(eq(bookings.id, id)).get()!
}

function slotRow(id: number) {
  return getDb().select().from(timeSlots).where(eq(timeSlots.id, id)).get()
}

async function clientWithSession({ paid = true, startsInHours = 20 } = {}) {
  const client = await createUser({ firstName: 'Casey', lastName: 'Client', timeZone: 'America/Toronto' })
  const serviceId = paid ? paidServiceId : freeServiceId
  const slot = insertSlot({
    practitionerId: practitioner.id,
    serviceId,
    startTime: new Date(Date.now() + startsInHours * HOUR),
  })
  const { id } = await createBooking(client, { serviceId, timeSlotId: slot.id })
  if (paid) {
    const { url } = await startCheckout(client, id, ORIGIN)
    payCheckoutSession(url.split('/').pop()!, '4242424242424242')
    await deliverRaisedEvents()
  }
  return { client: { ...client, cookie: await signIn(client.id) }, id, slot }
}

describe('cancelling from the dashboard', () => {
  test('20 hours ahead, paid: refunded in full all the same, the reason emailed, the time open again', async () => {
    const { client, id, slot } = await clientWithSession()
    const page = await dashboard.loader(
      routeArgs(getRequest(`/practitioner/dashboard?cancel=${id}`, { cookie: practitioner.cookie })),
    )
    expect(page.cancelling).toMatchObject({ id, serviceName: 'Deep Session', clientName: 'Casey Client', refund: 65 })

    const answer = await dashboard.action(
      routeArgs(
        formRequest(
          `/practitioner/dashboard?cancel=${id}`,
          { intent: 'cancel-session', bookingId: String(id), reason: 'I am unwell today.\nSorry!' },
          { cookie: practitioner.cookie },
        ),
      ),
    )
    expect(shownToast(await readToast(expectRedirect(answer, '/practitioner/dashboard')))).toMatchObject({
      title: 'Session Cancelled',
      description: 'The session is cancelled and your client is refunded in full. We have emailed them your reason.',
    })
    expect(bookingRow(id)).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'practitioner',
      cancellationNote: 'I am unwell today.\nSorry!',
      sequence: 2, // confirmed by the payment, then cancelled
    })
    expect(slotRow(slot.id)?.isBooked).toBe(false)

    const email = outbox(client.email).find((e) => e.subject === 'Session cancelled: Deep Session')!
    expect(email.text).toContain('Priya Cancel has cancelled your session "Deep Session"')
    expect(email.text).toContain('Their reason: I am unwell today.\nSorry!')
    expect(email.text).toContain('We have refunded the full $65.00 CAD to your card.')
    const ics = Buffer.from(email.attachments[0]!.content, 'base64').toString('utf8')
    const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED')
    expect(vevent.getFirstPropertyValue('sequence')).toBe(2)

    // The refund's events land after: the booking stays the practitioner's cancellation.
    expect((await deliverRaisedEvents()).map((e) => e.type)).toEqual(['charge.refunded', 'transfer.reversed'])
    expect(bookingRow(id)).toMatchObject({ cancellationReason: 'practitioner', refundedAmountCents: 6500 })

    // The client's dashboard says who cancelled it and why.
    const cancelled = getClientSessions(client).cancelled.find((s) => s.id === id)
    expect(cancelled).toMatchObject({
      cancellationReason: 'practitioner',
      cancellationNote: 'I am unwell today.\nSorry!',
    })
  })

  test('a reason is required; the dialog keeps what was typed and the booking stays', async () => {
    const { id } = await clientWithSession({ paid: false })
    const answer = await dashboard.action(
      routeArgs(
        formRequest(
          `/practitioner/dashboard?cancel=${id}`,
          { intent: 'cancel-session', bookingId: String(id), reason: '   ', keepSlotClosed: 'on' },
          { cookie: practitioner.cookie },
        ),
      ),
    )
    expect(formReply(answer)).toMatchObject({
      status: 400,
      result: { status: 'error', error: { reason: [CANCEL_REASON_REQUIRED] }, initialValue: { keepSlotClosed: 'on' } },
    })
    expect(bookingRow(id).status).toBe('confirmed')
  })

  test('kept closed: the time is gone from the calendar, and a generated one is not made again', async () => {
    const { client, id, slot } = await clientWithSession({ paid: false, startsInHours: 30 })
    getDb().update(timeSlots).set({ isGenerated: true }).where(eq(timeSlots.id, slot.id)).run()
    const result = await cancelAsPractitioner(practitioner, id, { reason: 'Away that day', keepSlotClosed: true })
    expect(result).toEqual({ id, status: 'cancelled', refundAmount: 0 })
    expect(slotRow(slot.id)).toBeUndefined()
    expect(bookingRow(id)).toMatchObject({ status: 'cancelled', timeSlotId: null })
    expect(
      getDb().select().from(skippedWeeklySlots).where(eq(skippedWeeklySlots.practitionerId, practitioner.id)).all(),
    ).toEqual([expect.objectContaining({ startTime: slot.startTime })])
    expect(outbox(client.email).at(-1)?.text).toContain('Nothing was charged for this session.')
  })
})

describe('PATCH /api/bookings/:id/cancel as the practitioner', () => {
  const cancel = (id: number, cookie: string, body?: unknown) =>
    callApi(cancelApi.action, jsonRequest(`/api/bookings/${id}/cancel`, 'PATCH', body ?? {}, { cookie }), {
      id: String(id),
    })

  test('{ reason } cancels with a full refund; no reason is 400; another practitioner’s is 404; a started one 409', async () => {
    const { id } = await clientWithSession({ startsInHours: 10 })
    expect(await cancel(id, practitioner.cookie, {})).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining(inEnglish(CANCEL_REASON_REQUIRED)) },
    })
    const other = await createListedPractitioner()
    expect((await cancel(id, await signIn(other.id), { reason: 'Mine now' })).status).toBe(404)
    expect(await cancel(id, practitioner.cookie, { reason: 'Family emergency', keepSlotClosed: false })).toMatchObject({
      status: 200,
      body: {
        id,
        status: 'cancelled',
        refundAmount: 65,
        message: 'The session is cancelled and your client is refunded in full. We have emailed them your reason.',
      },
    })
    await deliverRaisedEvents()

    const started = insertBooking({
      clientId: (await createUser()).id,
      practitionerId: practitioner.id,
      serviceId: freeServiceId,
      startsInHours: -0.5,
    })
    expect(await cancel(started.id, practitioner.cookie, { reason: 'Too late' })).toMatchObject({
      status: 409,
      body: { message: inEnglish(STARTED_NOT_CANCELLABLE) },
    })
  })

  test('cancelling every session clears the way to deleting the account', async () => {
    const leaving = await createListedPractitioner({ firstName: 'Lee', lastName: 'Leaving' })
    const cookie = await signIn(leaving.id)
    const serviceId = insertService(leaving.id, { name: 'Last Call', priceCents: 0, isFreeIntro: true }).id
    const client = await createUser()
    const slot = insertSlot({ practitionerId: leaving.id, serviceId, startTime: new Date(Date.now() + 50 * HOUR) })
    const { id } = await createBooking(client, { serviceId, timeSlotId: slot.id })
    const remove = () =>
      callApi(
        deleteAccountApi.action,
        jsonRequest('/api/auth/delete-account', 'DELETE', { password: PASSWORD }, { cookie }),
      )
    expect((await remove()).status).toBe(409)
    expect((await cancel(id, cookie, { reason: 'I am closing my practice.' })).status).toBe(200)
    expect((await remove()).status).toBe(200)
  })
})
