import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { bookings, services, timeSlots } from '~/db/schema'
import { getEnv } from '~/env.server'
import { TIME_ZONE_COOKIE } from '~/lib/time-zone.server'
import {
  cancelBooking,
  createBooking,
  OWN_SERVICE,
  SLOT_UNAVAILABLE,
  STARTED_NOT_CANCELLABLE,
  ALREADY_CANCELLED,
  MAX_UNPAID_HOLDS,
  TOO_MANY_UNPAID_HOLDS,
} from '~/models/booking/booking.server'
import { getClientSessions } from '~/models/booking/client-sessions.server'
import { SERVICE_NOT_FOUND } from '~/models/marketplace/service'
import * as dashboardScreen from '~/routes/_client.client-dashboard'
import * as servicePage from '~/routes/_public.services.$id'
import * as bookingApi from '~/routes/api.bookings.$id._index'
import * as cancelApi from '~/routes/api.bookings.$id.cancel'
import * as bookingsApi from '~/routes/api.bookings._index'
import * as clientBookingsApi from '~/routes/api.bookings.client/route'
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
  insertSlot,
  jsonRequest,
  outbox,
  readToast,
  refusal,
  routeArgs,
  settle,
  signIn,
  updateServiceRow,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'

/**
 * Booking and cancelling (issue 5): one IMMEDIATE transaction claims the slot, free sessions
 * are confirmed at once, paid ones wait for payment, and a client cancels their own unstarted
 * bookings. Payments, webhooks and refunds are in payments.test.ts.
 */

const HOUR = 60 * 60 * 1000

/** A toast as an English reader sees it: its words are catalogue keys until shown. */
function englishToast(toast: { title: string; description?: string } | null) {
  return (
    toast && { ...toast, title: inEnglish(toast.title), description: toast.description && inEnglish(toast.description) }
  )
}

/** A refusal (status and message) as an English reader sees it. */
async function englishRefusal(run: () => unknown) {
  const { status, message } = await refusal(run)
  return { status, message: inEnglish(message) }
}
const MEETING_LINK = 'https://meet.example.com/solace-intro'

let practitioner: Awaited<ReturnType<typeof createListedPractitioner>>
let freeServiceId: number
let paidServiceId: number

function future(hours = 48) {
  return new Date(Date.now() + hours * HOUR)
}

function openSlot(serviceId = freeServiceId, startTime = future()) {
  return insertSlot({ practitionerId: practitioner.id, serviceId, startTime, minutes: 30 })
}

function slotRow(id: number) {
  return getDb().select().from(timeSlots).where(eq(timeSlots.id, id)).get()!
}

function bookingsOnSlot(slotId: number) {
  return getDb().select().from(bookings).where(eq(bookings.timeSlotId, slotId)).all()
}

function bookingCount(serviceId = freeServiceId) {
  return getDb().select({ n: services.bookingCount }).from(services).where(eq(services.id, serviceId)).get()!.n
}

async function newClient(firstName = 'Casey') {
  const user = await createUser({ firstName, lastName: 'Client' })
  return { ...user, cookie: await signIn(user.id) }
}

beforeAll(async () => {
  practitioner = await createListedPractitioner({ firstName: 'Priya', lastName: 'Sharma' })
  freeServiceId = insertService(practitioner.id, {
    name: 'Free Intro',
    priceCents: 0,
    durationMinutes: 30,
    meetingLink: MEETING_LINK,
  }).id
  paidServiceId = insertService(practitioner.id, { name: 'Deep Session', priceCents: 6500 }).id
})

