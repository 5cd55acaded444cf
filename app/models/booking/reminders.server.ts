import { sql } from 'drizzle-orm'
import { getDb, type Tx } from '~/db/client.server'
import type { REMINDER_KINDS } from '~/db/schema'
import { queueEmail, type Email } from '~/integrations/email.server'
import { configuredOrigin } from '~/lib/url.server'
import { ownMeetingLinkSql } from '~/models/sessions/join.server'
import { joinUrl } from '~/models/sessions/room-window'
import { sessionSpan } from './emails.server'
import { sessionIcsAttachment, sessionPageUrl, type SessionForCalendar } from './session-event.server'

/**
 * Session reminders (docs/decisions/036-session-reminders.md): each confirmed booking reminds
 * its client and its practitioner a day and an hour before it starts, each as their settings
 * ask, in their own zone, with the session's page, where to join and the calendar invitation.
 *
 * Exactly once: run every minute on the primary (app/jobs/maintenance.server.ts), the sweep
 * finds the reminders due and, in one IMMEDIATE transaction, records each (`booking_reminders`,
 * unique per booking, person, kind and start) together with its email's outbox row. The email
 * is delivered after the commit by the outbox, which retries a failed or lost delivery with the
 * same idempotency key. A reminder is recorded for the start it told of: a booking moved to
 * another time is reminded of the new one.
 */

export type ReminderKind = (typeof REMINDER_KINDS)[number]

/** How long before the start each reminder is due. */
export const REMINDER_LEAD_MS: Record<ReminderKind, number> = { day: 24 * 60 * 60_000, hour: 60 * 60_000 }

/** The longest session there can be (service-form.ts): bookings are found by their end, which this bounds. */
const LONGEST_SESSION_MS = 24 * 60 * 60_000

type DueRow = {
  id: number
  serviceName: string
  durationMinutes: number
  startTime: number
  endTime: number
  sequence: number
  updatedAt: number
  /** Since when the booking has had this start: made, or last moved. */
  since: number
  /** The practitioner's own meeting link when the service is held there; else the session's room. */
  ownMeetingLink: string | null
  clientId: number | null
  clientEmail: string | null
  clientFirstName: string | null
  clientLastName: string | null
  clientZone: string | null
  clientDay: number | null
  clientHour: number | null
  practitionerId: number | null
  practitionerEmail: string | null
  practitionerFirstName: string | null
  practitionerLastName: string | null
  practitionerZone: string | null
  practitionerDay: number | null
  practitionerHour: number | null
}

/**
 * The reminder each booking is due now, if any: a day's from 24 hours before the start until the
 * hour's window opens, then the hour's until the start. A booking made (or moved) after a
 * window opened skips that window's reminder: it was just confirmed.
 */
export function dueKind(booking: { startTime: number; since: number }, now: number): ReminderKind | null {
  const { startTime, since } = booking
  if (now >= startTime) return null
  const kind: ReminderKind = now >= startTime - REMINDER_LEAD_MS.hour ? 'hour' : 'day'
  const opened = startTime - REMINDER_LEAD_MS[kind]
  return now >= opened && since < opened ? kind : null
}

/** Records and queues the reminders due now; answers how many. */
export function queueDueReminders(now = new Date(), origin = configuredOrigin()) {
  const at = now.getTime()
  return getDb().transaction(
    (tx) => {
      // Confirmed sessions starting within a day (found through bookings_status_end_idx).
      const rows = tx.all<DueRow>(
        sql`SELECT b.id, b.service_name AS serviceName, b.duration_minutes AS durationMinutes,
                   b.start_time AS startTime, b.end_time AS endTime, b.sequence, b.updated_at AS updatedAt,
                   coalesce(b.rescheduled_at, b.created_at) AS since, ${ownMeetingLinkSql('s')} AS ownMeetingLink,
                   c.id AS clientId, c.email AS clientEmail, c.first_name AS clientFirstName,
                   c.last_name AS clientLastName, c.time_zone AS clientZone,
                   c.email_reminder_day AS clientDay, c.email_reminder_hour AS clientHour,
                   p.id AS practitionerId, p.email AS practitionerEmail, p.first_name AS practitionerFirstName,
                   p.last_name AS practitionerLastName, p.time_zone AS practitionerZone,
                   p.email_reminder_day AS practitionerDay, p.email_reminder_hour AS practitionerHour
            FROM bookings b LEFT JOIN services s ON s.id = b.service_id
            LEFT JOIN users c ON c.id = b.client_id LEFT JOIN users p ON p.id = b.practitioner_id
            WHERE b.status = 'confirmed' AND b.end_time > ${at}
              AND b.end_time <= ${at + REMINDER_LEAD_MS.day + LONGEST_SESSION_MS}
              AND b.start_time > ${at} AND b.start_time <= ${at + REMINDER_LEAD_MS.day}`,
      )
      let queued = 0
      for (const row of rows) {
        const kind = dueKind(row, at)
        if (!kind) continue
        for (const recipient of recipients(row, kind)) {
          if (claim(tx, row, recipient.id, kind, compose(row, recipient, kind, origin), now)) queued += 1
        }
      }
      return { reminders: queued }
    },
    { behavior: 'immediate' },
  )
}

