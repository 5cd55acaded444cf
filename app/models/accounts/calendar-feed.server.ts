import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, asc, eq, gt, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { getDb } from '~/db/client.server'
import { bookings, services, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { tFor } from '~/lib/i18n/i18n.server'
import { msg } from '~/lib/i18n/message'
import { buildFeed } from '~/lib/ics.server'
import { check, clientIp, hit, type Limit } from '~/lib/rate-limit.server'
import { sessionEvent } from '~/models/booking/session-event.server'
import { ownMeetingLinkSql } from '~/models/sessions/join.server'
import { joinUrl } from '~/models/sessions/room-window'
import type { CalendarFeedAddress } from './calendar-feed'

/**
 * A person's calendar subscription (docs/decisions/035-calendar-feeds.md): a private address
 * (`/calendar/<user id>-<secret>.ics`) that Google, Apple or Outlook calendars read every so
 * often, listing the person's sessions on both sides, cancelled ones as CANCELLED so calendars
 * take them away. What it holds leaves the server: the service, the time, the other person's
 * name and where to join, never notes, health records or email addresses.
 */

export const CALENDAR_FEED_PATH = '/calendar'
export const FEED_NOT_FOUND = msg('account:calendarFeed.notFound')

/** Sessions that ended before this are left out: a calendar keeps what it already has. */
const PAST_WINDOW_MS = 30 * 24 * 60 * 60_000
const MAX_EVENTS = 1000
/** Wrong addresses from one client address: guessing stops here, subscribers never get near it. */
const MISSES: Limit = { max: 20, windowMs: 15 * 60_000 }
/** Reads of one feed: calendars poll every 15 minutes to a few hours. */
const READS: Limit = { max: 120, windowMs: 60 * 60_000 }

const FEED = /^(\d{1,12})-([0-9a-f]{64})\.ics$/

function address(userId: number, token: string, origin: string): CalendarFeedAddress {
  const https = `${origin}${CALENDAR_FEED_PATH}/${userId}-${token}.ics`
  return { https, webcal: https.replace(/^https?:/, 'webcal:') }
}

/** The person's address, or null while they have none. */
export function calendarFeedOf(userId: number, origin: string): CalendarFeedAddress | null {
  const row = getDb().select({ token: users.calendarFeedToken }).from(users).where(eq(users.id, userId)).get()
  return row?.token ? address(userId, row.token, origin) : null
}

/** A new address (the first, or in place of the old one, which stops working at once). */
export function resetCalendarFeed(userId: number) {
  const token = randomBytes(32).toString('hex')
  getDb().update(users).set({ calendarFeedToken: token }).where(eq(users.id, userId)).run()
}

/** No address any more: the old one stops working at once. */
export function stopCalendarFeed(userId: number) {
  getDb().update(users).set({ calendarFeedToken: null }).where(eq(users.id, userId)).run()
}

const practitioner = alias(users, 'practitioner')
const client = alias(users, 'client')

/** The person's sessions on either side, from a month ago on. */
function sessionsOf(userId: number, now: Date) {
  return getDb()
    .select({
      id: bookings.id,
      clientId: bookings.clientId,
      serviceName: bookings.serviceName,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      status: bookings.status,
      sequence: bookings.sequence,
      updatedAt: bookings.updatedAt,
      /** The practitioner's own meeting link when the service is held there; else the session's room. */
      ownMeetingLink: sql<string | null>`${ownMeetingLinkSql('services')}`,
      practitionerName: sql<string | null>`${practitioner.firstName} || ' ' || ${practitioner.lastName}`,
      clientName: sql<string | null>`${client.firstName} || ' ' || ${client.lastName}`,
    })
    .from(bookings)
    .leftJoin(services, eq(services.id, bookings.serviceId))
    .leftJoin(practitioner, eq(practitioner.id, bookings.practitionerId))
    .leftJoin(client, eq(client.id, bookings.clientId))
    .where(
      and(
        or(eq(bookings.clientId, userId), eq(bookings.practitionerId, userId)),
        gt(bookings.endTime, new Date(now.getTime() - PAST_WINDOW_MS)),
      ),
    )
    .orderBy(asc(bookings.startTime), asc(bookings.id))
    .limit(MAX_EVENTS)
    .all()
}

function sameSecret(given: string, stored: string) {
  const [a, b] = [Buffer.from(given), Buffer.from(stored)]
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * The feed at `/calendar/<feed>`, with an ETag of its content, for whoever holds the address.
 * A malformed, stopped, reset or unknown address is 404, and so is a suspended account's; too
 * many wrong addresses from one client address, or reads of one feed, are 429.
 */
export function readCalendarFeed(request: Request, feed: string, origin: string, now = new Date()) {
  const missKey = `calendar-miss:${clientIp(request)}`
  check(missKey, MISSES)
  const [, id, token] = FEED.exec(feed) ?? []
  const user = id
    ? getDb()
        .select({
          id: users.id,
          token: users.calendarFeedToken,
          timeZone: users.timeZone,
          language: users.language,
          suspendedAt: users.suspendedAt,
        })
        .from(users)
        .where(eq(users.id, Number(id)))
        .get()
    : undefined
  if (!user?.token || !sameSecret(token ?? '', user.token) || user.suspendedAt) {
    hit(missKey, MISSES)
    throw new AppError(FEED_NOT_FOUND, 404)
  }
  hit(`calendar-feed:${user.id}`, READS)
  // The feed's owner reads it: its events are in their language (English until they choose).
  const language = user.language ?? 'en'
  const body = buildFeed(
    sessionsOf(user.id, now).map((row) => {
      const asClient = row.clientId === user.id
      return sessionEvent(
        {
          ...row,
          joinUrl: joinUrl(row.id, row.ownMeetingLink),
          otherName: asClient ? row.practitionerName : row.clientName,
          asClient,
        },
        origin,
        language,
      )
    }),
    // The calendar's name, as the person's calendar app lists it, in their language.
    { name: tFor(language, 'files')('account.calendarName'), timeZone: user.timeZone, language },
  )
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` }
}