describe('booking a slot', () => {
  // These 50 attempts share this process's one connection, so their transactions queue one
  // after another: they show the answers each loser gets. Processes truly racing on one slot,
  // each with its own connection, are in slot-race.test.ts.
  test('50 attempts at once on one slot give exactly one booking and 49 clear refusals (409)', async () => {
    const slot = openSlot()
    const clients = await Promise.all(Array.from({ length: 50 }, (_, i) => newClient(`Racer${i}`)))
    const answers = await Promise.all(
      clients.map((client) =>
        settle(() =>
          servicePage.action(
            routeArgs(
              formRequest(`/services/${freeServiceId}`, { timeSlotId: String(slot.id) }, { cookie: client.cookie }),
              {
                id: String(freeServiceId),
              },
            ),
          ),
        ),
      ),
    )
    const won = answers.filter(
      (a) => a instanceof Response && /^\/bookings\/\d+$/.test(a.headers.get('Location') ?? ''),
    )
    const lost = answers.filter((a) => !(a instanceof Response)).map(formReply)
    expect(won).toHaveLength(1)
    expect(lost).toHaveLength(49)
    for (const reply of lost) {
      expect(reply).toMatchObject({
        status: 409,
        result: { error: { '': [SLOT_UNAVAILABLE] } },
        toast: { description: SLOT_UNAVAILABLE },
      })
      expect(inEnglish(reply.toast!.title)).toBe('Booking failed')
    }
    expect(bookingsOnSlot(slot.id)).toHaveLength(1)
    expect(slotRow(slot.id).isBooked).toBe(true)
  })

  test('50 model calls at once (no page check first): one booking, 49 × 409', async () => {
    const slot = openSlot()
    const clients = await Promise.all(Array.from({ length: 50 }, (_, i) => createUser({ firstName: `Model${i}` })))
    const results = await Promise.allSettled(
      clients.map((client) => createBooking(client, { serviceId: freeServiceId, timeSlotId: slot.id })),
    )
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason)
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(refused).toHaveLength(49)
    for (const error of refused) expect(error).toMatchObject({ status: 409, message: SLOT_UNAVAILABLE })
    expect(bookingsOnSlot(slot.id)).toHaveLength(1)
  })

  test('a free session is confirmed at once with the service copied onto it, and counted', async () => {
    const client = await newClient('Jordan')
    const slot = openSlot(freeServiceId, future(72))
    const before = bookingCount()
    const answer = await settle(() =>
      servicePage.action(
        routeArgs(
          formRequest(`/services/${freeServiceId}`, { timeSlotId: String(slot.id) }, { cookie: client.cookie }),
          {
            id: String(freeServiceId),
          },
        ),
      ),
    )
    const [booking] = bookingsOnSlot(slot.id)
    // It lands on its own confirmation page, with the toast.
    const response = expectRedirect(answer, `/bookings/${booking!.id}`)
    const toast = (await readToast(response))!
    expect({ type: toast.type, title: inEnglish(toast.title), description: inEnglish(toast.description!) }).toEqual({
      type: 'success',
      title: 'Booking confirmed!',
      description: 'Your free session has been confirmed.',
    })
    expect(booking).toMatchObject({
      serviceId: freeServiceId,
      clientId: client.id,
      practitionerId: practitioner.id,
      serviceName: 'Free Intro',
      durationMinutes: 30,
      startTime: slot.startTime,
      endTime: slot.endTime,
      status: 'confirmed',
      isPaid: false,
      totalAmountCents: 0,
      platformFeeCents: 0,
      practitionerAmountCents: 0,
    })
    expect(bookingCount()).toBe(before + 1)
    expect(slotRow(slot.id).isBooked).toBe(true)
  })

  test('the confirmation email carries where to join (the session’s room) and an .ics invitation', async () => {
    const client = await createUser({ firstName: 'Robin' })
    const slot = openSlot(freeServiceId, future(96))
    const { id } = await createBooking(client, { serviceId: freeServiceId, timeSlotId: slot.id })
    const [email] = outbox(client.email)
    const room = `http://localhost:${getEnv().PORT}/sessions/${id}`
    expect(email!.subject).toBe('Booking confirmed: Free Intro')
    expect(email!.text).toContain(`Join your session here (it opens 15 minutes before the start): ${room}`)
    // The service's meeting link is only where its practitioner chose to hold sessions there.
    expect(email!.text).not.toContain(MEETING_LINK)
    expect(email!.text).toContain('This session is free: you can cancel it at any time before it starts.')
    expect(email!.attachments).toHaveLength(1)
    const [attachment] = email!.attachments
    expect(attachment).toMatchObject({ filename: 'session.ics', contentType: 'text/calendar; method=REQUEST' })
    const ics = Buffer.from(attachment!.content, 'base64').toString('utf8').replace(/\r\n /g, '')
    expect(ics).toContain(`UID:booking-${id}@solace`)
    expect(ics).toContain(
      `DTSTART:${slot.startTime
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '')}`,
    )
    expect(ics).toContain('SUMMARY:Free Intro with Priya Sharma')
    expect(ics).toContain(`LOCATION:${room}`)
  })

  test('a service held at the practitioner’s own meeting link: the email and the invitation send them there', async () => {
    updateServiceRow(freeServiceId, { useOwnMeetingLink: true })
    try {
      const client = await createUser({ firstName: 'Robin' })
      const slot = openSlot(freeServiceId, future(97))
      await createBooking(client, { serviceId: freeServiceId, timeSlotId: slot.id })
      const [email] = outbox(client.email)
      expect(email!.text).toContain(`Join your session here (it opens 15 minutes before the start): ${MEETING_LINK}`)
      const ics = Buffer.from(email!.attachments[0]!.content, 'base64').toString('utf8').replace(/\r\n /g, '')
      expect(ics).toContain(`LOCATION:${MEETING_LINK}`)
    } finally {
      updateServiceRow(freeServiceId, { useOwnMeetingLink: false })
    }
  })

  test('a practitioner cannot book their own service', async () => {
    const slot = openSlot()
    expect(await refusal(() => createBooking(practitioner, { serviceId: freeServiceId, timeSlotId: slot.id }))).toEqual(
      {
        status: 400,
        message: OWN_SERVICE,
      },
    )
    expect(slotRow(slot.id).isBooked).toBe(false)
  })

  test('a hidden or inactive service cannot be booked', async () => {
    const client = await createUser()
    const hidden = insertService(practitioner.id, { name: 'Retired', priceCents: 0, isActive: false })
    const slot = openSlot(hidden.id)
    expect(await refusal(() => createBooking(client, { serviceId: hidden.id, timeSlotId: slot.id }))).toEqual({
      status: 404,
      message: SERVICE_NOT_FOUND,
    })
    expect(bookingsOnSlot(slot.id)).toHaveLength(0)
  })

  test('a slot that has started, is booked, or belongs to another service is refused', async () => {
    const client = await createUser()
    const past = openSlot(freeServiceId, new Date(Date.now() - HOUR))
    const booked = insertSlot({
      practitionerId: practitioner.id,
      serviceId: freeServiceId,
      startTime: future(5),
      isBooked: true,
    })
    const foreign = openSlot(paidServiceId)
    for (const slot of [past, booked, foreign]) {
      expect(await refusal(() => createBooking(client, { serviceId: freeServiceId, timeSlotId: slot.id }))).toEqual({
        status: 409,
        message: SLOT_UNAVAILABLE,
      })
    }
    expect(bookingsOnSlot(past.id)).toHaveLength(0)
    expect(slotRow(foreign.id).isBooked).toBe(false)
  })

  test('a paid session is pending, holds its slot for 30 minutes and goes on to Stripe Checkout', async () => {
    const client = await newClient()
    const slot = openSlot(paidServiceId)
    const book = (enhanced: string, timeSlotId: number) =>
      servicePage.action(
        routeArgs(
          formRequest(
            `/services/${paidServiceId}`,
            { timeSlotId: String(timeSlotId), enhanced },
            { cookie: client.cookie },
          ),
          {
            id: String(paidServiceId),
          },
        ),
      )
    // Without JavaScript: straight to the checkout page.
    const answer = await settle(() => book('false', slot.id))
    expect((answer as Response).status).toBe(302)
    expect((answer as Response).headers.get('Location')).toMatch(/^http:\/\/localhost\/dev\/checkout\/cs_test_/)
    const [booking] = bookingsOnSlot(slot.id)
    expect(booking).toMatchObject({
      status: 'pending',
      isPaid: false,
      totalAmountCents: 6500,
      platformFeeCents: 325,
      practitionerAmountCents: 6175,
    })
    expect(booking!.holdExpiresAt!.getTime() - Date.now()).toBeGreaterThan(29 * 60_000)
    expect(booking!.stripeCheckoutSessionId).toMatch(/^cs_test_/)
    expect(slotRow(slot.id).isBooked).toBe(true)
    // No confirmation until the payment's webhook says so.
    expect(outbox(client.email)).toHaveLength(0)

    // With JavaScript: the page says where it is going, then goes.
    const other = openSlot(paidServiceId, future(72))
    const onToPayment = formReply(await book('true', other.id)) as unknown as {
      redirectTo: string
      toast: { type: string; title: string; description: string }
    }
    expect(onToPayment.redirectTo).toMatch(/\/dev\/checkout\/cs_test_/)
    expect({
      ...onToPayment.toast,
      title: inEnglish(onToPayment.toast.title),
      description: inEnglish(onToPayment.toast.description),
    }).toEqual({
      type: 'success',
      title: 'Booking created!',
      description: 'Redirecting to secure payment...',
    })
  })

  // Before: 60 of 60 unpaid bookings were accepted from one client, each holding its slot.
  test(`a client holds at most ${MAX_UNPAID_HOLDS} unpaid sessions at once, on the page and the API alike`, async () => {
    const client = await newClient()
    const post = (serviceId: number, timeSlotId: number) =>
      callApi(
        bookingsApi.action,
        jsonRequest('/api/bookings', 'POST', { serviceId, timeSlotId }, { cookie: client.cookie }),
      )
    const held: number[] = []
    for (let i = 0; i < MAX_UNPAID_HOLDS; i++) {
      const created = await post(paidServiceId, openSlot(paidServiceId, future(100 + i)).id)
      expect(created.status).toBe(201)
      held.push((created.body as { id: number }).id)
    }
    const refusedSlot = openSlot(paidServiceId, future(120))
    expect(await post(paidServiceId, refusedSlot.id)).toMatchObject({
      status: 409,
      body: { message: inEnglish(TOO_MANY_UNPAID_HOLDS) },
    })
    const onPage = formReply(
      await servicePage.action(
        routeArgs(
          formRequest(`/services/${paidServiceId}`, { timeSlotId: String(refusedSlot.id) }, { cookie: client.cookie }),
          { id: String(paidServiceId) },
        ),
      ),
    )
    expect(onPage).toMatchObject({ status: 409, toast: { type: 'error', description: TOO_MANY_UNPAID_HOLDS } })
    // The slot stays open for someone else.
    expect(slotRow(refusedSlot.id).isBooked).toBe(false)
    // A free session needs no payment, so it is not held back.
    expect((await post(freeServiceId, openSlot(freeServiceId, future(121)).id)).status).toBe(201)
    // A hold that lapsed no longer counts; nor does one cancelled.
    getDb()
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(bookings.id, held[0]!))
      .run()
    expect((await post(paidServiceId, refusedSlot.id)).status).toBe(201)
    expect((await post(paidServiceId, openSlot(paidServiceId, future(122)).id)).status).toBe(409)
    await cancelBooking(client, held[1]!)
    expect((await post(paidServiceId, openSlot(paidServiceId, future(123)).id)).status).toBe(201)
  })

  test('the page keeps its checks first: no slot, then sign-in', async () => {
    const noSlot = formReply(
      await servicePage.action(routeArgs(formRequest(`/services/${freeServiceId}`, {}), { id: String(freeServiceId) })),
    )
    expect(noSlot).toMatchObject({ status: 400 })
    expect(noSlot.result.error?.timeSlotId?.map(inEnglish)).toEqual(['Please select a time slot'])
    expect(inEnglish(noSlot.toast!.title)).toBe('Please select a time slot')
    const slot = openSlot()
    const answer = await settle(() =>
      servicePage.action(
        routeArgs(formRequest(`/services/${freeServiceId}`, { timeSlotId: String(slot.id) }), {
          id: String(freeServiceId),
        }),
      ),
    )
    const location = (answer as Response).headers.get('Location')!
    expect(location).toMatch(/^\/login\?redirect=/)
    // Back from logging in, the page chooses the same time again.
    const back = new URL(location, 'http://localhost').searchParams.get('redirect')!
    expect(back).toBe(`/services/${freeServiceId}?slot=${slot.id}`)
    const page = (await servicePage.loader(routeArgs(getRequest(back), { id: String(freeServiceId) }))) as {
      chosenSlot: number | null
    }
    expect(page.chosenSlot).toBe(slot.id)
  })
})

