import { eq } from 'drizzle-orm'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { getDb } from '~/db/client.server'
import { bookings, sessionAttendance } from '~/db/schema'
import { sweepBookings } from '~/jobs/maintenance.server'
import { pageI18n } from '~/lib/i18n/i18n.server'
import { resetAllLimits } from '~/lib/rate-limit.server'
import { getClientSessions } from '~/models/booking/client-sessions.server'
import { getDashboard, getRecentSessions } from '~/models/practice/dashboard.server'
import { listAttendance } from '~/models/sessions/attendance.server'
import { ROOM_TEXT, sessionRoomPath, type RoomEvent } from '~/models/sessions/room'
import { ROOM_NOT_OPEN } from '~/models/sessions/room.server'
import {
  closeAllRooms,
  NOT_CONNECTED,
  ONLY_PRACTITIONER_ENDS,
  RECONNECT_GRACE_MS,
} from '~/models/sessions/signaling.server'
import * as roomPage from '~/routes/sessions.$id'
import * as signal from '~/routes/sessions.$id.signal'
import { requestContext } from '../../server/request-context.js'
import {
  callApi,
  createListedPractitioner,
  createUser,
  getRequest,
  insertBooking,
  insertService,
  jsonRequest,
  routeArgs,
  settle,
  signIn,
  updateServiceRow,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'

/**
 * The video room's server side (issue 31; docs/decisions/039-video-rooms.md): who may open a
 * booking's room and when, the event stream and the messages it relays, presence, a second tab
 * replacing the first, a dropped stream's grace, attendance, the practitioner's End session,
 * and the bounds on what a browser may send.
 */

type Person = { id: number; firstName: string; cookie: string }
let practitioner: Person
let serviceId: number

beforeAll(async () => {
  const made = await createListedPractitioner({ firstName: 'Daniel', lastName: 'Room' })
  practitioner = { ...made, cookie: await signIn(made.id) }
  serviceId = insertService(practitioner.id, { name: 'Video Session', priceCents: 0, isFreeIntro: true }).id
})

afterEach(() => {
  closeAllRooms()
  resetAllLimits()
  vi.useRealTimers()
})

async function booking(startsInHours = 0.1, status: 'confirmed' | 'pending' | 'cancelled' = 'confirmed') {
  const client = await createUser({ firstName: 'Casey', lastName: 'Caller' })
  const row = insertBooking({ clientId: client.id, practitionerId: practitioner.id, serviceId, startsInHours, status })
  return { client: { ...client, cookie: await signIn(client.id) } as Person, id: row.id }
}

/** An open event stream: its events as they arrive, and a way to close it as a browser would. */
async function stream(bookingId: number, person: Person, peer: string) {
  const controller = new AbortController()
  const request = new Request(`http://localhost/sessions/${bookingId}/signal?peer=${peer}`, {
    headers: { Cookie: person.cookie, Accept: 'text/event-stream' },
    signal: controller.signal,
  })
  const response = (await signal.loader(routeArgs(request, { id: String(bookingId) }))) as Response
  expect(response.status).toBe(200)
  expect(response.headers.get('Content-Type')).toMatch(/^text\/event-stream/)
  const reader = response.body!.getReader()
  const events: RoomEvent[] = []
  let buffer = ''
  let ended = false
  const pump = (async () => {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      buffer += new TextDecoder().decode(value)
      const frames = buffer.split('\n\n')
      buffer = frames.pop()!
      for (const frame of frames) if (frame.startsWith('data: ')) events.push(JSON.parse(frame.slice(6)) as RoomEvent)
    }
    ended = true
  })()
  const next = async (type: RoomEvent['type']) => {
    await vi.waitFor(() => expect(events.some((e) => e.type === type)).toBe(true), { timeout: 2_000 })
    const index = events.findIndex((e) => e.type === type)
    return events.splice(index, 1)[0]!
  }
  return {
    events,
    next,
    isEnded: () => ended,
    leave: async () => {
      controller.abort()
      await reader.cancel().catch(() => {})
      await pump.catch(() => {})
    },
  }
}

const post = (bookingId: number, person: Person, body: unknown) =>
  callApi(signal.action, jsonRequest(`/sessions/${bookingId}/signal`, 'POST', body, { cookie: person.cookie }), {
    id: String(bookingId),
  })

const bookingRow = (id: number) => getDb().select().from(bookings).where(eq(bookings.id, id)).get()!

