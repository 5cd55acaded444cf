import { and, eq } from 'drizzle-orm'
import { type Tx } from '~/db/client.server'
import { bookingMoveNotices } from '~/db/schema'
import { queueEmail, requeueEmail, type Email } from '~/integrations/email.server'
import { configuredOrigin } from '~/lib/url.server'
import { clientInvitation, emailWords, loadContext, practitionerName, sessionSpan } from './emails.server'
import { practitionerNotice } from './practitioner-emails.server'
import type { Mover } from './reschedule'

/**
 * The emails a move sends (docs/decisions/037-rescheduling.md), written to the outbox in the
 * move's own transaction and sent after a quiet moment: a move made while the last one's email
 * still waits rewrites that email (from the time the person was last told of, to the latest), so
 * moves close together send one email carrying the latest news (issue 41).
 */

/** How long a move's email waits for another move before it goes (the email sweep runs every minute). */
export const MOVE_EMAIL_QUIET_MS = 2 * 60_000

type Span = { startTime: Date; endTime: Date }

/**
 * Moved by its client: the client gets the new time with the updated invitation (same UID,
 * higher SEQUENCE, so calendars move the event). Moved by its practitioner: the new time, the
 * updated invitation, the practitioner's message when they wrote one (the latest move's: a
 * rewritten email carries it), and the choice to accept it or cancel with a full refund on their
 * booking's page. Null when the client has no account any more.
 */
function clientMoveEmail(tx: Tx, bookingId: number, by: Mover, previous: Span): Email | null {
  const booking = loadContext(bookingId, tx)
  if (!booking?.clientEmail) return null
  const { t, language } = emailWords(booking.language)
  const practitioner = practitionerName(booking, language)
  const service = booking.serviceName
  const origin = configuredOrigin()
  const was = t('booking.move.was', { span: sessionSpan({ ...previous, timeZone: booking.timeZone }, language) })
  const now = t('booking.move.now', { span: sessionSpan(booking, language) })
  const page = `${origin}/bookings/${booking.id}`
  const lines =
    by === 'practitioner'
      ? [
          t('booking.move.byPractitioner', { practitioner, service }),
          was,
          now,
          ...(booking.moveMessage
            ? [
                '',
                t('booking.move.wrote', { practitioner }),
                ...booking.moveMessage.split('\n').map((line) => `> ${line}`),
              ]
            : []),
          '',
          t('booking.move.accept', { url: page }),
          t('booking.move.orCancel'),
        ]
      : [
          t('booking.move.byClient', { service, practitioner }),
          was,
          now,
          '',
          t('booking.move.yourBooking', { url: page }),
        ]
  return {
    to: booking.clientEmail,
    subject:
      by === 'practitioner'
        ? t('booking.move.subjectNewTime', { service })
        : t('booking.move.subjectMoved', { service }),
    text: [t('booking.greeting', { name: booking.clientFirstName }), '', ...lines, t('booking.move.invitation')].join(
      '\n',
    ),
    attachments: [clientInvitation({ ...booking, clientEmail: booking.clientEmail })],
  }
}

/**
 * Queues, inside the move's transaction (after the booking row has its new time), the client's
 * email and, for a client's move, the practitioner's "Booking moved" (when their settings take
 * it). Each side's email still waiting from an earlier move (never attempted) is rewritten, its
 * "was" kept and its quiet moment started again; one a delivery took up already stays as sent,
 * and a new one tells of this move. Moves are bounded (MAX_MOVES), so the wait is too.
 */
export function queueMoveEmails(tx: Tx, bookingId: number, by: Mover, previous: Span, now: Date) {
  const sendAt = new Date(now.getTime() + MOVE_EMAIL_QUIET_MS)
  const compose = {
    client: (was: Span) => clientMoveEmail(tx, bookingId, by, was),
    practitioner: (was: Span) => (by === 'client' ? practitionerNotice(tx, bookingId, 'moved', was) : null),
  }
  for (const recipient of ['client', 'practitioner'] as const) {
    const notice = tx
      .select()
      .from(bookingMoveNotices)
      .where(and(eq(bookingMoveNotices.bookingId, bookingId), eq(bookingMoveNotices.recipient, recipient)))
      .get()
    const pending = notice?.outboxId != null ? { startTime: notice.wasStart, endTime: notice.wasEnd } : null
    // The first try is with the waiting email's "was"; if a delivery took it up, this move's own.
    const waiting = pending ? compose[recipient](pending) : null
    if (waiting && requeueEmail(tx, notice!.outboxId!, waiting, sendAt)) continue
    const email = compose[recipient](previous)
    if (!email) continue
    const outboxId = queueEmail(tx, email, sendAt)
    const values = { outboxId, wasStart: previous.startTime, wasEnd: previous.endTime }
    tx.insert(bookingMoveNotices)
      .values({ bookingId, recipient, ...values })
      .onConflictDoUpdate({ target: [bookingMoveNotices.bookingId, bookingMoveNotices.recipient], set: values })
      .run()
  }
}
