import { eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { bookings, services, users } from '~/db/schema'
import { sendEmail, type Email } from '~/integrations/email.server'
import { log, logLine } from '~/lib/log.server'
import { configuredOrigin } from '~/lib/url.server'
import { ownMeetingLinkSql } from '~/models/sessions/join.server'
import { joinUrl } from '~/models/sessions/room-window'
import { emailWords, sessionSpan } from './emails.server'
import { sessionIcsAttachment, sessionPageUrl, type SessionForCalendar } from './session-event.server'

/**
 * What a booking's practitioner is told of it, as their settings ask: a new booking, a
 * cancellation, a client's move; in their language (emails.json `booking.practitioner`).
 */

const client = alias(users, 'client')
const practitioner = alias(users, 'practitioner')

/** The booking as its practitioner's email tells of it, with what their settings ask. */
function noticeContext(db: Db | Tx, bookingId: number) {
  return db
    .select({
      id: bookings.id,
      status: bookings.status,
      sequence: bookings.sequence,
      updatedAt: bookings.updatedAt,
      ownMeetingLink: sql<string | null>`${ownMeetingLinkSql('services')}`,
      serviceName: bookings.serviceName,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      clientName: sql<string | null>`${client.firstName} || ' ' || ${client.lastName}`,
      practitionerEmail: practitioner.email,
      practitionerFirstName: practitioner.firstName,
      practitionerLastName: practitioner.lastName,
      timeZone: practitioner.timeZone,
      /** The practitioner's language (null: never chose one, so English). */
      language: practitioner.language,
      emailNewBookings: practitioner.emailNewBookings,
      emailCancellations: practitioner.emailCancellations,
    })
    .from(bookings)
    .leftJoin(services, eq(services.id, bookings.serviceId))
    .leftJoin(client, eq(client.id, bookings.clientId))
    .leftJoin(practitioner, eq(practitioner.id, bookings.practitionerId))
    .where(eq(bookings.id, bookingId))
    .get()
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
  const booking = noticeContext(db, bookingId)
  if (!booking?.practitionerEmail) return null
  if (!(kind === 'booked' ? booking.emailNewBookings : booking.emailCancellations)) return null
  const { t, language } = emailWords(booking.language)
  const client = booking.clientName ?? t('booking.practitioner.aClient')
  const service = booking.serviceName
  const span = sessionSpan(booking, language)
  const was = previous ? sessionSpan({ ...previous, timeZone: booking.timeZone }, language) : ''
  const line = {
    booked: t('booking.practitioner.booked', { client, service, span }),
    cancelled: t('booking.practitioner.cancelled', { client, service, span }),
    moved: t('booking.practitioner.moved', { client, service, was, span }),
  }[kind]
  const title = {
    booked: t('booking.practitioner.subjectBooked', { service }),
    cancelled: t('booking.practitioner.subjectCancelled', { service }),
    moved: t('booking.practitioner.subjectMoved', { service }),
  }[kind]
  const origin = configuredOrigin()
  const session: SessionForCalendar = {
    ...booking,
    joinUrl: joinUrl(booking.id, booking.ownMeetingLink),
    otherName: booking.clientName,
    asClient: false,
  }
  const name = `${booking.practitionerFirstName ?? ''} ${booking.practitionerLastName ?? ''}`.trim() || null
  return {
    to: booking.practitionerEmail,
    subject: title,
    text: [
      t('booking.greeting', { name: booking.practitionerFirstName }),
      '',
      line,
      ...(kind === 'cancelled' ? [] : [t('booking.practitioner.theBooking', { url: sessionPageUrl(session, origin) })]),
      '',
      kind === 'cancelled' ? t('booking.invitationRemoves') : t('booking.practitioner.invitationPuts'),
      t('booking.practitioner.settings'),
    ].join('\n'),
    attachments: [sessionIcsAttachment(session, origin, { email: booking.practitionerEmail, name }, language)],
  }
}
