import { and, eq, isNull, sql } from 'drizzle-orm'
import { getDb, type Tx } from '~/db/client.server'
import { bookings, contactMessages, users } from '~/db/schema'
import { DEFAULT_TIME_ZONE } from '~/lib/dates'
import { AppError } from '~/lib/errors'
import { currentLanguage, tFor } from '~/lib/i18n/i18n.server'
import { type Language } from '~/lib/i18n/languages'
import { msg, readMessage } from '~/lib/i18n/message'
import { listAttendance } from '~/models/sessions/attendance.server'
import { sendMarkedMissed, sessionSpan } from './emails.server'
import { ALREADY_MARKED, markNoShowRefusal, reportRefusal, type NoShowReportInput, type ReportKind } from './no-show'
import { BOOKING_NOT_FOUND } from './payments.server'
import { findPractitionerBooking } from './practitioner-cancel.server'

/**
 * Sessions somebody did not attend (docs/decisions/038-no-shows.md).
 *
 * A practitioner marks, within 48 hours of its end, that the client did not attend, unless the
 * video room saw the client: the booking keeps its payment (the cancellation policy gives nothing
 * back for a session not cancelled), the client's dashboard shows it as missed, and no review can
 * be written for it.
 *
 * A client reports, from its start until 7 days after its end, that the practitioner did not
 * attend; a client marked absent tells us, within 7 days of the mark, that they were there. Either
 * reaches the admins' contact messages with the booking attached, once.
 */

/**
 * The practitioner marks that the client of one of their sessions did not attend; the client is
 * told. Refused when the video room saw the client (the refusal names their time there, in the
 * practitioner's zone and language: their own choice, else the request's).
 */
export async function markClientNoShow(
  practitioner: { id: number; timeZone?: string | null; language?: Language | null },
  bookingId: number,
  now = new Date(),
) {
  const row = findPractitionerBooking(practitioner, bookingId)
  const client = row.clientId
    ? getDb().select({ firstName: users.firstName }).from(users).where(eq(users.id, row.clientId)).get()
    : undefined
  const language = practitioner.language ?? currentLanguage()
  const refusal = markNoShowRefusal(
    row,
    {
      clientFirstName: client?.firstName ?? tFor(language, 'booking')('noShow.yourClient'),
      clientStays: listAttendance(row.id).filter((stay) => row.clientId !== null && stay.userId === row.clientId),
      timeZone: practitioner.timeZone ?? DEFAULT_TIME_ZONE,
      language,
    },
    now,
  )
  if (refusal) throw new AppError(refusal, 409)
  // Only if nobody marked it meanwhile: two clicks (or two tabs) mark it once.
  const marked = getDb()
    .update(bookings)
    .set({ clientNoShowAt: now, updatedAt: now })
    .where(and(eq(bookings.id, row.id), isNull(bookings.clientNoShowAt)))
    .run()
  if (marked.changes !== 1) throw new AppError(ALREADY_MARKED, 409)
  await sendMarkedMissed(row.id)
  return { id: row.id, clientNoShowAt: now.toISOString() }
}