describe('cancelling', () => {
  async function bookedClient(hours = 48) {
    const client = await newClient('Sam')
    const slot = openSlot(freeServiceId, future(hours))
    const { id } = await createBooking(client, { serviceId: freeServiceId, timeSlotId: slot.id })
    return { client, slot, id }
  }

  test('the client cancels from the dashboard: slot freed, count back, toast and email', async () => {
    const { client, slot, id } = await bookedClient()
    const counted = bookingCount()
    const page = await dashboardScreen.loader(
      routeArgs(getRequest(`/client-dashboard?cancel=${id}`, { cookie: client.cookie })),
    )
    expect(page.cancelling).toMatchObject({ id, isPaid: false, refundCents: 0 })
    expect(page.upcoming.find((s) => s.id === id)?.canCancel).toBe(true)

    const answer = await dashboardScreen.action(
      routeArgs(
        formRequest(
          '/client-dashboard?cancel=' + id,
          { intent: 'cancel', bookingId: String(id) },
          { cookie: client.cookie },
        ),
      ),
    )
    const response = expectRedirect(answer, '/client-dashboard')
    expect(englishToast(await readToast(response))).toMatchObject({
      title: 'Booking Cancelled',
      description: 'Your booking has been successfully cancelled.',
    })
    const [booking] = bookingsOnSlot(slot.id)
    expect(booking).toMatchObject({ status: 'cancelled' })
    expect(booking!.cancelledAt).toBeInstanceOf(Date)
    expect(slotRow(slot.id).isBooked).toBe(false)
    expect(bookingCount()).toBe(counted - 1)
    expect(outbox(client.email).map((e) => e.subject)).toContain('Booking cancelled: Free Intro')

    const after = await dashboardScreen.loader(routeArgs(getRequest('/client-dashboard', { cookie: client.cookie })))
    expect([...after.upcoming, ...after.past].find((s) => s.id === id)).toBeUndefined()
    // Kept off both lists, the cancelled session is one link away, with what it was refunded.
    expect(after).toMatchObject({ cancelled: null, counts: { cancelled: 1 } })
    const cancelledList = await dashboardScreen.loader(
      routeArgs(getRequest('/client-dashboard?cancelled=1', { cookie: client.cookie })),
    )
    expect(cancelledList.cancelled?.map((s) => [s.id, s.refundedAmountCents])).toEqual([[id, 0]])

    // The freed slot can be booked again.
    const other = await createUser()
    await expect(createBooking(other, { serviceId: freeServiceId, timeSlotId: slot.id })).resolves.toMatchObject({
      requiresPayment: false,
    })
  })

  test('a failed cancellation says why', async () => {
    const { client, id } = await bookedClient()
    await cancelBooking(client, id)
    const answer = await dashboardScreen.action(
      routeArgs(
        formRequest('/client-dashboard', { intent: 'cancel', bookingId: String(id) }, { cookie: client.cookie }),
      ),
    )
    expect(englishToast(await readToast(expectRedirect(answer, '/client-dashboard')))).toMatchObject({
      type: 'error',
      title: 'Cancellation Failed',
      description: inEnglish(ALREADY_CANCELLED),
    })
  })

  test('only the booking’s own client may cancel it', async () => {
    const { id, slot } = await bookedClient()
    const stranger = await createUser()
    expect(await englishRefusal(() => cancelBooking(stranger, id))).toEqual({
      status: 404,
      message: 'Booking not found',
    })
    expect(await refusal(() => cancelBooking(practitioner, id))).toMatchObject({ status: 404 })
    expect(bookingsOnSlot(slot.id)[0]!.status).toBe('confirmed')
  })

  test('a started or completed booking is refused', async () => {
    const client = await createUser()
    const started = insertBooking({
      clientId: client.id,
      practitionerId: practitioner.id,
      serviceId: freeServiceId,
      startsInHours: -0.5,
    })
    const completed = insertBooking({
      clientId: client.id,
      practitionerId: practitioner.id,
      serviceId: freeServiceId,
      startsInHours: -48,
      status: 'completed',
    })
    expect(await refusal(() => cancelBooking(client, started.id))).toEqual({
      status: 409,
      message: STARTED_NOT_CANCELLABLE,
    })
    expect(await refusal(() => cancelBooking(client, completed.id))).toMatchObject({ status: 409 })
    expect(slotRow(started.timeSlotId!).isBooked).toBe(true)
  })
})

