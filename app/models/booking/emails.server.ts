import { eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { bookings, services, users } from '~/db/schema'
import { sendEmail, type Email } from '~/integrations/email.server'
import { DEFAULT_TIME_ZONE, formatLongDate, formatTime, zoneAbbreviation } from '~/lib/dates'
import { log, logLine } from '~/lib/log.server'
import { centsToDollars, formatPrice } from '~/lib/money'
import { configuredOrigin } from '~/lib/url.server'
import type { ReceiptKind } from '~/models/billing/receipt'
import { receiptAttachment } from '~/models/billing/receipt-emails.server'
import { RECEIPTS_PATH } from '~/models/billing/receipt-links'
import { bookingReceiptId } from '~/models/billing/receipts-read.server'
import { intakeStates } from '~/models/intake/intake-state.server'
import { ownMeetingLinkSql } from '~/models/sessions/join.server'
import { joinUrl } from '~/models/sessions/room-window'
import { bookAgainHref, FREE_SESSION_CANCELLATION, PAID_CANCELLATION_POLICY } from './booking'
import { I_WAS_THERE_ANCHOR } from './no-show'
import { sessionIcsAttachment, type SessionForCalendar } from './session-event.server'

/**
 * The emails a booking sends its client: confirmed (with an .ics invitation), cancelled (with
 * the refund it gives) and payment refunded (its practitioner's are in
 * practitioner-emails.server.ts, an admin's removal's in removal-emails.server.ts). Each reads the booking as it is now, so a webhook
 * and a page send the same words. They go after the change commits; a failing email is logged
 * (the outbox keeps it), never a reason to undo the booking.
 */
const client = alias(users, 'client')
const practitioner = alias(users, 'practitioner')

/** The booking as its client's emails tell of it; `db` a transaction the email is written in. */
export function loadContext(bookingId: number, db: Db | Tx = getDb()) {
  return db
    .select({
      id: bookings.id,
      serviceId: bookings.serviceId,
      status: bookings.status,
      sequence: bookings.sequence,
      updatedAt: bookings.updatedAt,
      serviceName: bookings.serviceName,
      durationMinutes: bookings.durationMinutes,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      totalAmountCents: bookings.totalAmountCents,
      isPaid: bookings.isPaid,
      /** The practitioner's own meeting link when the service is held there; else the session's room. */
      ownMeetingLink: sql<string | null>`${ownMeetingLinkSql('services')}`,
      /** The practitioner's words with the new time they moved it to, while the client has not answered. */
      moveMessage: bookings.moveMessage,
      clientEmail: client.email,
      clientFirstName: client.firstName,
      clientLastName: client.lastName,
      timeZone: client.timeZone,
      practitionerFirstName: practitioner.firstName,
      practitionerLastName: practitioner.lastName,
    })
    .from(bookings)
    .leftJoin(services, eq(services.id, bookings.serviceId))
    .leftJoin(client, eq(client.id, bookings.clientId))
    .leftJoin(practitioner, eq(practitioner.id, bookings.practitionerId))
    .where(eq(bookings.id, bookingId))
    .get()
}

export type EmailContext = NonNullable<ReturnType<typeof loadContext>>

/** "November 21, 2026, 9:30 AM – 10:30 AM EST": a session's time in one person's zone. */
export function sessionSpan(booking: { startTime: Date; endTime: Date; timeZone: string | null }) {
  const zone = booking.timeZone ?? DEFAULT_TIME_ZONE
  const start = booking.startTime
  return `${formatLongDate(start, zone)}, ${formatTime(start, zone)} – ${formatTime(booking.endTime, zone)} ${zoneAbbreviation(start, zone)}`
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
    otherName: booking.practitionerFirstName ? practitionerName(booking) : null,
    asClient: true,
  }
}

/**
 * The client's calendar invitation as it stands: REQUEST for a live session (its first revision,
 * or a move), CANCEL once cancelled; the same UID each time, at the booking's SEQUENCE.
 */
export function clientInvitation(booking: EmailContext & { clientEmail: string }) {
  return sessionIcsAttachment(clientCalendarSession(booking), configuredOrigin(), {
    email: booking.clientEmail,
    name: [booking.clientFirstName, booking.clientLastName].filter(Boolean).join(' ') || null,
  })
}

export const dollars = (cents: number) => formatPrice(centsToDollars(cents))

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

/**
 * The booking's receipt of `kind` (the newest, for a refund) as an attachment, made before the
 * email is composed; none when there is none (a free session) or its file cannot be made now
 * (the email goes without it: the Receipts screen has it).
 */
async function receiptOf(bookingId: number, kind: ReceiptKind) {
  try {
    const id = bookingReceiptId(bookingId, kind)
    return id === null ? null : await receiptAttachment(id)
  } catch (error) {
    log.error({ err: error }, logLine`[booking ${bookingId}] receipt not attached`)
    return null
  }
}

/** What an email carrying a receipt adds to its text. */
const receiptLines = () => [
  'Your receipt is attached.',
  `All your receipts: ${new URL(RECEIPTS_PATH, configuredOrigin()).href}`,
]

export async function sendBookingConfirmed(bookingId: number) {
  const receipt = await receiptOf(bookingId, 'receipt')
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
        ...(receipt ? receiptLines() : []),
      ].join('\n'),
      attachments: [clientInvitation(booking), ...(receipt ? [receipt] : [])],
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
      'The attached update removes the session from your calendar.',
    ].join('\n'),
    attachments: [clientInvitation(booking)],
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
      attachments: [clientInvitation(booking)],
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
 * "I was there" (the booking page's form that tells our team, with the room's attendance).
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
      `I was there: if you came to this session, tell us on your booking's page and our team will look into it: ${configuredOrigin()}/bookings/${booking.id}#${I_WAS_THERE_ANCHOR}`,
    ].join('\n'),
  }))
}

/**
 * A refund reached the card (from the refund event). `late_payment`: the payment came after
 * the booking's hold had lapsed and its time went to someone else.
 */
export async function sendPaymentRefunded(bookingId: number, refundedCents: number, reason: 'refund' | 'late_payment') {
  const receipt = await receiptOf(bookingId, 'refund')
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
      ...(receipt ? ['', 'Your refund receipt is attached.'] : []),
    ].join('\n'),
    // A refund in full cancelled the session: the calendar's event goes with it. A late payment's
    // booking had lapsed before any invitation was sent (nor had it a receipt).
    attachments: [
      ...(reason === 'refund' && booking.status === 'cancelled' ? [clientInvitation(booking)] : []),
      ...(receipt ? [receipt] : []),
    ],
  }))
}