type Recipient = {
  id: number
  email: string
  firstName: string
  zone: string | null
  otherName: string | null
  asClient: boolean
}

const fullName = (first: string | null, last: string | null) => (first ? `${first} ${last ?? ''}`.trim() : null)

/** The booking's two people who still have an account and want this kind of reminder. */
function recipients(row: DueRow, kind: ReminderKind): Recipient[] {
  const wants = (day: number | null, hour: number | null) => Boolean(kind === 'day' ? day : hour)
  const list: Recipient[] = []
  if (row.clientId !== null && row.clientEmail && wants(row.clientDay, row.clientHour)) {
    list.push({
      id: row.clientId,
      email: row.clientEmail,
      firstName: row.clientFirstName ?? '',
      zone: row.clientZone,
      otherName: fullName(row.practitionerFirstName, row.practitionerLastName),
      asClient: true,
    })
  }
  if (row.practitionerId !== null && row.practitionerEmail && wants(row.practitionerDay, row.practitionerHour)) {
    list.push({
      id: row.practitionerId,
      email: row.practitionerEmail,
      firstName: row.practitionerFirstName ?? '',
      zone: row.practitionerZone,
      otherName: fullName(row.clientFirstName, row.clientLastName),
      asClient: false,
    })
  }
  return list
}

/** Records the reminder and queues its email, unless it was recorded before; true when this call did. */
function claim(tx: Tx, row: DueRow, recipientId: number, kind: ReminderKind, email: Email, now: Date) {
  const recorded = tx.get<{ id: number } | undefined>(
    sql`INSERT INTO booking_reminders (booking_id, recipient_id, kind, start_time, created_at)
        VALUES (${row.id}, ${recipientId}, ${kind}, ${row.startTime}, ${now.getTime()})
        ON CONFLICT DO NOTHING RETURNING id`,
  )
  if (!recorded) return false
  const outboxId = queueEmail(tx, email, now)
  tx.run(sql`UPDATE booking_reminders SET outbox_id = ${outboxId} WHERE id = ${recorded.id}`)
  return true
}

export const REMINDER_SUBJECT: Record<ReminderKind, string> = { day: 'Tomorrow', hour: 'In one hour' }

/** The reminder's email, in the recipient's zone; nothing about the session beyond its name and time. */
function compose(row: DueRow, recipient: Recipient, kind: ReminderKind, origin: string): Email {
  const session: SessionForCalendar = {
    id: row.id,
    serviceName: row.serviceName,
    startTime: new Date(row.startTime),
    endTime: new Date(row.endTime),
    status: 'confirmed',
    sequence: row.sequence,
    updatedAt: new Date(row.updatedAt),
    joinUrl: joinUrl(row.id, row.ownMeetingLink),
    otherName: recipient.otherName,
    asClient: recipient.asClient,
  }
  const other = recipient.otherName ?? (recipient.asClient ? 'your practitioner' : 'your client')
  const join = `Join (from 15 minutes before the start): ${new URL(joinUrl(row.id, row.ownMeetingLink), origin).href}`
  const settings = recipient.asClient ? '/customer-settings' : '/practitioner/settings'
  return {
    to: recipient.email,
    subject: `${REMINDER_SUBJECT[kind]}: ${row.serviceName} with ${other}`,
    text: [
      `Hi ${recipient.firstName},`,
      '',
      `A reminder of your session "${row.serviceName}" with ${other}.`,
      `When: ${sessionSpan({ ...row, timeZone: recipient.zone })} (${row.durationMinutes} minutes)`,
      join,
      `Your session: ${sessionPageUrl(session, origin)}`,
      '',
      'The attached invitation keeps your calendar up to date.',
      `You can turn these reminders off in your settings: ${origin}${settings}`,
    ].join('\n'),
    attachments: [sessionIcsAttachment(session, origin)],
  }
}