describe('booking API', () => {
  test('POST /api/bookings: 201 { id, requiresPayment }, 409 for a taken slot', async () => {
    const client = await newClient()
    const slot = openSlot()
    const post = (body: unknown, cookie?: string) =>
      callApi(bookingsApi.action, jsonRequest('/api/bookings', 'POST', body, { cookie }))

    expect((await post({ serviceId: freeServiceId, timeSlotId: slot.id })).status).toBe(401)
    const created = await post({ serviceId: freeServiceId, timeSlotId: slot.id }, client.cookie)
    expect(created.status).toBe(201)
    expect(created.body).toEqual({ id: expect.any(Number), requiresPayment: false })
    expect(await post({ serviceId: freeServiceId, timeSlotId: slot.id }, client.cookie)).toMatchObject({
      status: 409,
      body: { message: inEnglish(SLOT_UNAVAILABLE) },
    })
    expect(
      await post({ serviceId: paidServiceId, timeSlotId: openSlot(paidServiceId).id }, client.cookie),
    ).toMatchObject({
      status: 201,
      body: { id: expect.any(Number), requiresPayment: true },
    })
    expect(await post({ serviceId: freeServiceId }, client.cookie)).toMatchObject({
      status: 400,
      body: { message: 'Please select a time slot' },
    })
    const put = await callApi(bookingsApi.action, jsonRequest('/api/bookings', 'PUT', {}, { cookie: client.cookie }))
    expect(put.status).toBe(405)
    expect(put.headers.get('Allow')).toBe('GET, POST')
  })

  test('GET /api/bookings/:id and /api/bookings/client: own bookings only, with service, totalAmount and link', async () => {
    const client = await newClient('Alex')
    const slot = openSlot()
    const { id } = await createBooking(client, { serviceId: freeServiceId, timeSlotId: slot.id })

    const one = await callApi(bookingApi.loader, getRequest(`/api/bookings/${id}`, { cookie: client.cookie }), {
      id: String(id),
    })
    expect(one.status).toBe(200)
    expect(one.body).toMatchObject({
      id,
      status: 'confirmed',
      totalAmount: 0,
      isPaid: false,
      startTime: slot.startTime.toISOString(),
      endTime: slot.endTime.toISOString(),
      service: { name: 'Free Intro', price: 0, duration: 30, meetingLink: MEETING_LINK },
      practitioner: { firstName: 'Priya', lastName: 'Sharma' },
      client: { firstName: 'Alex', lastName: 'Client' },
    })

    const stranger = await newClient()
    for (const [cookie, status] of [
      [stranger.cookie, 404],
      [undefined, 401],
    ] as const) {
      const answer = await callApi(bookingApi.loader, getRequest(`/api/bookings/${id}`, { cookie }), { id: String(id) })
      expect(answer.status).toBe(status)
    }
    expect(
      (await callApi(bookingApi.loader, getRequest('/api/bookings/abc', { cookie: client.cookie }), { id: 'abc' }))
        .status,
    ).toBe(404)

    const list = await callApi(clientBookingsApi.loader, getRequest('/api/bookings/client', { cookie: client.cookie }))
    expect(list.status).toBe(200)
    expect(list.body.map((b: { id: number }) => b.id)).toEqual([id])
    expect((await callApi(clientBookingsApi.loader, getRequest('/api/bookings/client'))).status).toBe(401)

    // Once cancelled, the link is no longer given out.
    await cancelBooking(client, id)
    const cancelled = await callApi(bookingApi.loader, getRequest(`/api/bookings/${id}`, { cookie: client.cookie }), {
      id: String(id),
    })
    expect(cancelled.body).toMatchObject({ status: 'cancelled', service: { meetingLink: null } })
  })

  test('GET /api/bookings: the practitioner’s bookings; 403 for clients, 401 signed out', async () => {
    const client = await createUser()
    const { id } = await createBooking(client, { serviceId: freeServiceId, timeSlotId: openSlot().id })
    const list = await callApi(
      bookingsApi.loader,
      getRequest('/api/bookings', { cookie: await signIn(practitioner.id) }),
    )
    expect(list.status).toBe(200)
    expect(list.body.some((b: { id: number }) => b.id === id)).toBe(true)
    expect(list.body.every((b: { practitionerId: number }) => b.practitionerId === practitioner.id)).toBe(true)
    expect(
      (await callApi(bookingsApi.loader, getRequest('/api/bookings', { cookie: await signIn(client.id) }))).status,
    ).toBe(403)
    expect((await callApi(bookingsApi.loader, getRequest('/api/bookings'))).status).toBe(401)
  })

  test('PATCH /api/bookings/:id/cancel: own only, then 409; other methods 405', async () => {
    const client = await newClient()
    const slot = openSlot()
    const { id } = await createBooking(client, { serviceId: freeServiceId, timeSlotId: slot.id })
    const patch = (cookie?: string) =>
      callApi(cancelApi.action, jsonRequest(`/api/bookings/${id}/cancel`, 'PATCH', undefined, { cookie }), {
        id: String(id),
      })

    expect((await patch()).status).toBe(401)
    expect((await patch((await newClient()).cookie)).status).toBe(404)
    expect(await patch(client.cookie)).toMatchObject({ status: 200, body: { id, status: 'cancelled' } })
    expect(slotRow(slot.id).isBooked).toBe(false)
    expect(await patch(client.cookie)).toMatchObject({ status: 409, body: { message: inEnglish(ALREADY_CANCELLED) } })

    const post = await callApi(
      cancelApi.action,
      jsonRequest(`/api/bookings/${id}/cancel`, 'POST', undefined, { cookie: client.cookie }),
      {
        id: String(id),
      },
    )
    expect(post.status).toBe(405)
    expect((await callApi(cancelApi.loader, getRequest(`/api/bookings/${id}/cancel`))).status).toBe(405)
    expect((await callApi(clientBookingsApi.action, jsonRequest('/api/bookings/client', 'POST', {}))).status).toBe(405)
  })
})

