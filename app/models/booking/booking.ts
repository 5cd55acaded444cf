/**
 * Booking rules and texts shared by the server and the screens (this module reaches the browser).
 * Texts are catalogue keys (app/locales/<language>/booking.json), put in the reader's language
 * where they are shown (app/lib/i18n/message.ts).
 */

import { formatsFor } from '~/lib/i18n/formats'
import { DEFAULT_LANGUAGE, type Language } from '~/lib/i18n/languages'
import { msg } from '~/lib/i18n/message'
import { isRoomOpen } from '~/models/sessions/room-window'
import { FREE_SESSION_CANCELLATION, PAID_CANCELLATION_POLICY } from './policy'

export { FREE_SESSION_CANCELLATION, PAID_CANCELLATION_POLICY }

/** How long before its start a paid session may be cancelled with a full refund. */
export const FULL_REFUND_NOTICE_MS = 24 * 60 * 60 * 1000

/** How long a pending paid booking holds its slot: the life of a Checkout session (Stripe's minimum). */
export const PAYMENT_HOLD_MS = 30 * 60 * 1000

/**
 * Said wherever a booking whose hold ran out unpaid is shown (its card, its confirmation page,
 * its payment page) and when paying it is refused: without it the booking just reads
 * "Cancelled" or "Nothing to pay", and the client cannot tell why.
 */
export const HOLD_EXPIRED = msg('booking:hold.expired')
export const HOLD_LAPSED = msg('booking:hold.lapsed', { minutes: PAYMENT_HOLD_MS / 60_000 })
export const BOOK_AGAIN = msg('booking:hold.bookAgain')

/**
 * True when the booking's payment hold ran out unpaid: cancelled for that reason by the
 * sweeper (or by the payment provider's expiry event), or still pending in the minute before
 * the sweeper releases it (docs/decisions/005-slot-claiming-and-holds.md).
 */
export function holdLapsed(
  booking: { status: string; isPaid: boolean; holdExpiresAt: Date | null; cancellationReason: string | null },
  now = new Date(),
) {
  if (booking.status === 'cancelled') return booking.cancellationReason === 'hold_expired'
  return (
    booking.status === 'pending' &&
    !booking.isPaid &&
    (booking.holdExpiresAt === null || booking.holdExpiresAt.getTime() <= now.getTime())
  )
}

/** Where to book the same service again: its booking page, or the catalogue once the service is gone. */
export function bookAgainHref(booking: { serviceId: number | null }) {
  return booking.serviceId === null ? '/services' : `/services/${booking.serviceId}`
}

/**
 * Said before paying for a time less than 24 hours away (no refund if cancelled), or null:
 * 'This session starts in 20 hours: it cannot be refunded if you cancel'.
 */
export function noRefundNotice(startTime: Date | string, now = new Date()) {
  const ahead = new Date(startTime).getTime() - now.getTime()
  if (ahead >= FULL_REFUND_NOTICE_MS) return null
  const hours = Math.floor(ahead / (60 * 60 * 1000))
  return hours < 1 ? msg('booking:policy.startsInLessThanAnHour') : msg('booking:policy.startsIn', { count: hours })
}

/** Said of a booking awaiting payment (the dashboard's card, its confirmation page); `until` is a time in the viewer's zone. */
export function awaitingPaymentNotice(until: string) {
  return msg('booking:hold.awaitingPayment', { until })
}

/** The policy while a practitioner's move waits for the client's answer. */
export const MOVED_FULL_REFUND = msg('booking:policy.movedFullRefund')

export const JOIN_LINK_LATER = msg('booking:policy.joinLinkLater')

/** Join Session is offered while the session's room is open (docs/decisions/039-video-rooms.md). */
export function canJoinSession(
  session: { status: string; startTime: Date; endTime: Date; sessionEndedAt?: Date | null },
  now = new Date(),
) {
  return isRoomOpen(session, now)
}

/**
 * The refund, in cents, a client gets for cancelling now: what was paid and not yet refunded
 * when the session starts 24 hours or more from now, nothing later; and in full, whenever it
 * is, while the practitioner's move of it waits for the client's answer.
 */
