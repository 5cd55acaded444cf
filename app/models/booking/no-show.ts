import { z } from 'zod'
import { multiLineText } from '~/lib/plain-text'

/**
 * Sessions somebody did not attend (client-safe: the pages, their forms and the API share these
 * words; docs/decisions/038-no-shows.md). A practitioner marks that the client did not attend;
 * a client reports that the practitioner did not.
 */

const HOUR_MS = 60 * 60 * 1000

/** How long after a session's end its practitioner may mark the client absent. */
export const MARK_NO_SHOW_WINDOW_MS = 48 * HOUR_MS
/** How long after a session's end its client may report that the practitioner did not come. */
export const REPORT_NO_SHOW_WINDOW_MS = 7 * 24 * HOUR_MS

export const CLIENT_NO_SHOW_INTENT = 'client-no-show'
export const REPORT_NO_SHOW_INTENT = 'report-no-show'

export const NOT_ENDED_YET = 'You can mark this once the session has ended.'
export const MARK_WINDOW_CLOSED = 'A session can be marked as missed for 48 hours after it ends.'
export const NOT_MARKABLE = 'Only a session that took place can be marked as missed.'
export const ALREADY_MARKED = 'This session is already marked as missed.'
export const CLIENT_MARKED_ABSENT =
  'Marked: your client did not attend. No refund is due under the cancellation policy.'

/** What the client reads on a session marked missed. */
export const MISSED_SESSION =
  'Your practitioner marked that you did not attend this session. No refund is due under the cancellation policy.'

export const NOT_STARTED_YET = 'You can report this once the session has started.'
export const REPORT_WINDOW_CLOSED = 'A session can be reported for up to 7 days after it ends.'
export const NOT_REPORTABLE = 'Only a session that was to take place can be reported.'
export const ALREADY_REPORTED = 'You have already reported this session. Our team will reply by email.'
export const NO_SHOW_REPORTED = 'You reported that your practitioner did not attend. Our team will reply by email.'
export const REPORT_SENT = 'Thank you for telling us. Our team will look into it and reply by email.'
export const REPORT_DETAILS_MAX = 2000

/** `POST /api/bookings/:id/no-show-report` and the booking page's form: what happened, optional. */
export const NoShowReportSchema = z.object({
  details: multiLineText()
    .max(REPORT_DETAILS_MAX, `Please keep it under ${REPORT_DETAILS_MAX} characters`)
    .optional()
    .default(''),
})
export type NoShowReportInput = z.output<typeof NoShowReportSchema>

type Attended = {
  status: string
  startTime: Date
  endTime: Date
  clientNoShowAt: Date | null
  practitionerNoShowReportedAt: Date | null
}

/** Why the practitioner may not mark this session's client absent now (ended, at most 48 hours ago), or null. */
export function markNoShowRefusal(booking: Attended, now = new Date()) {
  if (booking.clientNoShowAt) return ALREADY_MARKED
  if (booking.status !== 'confirmed' && booking.status !== 'completed') return NOT_MARKABLE
  if (booking.endTime.getTime() > now.getTime()) return NOT_ENDED_YET
  if (now.getTime() - booking.endTime.getTime() > MARK_NO_SHOW_WINDOW_MS) return MARK_WINDOW_CLOSED
  return null
}

/** Why the client may not report that the practitioner did not attend (from the start until 7 days after the end), or null. */
export function reportNoShowRefusal(booking: Attended, now = new Date()) {
  if (booking.practitionerNoShowReportedAt) return ALREADY_REPORTED
  if (booking.status !== 'confirmed' && booking.status !== 'completed') return NOT_REPORTABLE
  if (booking.startTime.getTime() > now.getTime()) return NOT_STARTED_YET
  if (now.getTime() - booking.endTime.getTime() > REPORT_NO_SHOW_WINDOW_MS) return REPORT_WINDOW_CLOSED
  return null
}
