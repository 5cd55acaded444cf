import { sql } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { sendEmail, type Email } from '~/integrations/email.server'
import { DEFAULT_TIME_ZONE, formatLongDate, formatTime, zoneAbbreviation } from '~/lib/dates'
import { log, logLine } from '~/lib/log.server'
import { centsToDollars, formatPrice } from '~/lib/money'
import { configuredOrigin } from '~/lib/url.server'
import { intakeStates } from '~/models/intake/intake-state.server'
import { ownMeetingLinkSql } from '~/models/sessions/join.server'
import { joinUrl } from '~/models/sessions/room-window'
import { bookAgainHref, FREE_SESSION_CANCELLATION, PAID_CANCELLATION_POLICY } from './booking'
import { sessionIcsAttachment, type SessionForCalendar } from './session-event.server'
import type { BookingRow } from './booking-state.server'

/**
 * The emails a booking sends its client: confirmed (with an .ics invitation), cancelled (with
 * the refund it gives) and payment refunded; and its practitioner, as their settings ask: a new
 * booking, a cancellation. Each reads the booking as it is now, so a webhook
 * and a page send the same words. They go after the change commits; a failing email is logged
 * (the outbox keeps it), never a reason to undo the booking.
 */
export type EmailContext = {
  id: number
  serviceId: number | null
  status: BookingRow['status']
  sequence: number
  updatedAt: number
  serviceName: string
  durationMinutes: number
  startTime: number
  endTime: number
  totalAmountCents: number
  isPaid: number
  /** The practitioner's own meeting link when the service is held there; else the session's room. */
  ownMeetingLink: string | null
  clientEmail: string | null
  clientFirstName: string | null
  timeZone: string | null
  practitionerFirstName: string | null
  practitionerLastName: string | null
}

/** The booking as its client's emails tell of it; `db` a transaction the email is written in. */
export function loadContext(bookingId: number, db: Db | Tx = getDb()) {
  return db.get<EmailContext | undefined>(
    sql`SELECT b.id, b.service_id AS serviceId, b.status, b.sequence, b.updated_at AS updatedAt, b.service_name AS serviceName, b.duration_minutes AS durationMinutes,
               b.start_time AS startTime, b.end_time AS endTime, b.total_amount_cents AS totalAmountCents,
               b.is_paid AS isPaid, ${ownMeetingLinkSql('s')} AS ownMeetingLink,
               c.email AS clientEmail, c.first_name AS clientFirstName, c.time_zone AS timeZone,
               p.first_name AS practitionerFirstName, p.last_name AS practitionerLastName
        FROM bookings b LEFT JOIN services s ON s.id = b.service_id
        LEFT JOIN users c ON c.id = b.client_id LEFT JOIN users p ON p.id = b.practitioner_id
        WHERE b.id = ${bookingId}`,
  )
}

/** "November 21, 2026, 9:30 AM – 10:30 AM EST": a session's time in one person's zone. */
export function sessionSpan(booking: { startTime: number; endTime: number; timeZone: string | null }) {
  const zone = booking.timeZone ?? DEFAULT_TIME_ZONE
  const start = new Date(booking.startTime)
  return `${formatLongDate(start, zone)}, ${formatTime(start, zone)} – ${formatTime(new Date(booking.endTime), zone)} ${zoneAbbreviation(start, zone)}`
}

export function practitionerName(booking: EmailContext) {
  return booking.practitionerFirstName
    ? `${booking.practitionerFirstName} ${booking.practitionerLastName}`
    : 'your practitioner'
}

/** The session as the client's calendar holds it. */
/** Where the client joins the session, absolute: its room or the practitioner's own link. */
const joinAddress = (booking: EmailContext) =>
  new URL(joinUrl(booking.id, booking.ownMeetingLink), configuredOrigin()).href

export function clientCalendarSession(booking: EmailContext): SessionForCalendar {
  return {
    ...booking,
    joinUrl: joinUrl(booking.id, booking.ownMeetingLink),
    startTime: new Date(booking.startTime),
    endTime: new Date(booking.endTime),
    updatedAt: new Date(booking.updatedAt),
    otherName: booking.practitionerFirstName ? practitionerName(booking) : null,
    asClient: true,
  }
}

const dollars = (cents: number) => formatPrice(centsToDollars(cents))

/** Sends one email about a booking whose client still has an account; logs a failure. */
async function sendAbout(bookingId: number, compose: (booking: EmailContext & { clientEmail: string }) => Email) {
  try {
    const booking = loadContext(bookingId)
    if (!booking?.clientEmail) return
    await sendEmail(compose({ ...booking, clientEmail: booking.clientEmail }))
  } catch (error) {
    log.error({ err: error }, logLine`[booking ${bookingId}] email failed`)
  }
}

