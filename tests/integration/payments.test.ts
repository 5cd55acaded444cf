import { eq } from 'drizzle-orm'
import { http, HttpResponse } from 'msw'
import { beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { bookings, payouts, stripeEvents, timeSlots } from '~/db/schema'
import {
  cancelPaymentIntent,
  confirmPaymentIntent,
  DECLINED_TEST_CARD,
  payCheckoutSession,
  type Charge,
  type Transfer,
} from '~/integrations/stripe-emulator/payments.server'
import { findObject } from '~/integrations/stripe-emulator/store.server'
import { webhookSecret } from '~/integrations/stripe.server'
import { sweepBookings } from '~/jobs/maintenance.server'
import { HOLD_EXPIRED, HOLD_LAPSED } from '~/models/booking/booking'
import { cancelBooking, createBooking, REFUND_FAILED } from '~/models/booking/booking.server'
import { getClientSessions } from '~/models/booking/client-sessions.server'
import { getBookingConfirmation } from '~/models/booking/confirmation.server'
import {
  completeEndedSessions,
  preparePaymentIntent,
  releaseLapsedHolds,
  startCheckout,
} from '~/models/booking/payments.server'
import * as dashboard from '~/routes/_client.client-dashboard'
import * as checkoutPage from '~/routes/_public.checkout'
import * as paymentSuccess from '~/routes/_public.payment-success'
import * as servicePage from '~/routes/_public.services.$id'
import * as paymentIntentApi from '~/routes/api.create-payment-intent'
import * as createCheckoutApi from '~/routes/api.stripe.create-checkout'
import * as calendarFile from '~/routes/bookings.$id.calendar[.ics]'
import {
  callApi,
  createListedPractitioner,
  createUser,
  deliverEvent,
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
  raisedEvents,
  readToast,
  refusal,
  routeArgs,
  settle,
  signIn,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'
import { mockServer } from '../mocks/server'

/** A toast as an English reader sees it: its words are catalogue keys until shown. */
function englishToast(toast: { title: string; description?: string } | null | undefined) {
  return (
    toast && { ...toast, title: inEnglish(toast.title), description: toast.description && inEnglish(toast.description) }
  )
}

/**
 * Paying for a booking end to end against the payments emulator (the same msw handlers the
 * offline app runs on): Checkout and the Payment Element, every webhook event twice, out of
 * order and forged, holds running out, late payments, and cancellations with their refunds.
 */

const HOUR = 60 * 60 * 1000
const MINUTE = 60 * 1000

let practitioner: Awaited<ReturnType<typeof createListedPractitioner>>
let serviceId: number

function future(hours = 72) {
  return new Date(Date.now() + hours * HOUR)
}

function bookingRow(id: number) {
  return getDb().select().from(bookings).where(eq(bookings.id, id)).get()!
}

function slotBooked(id: number) {
  return getDb().select().from(timeSlots).where(eq(timeSlots.id, id)).get()!.isBooked
}

function payoutsOf(bookingId: number) {
  return getDb().select().from(payouts).where(eq(payouts.bookingId, bookingId)).all()
}

async function newClient(firstName = 'Casey') {
  const user = await createUser({ firstName, lastName: 'Client' })
  return { ...user, cookie: await signIn(user.id) }
}

/** A client with a pending paid booking (6500 cents) and its Checkout session. */
async function pendingBooking(startsInHours = 72) {
  const client = await newClient()
  const slot = insertSlot({ practitionerId: practitioner.id, serviceId, startTime: future(startsInHours), minutes: 60 })
  const { id } = await createBooking(client, { serviceId, timeSlotId: slot.id })
  const { url } = await startCheckout(client, id, ORIGIN)
  const sessionId = url.split('/').pop()!
  return { client, slot, id, sessionId, url }
}

/** The same, paid through Checkout with its events delivered. */
async function paidBooking(startsInHours = 72) {
  const booked = await pendingBooking(startsInHours)
  payCheckoutSession(booked.sessionId, '4242424242424242')
  await deliverRaisedEvents()
  return booked
}

beforeAll(async () => {
  practitioner = await createListedPractitioner({ firstName: 'Priya', lastName: 'Sharma' })
  serviceId = insertService(practitioner.id, { name: 'Deep Session', priceCents: 6500, durationMinutes: 60 }).id
  raisedEvents()
})

describe('paying through Checkout', () => {
  test('the Checkout session is a 5% destination charge to the practitioner, held 30 minutes', async () => {
    const { id, sessionId } = await pendingBooking()
    const session = findObject<{
      id: string
      object: string
      amount_total: number
      currency: string
      expires_at: number
      metadata: Record<string, string>
      success_url: string
      cancel_url: string
      payment_intent_data: {
        application_fee_amount: number
        transfer_data: { destination: string }
        metadata: Record<string, string>
      }
    }>(sessionId)!
    expect(session).toMatchObject({
      amount_total: 6500,
      currency: 'cad',
      metadata: { bookingId: String(id) },
      success_url: `${ORIGIN}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ORIGIN}/client-dashboard?payment=cancelled`,
      payment_intent_data: {
        application_fee_amount: 325,
        transfer_data: { destination: practitioner.stripeAccountId },
        metadata: { bookingId: String(id) },
      },
    })
    const hold = bookingRow(id).holdExpiresAt!.getTime()
    expect(session.expires_at * 1000).toBe(Math.floor(hold / 1000) * 1000)
    expect(hold - Date.now()).toBeGreaterThanOrEqual(30 * MINUTE)
  })

  test('paying confirms the booking once: fee split in cents, transfer recorded, one email', async () => {
    const { client, id, slot, sessionId } = await pendingBooking()
    payCheckoutSession(sessionId, '4242 4242 4242 4242')
    const events = raisedEvents()
    expect(events.map((e) => e.type)).toEqual([
      'payment_intent.succeeded',
      'transfer.created',
      'checkout.session.completed',
    ])

    for (const event of events) expect((await deliverEvent(event)).body).toEqual({ received: true, result: 'applied' })
    const booking = bookingRow(id)
    expect(booking).toMatchObject({
      status: 'confirmed',
      isPaid: true,
      totalAmountCents: 6500,
      platformFeeCents: 325,
      practitionerAmountCents: 6175,
      holdExpiresAt: null,
    })
    expect(booking.platformFeeCents + booking.practitionerAmountCents).toBe(booking.totalAmountCents)
    expect(booking.stripePaymentIntentId).toMatch(/^pi_/)
    expect(slotBooked(slot.id)).toBe(true)
    expect(payoutsOf(id)).toMatchObject([{ practitionerId: practitioner.id, amountCents: 6175, status: 'paid' }])
    const emails = outbox(client.email)
    expect(emails.map((e) => e.subject)).toEqual(['Booking confirmed: Deep Session'])
    expect(emails[0]!.attachments[0]).toMatchObject({
      filename: 'session.ics',
      contentType: 'text/calendar; method=REQUEST',
    })
    expect(emails[0]!.text).toContain('Paid: $65.00 CAD')
    // The practitioner hears of it once it is paid, not when it was only held.
    const told = () => outbox(practitioner.email).filter((email) => email.text.includes(`${client.firstName} Client`))
    expect(told().map((email) => email.subject)).toEqual(['New booking: Deep Session'])

    // Stripe delivers at least once: every event again changes nothing.
    for (const event of events)
      expect((await deliverEvent(event)).body).toEqual({ received: true, result: 'duplicate' })
    expect(outbox(client.email)).toHaveLength(1)
    expect(told()).toHaveLength(1)
    expect(payoutsOf(id)).toHaveLength(1)
    expect(getDb().select().from(stripeEvents).where(eq(stripeEvents.id, events[0]!.id)).all()).toHaveLength(1)
  })

  test('events in any order give the same result', async () => {
    const { client, id, sessionId } = await pendingBooking()
    payCheckoutSession(sessionId, '4242424242424242')
    const events = raisedEvents().reverse()
    for (const event of events) expect((await deliverEvent(event)).body).toEqual({ received: true, result: 'applied' })
    expect(bookingRow(id)).toMatchObject({ status: 'confirmed', isPaid: true })
    expect(payoutsOf(id)).toHaveLength(1)
    expect(outbox(client.email)).toHaveLength(1)
  })

  test('a forged, missing or wrongly signed event is refused with 400 and changes nothing', async () => {
    const { id, sessionId } = await pendingBooking()
    payCheckoutSession(sessionId, '4242424242424242')
    const events = raisedEvents()
    const completed = events.find((e) => e.type === 'checkout.session.completed')!
    expect(await deliverEvent(completed, { secret: 'whsec_someone_else' })).toMatchObject({
      status: 400,
      body: { message: 'Invalid payment event signature' },
    })
    expect((await deliverEvent(completed, { signature: null })).status).toBe(400)
    expect((await deliverEvent(completed, { signature: 't=1,v1=deadbeef' })).status).toBe(400)
    // The secret the emulator once had in its source is no one's now.
    expect((await deliverEvent(completed, { secret: 'whsec_emulated_local_only' })).status).toBe(400)
    expect(bookingRow(id)).toMatchObject({ status: 'pending', isPaid: false })
    expect(getDb().select().from(stripeEvents).where(eq(stripeEvents.id, completed.id)).all()).toHaveLength(0)
    for (const event of events) {
      expect(await deliverEvent(event, { secret: webhookSecret() })).toMatchObject({
        status: 200,
        body: { received: true, result: 'applied' },
      })
    }
    expect(bookingRow(id).status).toBe('confirmed')
  })

  test('the payment page shows the state the webhook set, never confirming by itself', async () => {
    const { client, id, sessionId } = await pendingBooking()
    const page = () =>
      paymentSuccess.loader(
        routeArgs(getRequest(`/payment-success?session_id=${sessionId}`, { cookie: client.cookie })),
      )
    expect(await page()).toMatchObject({ state: 'processing', booking: { id } })
    payCheckoutSession(sessionId, '4242424242424242')
    expect(await page()).toMatchObject({ state: 'processing' })
    await deliverRaisedEvents()
    // Paid: on to the booking's confirmation page, with the toast.
    const paid = expectRedirect(await settle(page), `/bookings/${id}`)
    expect(englishToast(await readToast(paid))).toMatchObject({ type: 'success', title: 'Payment successful!' })
    // Someone else's return link shows nothing of the booking.
    const stranger = await newClient('Sam')
    expect(
      await paymentSuccess.loader(
        routeArgs(getRequest(`/payment-success?session_id=${sessionId}`, { cookie: stranger.cookie })),
      ),
    ).toMatchObject({ state: 'unknown', booking: null })
  })

  test('an open Checkout session is reused; a paid booking cannot be paid again', async () => {
    const { client, id, url } = await pendingBooking()
    const post = (bookingId: unknown, cookie?: string) =>
      callApi(createCheckoutApi.action, jsonRequest('/api/stripe/create-checkout', 'POST', { bookingId }, { cookie }))
    expect(await post(id, client.cookie)).toEqual(expect.objectContaining({ status: 200, body: { url } }))
    expect((await post(id)).status).toBe(401)
    const stranger = await newClient('Sam')
    expect(await post(id, stranger.cookie)).toMatchObject({ status: 404, body: { message: 'Booking not found' } })
    expect(await post('nope', client.cookie)).toMatchObject({ status: 400, body: { message: 'Invalid Booking' } })

    payCheckoutSession(url.split('/').pop()!, '4242424242424242')
    await deliverRaisedEvents()
    expect(await post(id, client.cookie)).toMatchObject({
      status: 409,
      body: { message: 'This booking is already paid.' },
    })
    const get = await callApi(
      createCheckoutApi.loader,
      getRequest('/api/stripe/create-checkout', { cookie: client.cookie }),
    )
    expect(get.status).toBe(405)
  })
})

test('when Stripe cannot open a checkout, the booking page says so and the time is freed', async () => {
  const client = await newClient()
  const slot = insertSlot({ practitionerId: practitioner.id, serviceId, startTime: future(), minutes: 60 })
  mockServer.use(
    http.post('https://api.stripe.com/v1/checkout/sessions', () =>
      HttpResponse.json({ error: { type: 'invalid_request_error', message: 'Not today' } }, { status: 400 }),
    ),
  )
  const reply = formReply(
    await servicePage.action(
      routeArgs(
        formRequest(
          `/services/${serviceId}`,
          { timeSlotId: String(slot.id), enhanced: 'true' },
          { cookie: client.cookie },
        ),
        {
          id: String(serviceId),
        },
      ),
    ),
  )
  expect(reply).toMatchObject({ status: 502 })
  expect(englishToast(reply.toast)).toMatchObject({
    type: 'error',
    title: 'Payment setup failed',
    description: 'Unable to process payment. Please try again.',
  })
  expect(inEnglish(reply.toast!.title)).toBe('Payment setup failed')
  const [booking] = getDb().select().from(bookings).where(eq(bookings.timeSlotId, slot.id)).all()
  expect(booking).toMatchObject({ status: 'cancelled', cancellationReason: 'payment_failed' })
  expect(slotBooked(slot.id)).toBe(false)
})

describe('when Stripe cannot open a checkout on the other paths, the time is freed too', () => {
  function refuseCheckouts() {
    mockServer.use(
      http.post('https://api.stripe.com/v1/checkout/sessions', () =>
        HttpResponse.json({ error: { type: 'api_error', message: 'Stripe is down' } }, { status: 500 }),
      ),
    )
  }

  test('POST /api/stripe/create-checkout: 502, the booking released, and booking again works', async () => {
    const client = await newClient()
    const slot = insertSlot({ practitionerId: practitioner.id, serviceId, startTime: future(), minutes: 60 })
    const { id } = await createBooking(client, { serviceId, timeSlotId: slot.id })
    refuseCheckouts()
    const reply = await callApi(
      createCheckoutApi.action,
      jsonRequest('/api/stripe/create-checkout', 'POST', { bookingId: id }, { cookie: client.cookie }),
    )
    expect(reply).toMatchObject({ status: 502, body: { message: 'Unable to process payment. Please try again.' } })
    expect(bookingRow(id)).toMatchObject({ status: 'cancelled', cancellationReason: 'payment_failed' })
    expect(slotBooked(slot.id)).toBe(false)
    const again = await createBooking(client, { serviceId, timeSlotId: slot.id })
    expect(again.id).not.toBe(id)
    expect(slotBooked(slot.id)).toBe(true)
  })

  test('the payment page: back to the dashboard with the reason, the booking released', async () => {
    const client = await newClient()
    const slot = insertSlot({ practitionerId: practitioner.id, serviceId, startTime: future(), minutes: 60 })
    const { id } = await createBooking(client, { serviceId, timeSlotId: slot.id })
    refuseCheckouts()
    const answer = await checkoutPage.action(
      routeArgs(formRequest('/checkout', { bookingId: String(id), intent: 'hosted' }, { cookie: client.cookie })),
    )
    const response = expectRedirect(answer, '/client-dashboard')
    expect(englishToast(await readToast(response))).toMatchObject({
      type: 'error',
      title: 'Payment setup failed',
      description: 'Unable to process payment. Please try again.',
    })
    expect(bookingRow(id)).toMatchObject({ status: 'cancelled', cancellationReason: 'payment_failed' })
    expect(slotBooked(slot.id)).toBe(false)
  })
})

test('a hold that ran out while the payment page was open: back to that page, which says so', async () => {
  const { client, id } = await pendingBooking()
  getDb()
    .update(bookings)
    .set({ holdExpiresAt: new Date(Date.now() - 1000) })
    .where(eq(bookings.id, id))
    .run()
  const answer = await checkoutPage.action(
    routeArgs(formRequest('/checkout', { bookingId: String(id), intent: 'hosted' }, { cookie: client.cookie })),
  )
  const response = expectRedirect(answer, `/checkout?bookingId=${id}`)
  expect(await readToast(response)).toEqual({ type: 'error', title: HOLD_EXPIRED, description: HOLD_LAPSED })
  // The sweeper's work, done now: the other tests count the holds it releases.
  expect(releaseLapsedHolds(new Date())).toBe(1)
})

describe('paying with the Payment Element', () => {
  test('POST /api/create-payment-intent gives one reusable client secret; paying confirms', async () => {
    const client = await newClient()
    const slot = insertSlot({ practitionerId: practitioner.id, serviceId, startTime: future(), minutes: 60 })
    const { id } = await createBooking(client, { serviceId, timeSlotId: slot.id })
    const post = () =>
      callApi(
        paymentIntentApi.action,
        jsonRequest('/api/create-payment-intent', 'POST', { bookingId: id }, { cookie: client.cookie }),
      )
    const first = await post()
    expect(first).toMatchObject({ status: 200, body: { clientSecret: expect.stringMatching(/^pi_.+_secret_/) } })
    expect((await post()).body.clientSecret).toBe(first.body.clientSecret)

    const intentId = first.body.clientSecret.split('_secret_')[0]
    expect(() => confirmPaymentIntent(intentId, DECLINED_TEST_CARD)).toThrow('Your card was declined.')
    await deliverRaisedEvents()
    // A declined card keeps the hold: another card may still pay.
    expect(bookingRow(id)).toMatchObject({ status: 'pending', isPaid: false })

    confirmPaymentIntent(intentId, '4242424242424242')
    await deliverRaisedEvents()
    expect(bookingRow(id)).toMatchObject({ status: 'confirmed', isPaid: true, stripePaymentIntentId: intentId })
    expectRedirect(
      await settle(() =>
        paymentSuccess.loader(
          routeArgs(getRequest(`/payment-success?payment_intent=${intentId}`, { cookie: client.cookie })),
        ),
      ),
      `/bookings/${id}`,
    )
  })

  test('/checkout: the booking summary, or Invalid Booking back to /services', async () => {
    const { client, id } = await pendingBooking()
    const load = (query: string, cookie = client.cookie) =>
      settle(() => checkoutPage.loader(routeArgs(getRequest(`/checkout${query}`, { cookie }))))
    expect(await load(`?bookingId=${id}`)).toMatchObject({
      booking: { id, totalAmountCents: 6500, service: { name: 'Deep Session' } },
      emulated: true,
    })
    for (const query of ['', '?bookingId=abc', '?bookingId=999999']) {
      const response = expectRedirect(await load(query), '/services')
      expect(englishToast(await readToast(response))).toMatchObject({
        title: 'Invalid Booking',
        description: 'Could not find booking information',
      })
    }
    const stranger = await newClient('Sam')
    expectRedirect(await load(`?bookingId=${id}`, stranger.cookie), '/services')

    // Without JavaScript the page's button goes to the hosted Checkout page.
    const hosted = await settle(() =>
      checkoutPage.action(
        routeArgs(formRequest('/checkout', { bookingId: String(id), intent: 'hosted' }, { cookie: client.cookie })),
      ),
    )
    expect((hosted as Response).headers.get('Location')).toMatch(/\/dev\/checkout\/cs_test_/)
  })
})

describe('holds', () => {
  test('a hold that runs out is released by the sweeper; the expired event changes nothing more', async () => {
    const { id, slot, sessionId } = await pendingBooking()
    expect(releaseLapsedHolds(new Date(Date.now() + 10 * MINUTE))).toBe(0)
    const later = new Date(Date.now() + 32 * MINUTE)
    expect(sweepBookings(later).releasedHolds).toBeGreaterThanOrEqual(1)
    expect(bookingRow(id)).toMatchObject({ status: 'cancelled', cancellationReason: 'hold_expired', isPaid: false })
    expect(slotBooked(slot.id)).toBe(false)
    const expired = await deliverEvent({
      id: 'evt_expired_1',
      object: 'event',
      type: 'checkout.session.expired',
      created: Math.floor(later.getTime() / 1000),
      data: { object: { ...findObject(sessionId)!, status: 'expired' } },
    })
    expect(expired).toMatchObject({ status: 200, body: { received: true, result: 'applied' } })
    expect(bookingRow(id).status).toBe('cancelled')
    expect(
      await refusal(() => startCheckout({ id: bookingRow(id).clientId!, email: 'x@example.com' }, id, ORIGIN)),
    ).toMatchObject({
      status: 409,
    })
  })

  test('a hold that ran out is said so, with a way to book again, before and after the sweeper releases it', async () => {
    const { client, id } = await pendingBooking()
    const checkout = () =>
      settle(() => checkoutPage.loader(routeArgs(getRequest(`/checkout?bookingId=${id}`, { cookie: client.cookie }))))
    const expired = { expired: { serviceName: 'Deep Session', bookAgainHref: `/services/${serviceId}` } }
    expect(await checkout()).toMatchObject({ expired: null, booking: { id } })
    expect(getBookingConfirmation(client, id)).toMatchObject({ awaitingPayment: true, holdLapsed: false })

    // Run out, in the minute before the sweeper comes by: still pending, but no longer payable.
    getDb()
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - MINUTE) })
      .where(eq(bookings.id, id))
      .run()
    expect(await checkout()).toEqual(expired)
    expect(getBookingConfirmation(client, id)).toMatchObject({ status: 'pending', holdLapsed: true, canCancel: false })

    // Released: cancelled for that reason, and said the same way, on the card too.
    expect(releaseLapsedHolds()).toBeGreaterThanOrEqual(1)
    expect(await checkout()).toEqual(expired)
    expect(getBookingConfirmation(client, id)).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'hold_expired',
      holdLapsed: true,
    })
    expect(getClientSessions(client).cancelled.find((s) => s.id === id)).toMatchObject({ holdLapsed: true })

    // Any other cancellation is not a lapsed hold: nothing to pay, as before.
    const cancelled = await pendingBooking()
    await cancelBooking(cancelled.client, cancelled.id)
    expect(getBookingConfirmation(cancelled.client, cancelled.id)).toMatchObject({ holdLapsed: false })
    const answer = await settle(() =>
      checkoutPage.loader(
        routeArgs(getRequest(`/checkout?bookingId=${cancelled.id}`, { cookie: cancelled.client.cookie })),
      ),
    )
    expect(englishToast(await readToast(expectRedirect(answer, '/client-dashboard')))).toMatchObject({
      title: 'Nothing to pay',
    })
  })

  test('the expired event releases a hold that has run out before the sweeper does', async () => {
    const { id, slot, sessionId } = await pendingBooking()
    getDb()
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - MINUTE) })
      .where(eq(bookings.id, id))
      .run()
    const expired = await deliverEvent({
      id: 'evt_expired_2',
      object: 'event',
      type: 'checkout.session.expired',
      created: Math.floor(Date.now() / 1000),
      data: { object: { ...findObject(sessionId)!, status: 'expired' } },
    })
    expect(expired).toMatchObject({ status: 200, body: { received: true, result: 'applied' } })
    expect(bookingRow(id)).toMatchObject({ status: 'cancelled', cancellationReason: 'hold_expired' })
    expect(slotBooked(slot.id)).toBe(false)
  })

  test('a payment after the hold ran out confirms the booking when its time is still free', async () => {
    const { client, id, slot, sessionId } = await pendingBooking()
    releaseLapsedHolds(new Date(Date.now() + 31 * MINUTE))
    expect(bookingRow(id).status).toBe('cancelled')
    payCheckoutSession(sessionId, '4242424242424242')
    await deliverRaisedEvents()
    expect(bookingRow(id)).toMatchObject({
      status: 'confirmed',
      isPaid: true,
      cancellationReason: null,
      cancelledAt: null,
    })
    expect(slotBooked(slot.id)).toBe(true)
    expect(outbox(client.email).map((e) => e.subject)).toEqual(['Booking confirmed: Deep Session'])
  })

  test('a payment after the time went to someone else is refunded in full, and the client told', async () => {
    const { client, id, slot, sessionId } = await pendingBooking()
    releaseLapsedHolds(new Date(Date.now() + 31 * MINUTE))
    const other = await newClient('Sam')
    const { id: otherId } = await createBooking(other, { serviceId, timeSlotId: slot.id })

    payCheckoutSession(sessionId, '4242424242424242')
    const events = await deliverRaisedEvents()
    // Our refund raised the refund events; deliver those too.
    const refundEvents = await deliverRaisedEvents()
    expect(refundEvents.map((e) => e.type)).toEqual(['charge.refunded', 'transfer.reversed'])

    const booking = bookingRow(id)
    expect(booking).toMatchObject({ status: 'cancelled', isPaid: true, refundedAmountCents: 6500 })
    expect(booking.stripeRefundId).toMatch(/^re_/)
    const charge = findObject<Charge>(
      events.find((e) => e.type === 'transfer.created')!.data.object.source_transaction as string,
    )!
    expect(charge).toMatchObject({ amount_refunded: 6500, refunded: true })
    expect(bookingRow(otherId).status).toBe('pending')
    expect(payoutsOf(id)).toMatchObject([{ status: 'reversed' }])
    const refunded = outbox(client.email).find((e) => e.subject === 'Payment refunded: Deep Session')
    expect(refunded?.text).toContain('the time had been booked by someone else')
    expect(refunded?.text).toContain('$65.00 CAD')
    expect(outbox(client.email).map((e) => e.subject)).not.toContain('Booking confirmed: Deep Session')
  })

  test('a second payment for a paid booking goes back at once', async () => {
    const { client, id, sessionId } = await pendingBooking()
    const { clientSecret } = await preparePaymentIntent(client, id)
    payCheckoutSession(sessionId, '4242424242424242')
    await deliverRaisedEvents()
    const paidWith = bookingRow(id).stripePaymentIntentId

    const second = confirmPaymentIntent(clientSecret.split('_secret_')[0]!, '4242424242424242')
    await deliverRaisedEvents()
    const refundEvents = await deliverRaisedEvents()
    expect(refundEvents.map((e) => e.type)).toEqual(['charge.refunded', 'transfer.reversed'])
    expect(findObject<Charge>(second.latest_charge!)).toMatchObject({ refunded: true, amount_refunded: 6500 })
    // The booking keeps its one payment, untouched.
    expect(bookingRow(id)).toMatchObject({
      status: 'confirmed',
      isPaid: true,
      stripePaymentIntentId: paidWith,
      refundedAmountCents: 0,
    })
  })

  test('sessions that have ended become completed', async () => {
    const { id } = await paidBooking(1)
    expect(completeEndedSessions(new Date(Date.now() + 150 * MINUTE))).toBeGreaterThanOrEqual(1)
    expect(bookingRow(id).status).toBe('completed')
  })
})