export function refundDueCents(
  booking: {
    isPaid: boolean
    totalAmountCents: number
    refundedAmountCents: number
    startTime: Date
    movedByPractitionerAt?: Date | null
  },
  now = new Date(),
) {
  if (!booking.isPaid) return 0
  const moved = Boolean(booking.movedByPractitionerAt)
  if (!moved && booking.startTime.getTime() - now.getTime() < FULL_REFUND_NOTICE_MS) return 0
  return Math.max(0, booking.totalAmountCents - booking.refundedAmountCents)
}

/**
 * A client may move a live booking themselves while free cancellation applies (decision 007):
 * a free session until it starts, a paid one until 24 hours before. Later only the
 * practitioner can move it.
 */
export function clientMayReschedule(booking: { status: string; free: boolean; startTime: Date }, now = new Date()) {
  if (booking.status !== 'pending' && booking.status !== 'confirmed') return false
  const ahead = booking.startTime.getTime() - now.getTime()
  return booking.free ? ahead > 0 : ahead >= FULL_REFUND_NOTICE_MS
}

/**
 * The cancellation policy as it applies to one booking now, in the viewer's zone and language,
 * or null once it can no longer be cancelled (started, completed or cancelled): 'Free
 * cancellation until November 21, 2026, 9:30 AM EST: ...' while 24 hours or more remain, else
 * noRefundNotice.
 */
export function refundPolicyFor(
  booking: {
    status: string
    totalAmountCents: number
    startTime: Date
    movedByPractitionerAt?: Date | null
    packageHoldingId?: number | null
  },
  timeZone: string,
  now = new Date(),
  language: Language = DEFAULT_LANGUAGE,
) {
  const start = booking.startTime.getTime()
  if ((booking.status !== 'pending' && booking.status !== 'confirmed') || start <= now.getTime()) return null
  // A package session follows the paid sessions' rule, its session given back instead of money (decision 051).
  const withPackage = booking.packageHoldingId != null
  if (booking.totalAmountCents === 0 && !withPackage) return FREE_SESSION_CANCELLATION
  if (booking.movedByPractitionerAt) return withPackage ? MOVED_PACKAGE_SESSION_BACK : MOVED_FULL_REFUND
  const notice = noRefundNotice(booking.startTime, now)
  if (notice) return withPackage ? PACKAGE_SESSION_LATE : msg('booking:policy.sentence', { text: notice })
  const deadline = new Date(start - FULL_REFUND_NOTICE_MS)
  const f = formatsFor(language)
  const when = `${f.longDate(deadline, timeZone)}, ${f.time(deadline, timeZone)} ${f.zone(deadline, timeZone)}`
  return msg(withPackage ? 'booking:policy.freeUntilPackage' : 'booking:policy.freeUntil', { when })
}

export const MOVED_PACKAGE_SESSION_BACK = msg('booking:policy.movedPackageSessionBack')
export const PACKAGE_SESSION_LATE = msg('booking:policy.packageSessionLate')

/** '20261121T143000Z': an instant as Google Calendar's `dates` parameter reads it (UTC). */
function calendarStamp(instant: Date) {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

/**
 * 'Add to Google Calendar': a link that opens Google's own event form already filled in (no
 * script of theirs on our pages). The .ics download covers every other calendar.
 */
export function googleCalendarUrl(session: {
  serviceName: string
  startTime: Date
  endTime: Date
  /** The event's first line, in the reader's language: 'Video session with …, booked on Solace.' */
  about: string
  /** Where it is joined, absolute: its room or the practitioner's own link. */
  joinUrl: string | null
}) {
  const details = [session.about, session.joinUrl]
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: session.serviceName,
    dates: `${calendarStamp(session.startTime)}/${calendarStamp(session.endTime)}`,
    details: details.filter(Boolean).join('\n'),
  })
  if (session.joinUrl) params.set('location', session.joinUrl)
  return `https://calendar.google.com/calendar/render?${params}`
}