type PractitionerNoticeContext = {
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
 * about the client. Logs a failure.
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
    sql`SELECT b.service_name AS serviceName, b.start_time AS startTime, b.end_time AS endTime,
               c.first_name || ' ' || c.last_name AS clientName,
               p.email AS practitionerEmail, p.first_name AS practitionerFirstName, p.time_zone AS timeZone,
               p.email_new_bookings AS emailNewBookings, p.email_cancellations AS emailCancellations
        FROM bookings b LEFT JOIN users c ON c.id = b.client_id LEFT JOIN users p ON p.id = b.practitioner_id
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
  return {
    to: booking.practitionerEmail,
    subject: `${title}: ${booking.serviceName}`,
    text: [
      `Hi ${booking.practitionerFirstName},`,
      '',
      line,
      '',
      'You can choose which of these emails you get in your settings.',
    ].join('\n'),
  }
}

export function sendBookingConfirmed(bookingId: number) {
  return sendAbout(bookingId, (booking) => {
    const practitioner = practitionerName(booking)
    return {
      to: booking.clientEmail,
      subject: `Booking confirmed: ${booking.serviceName}`,
      text: [
        `Hi ${booking.clientFirstName},`,
        '',
        `Your session "${booking.serviceName}" with ${practitioner} is confirmed.`,
        `When: ${sessionSpan(booking)} (${booking.durationMinutes} minutes)`,
        booking.isPaid ? `Paid: ${dollars(booking.totalAmountCents)}` : `Price: ${dollars(booking.totalAmountCents)}`,
        `Join your session here (it opens 15 minutes before the start): ${joinAddress(booking)}`,
        ...(intakeStates([booking.id]).has(booking.id)
          ? ['', `Before the session, please complete ${practitioner}'s intake form: ${intakeAddress(booking)}`]
          : []),
        '',
        `${booking.totalAmountCents > 0 ? PAID_CANCELLATION_POLICY : FREE_SESSION_CANCELLATION} Cancel from your dashboard.`,
        'The attached invitation adds the session to your calendar.',
      ].join('\n'),
      attachments: [sessionIcsAttachment(clientCalendarSession(booking), configuredOrigin())],
    }
  })
}

export function sendBookingCancelled(bookingId: number, refundCents: number) {
  return sendAbout(bookingId, (booking) => ({
    to: booking.clientEmail,
    subject: `Booking cancelled: ${booking.serviceName}`,
    text: [
      `Hi ${booking.clientFirstName},`,
      '',
      `Your session "${booking.serviceName}" on ${sessionSpan(booking)} has been cancelled.`,
      refundCents > 0
        ? `A refund of ${dollars(refundCents)} is on its way to your card.`
        : booking.isPaid
          ? 'It was cancelled less than 24 hours before its start, so no refund is given.'
          : 'Nothing was charged for this session.',
      '',
      'You can book another time whenever you like.',
    ].join('\n'),
  }))
}

/**
 * The practitioner called the session off: their reason in their own words, the refund in full
 * (when paid), and the invitation again, cancelled, so the client's calendar removes it.
 */
export function sendCancelledByPractitioner(bookingId: number, reason: string, refundCents: number) {
  return sendAbout(bookingId, (booking) => {
    const practitioner = practitionerName(booking)
    return {
      to: booking.clientEmail,
      subject: `Session cancelled: ${booking.serviceName}`,
      text: [
        `Hi ${booking.clientFirstName},`,
        '',
        `${practitioner} has cancelled your session "${booking.serviceName}" on ${sessionSpan(booking)}.`,
        '',
        `Their reason: ${reason}`,
        '',
        refundCents > 0
          ? `We have refunded the full ${dollars(refundCents)} to your card. Refunds usually appear on your statement within 5 to 10 business days.`
          : 'Nothing was charged for this session.',
        '',
        `We are sorry for the trouble. You can book another time whenever you like: ${configuredOrigin()}${bookAgainHref(booking)}`,
      ].join('\n'),
      attachments: [sessionIcsAttachment(clientCalendarSession(booking), configuredOrigin())],
    }
  })
}

/** The client's intake form of a booking, absolute. */
const intakeAddress = (booking: { id: number }) => `${configuredOrigin()}/bookings/${booking.id}/intake`

/** The practitioner asks the client to complete the intake form of an upcoming session. */
export function sendIntakeReminder(bookingId: number) {
  return sendAbout(bookingId, (booking) => ({
    to: booking.clientEmail,
    subject: `Intake form: ${booking.serviceName}`,
    text: [
      `Hi ${booking.clientFirstName},`,
      '',
      `${practitionerName(booking)} asks you to complete their intake form before your session "${booking.serviceName}" on ${sessionSpan(booking)}.`,
      `It takes a few minutes, and you can save a draft: ${intakeAddress(booking)}`,
    ].join('\n'),
  }))
}

/**
 * The practitioner marked that the client did not attend: said plainly, with the policy and
 * where to tell us if it is wrong (the booking's page, which reports a practitioner's absence).
 */
export function sendMarkedMissed(bookingId: number) {
  return sendAbout(bookingId, (booking) => ({
    to: booking.clientEmail,
    subject: `Missed session: ${booking.serviceName}`,
    text: [
      `Hi ${booking.clientFirstName},`,
      '',
      `${practitionerName(booking)} marked that you did not attend "${booking.serviceName}" on ${sessionSpan(booking)}.`,
      'No refund is due under the cancellation policy for a session that was not cancelled.',
      '',
      `If you were there and your practitioner was not, please tell us on your booking's page: ${configuredOrigin()}/bookings/${booking.id}`,
    ].join('\n'),
  }))
}

