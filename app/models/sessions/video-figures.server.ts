import { and, count, countDistinct, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { sessionAttendance, sessionConnectionEvents } from '~/db/schema'
import { gauge } from '~/lib/metrics.server'
import { VIDEO_WINDOW_DAYS, type VideoFigures } from './video-figures'

/**
 * How the video rooms worked lately (issue 45, "Knowing it works"), from what the rooms' pages
 * reported (session_connection_events) and who joined (session_attendance): for the admin
 * dashboard's card and the metrics port, one reading of the database for both.
 */

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: number[]) {
  if (!values.length) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2)
}

export function videoFigures(now = new Date()): VideoFigures {
  const db = getDb()
  const since = new Date(now.getTime() - VIDEO_WINDOW_DAYS * 24 * 60 * 60_000)
  const inWindow = and(gte(sessionAttendance.joinedAt, since), lte(sessionAttendance.joinedAt, now))
  const joined = db.selectDistinct({ bookingId: sessionAttendance.bookingId }).from(sessionAttendance).where(inWindow)
  const events = sessionConnectionEvents
  const ofSessions = inArray(events.bookingId, joined)
  const total =
    db
      .select({ n: countDistinct(sessionAttendance.bookingId) })
      .from(sessionAttendance)
      .where(inWindow)
      .get()?.n ?? 0
  const bothConnected = db
    .select({ bookingId: events.bookingId })
    .from(events)
    .where(and(eq(events.kind, 'first_media'), ofSessions))
    .groupBy(events.bookingId)
    .having(sql`count(DISTINCT ${events.side}) = 2`)
    .all().length
  const relayed =
    db
      .select({ n: countDistinct(events.bookingId) })
      .from(events)
      .where(and(eq(events.relay, true), ofSessions))
      .get()?.n ?? 0
  const timesOf = (kind: 'first_media' | 'reconnected') =>
    db
      .select({ ms: events.valueMs })
      .from(events)
      .where(and(eq(events.kind, kind), ofSessions))
      .all()
      .map((row) => row.ms ?? 0)
  const reconnections =
    db
      .select({ n: count() })
      .from(events)
      .where(and(eq(events.kind, 'reconnecting'), ofSessions))
      .get()?.n ?? 0
  return {
    sessions: total,
    bothConnected,
    relayed,
    medianFirstMediaMs: median(timesOf('first_media')),
    reconnections,
    medianReconnectMs: median(timesOf('reconnected')),
  }
}

/**
 * The same figures on the metrics port, read from the database when Prometheus scrapes (not
 * counters kept in memory): the events are written on the primary alone and a window of 30
 * days outlives any process, so only the database can say them, and it says them alike on
 * every machine and after a restart. One reading serves a scrape's four gauges.
 */
let lastReading: { at: number; figures: VideoFigures } | null = null
function figuresForScrape() {
  const now = Date.now()
  if (!lastReading || now - lastReading.at > 1_000) lastReading = { at: now, figures: videoFigures(new Date(now)) }
  return lastReading.figures
}

gauge({
  name: 'solace_video_sessions',
  help: 'Bookings whose video room someone joined in the last 30 days (joined), those where both people reached first media (both_connected), and those where a call went through a TURN relay (relayed)',
  labelNames: ['figure'],
  collect() {
    const { sessions, bothConnected, relayed } = figuresForScrape()
    this.set({ figure: 'joined' }, sessions)
    this.set({ figure: 'both_connected' }, bothConnected)
    this.set({ figure: 'relayed' }, relayed)
  },
})

gauge({
  name: 'solace_video_reconnections',
  help: 'Reconnections started in the video rooms of the last 30 days’ sessions',
  collect() {
    this.set(figuresForScrape().reconnections)
  },
})

gauge({
  name: 'solace_video_first_media_median_seconds',
  help: 'Median time from joining a video room to the first remote frame, over the last 30 days’ sessions; absent without any',
  collect() {
    this.reset()
    const ms = figuresForScrape().medianFirstMediaMs
    if (ms !== null) this.set(ms / 1000)
  },
})

gauge({
  name: 'solace_video_reconnect_median_seconds',
  help: 'Median time a video room’s reconnection took, over the last 30 days’ sessions; absent without any',
  collect() {
    this.reset()
    const ms = figuresForScrape().medianReconnectMs
    if (ms !== null) this.set(ms / 1000)
  },
})