/** The client who reports and their practitioner's name (null once that account is gone), as the report tells them. */
function reportContext(tx: Tx, clientId: number, practitionerId: number | null) {
  const client = tx
    .select({
      clientFirstName: users.firstName,
      clientLastName: users.lastName,
      clientEmail: users.email,
      timeZone: users.timeZone,
    })
    .from(users)
    .where(eq(users.id, clientId))
    .get()!
  const practitioner =
    practitionerId === null
      ? undefined
      : tx
          .select({ name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
          .from(users)
          .where(eq(users.id, practitionerId))
          .get()
  return { ...client, practitionerName: practitioner?.name ?? null }
}

/**
 * What each report says to the admins (booking.json `adminReport`), and which mark on the booking
 * says it was sent. The contact message keeps catalogue keys and values, not sentences: each
 * admin reads it in their language (`reportInLanguage`). The client's own words go with it as
 * they wrote them.
 */
const REPORTS: Record<
  ReportKind,
  { key: 'practitionerAbsent' | 'clientAttended'; mark: 'practitionerNoShowReportedAt' | 'clientNoShowDisputedAt' }
> = {
  'practitioner-absent': { key: 'practitionerAbsent', mark: 'practitionerNoShowReportedAt' },
  'client-attended': { key: 'clientAttended', mark: 'clientNoShowDisputedAt' },
}

const REPORT_KEY = /^booking:adminReport\.(practitionerAbsent|clientAttended)\.(subject|says)$/

/**
 * A contact message in a reader's language: a no-show report (a message about a booking whose
 * subject and text are report keys) is written out in it, the session's time in the client's
 * zone as the report was sent; any other message, and reports written before they kept keys,
 * come back as they were written. Only a report has a booking: words a visitor typed into the
 * contact form are never read as keys.
 */
export function reportInLanguage<M extends { subject: string; message: string; bookingId: number | null }>(
  row: M,
  language: Language,
): M {
  if (row.bookingId === null || !REPORT_KEY.test(readMessage(row.subject).key)) return row
  const said = readMessage(row.message)
  if (!REPORT_KEY.test(said.key)) return row
  const t = tFor(language, 'booking')
  const text = t as unknown as (key: string, values: Record<string, string | number>) => string
  const values = said.values
  const when = sessionSpan(
    {
      startTime: new Date(String(values.start)),
      endTime: new Date(String(values.end)),
      timeZone: typeof values.zone === 'string' ? values.zone : null,
    },
    language,
  )
  const practitioner = values.practitioner ? String(values.practitioner) : t('adminReport.formerPractitioner')
  const details = values.details ? `\n${t('adminReport.inTheirWords')}\n${String(values.details)}` : ''
  return {
    ...row,
    subject: text(readMessage(row.subject).key, readMessage(row.subject).values),
    message: `${text(said.key, { ...values, practitioner, when })}${details}`,
  }
}

/**
 * The client tells the admins about a session (`input.kind`): the practitioner did not attend,
 * or they were there though marked absent ("I was there"). One contact message for the admins,
 * with the booking attached (the admins' view adds the room's attendance trail), written with the
 * booking's mark in one transaction, so each report is sent once. Only what the admins need:
 * who, which session, and the client's own words.
 */
export function reportNoShow(client: { id: number }, bookingId: number, input: NoShowReportInput, now = new Date()) {
  const report = REPORTS[input.kind]
  return getDb().transaction(
    (tx) => {
      const row = tx
        .select()
        .from(bookings)
        .where(and(eq(bookings.id, bookingId), eq(bookings.clientId, client.id)))
        .get()
      if (!row) throw new AppError(BOOKING_NOT_FOUND, 404)
      const refusal = reportRefusal(input.kind, row, now)
      if (refusal) throw new AppError(refusal, 409)
      const people = reportContext(tx, client.id, row.practitionerId)
      const service = row.serviceName
      const message = tx
        .insert(contactMessages)
        .values({
          name: `${people.clientFirstName} ${people.clientLastName}`,
          email: people.clientEmail,
          subject: msg(`booking:adminReport.${report.key}.subject`, { service }),
          message: msg(`booking:adminReport.${report.key}.says`, {
            client: people.clientFirstName,
            practitioner: people.practitionerName ?? '',
            service,
            start: row.startTime.toISOString(),
            end: row.endTime.toISOString(),
            zone: people.timeZone ?? DEFAULT_TIME_ZONE,
            id: row.id,
            details: input.details ?? '',
          }),
          bookingId: row.id,
        })
        .returning({ id: contactMessages.id })
        .get()
      tx.update(bookings)
        .set({ [report.mark]: now, updatedAt: now })
        .where(eq(bookings.id, row.id))
        .run()
      return { id: row.id, contactMessageId: message.id }
    },
    { behavior: 'immediate' },
  )
}
