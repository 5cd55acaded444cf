import { z } from 'zod'
import { formatsFor } from '~/lib/i18n/formats'
import { DEFAULT_LANGUAGE, type Language } from '~/lib/i18n/languages'
import { msg } from '~/lib/i18n/message'
import { multiLineText } from '~/lib/plain-text'

/**
 * Sessions somebody did not attend (client-safe: the pages, their forms and the API share these
 * words, catalogue keys in booking.json `noShow`; docs/decisions/038-no-shows.md). A
 * practitioner marks that the client did not attend; a client reports that the practitioner did not.
 */

const HOUR_MS = 60 * 60 * 1000

/** How long after a session's end its practitioner may mark the client absent. */
export const MARK_NO_SHOW_WINDOW_MS = 48 * HOUR_MS
/** How long after a session's end its client may report that the practitioner did not come. */
export const REPORT_NO_SHOW_WINDOW_MS = 7 * 24 * HOUR_MS

export const CLIENT_NO_SHOW_INTENT = 'client-no-show'
export const REPORT_NO_SHOW_INTENT = 'report-no-show'

export const NOT_ENDED_YET = msg('booking:noShow.notEndedYet')
export const MARK_WINDOW_CLOSED = msg('booking:noShow.markWindowClosed')
export const NOT_MARKABLE = msg('booking:noShow.notMarkable')
export const ALREADY_MARKED = msg('booking:noShow.alreadyMarked')
export const CLIENT_MARKED_ABSENT = msg('booking:noShow.clientMarkedAbsent')

/** What the client reads on a session marked missed. */
export const MISSED_SESSION = msg('booking:noShow.missedSession')

export const NOT_STARTED_YET = msg('booking:noShow.notStartedYet')
export const REPORT_WINDOW_CLOSED = msg('booking:noShow.reportWindowClosed')
export const NOT_REPORTABLE = msg('booking:noShow.notReportable')
export const ALREADY_REPORTED = msg('booking:noShow.alreadyReported')
export const NO_SHOW_REPORTED = msg('booking:noShow.reported')
export const REPORT_SENT = msg('booking:noShow.reportSent')
export const REPORT_DETAILS_MAX = 2000

/** A client marked absent tells the admins they were there ("I was there", once). */
export const NOT_MARKED_ABSENT = msg('booking:noShow.notMarkedAbsent')
export const DISPUTE_WINDOW_CLOSED = msg('booking:noShow.disputeWindowClosed')
/** The admins' view of a reported session whose video room nobody joined (or held at the practitioner's own link). */
export const NOBODY_IN_ROOM = msg('booking:noShow.nobodyInRoom')
/** Where the missed-session email's "I was there" link lands on the booking page. */
export const I_WAS_THERE_ANCHOR = 'i-was-there'
export const ALREADY_DISPUTED = msg('booking:noShow.alreadyDisputed')

/**
 * What a client tells the admins about a session (one rule, one report, one form and one API):
 * `practitioner-absent`, the practitioner did not come; `client-attended`, the client was marked
 * absent but was there ("I was there").
 */
export const REPORT_KINDS = ['practitioner-absent', 'client-attended'] as const
export type ReportKind = (typeof REPORT_KINDS)[number]

/** `POST /api/bookings/:id/no-show-report` and the booking page's forms: which report, what happened (optional). */
export const NoShowReportSchema = z.object({
  kind: z
    .enum(REPORT_KINDS, { error: msg('booking:noShow.unknownKind') })
    .optional()
    .default('practitioner-absent'),
  details: multiLineText()
    .max(REPORT_DETAILS_MAX, msg('booking:noShow.detailsTooLong', { max: REPORT_DETAILS_MAX }))
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
 * first name and their time in the room (first join to last leave) in the practitioner's zone
 * and language.
 */
export function clientJoinedRoom(
  clientFirstName: string,
  stays: RoomStay[],
  timeZone: string,
  language: Language = DEFAULT_LANGUAGE,
) {
  const f = formatsFor(language)
  const first = stays[0]!.joinedAt
  const open = stays.some((stay) => stay.leftAt === null)
  const last = stays.reduce((at, stay) => (stay.leftAt && stay.leftAt > at ? stay.leftAt : at), first)
  const zone = f.zone(first, timeZone)
  return open
    ? msg('booking:noShow.clientInRoomSince', { name: clientFirstName, time: f.time(first, timeZone), zone })
    : msg('booking:noShow.clientInRoom', {
        name: clientFirstName,
        from: f.time(first, timeZone),
        to: f.time(last, timeZone),
        zone,
      })
}

/** When the session ended: its booked end, or earlier when the practitioner ended it in the room. */
function endedAt(booking: Attended) {
  const ended = booking.sessionEndedAt ? new Date(booking.sessionEndedAt) : null
  return ended && ended < booking.endTime ? ended : booking.endTime
}

/**
 * Who was seen in the session's room: the client's stays (none at a practitioner's own link), said
 * to the practitioner in their zone and language (English when not given).
 */
type RoomSeen = { clientFirstName: string; clientStays: RoomStay[]; timeZone: string; language?: Language }

/**
 * Why the practitioner may not mark this session's client absent now (ended, at most 48 hours
 * ago, and the client never joined its video room), or null.
 */
export function markNoShowRefusal(booking: Attended, room: RoomSeen, now = new Date()) {
  if (booking.clientNoShowAt) return ALREADY_MARKED
  if (booking.status !== 'confirmed' && booking.status !== 'completed') return NOT_MARKABLE
  if (endedAt(booking).getTime() > now.getTime()) return NOT_ENDED_YET
  if (now.getTime() - endedAt(booking).getTime() > MARK_NO_SHOW_WINDOW_MS) return MARK_WINDOW_CLOSED
  if (room.clientStays.length)
    return clientJoinedRoom(room.clientFirstName, room.clientStays, room.timeZone, room.language)
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
