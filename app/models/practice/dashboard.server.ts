import { and, asc, count, desc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { bookings, services, users } from '~/db/schema'
import { DEFAULT_TIME_ZONE } from '~/lib/dates'
import { msg } from '~/lib/i18n/message'
import { MARK_NO_SHOW_WINDOW_MS, markNoShowRefusal } from '~/models/booking/no-show'
import { intakeStates } from '~/models/intake/intake-state.server'
import { attendanceOf, type Stay } from '~/models/sessions/attendance.server'
import { ownMeetingLinkSql } from '~/models/sessions/join.server'
import { isRoomOpen, joinUrl } from '~/models/sessions/room-window'
import { paidNetSum } from './earnings.server'

const DAY_MS = 24 * 60 * 60 * 1000
export const UPCOMING_LIST_SIZE = 5
/**
 * What a session whose client deleted their account names them by: a message (a catalogue key) in
 * place of the name, which the dashboard shows in the reader's language (`translateMessage`).
 */
export const FORMER_CLIENT = msg('practice:dashboard.formerClient')

export type DashboardSession = {
  id: number
  serviceName: string
  /** null once the client's account is deleted (no one to write to). */
  clientId: number | null
  clientName: string
  startTime: string
  endTime: string
  status: 'pending' | 'confirmed'
  isPaid: boolean
  /** A free session has nothing to pay: shown as 'Free' rather than 'Unpaid'. */
  isFree: boolean
  /** Not started yet: the practitioner may still move it or call it off. */
  canCancel: boolean
  /** Moved by the practitioner, and the client has not yet accepted the new time. */
  awaitingClient: boolean
  /** While its room is open: where Join Session leads (the room, or their own meeting link). */
  joinUrl: string | null
  /** Its intake form: 'sent' once the client sent it, else waiting (a draft is the client's own); null when none is asked. */
  intake: 'sent' | 'waiting' | null
  /** What the client paid and has not had back, in cents (all of it goes back if the practitioner cancels). */
  paidCents: number
}

/**
 * The practitioner dashboard:
 * - upcoming sessions: bookings starting later than 24 hours before `now` (so a session under
 *   way or just finished still shows) with status confirmed or pending; the list is the first 5
 *   by start time (every one with `all`), the card counts them all;
 * - active services: services with isActive;
 * - total earnings: the practitioner's share of paid bookings net of refunds, in cents (the
 *   same figure as the Earnings page: a refund reverses the transfer in proportion);
 * - total clients: distinct clients over all bookings (a deleted client's booking has none).
 */
export function getDashboard(practitionerId: number, now = new Date(), { all = false } = {}) {
  const db = getDb()
  const upcoming = and(
    eq(bookings.practitionerId, practitionerId),
    gt(bookings.startTime, new Date(now.getTime() - DAY_MS)),
    inArray(bookings.status, ['confirmed', 'pending']),
  )
  const totals = db
    .select({
      earningsCents: paidNetSum(),
      clients: sql<number>`count(distinct ${bookings.clientId})`,
    })
    .from(bookings)
    .where(eq(bookings.practitionerId, practitionerId))
    .get()
  const upcomingCount = db.select({ n: count() }).from(bookings).where(upcoming).get()?.n ?? 0
  const activeServices =
    db
      .select({ n: count() })
      .from(services)
      .where(and(eq(services.practitionerId, practitionerId), eq(services.isActive, true)))
      .get()?.n ?? 0
  const rows = db
    .select({
      id: bookings.id,
      serviceName: bookings.serviceName,
      clientId: users.id,
      clientFirstName: users.firstName,
      clientLastName: users.lastName,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      status: bookings.status,
      isPaid: bookings.isPaid,
      totalAmountCents: bookings.totalAmountCents,
      refundedAmountCents: bookings.refundedAmountCents,
      movedByPractitionerAt: bookings.movedByPractitionerAt,
      sessionEndedAt: bookings.sessionEndedAt,
      ownMeetingLink: sql<string | null>`${ownMeetingLinkSql('services')}`,
    })
    .from(bookings)
    .leftJoin(users, eq(users.id, bookings.clientId))
    .leftJoin(services, eq(services.id, bookings.serviceId))
    .where(upcoming)
    .orderBy(asc(bookings.startTime), asc(bookings.id))
    // -1: SQLite's "no limit".
    .limit(all ? -1 : UPCOMING_LIST_SIZE)
    .all()
  const intake = intakeStates(rows.map((row) => row.id))
  const sessions: DashboardSession[] = rows.map((row) => ({
    id: row.id,
    serviceName: row.serviceName,
    clientId: row.clientId,
    clientName: row.clientFirstName ? `${row.clientFirstName} ${row.clientLastName}` : FORMER_CLIENT,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    status: row.status as DashboardSession['status'],
    isPaid: row.isPaid,
    isFree: row.totalAmountCents === 0,
    paidCents: row.isPaid ? row.totalAmountCents - row.refundedAmountCents : 0,
    canCancel: row.startTime.getTime() > now.getTime(),
    awaitingClient: row.movedByPractitionerAt !== null,
    joinUrl: isRoomOpen(row, now) ? joinUrl(row.id, row.ownMeetingLink) : null,
    intake: intake.has(row.id) ? (intake.get(row.id) === 'sent' ? 'sent' : 'waiting') : null,
  }))
  return {
    stats: {
      upcomingSessions: upcomingCount,
      activeServices,
      totalEarningsCents: totals?.earningsCents ?? 0,
      totalClients: totals?.clients ?? 0,
    },
    upcomingSessions: sessions,
  }
}

/** A session that ended in the last 48 hours, as the dashboard's Recent Sessions card lists it. */
export type RecentSession = {
  id: number
  serviceName: string
  clientName: string
  startTime: string
  endTime: string
  /** Completed (ended in its room, or past its end and swept): nothing is left to cancel or move. */
  completed: boolean
  /** When the practitioner ended it in its room (ISO), else null: it may end before its booked end. */
  endedAt: string | null
  /** When the practitioner marked that the client did not attend, else null. */
  clientNoShowAt: string | null
  /** The practitioner may still mark it missed (never once the room saw the client). */
  canMarkNoShow: boolean
  /** The client still has an account: "Add a note" opens their chart (made the first time). */
  hasClient: boolean
  /**
   * When each was in the session's video room (ISO; `leftAt` null while still there), or null
   * when it was held at the practitioner's own link, where the app sees nobody come and go.
   */
  attendance: { client: AttendedStay[]; practitioner: AttendedStay[] } | null
}

export type AttendedStay = { joinedAt: string; leftAt: string | null }

/**
 * The practitioner's sessions that ended within the last 48 hours (the window in which a client's
 * absence can be marked), newest first: confirmed or completed, never cancelled.
 */
export function getRecentSessions(practitionerId: number, now = new Date()): RecentSession[] {
  const rows = getDb()
    .select({
      id: bookings.id,
      serviceName: bookings.serviceName,
      status: bookings.status,
      clientFirstName: users.firstName,
      clientLastName: users.lastName,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      sessionEndedAt: bookings.sessionEndedAt,
      clientNoShowAt: bookings.clientNoShowAt,
      practitionerNoShowReportedAt: bookings.practitionerNoShowReportedAt,
      clientId: bookings.clientId,
      ownMeetingLink: sql<string | null>`${ownMeetingLinkSql('services')}`,
    })
    .from(bookings)
    .leftJoin(users, eq(users.id, bookings.clientId))
    .leftJoin(services, eq(services.id, bookings.serviceId))
    .where(
      and(
        eq(bookings.practitionerId, practitionerId),
        inArray(bookings.status, ['confirmed', 'completed']),
        // Past its booked end, or ended early in its room (it has left Upcoming: it is completed).
        or(lte(bookings.endTime, now), lte(bookings.sessionEndedAt, now)),
        gt(bookings.endTime, new Date(now.getTime() - MARK_NO_SHOW_WINDOW_MS)),
      ),
    )
    .orderBy(desc(bookings.endTime), desc(bookings.id))
    .all()
  const stays = attendanceOf(rows.map((row) => row.id))
  const clientStays = (row: (typeof rows)[number]) =>
    row.clientId === null ? [] : (stays.get(row.id) ?? []).filter((stay) => stay.userId === row.clientId)
  const iso = (stay: Stay): AttendedStay => ({
    joinedAt: stay.joinedAt.toISOString(),
    leftAt: stay.leftAt?.toISOString() ?? null,
  })
  return rows.map((row) => ({
    id: row.id,
    serviceName: row.serviceName,
    clientName: row.clientFirstName ? `${row.clientFirstName} ${row.clientLastName}` : FORMER_CLIENT,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    completed: row.status === 'completed',
    endedAt: row.sessionEndedAt?.toISOString() ?? null,
    clientNoShowAt: row.clientNoShowAt?.toISOString() ?? null,
    canMarkNoShow:
      markNoShowRefusal(
        row,
        {
          clientFirstName: row.clientFirstName ?? '',
          clientStays: clientStays(row),
          timeZone: DEFAULT_TIME_ZONE,
        },
        now,
      ) === null,
    hasClient: row.clientId !== null,
    attendance: row.ownMeetingLink
      ? null
      : {
          client: clientStays(row).map(iso),
          practitioner: (stays.get(row.id) ?? []).filter((stay) => stay.userId === practitionerId).map(iso),
        },
  }))
}