describe('cancelling a paid session', () => {
  test('24 hours or more ahead: the prompt shows the full refund, Stripe refunds it reversing the transfer', async () => {
    const { client, id, slot } = await paidBooking(72)
    const page = await dashboard.loader(
      routeArgs(getRequest(`/client-dashboard?cancel=${id}`, { cookie: client.cookie })),
    )
    expect(page.cancelling).toMatchObject({
      id,
      isPaid: true,
      refundCents: 6500,
      paidCents: 6500,
      startTime: expect.any(Date),
    })

    const answer = await dashboard.action(
      routeArgs(
        formRequest(
          `/client-dashboard?cancel=${id}`,
          { intent: 'cancel', bookingId: String(id) },
          { cookie: client.cookie },
        ),
      ),
    )
    expect(englishToast(await readToast(expectRedirect(answer, '/client-dashboard')))).toMatchObject({
      title: 'Booking Cancelled',
      description: 'Your booking has been successfully cancelled. $65.00 CAD is being refunded to your card.',
    })
    expect(bookingRow(id)).toMatchObject({ status: 'cancelled', cancellationReason: 'client' })
    expect(slotBooked(slot.id)).toBe(false)
    expect(outbox(client.email).find((e) => e.subject === 'Booking cancelled: Deep Session')?.text).toContain(
      'A refund of $65.00 CAD is on its way to your card.',
    )

    const events = await deliverRaisedEvents()
    expect(events.map((e) => e.type)).toEqual(['charge.refunded', 'transfer.reversed'])
    const transfer = findObject<Transfer>(events[1]!.data.object.id)!
    expect(transfer).toMatchObject({ amount: 6175, amount_reversed: 6175, reversed: true })
    expect(bookingRow(id).refundedAmountCents).toBe(6500)
    expect(payoutsOf(id)).toMatchObject([{ status: 'reversed' }])
    expect(outbox(client.email).map((e) => e.subject)).toContain('Payment refunded: Deep Session')
  })

  test('less than 24 hours ahead: no refund, said before confirming', async () => {
    const { client, id } = await paidBooking(10)
    const page = await dashboard.loader(
      routeArgs(getRequest(`/client-dashboard?cancel=${id}`, { cookie: client.cookie })),
    )
    expect(page.cancelling).toMatchObject({ isPaid: true, refundCents: 0, paidCents: 6500 })
    const result = await cancelBooking(client, id)
    expect(result).toEqual({ id, status: 'cancelled', refundAmount: 0 })
    expect(raisedEvents()).toEqual([])
    expect(bookingRow(id)).toMatchObject({ status: 'cancelled', isPaid: true, refundedAmountCents: 0 })
    expect(outbox(client.email).at(-1)?.text).toContain('no refund is given')
  })

  test('a refund Stripe refuses leaves the booking as it was', async () => {
    const { client, id, slot } = await paidBooking(72)
    mockServer.use(
      http.post('https://api.stripe.com/v1/refunds', () =>
        HttpResponse.json({ error: { type: 'api_error', message: 'Refunds are down' } }, { status: 400 }),
      ),
    )
    expect(await refusal(() => cancelBooking(client, id))).toEqual({ status: 502, message: REFUND_FAILED })
    expect(bookingRow(id)).toMatchObject({ status: 'confirmed', isPaid: true })
    expect(slotBooked(slot.id)).toBe(true)
  })

  test('a refund made in Stripe’s dashboard cancels the session and frees its time', async () => {
    const { id, slot } = await paidBooking(72)
    const intent = bookingRow(id).stripePaymentIntentId!
    const stripe = await (await import('~/integrations/stripe.server')).getStripe()
    await stripe.refunds.create({ payment_intent: intent })
    await deliverRaisedEvents()
    expect(bookingRow(id)).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'refunded',
      refundedAmountCents: 6500,
    })
    expect(slotBooked(slot.id)).toBe(false)
  })

  test('cancelling an unpaid booking expires its Checkout session so it cannot take money later', async () => {
    const { client, id, sessionId } = await pendingBooking()
    await cancelBooking(client, id)
    expect(findObject<{ id: string; object: string; status: string }>(sessionId)!.status).toBe('expired')
    await deliverRaisedEvents()
    expect(bookingRow(id)).toMatchObject({ status: 'cancelled', cancellationReason: 'client', isPaid: false })
  })
})

