import { and, eq, gt, lte, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { getDb, type Tx } from '~/db/client.server'
import { bookingReminders, bookings, services, users, type REMINDER_KINDS } from '~/db/schema'
import { queueEmail, type Email } from '~/integrations/email.server'
import type { Language } from '~/lib/i18n/languages'
import { configuredOrigin } from '~/lib/url.server'
import { ownMeetingLinkSql } from '~/models/sessions/join.server'
import { joinUrl } from '~/models/sessions/room-window'
import { emailWords, sessionSpan } from './emails.server'
import { sessionIcsAttachment, sessionPageUrl, type SessionForCalendar } from './session-event.server'

/**
 * Session reminders (docs/decisions/036-session-reminders.md): each confirmed booking reminds
 * its client and its practitioner a day and an hour before it starts, each as their settings
 * ask, in their own zone and language, with the session's page, where to join and the calendar
 * invitation.
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

const client = alias(users, 'client')
const practitioner = alias(users, 'practitioner')

/** Confirmed sessions starting within a day of `at` (found through bookings_status_end_idx). */
function dueRows(tx: Tx, at: number) {
  return tx
    .select({
      id: bookings.id,
      serviceName: bookings.serviceName,
      durationMinutes: bookings.durationMinutes,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      sequence: bookings.sequence,
      updatedAt: bookings.updatedAt,
      /** Since when the booking has had this start: made, or last moved. */
      since: sql<Date>`coalesce(${bookings.rescheduledAt}, ${bookings.createdAt})`.mapWith(bookings.createdAt),
      /** The practitioner's own meeting link when the service is held there; else the session's room. */
      ownMeetingLink: sql<string | null>`${ownMeetingLinkSql('services')}`,
      clientId: client.id,
      clientEmail: client.email,
      clientFirstName: client.firstName,
      clientLastName: client.lastName,
      clientZone: client.timeZone,
      clientLanguage: client.language,
      clientDay: client.emailReminderDay,
      clientHour: client.emailReminderHour,
      practitionerId: practitioner.id,
      practitionerEmail: practitioner.email,
      practitionerFirstName: practitioner.firstName,
      practitionerLastName: practitioner.lastName,
      practitionerZone: practitioner.timeZone,
      practitionerLanguage: practitioner.language,
      practitionerDay: practitioner.emailReminderDay,
      practitionerHour: practitioner.emailReminderHour,
    })
    .from(bookings)
    .leftJoin(services, eq(services.id, bookings.serviceId))
    .leftJoin(client, eq(client.id, bookings.clientId))
    .leftJoin(practitioner, eq(practitioner.id, bookings.practitionerId))
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        gt(bookings.endTime, new Date(at)),
        lte(bookings.endTime, new Date(at + REMINDER_LEAD_MS.day + LONGEST_SESSION_MS)),
        gt(bookings.startTime, new Date(at)),
        lte(bookings.startTime, new Date(at + REMINDER_LEAD_MS.day)),
      ),
    )
    .all()
}

type DueRow = ReturnType<typeof dueRows>[number]

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
      const rows = dueRows(tx, at)
      let queued = 0
      for (const row of rows) {
        const kind = dueKind({ startTime: row.startTime.getTime(), since: row.since.getTime() }, at)
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
  language: Language | null
  otherName: string | null
  asClient: boolean
}

const fullName = (first: string | null, last: string | null) => (first ? `${first} ${last ?? ''}`.trim() : null)

/** The booking's two people who still have an account and want this kind of reminder. */
function recipients(row: DueRow, kind: ReminderKind): Recipient[] {
  const wants = (day: boolean | null, hour: boolean | null) => Boolean(kind === 'day' ? day : hour)
  const list: Recipient[] = []
  if (row.clientId !== null && row.clientEmail && wants(row.clientDay, row.clientHour)) {
    list.push({
      id: row.clientId,
      email: row.clientEmail,
      firstName: row.clientFirstName ?? '',
      zone: row.clientZone,
      language: row.clientLanguage,
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
      language: row.practitionerLanguage,
      otherName: fullName(row.clientFirstName, row.clientLastName),
      asClient: false,
    })
  }
  return list
}

/** Records the reminder and queues its email, unless it was recorded before; true when this call did. */
function claim(tx: Tx, row: DueRow, recipientId: number, kind: ReminderKind, email: Email, now: Date) {
  const recorded = tx
    .insert(bookingReminders)
    .values({ bookingId: row.id, recipientId, kind, startTime: row.startTime, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: bookingReminders.id })
    .get()
  if (!recorded) return false
  const outboxId = queueEmail(tx, email, now)
  tx.update(bookingReminders).set({ outboxId }).where(eq(bookingReminders.id, recorded.id)).run()
  return true
}

/** The reminder's email, in the recipient's zone and language; nothing about the session beyond its name and time. */
function compose(row: DueRow, recipient: Recipient, kind: ReminderKind, origin: string): Email {
  const session: SessionForCalendar = {
    id: row.id,
    serviceName: row.serviceName,
    startTime: row.startTime,
    endTime: row.endTime,
    status: 'confirmed',
    sequence: row.sequence,
    updatedAt: row.updatedAt,
    joinUrl: joinUrl(row.id, row.ownMeetingLink),
    otherName: recipient.otherName,
    asClient: recipient.asClient,
  }
  const { t, language } = emailWords(recipient.language)
  const other =
    recipient.otherName ?? (recipient.asClient ? t('booking.yourPractitioner') : t('booking.reminder.yourClient'))
  const service = row.serviceName
  const settings = recipient.asClient ? '/customer-settings' : '/practitioner/settings'
  return {
    to: recipient.email,
    subject:
      kind === 'day'
        ? t('booking.reminder.subjectDay', { service, other })
        : t('booking.reminder.subjectHour', { service, other }),
    text: [
      t('booking.greeting', { name: recipient.firstName }),
      '',
      t('booking.reminder.body', { service, other }),
      t('booking.when', {
        span: sessionSpan({ ...row, timeZone: recipient.zone }, language),
        minutes: row.durationMinutes,
      }),
      t('booking.reminder.join', { url: new URL(joinUrl(row.id, row.ownMeetingLink), origin).href }),
      t('booking.reminder.yourSession', { url: sessionPageUrl(session, origin) }),
      '',
      t('booking.reminder.invitation'),
      t('booking.reminder.turnOff', { url: `${origin}${settings}` }),
    ].join('\n'),
    attachments: [sessionIcsAttachment(session, origin, undefined, language)],
  }
}