const CLIENT_PEER = 'client-peer-0001'
const PRACTITIONER_PEER = 'practitioner-peer-0001'

describe('who may enter, and when', () => {
  test('the page: its two people only (anyone else, or no booking, the same 404), with its window', async () => {
    const { client, id } = await booking()
    const page = await roomPage.loader(
      routeArgs(getRequest(sessionRoomPath(id), { cookie: client.cookie }), { id: String(id) }),
    )
    expect(page).toMatchObject({
      state: 'open',
      me: { role: 'client', firstName: 'Casey' },
      other: { firstName: 'Daniel', name: 'Daniel Room' },
      booking: { id, serviceName: 'Breathwork session', durationMinutes: 60 },
      iceServers: [],
      backTo: { to: `/bookings/${id}` },
    })
    const asPractitioner = await roomPage.loader(
      routeArgs(getRequest(sessionRoomPath(id), { cookie: practitioner.cookie }), { id: String(id) }),
    )
    expect(asPractitioner).toMatchObject({ me: { role: 'practitioner' }, other: { name: 'Casey Caller' } })

    const stranger = await signIn((await createUser()).id)
    for (const [path, params] of [
      [sessionRoomPath(id), { id: String(id) }],
      [sessionRoomPath(999_999), { id: '999999' }],
    ] as const) {
      const refused = await settle(() => roomPage.loader(routeArgs(getRequest(path, { cookie: stranger }), params)))
      expect((refused as Response).status).toBe(404)
    }
    expect(
      (await callApi(signal.loader, getRequest(`/sessions/${id}/signal`, { cookie: stranger }), { id: String(id) }))
        .status,
    ).toBe(404)
    expect((await callApi(signal.loader, getRequest(`/sessions/${id}/signal`), { id: String(id) })).status).toBe(401)
  })

  test('before its window, after it, cancelled or unpaid: the page says so and signaling is refused', async () => {
    const cases = [
      [await booking(2), 'early'],
      [await booking(-2), 'ended'],
      [await booking(0.1, 'cancelled'), 'cancelled'],
      [await booking(0.1, 'pending'), 'unpaid'],
    ] as const
    for (const [{ client, id }, state] of cases) {
      const page = await roomPage.loader(
        routeArgs(getRequest(sessionRoomPath(id), { cookie: client.cookie }), { id: String(id) }),
      )
      expect(page.state).toBe(state)
      expect(page.iceServers).toEqual([])
      // When it opens, in the viewer's zone: what the page says without JavaScript.
      expect(page.opensAtTime).toMatch(/^\d{1,2}:\d\d [AP]M \S+$/)
      const refused = await post(id, client, { type: 'join', peerId: CLIENT_PEER, audio: true, video: true })
      expect(refused).toMatchObject({ status: 409, body: { message: inEnglish(ROOM_NOT_OPEN[state]) } })
    }
  })

  test('a service held at the practitioner’s own link has no room: the page offers the link', async () => {
    const own = insertService(practitioner.id, { name: 'Own Link', priceCents: 0, isFreeIntro: true }).id
    updateServiceRow(own, { meetingLink: 'https://meet.example.com/daniel', useOwnMeetingLink: true })
    const client = await createUser()
    const row = insertBooking({
      clientId: client.id,
      practitionerId: practitioner.id,
      serviceId: own,
      startsInHours: 0.1,
    })
    const page = await roomPage.loader(
      routeArgs(getRequest(sessionRoomPath(row.id), { cookie: await signIn(client.id) }), { id: String(row.id) }),
    )
    expect(page).toMatchObject({ state: 'own-link', meetingLink: 'https://meet.example.com/daniel' })
  })
})

