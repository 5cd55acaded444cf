import { buildIcs, type CalendarEvent } from '~/lib/ics'
import type { BookingRow } from './booking-state.server'

/**
 * A session as one of its two people's calendars holds it: the emailed invitation, the
 * download, the reminders' attachment and the subscription feed all make it here, so each
 * carries the same UID and SEQUENCE and a calendar holding several keeps one event, moved or
 * cancelled as the newest revision says. Named after the other person, with the session's page
 * and, once it is confirmed, where to join; never notes, health records or email addresses.
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

/** Where a person finds the session in the app: the client's booking page, the practitioner's dashboard. */
export function sessionPageUrl(session: { id: number; asClient: boolean }, origin: string) {
  return session.asClient ? `${origin}/bookings/${session.id}` : `${origin}/practitioner/dashboard`
}

export function sessionEvent(session: SessionForCalendar, origin: string): CalendarEvent {
  const other = session.otherName ?? (session.asClient ? 'your practitioner' : 'a client')
  const join = session.status === 'confirmed' && session.joinUrl ? new URL(session.joinUrl, origin).href : null
  return {
    uid: `booking-${session.id}@solace`,
    start: session.startTime,
    end: session.endTime,
    stamp: session.updatedAt,
    status: STATUS[session.status],
    sequence: session.sequence,
    summary: `${session.serviceName} with ${other}`,
    description: [
      `Solace session with ${other}.`,
      ...(join ? [`Join: ${join}`] : []),
      `Details: ${sessionPageUrl(session, origin)}`,
    ].join('\n'),
    location: join,
  }
}

/** One session's invitation file. */
export function sessionIcs(session: SessionForCalendar, origin: string) {
  return buildIcs(sessionEvent(session, origin))
}

/** The invitation as an email attachment. */
export function sessionIcsAttachment(session: SessionForCalendar, origin: string) {
  return {
    filename: 'session.ics',
    contentType: 'text/calendar',
    content: Buffer.from(sessionIcs(session, origin)).toString('base64'),
  }
}
