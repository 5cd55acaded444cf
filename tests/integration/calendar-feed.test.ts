import { eq } from 'drizzle-orm'
import ICAL from 'ical.js'
import { beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { bookings, users } from '~/db/schema'
import { resetAllLimits } from '~/lib/rate-limit.server'
import { CALENDAR_FEED_CHANGES } from '~/models/accounts/calendar-feed'
import { calendarFeedOf, resetCalendarFeed, stopCalendarFeed } from '~/models/accounts/calendar-feed.server'
import * as customerSettings from '~/routes/_client.customer-settings'
import * as feedRoute from '~/routes/calendar.$feed'
import * as practitionerSettings from '~/routes/practitioner.settings'
import {
  createListedPractitioner,
  createUser,
  expectRedirect,
  formRequest,
  getRequest,
  insertBooking,
  insertService,
  readToast,
  routeArgs,
  signIn,
} from '../helpers'
import { allInEnglish } from '../helpers/shown-deep'

/**
 * Calendar subscriptions (issue 30, "Calendar feeds"): a private address per person, read by
 * calendars without a session, parsed here with a real iCalendar parser (ical.js).
 */

beforeEach(resetAllLimits)

const ORIGIN = 'http://localhost'

async function people() {
  const practitioner = await createListedPractitioner({
    firstName: 'Priya',
    lastName: 'Feed',
    timeZone: 'America/Edmonton',
  })
  const client = await createUser({ firstName: 'Cal', lastName: 'Endar', timeZone: 'Europe/Paris' })
  const other = await createUser({ firstName: 'Other', lastName: 'Client' })
  const serviceId = insertService(practitioner.id, { name: 'Feed Yoga', meetingLink: 'https://meet.example/room' }).id
  const booking = (
    clientId: number,
    startsInHours: number,
    status: 'confirmed' | 'pending' | 'cancelled' = 'confirmed',
  ) => insertBooking({ clientId, practitionerId: practitioner.id, serviceId, startsInHours, status })
  return { practitioner, client, other, booking }
}

/** GET the feed at `address` (its last path segment), as a calendar would: no cookie. */
function fetchFeed(address: string, headers: Record<string, string> = {}, ip = '198.51.100.7') {
  const feed = address.split('/').pop()!
  return feedRoute.loader(routeArgs(getRequest(`/calendar/${feed}`, { headers, ip }), { feed })) as Promise<Response>
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  return {
    calendar,
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent)
      return {
        uid: event.uid,
        summary: event.summary,
        description: event.description,
        location: event.location,
        status: vevent.getFirstPropertyValue('status'),
        url: vevent.getFirstPropertyValue('url'),
        sequence: event.sequence,
        start: event.startDate.toJSDate().getTime(),
        startZone: event.startDate.zone?.tzid,
      }
    }),
  }
}

