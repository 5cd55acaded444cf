import { eq, inArray } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { getDb } from '~/db/client.server'
import { bookings, users } from '~/db/schema'
import { sendEmail, type Email } from '~/integrations/email.server'
import { log, logLine } from '~/lib/log.server'
import { configuredOrigin } from '~/lib/url.server'
import { emailWords, sessionSpan, type EmailWords } from './emails.server'
import { sessionIcsAttachment } from './session-event.server'

/**
 * The notices an admin's removal of an account sends the other party of each upcoming booking
 * (decision 022), composed before the bookings are cancelled and sent after, each in its
 * recipient's language (emails.json `booking.removal`).
 */

const client = alias(users, 'client')
const practitioner = alias(users, 'practitioner')

/**
 * What an admin's removal of an account tells the other person of each session it cancels:
 * the client of a removed practitioner (with the refund in full, if paid), the practitioner of
 * a removed client (the time is free again). Composed before anything changes, while both
 * names are still there; sent with `sendRemovalNotices` once the cancellation has committed.
 */
export function composeRemovalNotices(bookingIds: number[], removedUserId: number) {
  const notices = new Map<number, Email>()
  if (!bookingIds.length) return notices
  const rows = getDb()
    .select({
      id: bookings.id,
      sequence: bookings.sequence,
      updatedAt: bookings.updatedAt,
      serviceName: bookings.serviceName,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      isPaid: bookings.isPaid,
      totalAmountCents: bookings.totalAmountCents,
      refundedAmountCents: bookings.refundedAmountCents,
      clientId: client.id,
      clientEmail: client.email,
      clientFirstName: client.firstName,
      clientLastName: client.lastName,
      clientZone: client.timeZone,
      clientLanguage: client.language,
      practitionerId: practitioner.id,
      practitionerEmail: practitioner.email,
      practitionerFirstName: practitioner.firstName,
      practitionerLastName: practitioner.lastName,
      practitionerZone: practitioner.timeZone,
      practitionerLanguage: practitioner.language,
    })
    .from(bookings)
    .leftJoin(client, eq(client.id, bookings.clientId))
    .leftJoin(practitioner, eq(practitioner.id, bookings.practitionerId))
    .where(inArray(bookings.id, bookingIds))
    .all()
  for (const { totalAmountCents, refundedAmountCents, ...row } of rows) {
    // What the client paid and has not had back: refunded in full with the cancellation.
    const dueCents = row.isPaid ? totalAmountCents - refundedAmountCents : 0
    // Composed before the cancellation commits: the event as it will be then (cancelled, its
    // SEQUENCE raised, as cancelLiveBooking raises it), so the person's calendar removes it.
    const cancelled = (
      asClient: boolean,
      otherName: string,
      to: { email: string; name: string },
      language: EmailWords['language'],
    ) =>
      sessionIcsAttachment(
        {
          id: row.id,
          serviceName: row.serviceName,
          startTime: row.startTime,
          endTime: row.endTime,
          status: 'cancelled',
          sequence: row.sequence + 1,
          updatedAt: row.updatedAt,
          joinUrl: null,
          otherName,
          asClient,
        },
        configuredOrigin(),
        to,
        language,
      )
    const service = row.serviceName
    if (row.practitionerId === removedUserId && row.clientEmail) {
      const { t, f, language } = emailWords(row.clientLanguage)
      const practitioner = `${row.practitionerFirstName} ${row.practitionerLastName}`
      const span = sessionSpan({ startTime: row.startTime, endTime: row.endTime, timeZone: row.clientZone }, language)
      notices.set(row.id, {
        to: row.clientEmail,
        subject: t('booking.sessionCancelledSubject', { service }),
        text: [
          t('booking.greeting', { name: row.clientFirstName }),
          '',
          t('booking.removal.toClient', { service, practitioner, span }),
          dueCents > 0 ? t('booking.refundedInFull', { amount: f.priceCents(dueCents) }) : t('booking.nothingCharged'),
          '',
          t('booking.removal.sorry'),
        ].join('\n'),
        attachments: [
          cancelled(
            true,
            practitioner,
            { email: row.clientEmail, name: `${row.clientFirstName} ${row.clientLastName}` },
            language,
          ),
        ],
      })
    } else if (row.clientId === removedUserId && row.practitionerEmail) {
      const { t, f, language } = emailWords(row.practitionerLanguage)
      const client = `${row.clientFirstName} ${row.clientLastName}`
      const span = sessionSpan(
        { startTime: row.startTime, endTime: row.endTime, timeZone: row.practitionerZone },
        language,
      )
      notices.set(row.id, {
        to: row.practitionerEmail,
        subject: t('booking.sessionCancelledSubject', { service }),
        text: [
          t('booking.greeting', { name: row.practitionerFirstName }),
          '',
          t('booking.removal.toPractitioner', { service, client, span }),
          dueCents > 0
            ? t('booking.removal.paymentReversed', { amount: f.priceCents(dueCents) })
            : t('booking.removal.nothingPaid'),
        ].join('\n'),
        attachments: [
          cancelled(
            false,
            client,
            { email: row.practitionerEmail, name: `${row.practitionerFirstName} ${row.practitionerLastName}` },
            language,
          ),
        ],
      })
    }
  }
  return notices
}

/** Sends the notices of the sessions whose cancellation committed; a failing email is logged. */
export async function sendRemovalNotices(notices: Map<number, Email>, bookingIds: number[]) {
  for (const id of bookingIds) {
    const email = notices.get(id)
    if (!email) continue
    try {
      await sendEmail(email)
    } catch (error) {
      log.error({ err: error }, logLine`[booking ${id}] removal email failed`)
    }
  }
}
