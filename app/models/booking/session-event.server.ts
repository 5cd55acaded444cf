import { getEnv } from '~/env.server'
import { tFor } from '~/lib/i18n/i18n.server'
import { DEFAULT_LANGUAGE, type Language } from '~/lib/i18n/languages'
import { buildIcs, type CalendarAddress, type CalendarEvent } from '~/lib/ics.server'
import type { BookingRow } from './booking-state.server'

/**
 * A session as one of its two people's calendars holds it: the emailed invitation, the
 * download, the reminders' attachment and the subscription feed all make it here, so each
 * carries the same UID and SEQUENCE and a calendar holding several keeps one event, moved or
 * cancelled as the newest revision says. Named after the other person, with the session's page
 * and, once it is confirmed, where to join; never notes, health records or email addresses.
 * Written in its reader's language (files.json `calendar`): the feed's owner, the email's
 * recipient, the one who downloads it.
 */
export type SessionForCalendar = {
  id: number
  serviceName: string
  startTime: Date
  endTime: Date
  status: BookingRow['status']
  /** Raised by each move and by a cancellation (bookings.sequence). */
  sequence: number
  updatedAt: Date
  /** Where the confirmed session is joined: its room's path (made absolute here) or the practitioner's own link. */
  joinUrl: string | null
  /** The other person's name; null once their account is gone. */
  otherName: string | null
  /** Whose calendar: the client's (`true`) or the practitioner's. */
  asClient: boolean
}

const STATUS = { pending: 'TENTATIVE', confirmed: 'CONFIRMED', completed: 'CONFIRMED', cancelled: 'CANCELLED' } as const

/**
 * Where a person finds the session in the app: the client's booking page; for the practitioner,
 * its row on their dashboard (every upcoming session listed, `?all=1`), which holds what they can
 * do with it (join, message, chart, move, cancel): a practitioner has no page of one booking.
 */
export function sessionPageUrl(session: { id: number; asClient: boolean }, origin: string) {
  return session.asClient
    ? `${origin}/bookings/${session.id}`
    : `${origin}${PRACTITIONER_BOOKING_PATH}${practitionerBookingAnchor(session.id)}`
}

export const PRACTITIONER_BOOKING_PATH = '/practitioner/dashboard?all=1'
/** The id of a booking's row on the practitioner's dashboard, with its `#`. */
export const practitionerBookingAnchor = (bookingId: number) => `#booking-${bookingId}`

export function sessionEvent(
  session: SessionForCalendar,
  origin: string,
  language: Language = DEFAULT_LANGUAGE,
): CalendarEvent {
  const t = tFor(language, 'files')
  const other = session.otherName ?? (session.asClient ? t('calendar.yourPractitioner') : t('calendar.aClient'))
  const join = session.status === 'confirmed' && session.joinUrl ? new URL(session.joinUrl, origin).href : null
  return {
    uid: `booking-${session.id}@solace`,
    start: session.startTime,
    end: session.endTime,
    stamp: session.updatedAt,
    status: STATUS[session.status],
    sequence: session.sequence,
    summary: t('calendar.summary', { service: session.serviceName, other }),
    description: [
      t('calendar.description', { other }),
      ...(join ? [t('calendar.join', { url: join })] : []),
      t('calendar.details', { url: sessionPageUrl(session, origin) }),
    ].join('\n'),
    location: join,
    url: sessionPageUrl(session, origin),
  }
}

/** One session's invitation file (a copy to keep: the download), in its reader's language. */
export function sessionIcs(session: SessionForCalendar, origin: string, language: Language = DEFAULT_LANGUAGE) {
  return buildIcs(sessionEvent(session, origin, language), 'PUBLISH', language)
}

/** The invitation's organizer: the address our emails come from ("Solace <hello@…>"). */
function organizer(): CalendarAddress {
  const from = getEnv().EMAIL_FROM
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(from)
  return match ? { name: match[1] || null, email: match[2]! } : { email: from.trim() }
}

/**
 * The invitation as an email attachment. Given the person it is emailed to, it is an iTIP
 * invitation (RFC 5546): REQUEST for a live session (a move is the same UID at a higher SEQUENCE,
 * so mail calendars move the event) and CANCEL, STATUS:CANCELLED, for a cancelled one (they
 * remove it), from our sending address to that one person. Without one (a reminder) it is a copy
 * (PUBLISH) of the same event. In the language of the email it goes with.
 */
export function sessionIcsAttachment(
  session: SessionForCalendar,
  origin: string,
  to?: CalendarAddress,
  language: Language = DEFAULT_LANGUAGE,
) {
  const method = !to ? 'PUBLISH' : session.status === 'cancelled' ? 'CANCEL' : 'REQUEST'
  const event = sessionEvent(session, origin, language)
  return {
    filename: 'session.ics',
    contentType: `text/calendar; method=${method}`,
    content: Buffer.from(
      buildIcs(to ? { ...event, organizer: organizer(), attendee: to } : event, method, language),
    ).toString('base64'),
  }
}