describe('signaling', () => {
  test('presence, join, descriptions and candidates relayed to the other side’s current page only, state and leave', async () => {
    const { client, id } = await booking()
    const c = await stream(id, client, CLIENT_PEER)
    expect(await c.next('hello')).toEqual({
      type: 'hello',
      peerId: CLIENT_PEER,
      other: { present: false, joined: false, peerId: null, audio: false, video: false, audioOnly: false },
    })
    const p = await stream(id, practitioner, PRACTITIONER_PEER)
    expect(await p.next('hello')).toMatchObject({ other: { present: true, joined: false, peerId: CLIENT_PEER } })
    expect(await c.next('presence')).toMatchObject({
      other: { present: true, joined: false, peerId: PRACTITIONER_PEER },
    })

    expect((await post(id, client, { type: 'join', peerId: CLIENT_PEER, audio: true, video: false })).status).toBe(204)
    expect(await p.next('presence')).toMatchObject({ other: { joined: true, audio: true, video: false } })
    expect(listAttendance(id)).toMatchObject([{ userId: client.id, leftAt: null }])

    const offer = { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' }
    await post(id, practitioner, { type: 'signal', peerId: PRACTITIONER_PEER, to: CLIENT_PEER, description: offer })
    expect(await c.next('signal')).toEqual({ type: 'signal', from: PRACTITIONER_PEER, description: offer })
    const candidate = {
      candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    }
    await post(id, client, { type: 'signal', peerId: CLIENT_PEER, to: PRACTITIONER_PEER, candidate })
    expect(await p.next('signal')).toMatchObject({ from: CLIENT_PEER, candidate })
    // Meant for a page that is gone: dropped.
    await post(id, client, { type: 'signal', peerId: CLIENT_PEER, to: 'an-old-page-0001', candidate })
    await post(id, client, { type: 'state', peerId: CLIENT_PEER, audio: false, video: false })
    expect(await p.next('presence')).toMatchObject({ other: { joined: true, audio: false, audioOnly: false } })
    // Audio only on a weak link: the other side hears of it with the rest of the state.
    await post(id, client, { type: 'state', peerId: CLIENT_PEER, audio: true, video: true, audioOnly: true })
    expect(await p.next('presence')).toMatchObject({ other: { audio: true, video: true, audioOnly: true } })
    expect(p.events.filter((e) => e.type === 'signal')).toEqual([])

    // A message from a page that is not the person's current one.
    expect(
      await post(id, client, { type: 'state', peerId: 'stale-page-0001', audio: true, video: true }),
    ).toMatchObject({
      status: 409,
      body: { message: inEnglish(NOT_CONNECTED) },
    })
    await post(id, client, { type: 'leave', peerId: CLIENT_PEER })
    expect(await p.next('presence')).toMatchObject({ other: { present: true, joined: false } })
    expect(listAttendance(id)[0]!.leftAt).toBeInstanceOf(Date)
    await c.leave()
    await p.leave()
  })

  test('a second tab replaces the first; a dropped stream keeps its place for a grace, then leaves', async () => {
    const { client, id } = await booking()
    const p = await stream(id, practitioner, PRACTITIONER_PEER)
    const first = await stream(id, client, CLIENT_PEER)
    await post(id, client, { type: 'join', peerId: CLIENT_PEER, audio: true, video: true })
    const second = await stream(id, client, 'client-peer-0002')
    expect(await first.next('replaced')).toEqual({ type: 'replaced' })
    await vi.waitFor(() => expect(first.isEnded()).toBe(true))
    await vi.waitFor(() =>
      expect(p.events.at(-1)).toMatchObject({ type: 'presence', other: { peerId: 'client-peer-0002', joined: false } }),
    )
    // The replaced tab's stay ended with it.
    expect(listAttendance(id).every((stay) => stay.leftAt !== null)).toBe(true)

    await post(id, client, { type: 'join', peerId: 'client-peer-0002', audio: true, video: true })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    await second.leave()
    // Reconnecting within the grace: the same place, still joined, no "left" for the other side.
    const again = await stream(id, client, 'client-peer-0002')
    expect(await again.next('hello')).toMatchObject({ peerId: 'client-peer-0002' })
    expect(listAttendance(id).filter((stay) => stay.leftAt === null)).toHaveLength(1)
    await again.leave()
    vi.advanceTimersByTime(RECONNECT_GRACE_MS + 1)
    await vi.waitFor(() => expect(p.events.at(-1)).toMatchObject({ type: 'presence', other: { present: false } }))
    expect(listAttendance(id).filter((stay) => stay.leftAt === null)).toEqual([])
    vi.useRealTimers()
    await p.leave()
  })

  test('End session: the practitioner only; both are told, stays close and the room stays closed', async () => {
    const { client, id } = await booking(-0.1) // started six minutes ago
    const c = await stream(id, client, CLIENT_PEER)
    const p = await stream(id, practitioner, PRACTITIONER_PEER)
    await post(id, client, { type: 'join', peerId: CLIENT_PEER, audio: true, video: true })
    await post(id, practitioner, { type: 'join', peerId: PRACTITIONER_PEER, audio: true, video: true })
    expect(await post(id, client, { type: 'end', peerId: CLIENT_PEER })).toMatchObject({
      status: 403,
      body: { message: inEnglish(ONLY_PRACTITIONER_ENDS) },
    })
    // The client's attempt changed nothing: the booking is as it was, nobody was told it ended.
    expect(c.events.some((e) => e.type === 'ended')).toBe(false)
    expect(bookingRow(id)).toMatchObject({ status: 'confirmed', sessionEndedAt: null })
    expect((await post(id, practitioner, { type: 'end', peerId: PRACTITIONER_PEER })).status).toBe(204)
    expect(await c.next('ended')).toEqual({ type: 'ended' })
    expect(await p.next('ended')).toEqual({ type: 'ended' })
    await vi.waitFor(() => expect(c.isEnded() && p.isEnded()).toBe(true))
    expect(listAttendance(id)).toHaveLength(2)
    expect(listAttendance(id).every((stay) => stay.leftAt)).toBe(true)
    expect(getDb().select().from(bookings).where(eq(bookings.id, id)).get()!.sessionEndedAt).toBeInstanceOf(Date)
    const page = await roomPage.loader(
      routeArgs(getRequest(sessionRoomPath(id), { cookie: client.cookie }), { id: String(id) }),
    )
    expect(page.state).toBe('ended')
  })

  test('End before the booked start is refused and changes nothing: the room stays open to both', async () => {
    const { client, id } = await booking(0.1) // the room is open; the session starts in six minutes
    const c = await stream(id, client, CLIENT_PEER)
    const p = await stream(id, practitioner, PRACTITIONER_PEER)
    await post(id, client, { type: 'join', peerId: CLIENT_PEER, audio: true, video: true })
    await post(id, practitioner, { type: 'join', peerId: PRACTITIONER_PEER, audio: true, video: true })
    const before = bookingRow(id)
    expect(await post(id, practitioner, { type: 'end', peerId: PRACTITIONER_PEER })).toMatchObject({
      status: 409,
      body: { message: inEnglish(ROOM_TEXT.endNotYet) },
    })
    expect(bookingRow(id)).toEqual(before)
    expect(before).toMatchObject({ status: 'confirmed', sessionEndedAt: null })
    expect(c.events.some((e) => e.type === 'ended') || p.events.some((e) => e.type === 'ended')).toBe(false)
    expect(c.isEnded() || p.isEnded()).toBe(false)
    // Both are still in the room, and its page still opens.
    expect(listAttendance(id).filter((stay) => stay.leftAt === null)).toHaveLength(2)
    expect((await post(id, client, { type: 'state', peerId: CLIENT_PEER, audio: false, video: true })).status).toBe(204)
    const page = await roomPage.loader(
      routeArgs(getRequest(sessionRoomPath(id), { cookie: client.cookie }), { id: String(id) }),
    )
    expect(page).toMatchObject({ state: 'open', ended: null })
    await c.leave()
    await p.leave()
  })

  test('End after the start completes the booking at once, with its time, for both people’s pages', async () => {
    const { client, id } = await booking(-0.25) // started 15 minutes ago, booked until 45 minutes from now
    const p = await stream(id, practitioner, PRACTITIONER_PEER)
    await post(id, practitioner, { type: 'join', peerId: PRACTITIONER_PEER, audio: true, video: true })
    const endedAt = new Date()
    expect((await post(id, practitioner, { type: 'end', peerId: PRACTITIONER_PEER })).status).toBe(204)
    await p.next('ended')

    const row = bookingRow(id)
    expect(row.status).toBe('completed')
    expect(row.sessionEndedAt!.getTime()).toBeGreaterThanOrEqual(endedAt.getTime())
    expect(row.sessionEndedAt!.getTime()).toBeLessThan(row.endTime.getTime())
    // The room's page names who ended it, and when, on both sides.
    for (const [person, role, other] of [
      [client, 'client', 'Daniel'],
      [practitioner, 'practitioner', 'Casey'],
    ] as const) {
      const page = await roomPage.loader(
        routeArgs(getRequest(sessionRoomPath(id), { cookie: person.cookie }), { id: String(id) }),
      )
      expect(page).toMatchObject({
        state: 'ended',
        ended: { at: row.sessionEndedAt!.toISOString(), time: expect.stringMatching(/^\d{1,2}:\d\d [AP]M \S+$/) },
        me: { role },
        other: { firstName: other },
      })
    }
    // The client's dashboard: a past, completed session, with nothing left to cancel, move or join.
    const mine = getClientSessions(client)
    expect(mine.upcoming.map((s) => s.id)).not.toContain(id)
    expect(mine.past.find((s) => s.id === id)).toMatchObject({
      status: 'completed',
      sessionEndedAt: row.sessionEndedAt,
      canCancel: false,
      canReschedule: false,
      canJoin: false,
    })
    expect(mine.counts.completed).toBe(1)
    // The practitioner's: out of Upcoming, into Recent Sessions as completed, with its end.
    expect(getDashboard(practitioner.id).upcomingSessions.map((s) => s.id)).not.toContain(id)
    expect(getRecentSessions(practitioner.id).find((s) => s.id === id)).toMatchObject({
      completed: true,
      endedAt: row.sessionEndedAt!.toISOString(),
    })
    // A second End, or a join, finds the room closed.
    expect(await post(id, practitioner, { type: 'end', peerId: PRACTITIONER_PEER })).toMatchObject({
      status: 409,
      body: { message: inEnglish(ROOM_NOT_OPEN.ended) },
    })
    expect(bookingRow(id).sessionEndedAt).toEqual(row.sessionEndedAt)
  })

  test('Leave is not End: whoever left may rejoin until the booked end', async () => {
    const { client, id } = await booking(-0.9) // booked until six minutes from now
    const c = await stream(id, client, CLIENT_PEER)
    const p = await stream(id, practitioner, PRACTITIONER_PEER)
    await post(id, practitioner, { type: 'join', peerId: PRACTITIONER_PEER, audio: true, video: true })
    for (const person of [client, practitioner]) {
      const peerId = person === client ? CLIENT_PEER : PRACTITIONER_PEER
      expect((await post(id, person, { type: 'join', peerId, audio: true, video: true })).status).toBe(204)
      expect((await post(id, person, { type: 'leave', peerId })).status).toBe(204)
      expect((await post(id, person, { type: 'join', peerId, audio: true, video: true })).status).toBe(204)
    }
    expect(bookingRow(id)).toMatchObject({ status: 'confirmed', sessionEndedAt: null })
    const stays = listAttendance(id)
    expect(stays.filter((stay) => stay.userId === client.id)).toHaveLength(2)
    expect(stays.filter((stay) => stay.leftAt === null)).toHaveLength(2)
    expect(c.events.some((e) => e.type === 'ended')).toBe(false)
    // Leaving and closing the page: the room opens again for that person.
    await post(id, client, { type: 'leave', peerId: CLIENT_PEER })
    await c.leave()
    const again = await stream(id, client, 'client-peer-0002')
    expect(await again.next('hello')).toMatchObject({ other: { joined: true } })
    expect(
      (await post(id, client, { type: 'join', peerId: 'client-peer-0002', audio: true, video: true })).status,
    ).toBe(204)
    await again.leave()
    await p.leave()
  })

  test('bounded: a peer id must look like one, a body over 48 KB is 413, and messages are limited per account', async () => {
    const { client, id } = await booking()
    const badPeer = await settle(() =>
      signal.loader(
        routeArgs(
          getRequest(`/sessions/${id}/signal?peer=${encodeURIComponent('<script>')}`, {
            cookie: client.cookie,
            headers: { Accept: 'text/event-stream' },
          }),
          { id: String(id) },
        ),
      ),
    )
    expect((badPeer as Response).status).toBe(400)
    const huge = {
      type: 'signal',
      peerId: CLIENT_PEER,
      to: PRACTITIONER_PEER,
      description: { type: 'offer', sdp: 'x'.repeat(60_000) },
    }
    expect((await post(id, client, huge)).status).toBe(413)
    expect((await post(id, client, { type: 'dance', peerId: CLIENT_PEER })).status).toBe(400)
    const c = await stream(id, client, CLIENT_PEER)
    let refused = 0
    for (let i = 0; i < 610 && !refused; i++) {
      const answer = await post(id, client, { type: 'state', peerId: CLIENT_PEER, audio: true, video: true })
      if (answer.status === 429) refused = i
    }
    expect(refused).toBeGreaterThan(590)
    await c.leave()
  })

  test('the practitioner reads who was in the room on Recent Sessions, beside "Client did not attend"', async () => {
    const { client, id } = await booking(-1.1) // ended six minutes ago: its room is still open
    const c = await stream(id, client, CLIENT_PEER)
    await post(id, client, { type: 'join', peerId: CLIENT_PEER, audio: true, video: true })
    await post(id, client, { type: 'leave', peerId: CLIENT_PEER })
    await c.leave()
    expect(getRecentSessions(practitioner.id).find((s) => s.id === id)).toMatchObject({
      attendance: { client: [{ joinedAt: expect.any(String), leftAt: expect.any(String) }], practitioner: [] },
      // The room saw the client: they cannot be marked absent (issue 42).
      canMarkNoShow: false,
    })
  })

  test('a stay a stopped machine left open is closed by the sweeper', async () => {
    const { client, id } = await booking()
    getDb()
      .insert(sessionAttendance)
      .values({ bookingId: id, userId: client.id, joinedAt: new Date(Date.now() - 60_000) })
      .run()
    const c = await stream(id, client, CLIENT_PEER)
    await post(id, client, { type: 'join', peerId: CLIENT_PEER, audio: true, video: true })
    expect(sweepBookings().strayStays).toBe(1)
    // The stay this machine holds stays open.
    expect(listAttendance(id).filter((stay) => stay.leftAt === null)).toHaveLength(1)
    await c.leave()
  })
})

describe('in French', () => {
  /** The room's page as the server renders it for a reader of French (their browser says so), with its loader's data. */
  async function frenchPage(id: number, person: Person) {
    const path = sessionRoomPath(id)
    const request = getRequest(path, { cookie: person.cookie, headers: { 'Accept-Language': 'fr-CA,fr;q=0.9' } })
    const data = await roomPage.loader(routeArgs(request, { id: String(id) }))
    const handler = createStaticHandler([
      { id: 'room', path: '/sessions/:id', loader: () => data, Component: roomPage.default },
    ])
    const context = await handler.query(new Request(`http://localhost${path}`))
    if (context instanceof Response) throw context
    const router = createStaticRouter(handler.dataRoutes, context)
    const html = renderToStaticMarkup(
      createElement(
        I18nextProvider,
        { i18n: pageI18n('fr').i18n },
        createElement(StaticRouterProvider, { router, context, hydrate: false }),
      ),
    )
    return { data, html }
  }

  test('before the room opens: the heading, when it opens (French time), the way back', async () => {
    const { client, id } = await booking(5)
    const { data, html } = await frenchPage(id, client)
    expect(data.opensAtTime).toMatch(/^\d{1,2}\sh\s\d\d\s\S+$/)
    expect(data.booking.when).toMatch(/ \d{4}, \d{1,2}\sh\s\d\d – \d{1,2}\sh\s\d\d \S+$/)
    expect(html).toContain('>Breathwork session avec Daniel Room<')
    expect(html).toContain('Retour à votre réservation')
    expect(html).toContain('Votre salle vidéo ouvre 15 minutes avant le début de la séance.')
    expect(html).toContain(`La salle ouvre à ${data.opensAtTime}.`)
    expect(html).toContain(
      'La salle vidéo a besoin de JavaScript. Activez-le dans votre navigateur pour rejoindre la séance.',
    )
  })

  test('a cancelled session, and one the practitioner ended, as each side reads it', async () => {
    const cancelled = await booking(2, 'cancelled')
    expect((await frenchPage(cancelled.id, cancelled.client)).html).toContain(
      'Cette séance a été annulée, elle n’a donc pas de salle.',
    )
    const { client, id } = await booking(-0.5)
    getDb().update(bookings).set({ sessionEndedAt: new Date(), status: 'completed' }).where(eq(bookings.id, id)).run()
    const asClient = await frenchPage(id, client)
    expect(asClient.html).toContain('Daniel a mis fin à la séance')
    expect(asClient.html).toContain(`Elle s’est terminée à ${asClient.data.ended!.time}.`)
    const asPractitioner = await frenchPage(id, practitioner)
    expect(asPractitioner.html).toContain('Vous avez mis fin à la séance')
    expect(asPractitioner.html).toContain('Retour à votre tableau de bord')
  })

  test('a refusal of the room’s signaling is in the request’s language', async () => {
    const { client, id } = await booking(5)
    const refused = await requestContext.run(
      { id: 'fr', method: 'POST', route: null, pathname: '/', userId: null, language: 'fr' },
      () => post(id, client, { type: 'join', peerId: CLIENT_PEER, audio: true, video: true }),
    )
    expect(refused).toMatchObject({
      status: 409,
      body: { message: 'Votre salle vidéo ouvre 15 minutes avant le début de la séance.' },
    })
  })
})