describe('the client dashboard', () => {
  test('?payment=success|cancelled shows its toast once on a clean address', async () => {
    const client = await newClient()
    for (const [value, title] of [
      ['success', 'Payment successful!'],
      ['cancelled', 'Payment cancelled'],
    ] as const) {
      const answer = await settle(() =>
        dashboard.loader(routeArgs(getRequest(`/client-dashboard?payment=${value}`, { cookie: client.cookie }))),
      )
      expect(englishToast(await readToast(expectRedirect(answer, '/client-dashboard')))).toMatchObject({ title })
    }
  })

  test('a pending booking offers to complete its payment; a confirmed one a calendar file', async () => {
    const { client, id } = await pendingBooking()
    const paid = await paidBooking()
    const mine = await dashboard.loader(routeArgs(getRequest('/client-dashboard', { cookie: client.cookie })))
    // Awaiting payment: first of the upcoming sessions, before sooner ones.
    expect(mine.upcoming[0]).toMatchObject({ id })
    expect(mine.upcoming.find((s) => s.id === id)).toMatchObject({
      status: 'pending',
      awaitingPayment: true,
      canCancel: true,
    })

    const ics = await calendarFile.loader(
      routeArgs(getRequest(`/bookings/${paid.id}/calendar.ics`, { cookie: paid.client.cookie }), {
        id: String(paid.id),
      }),
    )
    expect(ics.headers.get('Content-Type')).toContain('text/calendar')
    const text = await ics.text()
    expect(text).toContain('BEGIN:VEVENT')
    expect(text).toContain('Deep Session with Priya Sharma')
    const foreign = await settle(() =>
      calendarFile.loader(
        routeArgs(getRequest(`/bookings/${paid.id}/calendar.ics`, { cookie: client.cookie }), { id: String(paid.id) }),
      ),
    )
    expect((foreign as Response).status).toBe(404)
  })

  test('paying after the hold lapsed is refused up front', async () => {
    const { client, id } = await pendingBooking()
    getDb()
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - MINUTE) })
      .where(eq(bookings.id, id))
      .run()
    expect(await refusal(() => preparePaymentIntent(client, id))).toEqual({ status: 409, message: HOLD_LAPSED })
  })
})