test('a hidden service with an open slot is not bookable through the page either', async () => {
  const client = await newClient()
  const service = insertService(practitioner.id, { name: 'Soon hidden', priceCents: 0 })
  const slot = openSlot(service.id)
  updateServiceRow(service.id, { isActive: false })
  await expect(
    servicePage.action(
      routeArgs(formRequest(`/services/${service.id}`, { timeSlotId: String(slot.id) }, { cookie: client.cookie }), {
        id: String(service.id),
      }),
    ),
  ).rejects.toMatchObject({ init: { status: 404 } })
  expect(bookingsOnSlot(slot.id)).toHaveLength(0)
})

describe('the booking page says when a paid time cannot be refunded', () => {
  test('a paid time less than 24 hours away carries the notice; later ones and free ones do not', async () => {
    const soon = openSlot(paidServiceId, future(20.5))
    const later = openSlot(paidServiceId, future(30))
    const date = (d: Date) => d.toISOString().slice(0, 10)
    const pageFor = async (serviceId: number, day: Date) =>
      (await servicePage.loader(
        routeArgs(
          getRequest(`/services/${serviceId}?date=${date(day)}`, { headers: { Cookie: `${TIME_ZONE_COOKIE}=UTC` } }),
          {
            id: String(serviceId),
          },
        ),
      )) as { slots: { id: number; noRefund: string | null }[] }
    const soonPage = await pageFor(paidServiceId, soon.startTime)
    expect(inEnglish(soonPage.slots.find((s) => s.id === soon.id)!.noRefund!)).toBe(
      'This session starts in 20 hours: it cannot be refunded if you cancel',
    )
    const laterPage = await pageFor(paidServiceId, later.startTime)
    expect(laterPage.slots.find((s) => s.id === later.id)?.noRefund).toBeNull()
    const free = openSlot(freeServiceId, future(20.5))
    const freePage = await pageFor(freeServiceId, free.startTime)
    expect(freePage.slots.find((s) => s.id === free.id)?.noRefund).toBeNull()
  })
})

describe("the client's dashboard lists", () => {
  test('upcoming soonest first, past newest first, cancelled on neither', async () => {
    const client = await createUser()
    const at = (hours: number, status: 'pending' | 'confirmed' | 'completed' | 'cancelled' = 'confirmed') =>
      insertBooking({
        clientId: client.id,
        practitionerId: practitioner.id,
        serviceId: freeServiceId,
        startsInHours: hours,
        status,
      }).id
    const [later, sooner, unpaid, recent, older, dropped] = [
      at(72),
      at(24),
      at(48, 'pending'),
      at(-5, 'completed'),
      at(-50, 'completed'),
      at(30, 'cancelled'),
    ]
    const { upcoming, past, cancelled, counts } = getClientSessions(client)
    expect(upcoming.map((s) => s.id)).toEqual([sooner, unpaid, later])
    expect(past.map((s) => s.id)).toEqual([recent, older])
    expect(cancelled.map((s) => s.id)).toEqual([dropped])
    // The Upcoming card counts what the Upcoming list shows: the pending session too.
    expect(counts).toMatchObject({ total: 5, upcoming: 3, completed: 2, cancelled: 1 })
  })
})
