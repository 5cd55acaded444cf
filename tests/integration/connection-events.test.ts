import { eq } from 'drizzle-orm'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { beforeAll, describe, expect, test } from 'vitest'
import { VideoSessionsCard } from '~/components/admin/video-sessions-card'
import { getDb } from '~/db/client.server'
import { bookings, sessionAttendance, sessionConnectionEvents } from '~/db/schema'
import { formatsFor } from '~/lib/i18n/formats'
import { pageI18n, tFor } from '~/lib/i18n/i18n.server'
import type { Language } from '~/lib/i18n/languages'
import {
  CONNECTION_TEXT,
  MAX_CONNECTION_EVENTS,
  MAX_CONNECTION_REPORT_BYTES,
  MAX_EVENTS_PER_REPORT,
} from '~/models/sessions/connection-events'
import { ROOM_TEXT } from '~/models/sessions/room'
import { VIDEO_CARD_TEXT, videoCardRows, type VideoFigures } from '~/models/sessions/video-figures'
import { median, videoFigures } from '~/models/sessions/video-figures.server'
import * as screen from '~/routes/admin.dashboard/route'
import * as report from '~/routes/sessions.$id.connection-events'
import { registry } from '../../server/metric-registry.js'
import {
  callApi,
  createListedPractitioner,
  createUser,
  getRequest,
  insertBooking,
  insertService,
  jsonRequest,
  routeArgs,
  signIn,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'

/**
 * "Knowing it works" (issue 45): what a room's page reports of its connection
 * (POST /sessions/:id/connection-events): who may, the bounds, what is refused; the figures the
 * admin dashboard's card and the metrics port show, from rows put in the table.
 */

type Person = { id: number; cookie: string }
let practitioner: Person
let serviceId: number
const HOUR = 60 * 60_000
const DAY = 24 * HOUR

beforeAll(async () => {
  const made = await createListedPractitioner({ firstName: 'Vera', lastName: 'Video' })
  practitioner = { ...made, cookie: await signIn(made.id) }
  serviceId = insertService(practitioner.id, { name: 'Video Session', priceCents: 0, isFreeIntro: true }).id
})

async function booking(startsInHours = 0.1, status: 'confirmed' | 'pending' | 'cancelled' = 'confirmed') {
  const made = await createUser({ firstName: 'Carl', lastName: 'Client' })
  const client = { ...made, cookie: await signIn(made.id) }
  const row = insertBooking({ clientId: client.id, practitionerId: practitioner.id, serviceId, startsInHours, status })
  return { client, id: row.id }
}

const post = (bookingId: number | string, body: unknown, cookie?: string) =>
  callApi(report.action, jsonRequest(`/sessions/${bookingId}/connection-events`, 'POST', body, { cookie }), {
    id: String(bookingId),
  })

const rowsOf = (bookingId: number) =>
  getDb()
    .select()
    .from(sessionConnectionEvents)
    .where(eq(sessionConnectionEvents.bookingId, bookingId))
    .orderBy(sessionConnectionEvents.id)
    .all()

const firstMedia = { kind: 'first_media', agoMs: 0, valueMs: 1200, relay: false }

describe('POST /sessions/:id/connection-events', () => {
  test('the client and the practitioner record their own side, dated by the server from how long ago', async () => {
    const { client, id } = await booking()
    const before = Date.now()
    expect((await post(id, { events: [firstMedia] }, client.cookie)).status).toBe(204)
    const answer = await post(
      id,
      {
        events: [
          { kind: 'reconnecting', agoMs: 5_000 },
          { kind: 'reconnected', agoMs: 1_000, valueMs: 4_000, relay: true },
          { kind: 'left', agoMs: 0 },
        ],
      },
      practitioner.cookie,
    )
    expect(answer.status).toBe(204)
    const rows = rowsOf(id)
    expect(rows.map(({ userId, side, kind, valueMs, relay }) => ({ userId, side, kind, valueMs, relay }))).toEqual([
      { userId: client.id, side: 'client', kind: 'first_media', valueMs: 1200, relay: false },
      { userId: practitioner.id, side: 'practitioner', kind: 'reconnecting', valueMs: null, relay: null },
      { userId: practitioner.id, side: 'practitioner', kind: 'reconnected', valueMs: 4000, relay: true },
      { userId: practitioner.id, side: 'practitioner', kind: 'left', valueMs: null, relay: null },
    ])
    const reconnecting = rows[1]!.at.getTime()
    expect(reconnecting).toBeGreaterThanOrEqual(before - 5_000)
    expect(reconnecting).toBeLessThanOrEqual(Date.now() - 5_000)
  })

  test('anyone else gets the room’s 404, signed out the API’s 401, and nothing is written', async () => {
    const { id } = await booking()
    const stranger = await createUser({ firstName: 'Sam', lastName: 'Stranger' })
    const other = await createListedPractitioner({ firstName: 'Otto', lastName: 'Other' })
    for (const cookie of [await signIn(stranger.id), await signIn(other.id)]) {
      expect((await post(id, { events: [firstMedia] }, cookie)).status).toBe(404)
    }
    expect((await post(id, { events: [firstMedia] })).status).toBe(401)
    expect((await post(999_999, { events: [firstMedia] }, practitioner.cookie)).status).toBe(404)
    expect((await post('abc', { events: [firstMedia] }, practitioner.cookie)).status).toBe(404)
    expect(rowsOf(id)).toEqual([])
  })

  test('a GET is a 405', async () => {
    const { id } = await booking()
    const answer = await callApi(report.loader, getRequest(`/sessions/${id}/connection-events`), { id: String(id) })
    expect(answer.status).toBe(405)
    expect(answer.headers.get('Allow')).toBe('POST')
  })

  test('only while the room is open, or in the hours after it closed; never a cancelled or unpaid booking', async () => {
    const early = await booking(5)
    expect(await post(early.id, { events: [firstMedia] }, early.client.cookie)).toMatchObject({
      status: 409,
      body: { message: inEnglish(ROOM_TEXT.opensBeforeStart) },
    })
    const cancelled = await booking(0.1, 'cancelled')
    expect((await post(cancelled.id, { events: [firstMedia] }, cancelled.client.cookie)).status).toBe(409)
    const unpaid = await booking(0.1, 'pending')
    expect((await post(unpaid.id, { events: [firstMedia] }, unpaid.client.cookie)).status).toBe(409)
    // Ended by the practitioner a moment ago: the End's own event still arrives.
    const ended = await booking(-0.2)
    getDb()
      .update(bookings)
      .set({ sessionEndedAt: new Date(), status: 'completed' })
      .where(eq(bookings.id, ended.id))
      .run()
    expect((await post(ended.id, { events: [{ kind: 'ended', agoMs: 0 }] }, ended.client.cookie)).status).toBe(204)
    // A week later, nothing.
    const old = await booking(-7 * 24)
    expect(await post(old.id, { events: [{ kind: 'closed', agoMs: 0 }] }, old.client.cookie)).toMatchObject({
      status: 409,
      body: { message: inEnglish(ROOM_TEXT.ended) },
    })
    expect(rowsOf(early.id).length + rowsOf(old.id).length + rowsOf(unpaid.id).length).toBe(0)
  })

  test('bad bodies are refused with a clear message, and nothing of them is written', async () => {
    const { client, id } = await booking()
    const refused = async (body: unknown, message?: string) => {
      const answer = await post(id, body, client.cookie)
      expect(answer.status).toBe(400)
      if (message) expect(answer.body.message).toBe(message)
    }
    await refused('{not json', 'The request body must be valid JSON')
    await refused({})
    await refused({ events: [] })
    await refused({ events: Array.from({ length: MAX_EVENTS_PER_REPORT + 1 }, () => ({ kind: 'left', agoMs: 0 })) })
    await refused({ events: [{ kind: 'joined', agoMs: 0 }] })
    await refused({ events: [{ kind: 'left', agoMs: -1 }] })
    await refused({ events: [{ kind: 'first_media', agoMs: 0 }] }, inEnglish(CONNECTION_TEXT.timed))
    await refused({ events: [{ kind: 'left', agoMs: 0, valueMs: 10 }] }, inEnglish(CONNECTION_TEXT.timed))
    await refused({ events: [{ kind: 'left', agoMs: 0, relay: true }] }, inEnglish(CONNECTION_TEXT.relay))
    await refused({ events: [{ ...firstMedia, valueMs: 1.5 }] })
    // Nothing else rides along: no address, no device, no text.
    await refused({ events: [{ ...firstMedia, device: 'FaceTime HD Camera' }] })
    await refused({ events: [firstMedia], ip: '203.0.113.9' })
    const big = await post(id, { events: [firstMedia], pad: 'x'.repeat(MAX_CONNECTION_REPORT_BYTES) }, client.cookie)
    expect(big.status).toBe(413)
    expect(rowsOf(id)).toEqual([])
  })

  test(`at most ${MAX_CONNECTION_EVENTS} events per person and session: a report past it is refused whole`, async () => {
    const { client, id } = await booking()
    const batch = { events: Array.from({ length: MAX_EVENTS_PER_REPORT }, () => ({ kind: 'reconnecting', agoMs: 0 })) }
    for (let sent = 0; sent + MAX_EVENTS_PER_REPORT <= MAX_CONNECTION_EVENTS - 1; sent += MAX_EVENTS_PER_REPORT) {
      expect((await post(id, batch, client.cookie)).status).toBe(204)
    }
    expect(rowsOf(id).length).toBe(MAX_CONNECTION_EVENTS - MAX_EVENTS_PER_REPORT)
    const some = (n: number) => ({ events: batch.events.slice(0, n) })
    expect((await post(id, some(MAX_EVENTS_PER_REPORT - 1), client.cookie)).status).toBe(204)
    expect(await post(id, some(2), client.cookie)).toMatchObject({
      status: 409,
      body: { message: inEnglish(CONNECTION_TEXT.full) },
    })
    expect((await post(id, some(1), client.cookie)).status).toBe(204)
    expect((await post(id, some(1), client.cookie)).status).toBe(409)
    expect(rowsOf(id).length).toBe(MAX_CONNECTION_EVENTS)
    // The other person's own count is theirs.
    expect((await post(id, { events: [firstMedia] }, practitioner.cookie)).status).toBe(204)
  })
})

describe('the figures: the admin card and the metrics', () => {
  // Far ahead, so the rows of the tests above are outside the window.
  const now = new Date(Date.now() + 400 * DAY)
  const ago = (ms: number) => new Date(now.getTime() - ms)

  /** A booking whose room was joined `daysAgo`, with these events (side, kind, value, relay). */
  async function session(
    daysAgo: number,
    events: [side: 'client' | 'practitioner', kind: string, valueMs?: number, relay?: boolean][],
  ) {
    const { client, id } = await booking(-1)
    const db = getDb()
    const joinedAt = ago(daysAgo * DAY)
    db.insert(sessionAttendance).values({ bookingId: id, userId: client.id, joinedAt }).run()
    for (const [side, kind, valueMs, relay] of events) {
      db.insert(sessionConnectionEvents)
        .values({
          bookingId: id,
          userId: side === 'client' ? client.id : practitioner.id,
          side,
          kind: kind as 'first_media',
          at: joinedAt,
          valueMs: valueMs ?? null,
          relay: relay ?? null,
        })
        .run()
    }
  }

  beforeAll(async () => {
    await session(1, [
      ['client', 'first_media', 800, false],
      ['practitioner', 'first_media', 1_000, false],
      ['client', 'reconnecting'],
      ['client', 'reconnected', 3_000, true],
      ['practitioner', 'left'],
    ])
    await session(3, [
      ['client', 'first_media', 2_000, true],
      ['practitioner', 'first_media', 1_400, true],
      ['practitioner', 'reconnecting'],
      ['practitioner', 'reconnecting'],
      ['practitioner', 'reconnected', 5_000],
      ['practitioner', 'ended'],
    ])
    // Only one side ever saw the other.
    await session(10, [
      ['client', 'first_media', 9_000],
      ['client', 'closed'],
    ])
    // Older than 30 days: not counted.
    await session(31, [
      ['client', 'first_media', 60_000],
      ['practitioner', 'first_media', 60_000],
    ])
  })

  test('the median of odd and even counts', () => {
    expect(median([])).toBeNull()
    expect(median([5, 1, 3])).toBe(3)
    expect(median([4, 1, 3, 10])).toBe(4)
    expect(median([1, 2])).toBe(2)
  })

  test('sessions joined in the last 30 days, both connected, relayed, the medians and the reconnections', () => {
    expect(videoFigures(now)).toEqual({
      sessions: 3,
      bothConnected: 2,
      relayed: 2,
      // 800, 1000, 1400, 2000, 9000
      medianFirstMediaMs: 1_400,
      reconnections: 3,
      // 3000, 5000
      medianReconnectMs: 4_000,
    })
  })

  /** The card as a reader of `language` sees it: rows worded as the loader words them, in the page's i18next. */
  const card = (figures: VideoFigures, language: Language = 'en') =>
    renderToStaticMarkup(
      createElement(
        I18nextProvider,
        { i18n: pageI18n(language).i18n },
        createElement(VideoSessionsCard, {
          rows: videoCardRows(figures, { t: tFor(language, 'admin'), formats: formatsFor(language) }),
        }),
      ),
    )

  test('the card words them, and says so when no room was joined', () => {
    const html = card(videoFigures(now))
    expect(html).toContain(inEnglish(VIDEO_CARD_TEXT.title))
    expect(inEnglish(VIDEO_CARD_TEXT.title)).toBe('Video sessions (last 30 days)')
    for (const text of [
      'Sessions',
      '3',
      'Both sides connected',
      '2 of 3 (67%)',
      'Median time to first media',
      '1.4 s',
    ]) {
      expect(html).toContain(`>${text}<`)
    }
    expect(html).toContain('>3 (median 4.0 s)<')
    expect(html).toContain(
      '>Through a relay (TURN)</dt><dd class="mt-1 text-xl font-bold tracking-tight">2 of 3 (67%)<',
    )
    const empty = card(videoFigures(ago(-400 * DAY)))
    expect(empty).toContain(inEnglish(VIDEO_CARD_TEXT.none))
  })

  test('in French: the card’s words, numbers and empty state', () => {
    const html = card(videoFigures(now), 'fr')
    expect(html).toContain('>Séances vidéo (30 derniers jours)<')
    for (const text of [
      'Séances',
      'Les deux côtés connectés',
      '2 sur 3 (67\u00a0%)',
      'Délai médian avant la première image',
      '1,4\u00a0s',
      '3 (médiane de 4,0\u00a0s)',
      'Par un relais (TURN)',
    ]) {
      expect(html).toContain(`>${text}<`)
    }
    expect(card(videoFigures(ago(-400 * DAY)), 'fr')).toContain('>Aucune séance vidéo au cours des 30 derniers jours.<')
  })

  test('the admin dashboard’s loader gives the card its rows', async () => {
    const admin = await createUser({ isAdmin: true })
    const data = await screen.loader(routeArgs(getRequest('/admin/dashboard', { cookie: await signIn(admin.id) })))
    // Today's window holds none of the rows above (they are 400 days ahead).
    expect(data.video).toEqual([])
  })

  test('the metrics port says the same, read from the database when scraped', async () => {
    const text = await registry.metrics()
    for (const line of [
      'solace_video_sessions{figure="joined"} ',
      'solace_video_sessions{figure="both_connected"} ',
      'solace_video_sessions{figure="relayed"} ',
      'solace_video_reconnections ',
    ]) {
      expect(text).toContain(line)
    }
    expect(text).toContain('# HELP solace_video_first_media_median_seconds')
    expect(text).toContain('# HELP solace_video_reconnect_median_seconds')
  })
})
