import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { bookings } from '~/db/schema'
import { FREE_SESSION_CANCELLATION } from '~/models/booking/booking'
import { BOOKING_NOT_FOUND, cancelBooking, createBooking } from '~/models/booking/booking.server'
import * as page from '~/routes/_client.bookings.$id'
import {
  createListedPractitioner,
  createUser,
  getRequest,
  insertBooking,
  insertService,
  insertSlot,
  routeArgs,
  settle,
  signIn,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'

/**
 * A booking's confirmation page, /bookings/:id (issue 16): its client sees what, when (in
 * their own zone), with whom, the price, the refund policy as it stands for this booking, the
 * calendar links and what happens next; everyone else, its practitioner included, gets the
 * same 404 as for a booking that does not exist.
 */

const HOUR = 60 * 60 * 1000
const MEETING_LINK = 'https://meet.example.com/solace-intro'

let practitioner: Awaited<ReturnType<typeof createListedPractitioner>>
let practitionerCookie: string
let freeServiceId: number
let paidServiceId: number

async function newClient(timeZone?: string) {
  const user = await createUser({ firstName: 'Casey', lastName: 'Client', ...(timeZone ? { timeZone } : {}) })
  return { ...user, cookie: await signIn(user.id) }
}

function load(id: number | string, cookie?: string) {
  return settle(() =>
    page.loader(routeArgs(getRequest(`/bookings/${id}`, cookie ? { cookie } : {}), { id: String(id) })),
  )
}

async function loaded(id: number, cookie: string) {
  const answer = await load(id, cookie)
  if (answer instanceof Response) throw new Error(`expected the page, got ${answer.status}`)
  return answer
}

/** A free session at a fixed instant, booked by the client the way the app books it. */
async function freeBookingAt(client: Awaited<ReturnType<typeof newClient>>, startTime: Date) {
  const slot = insertSlot({ practitionerId: practitioner.id, serviceId: freeServiceId, startTime, minutes: 30 })
  return createBooking(client, { serviceId: freeServiceId, timeSlotId: slot.id })
}

/** A paid, confirmed session starting at `startTime`. */
function paidBookingAt(clientId: number, startTime: Date) {
  const row = insertBooking({ clientId, practitionerId: practitioner.id, serviceId: paidServiceId, startsInHours: 1 })
  getDb()
    .update(bookings)
    .set({ startTime, endTime: new Date(startTime.getTime() + HOUR) })
    .where(eq(bookings.id, row.id))
    .run()
  return row
}

async function expectNotFound(answer: unknown) {
  expect(answer).toBeInstanceOf(Response)
  const response = answer as Response
  expect(response.status).toBe(404)
  expect(await response.json()).toEqual({ message: BOOKING_NOT_FOUND })
}

beforeAll(async () => {
  practitioner = await createListedPractitioner({ firstName: 'Priya', lastName: 'Sharma', title: 'Breath Coach' })
  practitionerCookie = await signIn(practitioner.id)
  freeServiceId = insertService(practitioner.id, {
    name: 'Free Intro',
    priceCents: 0,
    durationMinutes: 30,
    isFreeIntro: true,
    meetingLink: MEETING_LINK,
  }).id
  paidServiceId = insertService(practitioner.id, { name: 'Deep Session', priceCents: 5000 }).id
})

describe('who sees it', () => {
  test('the client sees their booking: what, with whom, the price, the calendar links and what comes next', async () => {
    const client = await newClient()
    const { id } = await freeBookingAt(client, new Date('2031-01-15T23:30:00Z'))
    const data = await loaded(id, client.cookie)
    expect(data.booking).toMatchObject({
      id,
      status: 'confirmed',
      totalAmountCents: 0,
      service: { name: 'Free Intro', duration: 30, meetingLink: MEETING_LINK },
      practitioner: {
        id: practitioner.id,
        firstName: 'Priya',
        lastName: 'Sharma',
        title: 'Breath Coach',
        profileImageUrl: '/uploads/images/avery.webp',
      },
      awaitingPayment: false,
      canCancel: true,
    })
    expect(data.email).toBe(client.email)
    expect(data.calendar?.ics).toBe(`/bookings/${id}/calendar.ics`)
    const google = new URL(data.calendar!.google)
    expect(google.origin).toBe('https://calendar.google.com')
    expect(google.searchParams.get('text')).toBe('Free Intro')
    expect(google.searchParams.get('dates')).toBe('20310115T233000Z/20310116T000000Z')
    // Where to join: the session's video room (the service's link is only its no-JavaScript fallback).
    expect(google.searchParams.get('details')).toContain(`/sessions/${id}`)
    expect(google.searchParams.get('location')).toMatch(new RegExp(`^https?://[^/]+/sessions/${id}$`))
    // A booked pair may write to each other: the inbox opens on a first message to her.
    expect(data.messageHref).toBe(`/client-inbox?with=${practitioner.id}&reply=new`)
  })

  test('another client, the practitioner and an unknown id get the same 404; signed out goes to login', async () => {
    const client = await newClient()
    const { id } = await freeBookingAt(client, new Date(Date.now() + 96 * HOUR))
    const stranger = await newClient()
    await expectNotFound(await load(id, stranger.cookie))
    await expectNotFound(await load(id, practitionerCookie))
    await expectNotFound(await load(999_999, client.cookie))
    await expectNotFound(await load('abc', client.cookie))
    const signedOut = await load(id)
    expect(signedOut).toBeInstanceOf(Response)
    expect((signedOut as Response).headers.get('Location')).toBe(
      `/login?${new URLSearchParams({ redirect: `/bookings/${id}` })}`,
    )
  })
})

describe('times in the viewer’s zone', () => {
  test('the same instant reads as the next morning in Tokyo and the evening before in Toronto', async () => {
    const start = new Date('2031-02-03T23:30:00Z')
    const tokyo = await newClient('Asia/Tokyo')
    const toronto = await newClient('America/Toronto')
    const inTokyo = await loaded((await freeBookingAt(tokyo, start)).id, tokyo.cookie)
    const inToronto = await loaded((await freeBookingAt(toronto, new Date(start.getTime() + HOUR))).id, toronto.cookie)
    expect(inTokyo.when).toEqual({ date: 'February 4, 2031', time: '8:30 AM – 9:00 AM GMT+9' })
    expect(inToronto.when).toEqual({ date: 'February 3, 2031', time: '7:30 PM – 8:00 PM EST' })
  })

  test('a booking awaiting payment says until when its time is held, in the viewer’s zone, and offers no calendar yet', async () => {
    const client = await newClient('Europe/London')
    const slot = insertSlot({
      practitionerId: practitioner.id,
      serviceId: paidServiceId,
      startTime: new Date(Date.now() + 72 * HOUR),
    })
    const { id } = await createBooking(client, { serviceId: paidServiceId, timeSlotId: slot.id })
    const data = await loaded(id, client.cookie)
    expect(data.booking).toMatchObject({
      status: 'pending',
      isPaid: false,
      awaitingPayment: true,
      totalAmountCents: 5000,
    })
    expect(data.holdUntil).toMatch(/^\d{1,2}:\d{2} [AP]M (GMT|BST|GMT\+1)$/)
    expect(data.calendar).toBeNull()
  })
})

describe('the refund policy for this booking', () => {
  test('24 hours or more ahead: free cancellation until a day before the start, in the viewer’s zone', async () => {
    const client = await newClient('America/Toronto')
    const { id } = paidBookingAt(client.id, new Date('2031-01-20T15:00:00Z'))
    const data = await loaded(id, client.cookie)
    expect(data.booking).toMatchObject({ status: 'confirmed', isPaid: true, totalAmountCents: 5000 })
    expect(inEnglish(data.refundPolicy!)).toBe(
      'Free cancellation until January 19, 2031, 10:00 AM EST: cancel by then for a full refund. Later cancellations are not refunded.',
    )
  })

  test('within 24 hours: it cannot be refunded', async () => {
    const client = await newClient()
    const { id } = paidBookingAt(client.id, new Date(Date.now() + 5.5 * HOUR))
    expect(inEnglish((await loaded(id, client.cookie)).refundPolicy!)).toBe(
      'This session starts in 5 hours: it cannot be refunded if you cancel.',
    )
  })

  test('a free session can be cancelled until it starts; a cancelled one has no policy and no calendar', async () => {
    const client = await newClient()
    const { id } = await freeBookingAt(client, new Date(Date.now() + 5 * HOUR))
    expect((await loaded(id, client.cookie)).refundPolicy).toBe(FREE_SESSION_CANCELLATION)
    await cancelBooking(client, id)
    const cancelled = await loaded(id, client.cookie)
    expect(cancelled.booking.status).toBe('cancelled')
    expect(cancelled.refundPolicy).toBeNull()
    expect(cancelled.calendar).toBeNull()
  })
})