describe('a calendar subscription', () => {
  test('a client’s feed: their own sessions, in UTC, with the session page, cancelled ones as CANCELLED', async () => {
    const { client, other, booking } = await people()
    const kept = booking(client.id, 48)
    const cancelled = booking(client.id, 72, 'cancelled')
    const someoneElse = booking(other.id, 96)
    resetCalendarFeed(client.id)
    const address = calendarFeedOf(client.id, ORIGIN)!
    expect(address.webcal).toMatch(/^webcal:\/\/localhost\/calendar\/\d+-[0-9a-f]{64}\.ics$/)
    expect(address.https).toBe(address.webcal.replace('webcal:', 'http:'))

    const response = await fetchFeed(address.https)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toBe('private, no-cache')
    const text = await response.text()
    const { calendar, events } = parse(text)
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Europe/Paris')
    expect(events.map((event) => event.uid)).toEqual([`booking-${kept.id}@solace`, `booking-${cancelled.id}@solace`])
    expect(events[0]).toMatchObject({
      summary: 'Breathwork session with Priya Feed',
      status: 'CONFIRMED',
      sequence: 0,
      // Joined in its video room (the service's link is only its fallback without JavaScript).
      location: `${ORIGIN}/sessions/${kept.id}`,
      start: Math.floor(kept.startTime.getTime() / 1000) * 1000,
      startZone: 'UTC',
    })
    expect(events[0]!.description).toContain(`Details: ${ORIGIN}/bookings/${kept.id}`)
    expect(events[0]!.url).toBe(`${ORIGIN}/bookings/${kept.id}`)
    expect(events[1]).toMatchObject({ status: 'CANCELLED', sequence: 1, location: null })
    expect(text).not.toContain(`booking-${someoneElse.id}@`)
    // Nothing but names and times: no email address of anyone.
    expect(text).not.toMatch(/@example\.com/)
  })

  test('a practitioner’s feed: every booked session, named after the client', async () => {
    const { practitioner, client, other, booking } = await people()
    const first = booking(client.id, 24)
    booking(other.id, 30, 'pending')
    resetCalendarFeed(practitioner.id)
    const { events } = parse(await (await fetchFeed(calendarFeedOf(practitioner.id, ORIGIN)!.https)).text())
    expect(events.map((event) => [event.summary, event.status])).toEqual([
      ['Breathwork session with Cal Endar', 'CONFIRMED'],
      ['Breathwork session with Other Client', 'TENTATIVE'],
    ])
    // Each event leads to its own booking: its row on the dashboard (issue 42), not the dashboard's top.
    const page = `${ORIGIN}/practitioner/dashboard?all=1#booking-${first.id}`
    expect(events[0]!.description).toContain(`Details: ${page}`)
    expect(events[0]!.url).toBe(page)
  })

  test('an unchanged feed answers 304 to its ETag; a change gives a new one', async () => {
    const { client, booking } = await people()
    const session = booking(client.id, 48)
    resetCalendarFeed(client.id)
    const { https } = calendarFeedOf(client.id, ORIGIN)!
    const first = await fetchFeed(https)
    const etag = first.headers.get('ETag')!
    expect(etag).toMatch(/^"[\w-]{32}"$/)
    const again = await fetchFeed(https, { 'If-None-Match': etag })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    getDb()
      .update(bookings)
      .set({ status: 'cancelled', updatedAt: new Date(Date.now() + 1000) })
      .where(eq(bookings.id, session.id))
      .run()
    const changed = await fetchFeed(https, { 'If-None-Match': etag })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('ETag')).not.toBe(etag)
  })

  test('a reset address ends the old one at once; turned off, none works; a suspended account’s is 404', async () => {
    const { client } = await people()
    resetCalendarFeed(client.id)
    const old = calendarFeedOf(client.id, ORIGIN)!.https
    resetCalendarFeed(client.id)
    const fresh = calendarFeedOf(client.id, ORIGIN)!.https
    expect(fresh).not.toBe(old)
    expect((await fetchFeed(old)).status).toBe(404)
    expect((await fetchFeed(fresh)).status).toBe(200)
    getDb().update(users).set({ suspendedAt: new Date() }).where(eq(users.id, client.id)).run()
    expect((await fetchFeed(fresh)).status).toBe(404)
    getDb().update(users).set({ suspendedAt: null }).where(eq(users.id, client.id)).run()
    stopCalendarFeed(client.id)
    expect(calendarFeedOf(client.id, ORIGIN)).toBeNull()
    expect((await fetchFeed(fresh)).status).toBe(404)
  })

  test('wrong addresses are 404 in plain text, and guessing from one address stops at 429', async () => {
    const { client } = await people()
    resetCalendarFeed(client.id)
    const real = calendarFeedOf(client.id, ORIGIN)!.https
    const wrong = real.replace(/[0-9a-f]{8}\.ics$/, '00000000.ics')
    for (const feed of [wrong, `${real.slice(0, -4)}`, `/calendar/${client.id}-short.ics`, '/calendar/x']) {
      const answer = await fetchFeed(feed, {}, '203.0.113.9')
      expect(answer.status, feed).toBe(404)
      expect(answer.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
    }
    for (let i = 0; i < 16; i++) await fetchFeed(wrong, {}, '203.0.113.9')
    const limited = await fetchFeed(real, {}, '203.0.113.9')
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
    // Another address (another calendar service) is not held up by it.
    expect((await fetchFeed(real, {}, '198.51.100.20')).status).toBe(200)
  })
})

describe('the settings screens', () => {
  test('a client turns the subscription on, resets it and turns it off, with the toasts', async () => {
    const client = await createUser()
    const cookie = await signIn(client.id)
    const post = (change: string) =>
      customerSettings.action(
        routeArgs(formRequest('/customer-settings', { intent: 'calendar-feed', change }, { cookie })),
      )
    const load = async () =>
      (
        (await customerSettings.loader(routeArgs(getRequest('/customer-settings', { cookie })))) as {
          calendarFeed: { webcal: string } | null
        }
      ).calendarFeed

    expect(await load()).toBeNull()
    expect(await readToast(expectRedirect(await post('start'), '/customer-settings'))).toEqual({
      type: 'success',
      ...CALENDAR_FEED_CHANGES.start,
    })
    const first = (await load())!.webcal
    await post('reset')
    const second = (await load())!.webcal
    expect(second).not.toBe(first)
    expect(allInEnglish(await readToast(expectRedirect(await post('stop'), '/customer-settings')))).toMatchObject(
      allInEnglish({
        title: 'Calendar subscription off',
      }),
    )
    expect(await load()).toBeNull()
    await expect(post('everything')).rejects.toMatchObject({ status: 400 })
  })

  test('a practitioner’s settings carry the card too', async () => {
    const practitioner = await createUser({ isPractitioner: true })
    const cookie = await signIn(practitioner.id)
    const post = practitionerSettings.action(
      routeArgs(formRequest('/practitioner/settings', { intent: 'calendar-feed', change: 'start' }, { cookie })),
    )
    expectRedirect(await post, '/practitioner/settings')
    expect(calendarFeedOf(practitioner.id, ORIGIN)).not.toBeNull()
  })
})
