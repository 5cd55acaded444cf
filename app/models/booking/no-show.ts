import { z } from 'zod'
import { formatTime, zoneAbbreviation } from '~/lib/dates'
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

/** A client marked absent tells the admins they were there ("I was there", once). */
export const NOT_MARKED_ABSENT = 'Only a session marked as missed can be disputed.'
export const DISPUTE_WINDOW_CLOSED = 'A missed session can be disputed for up to 7 days after it was marked.'
/** The admins' view of a reported session whose video room nobody joined (or held at the practitioner's own link). */
export const NOBODY_IN_ROOM = "Nobody joined the session's room in the app."
/** Where the missed-session email's "I was there" link lands on the booking page. */
export const I_WAS_THERE_ANCHOR = 'i-was-there'
export const ALREADY_DISPUTED = 'You told us you were there. Our team will look into it and reply by email.'

/**
 * What a client tells the admins about a session (one rule, one report, one form and one API):
 * `practitioner-absent`, the practitioner did not come; `client-attended`, the client was marked
 * absent but was there ("I was there").
 */
export const REPORT_KINDS = ['practitioner-absent', 'client-attended'] as const
export type ReportKind = (typeof REPORT_KINDS)[number]

/** `POST /api/bookings/:id/no-show-report` and the booking page's forms: which report, what happened (optional). */
export const NoShowReportSchema = z.object({
  kind: z.enum(REPORT_KINDS, { error: 'Unknown kind of report' }).optional().default('practitioner-absent'),
  details: multiLineText()
    .max(REPORT_DETAILS_MAX, `Please keep it under ${REPORT_DETAILS_MAX} characters`)
    .optional()
    .default(''),
})
export type NoShowReportInput = z.output<typeof NoShowReportSchema>

/** A stay in the session's video room (session_attendance). */
export type RoomStay = { joinedAt: Date; leftAt: Date | null }

type Attended = {
  status: string
  startTime: Date
  endTime: Date
  /** When the practitioner ended it in the room, if they did (it may be before `endTime`; ISO on pages). */
  sessionEndedAt?: Date | string | null
  clientNoShowAt: Date | null
  practitionerNoShowReportedAt: Date | null
  clientNoShowDisputedAt?: Date | null
}

/**
 * The room saw the client: the practitioner's mark would contradict it. Said with the client's
 * first name and their time in the room (first join to last leave) in the practitioner's zone.
 */
export function clientJoinedRoom(clientFirstName: string, stays: RoomStay[], timeZone: string) {
  const first = stays[0]!.joinedAt
  const open = stays.some((stay) => stay.leftAt === null)
  const last = stays.reduce((at, stay) => (stay.leftAt && stay.leftAt > at ? stay.leftAt : at), first)
  const span = open
    ? `from ${formatTime(first, timeZone)} ${zoneAbbreviation(first, timeZone)}`
    : `${formatTime(first, timeZone)} – ${formatTime(last, timeZone)} ${zoneAbbreviation(first, timeZone)}`
  return `${clientFirstName} joined the session's room (${span}), so they cannot be marked absent.`
}

/** When the session ended: its booked end, or earlier when the practitioner ended it in the room. */
function endedAt(booking: Attended) {
  const ended = booking.sessionEndedAt ? new Date(booking.sessionEndedAt) : null
  return ended && ended < booking.endTime ? ended : booking.endTime
}

/** Who was seen in the session's room: the client's stays (none at a practitioner's own link). */
type RoomSeen = { clientFirstName: string; clientStays: RoomStay[]; timeZone: string }

/**
 * Why the practitioner may not mark this session's client absent now (ended, at most 48 hours
 * ago, and the client never joined its video room), or null.
 */
export function markNoShowRefusal(booking: Attended, room: RoomSeen, now = new Date()) {
  if (booking.clientNoShowAt) return ALREADY_MARKED
  if (booking.status !== 'confirmed' && booking.status !== 'completed') return NOT_MARKABLE
  if (endedAt(booking).getTime() > now.getTime()) return NOT_ENDED_YET
  if (now.getTime() - endedAt(booking).getTime() > MARK_NO_SHOW_WINDOW_MS) return MARK_WINDOW_CLOSED
  if (room.clientStays.length) return clientJoinedRoom(room.clientFirstName, room.clientStays, room.timeZone)
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

/** Why the client may not tell the admins they were at a session marked missed (until 7 days after the mark), or null. */
export function disputeNoShowRefusal(booking: Attended, now = new Date()) {
  if (booking.clientNoShowDisputedAt) return ALREADY_DISPUTED
  if (!booking.clientNoShowAt) return NOT_MARKED_ABSENT
  if (now.getTime() - booking.clientNoShowAt.getTime() > REPORT_NO_SHOW_WINDOW_MS) return DISPUTE_WINDOW_CLOSED
  return null
}

/** Why this report may not be sent now, or null: the one rule the page, the form and the model share. */
export function reportRefusal(kind: ReportKind, booking: Attended, now = new Date()) {
  return kind === 'client-attended' ? disputeNoShowRefusal(booking, now) : reportNoShowRefusal(booking, now)
}