test('an intent cancelled at Stripe does not confirm anything', async () => {
  const client = await newClient()
  const slot = insertSlot({ practitionerId: practitioner.id, serviceId, startTime: future(), minutes: 60 })
  const { id } = await createBooking(client, { serviceId, timeSlotId: slot.id })
  const { clientSecret } = await preparePaymentIntent(client, id)
  cancelPaymentIntent(clientSecret.split('_secret_')[0]!)
  await deliverRaisedEvents()
  expect(bookingRow(id)).toMatchObject({ status: 'pending', isPaid: false })
})

test('a seeded demo session (paid before the emulator knew it) is refunded end to end too', async () => {
  const client = await newClient()
  const slot = insertSlot({
    practitionerId: practitioner.id,
    serviceId,
    startTime: future(96),
    minutes: 60,
    isBooked: true,
  })
  const booking = getDb()
    .insert(bookings)
    .values({
      serviceId,
      clientId: client.id,
      practitionerId: practitioner.id,
      timeSlotId: slot.id,
      serviceName: 'Deep Session',
      durationMinutes: 60,
      startTime: slot.startTime,
      endTime: slot.endTime,
      status: 'confirmed',
      totalAmountCents: 6500,
      platformFeeCents: 325,
      practitionerAmountCents: 6175,
      isPaid: true,
      stripePaymentIntentId: 'pi_demo_seeded_1',
    })
    .returning()
    .get()
  getDb()
    .insert(payouts)
    .values({
      practitionerId: practitioner.id,
      bookingId: booking.id,
      stripeTransferId: 'tr_demo_seeded_1',
      amountCents: 6175,
    })
    .run()

  expect(await cancelBooking(client, booking.id)).toMatchObject({ refundAmount: 65 })
  await deliverRaisedEvents()
  expect(bookingRow(booking.id)).toMatchObject({ status: 'cancelled', refundedAmountCents: 6500 })
  expect(payoutsOf(booking.id)).toMatchObject([{ status: 'reversed' }])
})
