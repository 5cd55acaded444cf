import { sql } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { sendEmail, type Email } from '~/integrations/email.server'
import { log, logLine } from '~/lib/log.server'
import { configuredOrigin } from '~/lib/url.server'
import { ownMeetingLinkSql } from '~/models/sessions/join.server'
import { joinUrl } from '~/models/sessions/room-window'
import { sessionSpan } from './emails.server'
import { sessionIcsAttachment, sessionPageUrl, type SessionForCalendar } from './session-event.server'
import type { BookingRow } from './booking-state.server'

/**
 * What a booking's practitioner is told of it, as their settings ask: a new booking, a
 * cancellation, a client's move.
 */

type PractitionerNoticeContext = {
  id: number
  status: BookingRow['status']
  sequence: number
  updatedAt: number
  ownMeetingLink: string | null
  practitionerLastName: string | null
  serviceName: string
  startTime: number
  endTime: number
  clientName: string | null
  practitionerEmail: string | null
  practitionerFirstName: string | null
  timeZone: string | null
  emailNewBookings: number
  emailCancellations: number
}

/**
 * Tells a booking's practitioner that a client booked it (`booked`, once it is confirmed),
 * cancelled it (`cancelled`) or moved it (`moved`, from `previous`: queued with the move, by
 * `reschedule-emails.server.ts`), when their settings ask for it (a move counts with
 * cancellations): the service, the time in their own zone and the client's name, nothing else
 * about the client; a link to the booking on their dashboard and their calendar's invitation
 * (REQUEST for a new or moved one, CANCEL for a cancelled one, as the client's). Logs a failure.
 */
export async function notifyPractitioner(bookingId: number, kind: 'booked' | 'cancelled') {
  try {
    const email = practitionerNotice(getDb(), bookingId, kind)
    if (email) await sendEmail(email)
  } catch (error) {
    log.error({ err: error }, logLine`[booking ${bookingId}] practitioner email failed`)
  }
}

/** `notifyPractitioner`'s email, or null when they have none or their settings say no. */
export function practitionerNotice(
  db: Db | Tx,
  bookingId: number,
  kind: 'booked' | 'cancelled' | 'moved',
  previous?: { startTime: Date; endTime: Date },
): Email | null {
  const booking = db.get<PractitionerNoticeContext | undefined>(
    sql`SELECT b.id, b.status, b.sequence, b.updated_at AS updatedAt, ${ownMeetingLinkSql('s')} AS ownMeetingLink,
               b.service_name AS serviceName, b.start_time AS startTime, b.end_time AS endTime,
               c.first_name || ' ' || c.last_name AS clientName,
               p.email AS practitionerEmail, p.first_name AS practitionerFirstName, p.last_name AS practitionerLastName,
               p.time_zone AS timeZone, p.email_new_bookings AS emailNewBookings, p.email_cancellations AS emailCancellations
        FROM bookings b LEFT JOIN services s ON s.id = b.service_id
        LEFT JOIN users c ON c.id = b.client_id LEFT JOIN users p ON p.id = b.practitioner_id
        WHERE b.id = ${bookingId}`,
  )
  if (!booking?.practitionerEmail) return null
  if (!(kind === 'booked' ? booking.emailNewBookings : booking.emailCancellations)) return null
  const client = booking.clientName ?? 'A client'
  const was = previous
    ? sessionSpan({
        startTime: previous.startTime.getTime(),
        endTime: previous.endTime.getTime(),
        timeZone: booking.timeZone,
      })
    : ''
  const line = {
    booked: `${client} booked "${booking.serviceName}" on ${sessionSpan(booking)}. It is on your dashboard.`,
    cancelled: `${client} cancelled "${booking.serviceName}" on ${sessionSpan(booking)}. The time is open for booking again.`,
    moved: `${client} moved "${booking.serviceName}" from ${was} to ${sessionSpan(booking)}. The old time is open for booking again.`,
  }[kind]
  const title = { booked: 'New booking', cancelled: 'Booking cancelled', moved: 'Booking moved' }[kind]
  const origin = configuredOrigin()
  const session: SessionForCalendar = {
    ...booking,
    startTime: new Date(booking.startTime),
    endTime: new Date(booking.endTime),
    updatedAt: new Date(booking.updatedAt),
    joinUrl: joinUrl(booking.id, booking.ownMeetingLink),
    otherName: booking.clientName,
    asClient: false,
  }
  const name = `${booking.practitionerFirstName ?? ''} ${booking.practitionerLastName ?? ''}`.trim() || null
  return {
    to: booking.practitionerEmail,
    subject: `${title}: ${booking.serviceName}`,
    text: [
      `Hi ${booking.practitionerFirstName},`,
      '',
      line,
      ...(kind === 'cancelled' ? [] : [`The booking: ${sessionPageUrl(session, origin)}`]),
      '',
      kind === 'cancelled'
        ? 'The attached update removes the session from your calendar.'
        : 'The attached invitation puts the session in your calendar at this time.',
      'You can choose which of these emails you get in your settings.',
    ].join('\n'),
    attachments: [sessionIcsAttachment(session, origin, { email: booking.practitionerEmail, name })],
  }
}