/**
 * A refund reached the card (from the refund event). `late_payment`: the payment came after
 * the booking's hold had lapsed and its time went to someone else.
 */
export function sendPaymentRefunded(bookingId: number, refundedCents: number, reason: 'refund' | 'late_payment') {
  return sendAbout(bookingId, (booking) => ({
    to: booking.clientEmail,
    subject: `Payment refunded: ${booking.serviceName}`,
    text: [
      `Hi ${booking.clientFirstName},`,
      '',
      reason === 'late_payment'
        ? `Your payment for "${booking.serviceName}" on ${sessionSpan(booking)} arrived after the 30 minutes we hold a time for, and the time had been booked by someone else. We have refunded the full ${dollars(refundedCents)}.`
        : `We have refunded ${dollars(refundedCents)} for "${booking.serviceName}" on ${sessionSpan(booking)}.`,
      'Refunds usually appear on your statement within 5 to 10 business days.',
    ].join('\n'),
  }))
}

type RemovalContext = {
  id: number
  serviceName: string
  startTime: number
  endTime: number
  isPaid: number
  dueCents: number
  clientId: number | null
  clientEmail: string | null
  clientFirstName: string | null
  clientLastName: string | null
  clientZone: string | null
  practitionerId: number | null
  practitionerEmail: string | null
  practitionerFirstName: string | null
  practitionerLastName: string | null
  practitionerZone: string | null
}

/**
 * What an admin's removal of an account tells the other person of each session it cancels:
 * the client of a removed practitioner (with the refund in full, if paid), the practitioner of
 * a removed client (the time is free again). Composed before anything changes, while both
 * names are still there; sent with `sendRemovalNotices` once the cancellation has committed.
 */
export function composeRemovalNotices(bookingIds: number[], removedUserId: number) {
  const notices = new Map<number, Email>()
  if (!bookingIds.length) return notices
  const rows = getDb().all<RemovalContext>(
    sql`SELECT b.id, b.service_id AS serviceId, b.status, b.sequence, b.updated_at AS updatedAt, b.service_name AS serviceName, b.start_time AS startTime, b.end_time AS endTime,
               b.is_paid AS isPaid,
               CASE WHEN b.is_paid = 1 THEN b.total_amount_cents - b.refunded_amount_cents ELSE 0 END AS dueCents,
               c.id AS clientId, c.email AS clientEmail, c.first_name AS clientFirstName,
               c.last_name AS clientLastName, c.time_zone AS clientZone,
               p.id AS practitionerId, p.email AS practitionerEmail, p.first_name AS practitionerFirstName,
               p.last_name AS practitionerLastName, p.time_zone AS practitionerZone
        FROM bookings b LEFT JOIN users c ON c.id = b.client_id LEFT JOIN users p ON p.id = b.practitioner_id
        WHERE b.id IN (${sql.join(
          bookingIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  )
  for (const row of rows) {
    const span = (timeZone: string | null) => sessionSpan({ startTime: row.startTime, endTime: row.endTime, timeZone })
    if (row.practitionerId === removedUserId && row.clientEmail) {
      const practitioner = `${row.practitionerFirstName} ${row.practitionerLastName}`
      notices.set(row.id, {
        to: row.clientEmail,
        subject: `Session cancelled: ${row.serviceName}`,
        text: [
          `Hi ${row.clientFirstName},`,
          '',
          `Your session "${row.serviceName}" with ${practitioner} on ${span(row.clientZone)} has been cancelled: ${practitioner}'s account on Solace has been closed.`,
          row.dueCents > 0
            ? `We have refunded the full ${dollars(row.dueCents)} to your card. Refunds usually appear on your statement within 5 to 10 business days.`
            : 'Nothing was charged for this session.',
          '',
          'We are sorry for the trouble. You can book another practitioner whenever you like.',
        ].join('\n'),
      })
    } else if (row.clientId === removedUserId && row.practitionerEmail) {
      const client = `${row.clientFirstName} ${row.clientLastName}`
      notices.set(row.id, {
        to: row.practitionerEmail,
        subject: `Session cancelled: ${row.serviceName}`,
        text: [
          `Hi ${row.practitionerFirstName},`,
          '',
          `The session "${row.serviceName}" with ${client} on ${span(row.practitionerZone)} has been cancelled: ${client}'s account on Solace has been closed. The time is open for booking again.`,
          row.dueCents > 0
            ? `The client was refunded the full ${dollars(row.dueCents)}, so the payment to you for this session is reversed.`
            : 'Nothing had been paid for this session.',
        ].join('\n'),
      })
    }
  }
  return notices
}

/** Sends the notices of the sessions whose cancellation committed; a failing email is logged. */
export async function sendRemovalNotices(notices: Map<number, Email>, bookingIds: number[]) {
  for (const id of bookingIds) {
    const email = notices.get(id)
    if (!email) continue
    try {
      await sendEmail(email)
    } catch (error) {
      log.error({ err: error }, logLine`[booking ${id}] removal email failed`)
    }
  }
}
