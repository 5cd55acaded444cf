import { eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { bookings, services, users } from '~/db/schema'
import { sendEmail, type Email } from '~/integrations/email.server'
import { tFor } from '~/lib/i18n/i18n.server'
import { DEFAULT_LANGUAGE, type Language } from '~/lib/i18n/languages'
import { translateMessage } from '~/lib/i18n/message'
import { log, logLine } from '~/lib/log.server'
import { configuredOrigin } from '~/lib/url.server'
import type { ReceiptKind } from '~/models/billing/receipt'
import { receiptAttachment } from '~/models/billing/receipt-emails.server'
import { RECEIPTS_PATH } from '~/models/billing/receipt-links'
import { bookingReceiptId } from '~/models/billing/receipts-read.server'
import { intakeStates } from '~/models/intake/intake-state.server'
import { ownMeetingLinkSql } from '~/models/sessions/join.server'
import { joinUrl } from '~/models/sessions/room-window'
import { bookAgainHref, FREE_SESSION_CANCELLATION, PAID_CANCELLATION_POLICY } from './booking'
import { emailWords, sessionSpan, type EmailWords } from './email-words.server'
import { I_WAS_THERE_ANCHOR } from './no-show'
import { sessionIcsAttachment, type SessionForCalendar } from './session-event.server'
import type { TFunction } from 'i18next'

/**
 * The emails a booking sends its client: confirmed (with an .ics invitation), cancelled (with
 * the refund it gives) and payment refunded (its practitioner's are in
 * practitioner-emails.server.ts, an admin's removal's in removal-emails.server.ts). Each reads the booking as it is now, so a webhook
 * and a page send the same words. They go after the change commits; a failing email is logged
 * (the outbox keeps it), never a reason to undo the booking. Each is in its recipient's language
 * (emails.json `booking`; English for one who never chose), dates and money too.
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
      /** The client's language (null: never chose one, so English). */
      language: client.language,
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

export { emailWords, sessionSpan, type EmailWords }

export function practitionerName(booking: EmailContext, language: Language = DEFAULT_LANGUAGE) {
  return booking.practitionerFirstName
    ? `${booking.practitionerFirstName} ${booking.practitionerLastName}`
    : tFor(language, 'emails')('booking.yourPractitioner')
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
  return sessionIcsAttachment(
    clientCalendarSession(booking),
    configuredOrigin(),
    {
      email: booking.clientEmail,
      name: [booking.clientFirstName, booking.clientLastName].filter(Boolean).join(' ') || null,
    },
    booking.language ?? DEFAULT_LANGUAGE,
  )
}

type Recipient = EmailContext & { clientEmail: string }

/**
 * Sends one email about a booking whose client still has an account, in the client's language
 * (`words`: the catalogue's `t`, the formats, and the session's time as they read it); logs a failure.
 */
async function sendAbout(
  bookingId: number,
  compose: (booking: Recipient, words: EmailWords & { span: string; practitioner: string }) => Email,
) {
  try {
    const booking = loadContext(bookingId)
    if (!booking?.clientEmail) return
    const words = emailWords(booking.language)
    const span = sessionSpan(booking, words.language)
    const practitioner = practitionerName(booking, words.language)
    await sendEmail(compose({ ...booking, clientEmail: booking.clientEmail }, { ...words, span, practitioner }))
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
const receiptLines = (t: EmailWords['t']) => [
  t('booking.receiptAttached'),
  t('booking.allReceipts', { url: new URL(RECEIPTS_PATH, configuredOrigin()).href }),
]

export async function sendBookingConfirmed(bookingId: number) {
  const receipt = await receiptOf(bookingId, 'receipt')
  return sendAbout(bookingId, (booking, { t, f, span, practitioner }) => {
    const service = booking.serviceName
    const amount = f.priceCents(booking.totalAmountCents)
    const policy = booking.totalAmountCents > 0 ? PAID_CANCELLATION_POLICY : FREE_SESSION_CANCELLATION
    return {
      to: booking.clientEmail,
      subject: t('booking.confirmed.subject', { service }),
      text: [
        t('booking.greeting', { name: booking.clientFirstName }),
        '',
        t('booking.confirmed.body', { service, practitioner }),
        t('booking.when', { span, minutes: booking.durationMinutes }),
        booking.isPaid ? t('booking.confirmed.paid', { amount }) : t('booking.confirmed.price', { amount }),
        t('booking.confirmed.join', { url: joinAddress(booking) }),
        ...(intakeStates([booking.id]).has(booking.id)
          ? ['', t('booking.confirmed.intake', { practitioner, url: intakeAddress(booking) })]
          : []),
        '',
        t('booking.confirmed.cancelFromDashboard', { policy: translateMessage(t as unknown as TFunction, policy) }),
        t('booking.confirmed.invitation'),
        ...(receipt ? receiptLines(t) : []),
      ].join('\n'),
      attachments: [clientInvitation(booking), ...(receipt ? [receipt] : [])],
    }
  })
}

export function sendBookingCancelled(bookingId: number, refundCents: number) {
  return sendAbout(bookingId, (booking, { t, f, span }) => ({
    to: booking.clientEmail,
    subject: t('booking.cancelled.subject', { service: booking.serviceName }),
    text: [
      t('booking.greeting', { name: booking.clientFirstName }),
      '',
      t('booking.cancelled.body', { service: booking.serviceName, span }),
      refundCents > 0
        ? t('booking.cancelled.refund', { amount: f.priceCents(refundCents) })
        : booking.isPaid
          ? t('booking.cancelled.noRefund')
          : t('booking.nothingCharged'),
      '',
      t('booking.cancelled.bookAnother'),
      t('booking.invitationRemoves'),
    ].join('\n'),
    attachments: [clientInvitation(booking)],
  }))
}

/**
 * The practitioner called the session off: their reason in their own words, the refund in full
 * (when paid), and the invitation again, cancelled, so the client's calendar removes it.
 */
export function sendCancelledByPractitioner(bookingId: number, reason: string, refundCents: number) {
  return sendAbout(bookingId, (booking, { t, f, span, practitioner }) => ({
    to: booking.clientEmail,
    subject: t('booking.sessionCancelledSubject', { service: booking.serviceName }),
    text: [
      t('booking.greeting', { name: booking.clientFirstName }),
      '',
      t('booking.cancelledByPractitioner.body', { practitioner, service: booking.serviceName, span }),
      '',
      t('booking.cancelledByPractitioner.reason', { reason }),
      '',
      refundCents > 0
        ? t('booking.refundedInFull', { amount: f.priceCents(refundCents) })
        : t('booking.nothingCharged'),
      '',
      t('booking.cancelledByPractitioner.sorry', { url: `${configuredOrigin()}${bookAgainHref(booking)}` }),
    ].join('\n'),
    attachments: [clientInvitation(booking)],
  }))
}

/** The client's intake form of a booking, absolute. */
const intakeAddress = (booking: { id: number }) => `${configuredOrigin()}/bookings/${booking.id}/intake`

/** The practitioner asks the client to complete the intake form of an upcoming session. */
export function sendIntakeReminder(bookingId: number) {
  return sendAbout(bookingId, (booking, { t, span, practitioner }) => ({
    to: booking.clientEmail,
    subject: t('booking.intakeReminder.subject', { service: booking.serviceName }),
    text: [
      t('booking.greeting', { name: booking.clientFirstName }),
      '',
      t('booking.intakeReminder.body', { practitioner, service: booking.serviceName, span }),
      t('booking.intakeReminder.link', { url: intakeAddress(booking) }),
    ].join('\n'),
  }))
}

/**
 * The practitioner marked that the client did not attend: said plainly, with the policy and
 * "I was there" (the booking page's form that tells our team, with the room's attendance).
 */
export function sendMarkedMissed(bookingId: number) {
  return sendAbout(bookingId, (booking, { t, span, practitioner }) => ({
    to: booking.clientEmail,
    subject: t('booking.missed.subject', { service: booking.serviceName }),
    text: [
      t('booking.greeting', { name: booking.clientFirstName }),
      '',
      t('booking.missed.body', { practitioner, service: booking.serviceName, span }),
      t('booking.missed.policy'),
      '',
      t('booking.missed.iWasThere', {
        url: `${configuredOrigin()}/bookings/${booking.id}#${I_WAS_THERE_ANCHOR}`,
      }),
    ].join('\n'),
  }))
}

/**
 * A refund reached the card (from the refund event). `late_payment`: the payment came after
 * the booking's hold had lapsed and its time went to someone else.
 */
export async function sendPaymentRefunded(bookingId: number, refundedCents: number, reason: 'refund' | 'late_payment') {
  const receipt = await receiptOf(bookingId, 'refund')
  return sendAbout(bookingId, (booking, { t, f, span }) => ({
    to: booking.clientEmail,
    subject: t('booking.refunded.subject', { service: booking.serviceName }),
    text: [
      t('booking.greeting', { name: booking.clientFirstName }),
      '',
      t(reason === 'late_payment' ? 'booking.refunded.late' : 'booking.refunded.refund', {
        service: booking.serviceName,
        span,
        amount: f.priceCents(refundedCents),
      }),
      t('booking.refundTiming'),
      ...(receipt ? ['', t('booking.refunded.receipt')] : []),
    ].join('\n'),
    // A refund in full cancelled the session: the calendar's event goes with it. A late payment's
    // booking had lapsed before any invitation was sent (nor had it a receipt).
    attachments: [
      ...(reason === 'refund' && booking.status === 'cancelled' ? [clientInvitation(booking)] : []),
      ...(receipt ? [receipt] : []),
    ],
  }))
}
