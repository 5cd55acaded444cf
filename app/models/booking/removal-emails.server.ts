import { sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { sendEmail, type Email } from '~/integrations/email.server'
import { log, logLine } from '~/lib/log.server'
import { configuredOrigin } from '~/lib/url.server'
import { dollars, sessionSpan } from './emails.server'
import { sessionIcsAttachment } from './session-event.server'

/**
 * The notices an admin's removal of an account sends the other party of each upcoming booking
 * (decision 022), composed before the bookings are cancelled and sent after.
 */

type RemovalContext = {
  id: number
  sequence: number
  updatedAt: number
  serviceName: string
  startTime: number
  endTime: number
  isPaid: number
  dueCents: number
  clientId: number | null
  clientEmail: string | null
  clientFirstName: string | null
  clientLastName: string | null
  clientZone: string | null
  practitionerId: number | null
  practitionerEmail: string | null
  practitionerFirstName: string | null
  practitionerLastName: string | null
  practitionerZone: string | null
}

/**
 * What an admin's removal of an account tells the other person of each session it cancels:
 * the client of a removed practitioner (with the refund in full, if paid), the practitioner of
 * a removed client (the time is free again). Composed before anything changes, while both
 * names are still there; sent with `sendRemovalNotices` once the cancellation has committed.
 */
export function composeRemovalNotices(bookingIds: number[], removedUserId: number) {
  const notices = new Map<number, Email>()
  if (!bookingIds.length) return notices
  const rows = getDb().all<RemovalContext>(
    sql`SELECT b.id, b.service_id AS serviceId, b.status, b.sequence, b.updated_at AS updatedAt, b.service_name AS serviceName, b.start_time AS startTime, b.end_time AS endTime,
               b.is_paid AS isPaid,
               CASE WHEN b.is_paid = 1 THEN b.total_amount_cents - b.refunded_amount_cents ELSE 0 END AS dueCents,
               c.id AS clientId, c.email AS clientEmail, c.first_name AS clientFirstName,
               c.last_name AS clientLastName, c.time_zone AS clientZone,
               p.id AS practitionerId, p.email AS practitionerEmail, p.first_name AS practitionerFirstName,
               p.last_name AS practitionerLastName, p.time_zone AS practitionerZone
        FROM bookings b LEFT JOIN users c ON c.id = b.client_id LEFT JOIN users p ON p.id = b.practitioner_id
        WHERE b.id IN (${sql.join(
          bookingIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  )
  for (const row of rows) {
    const span = (timeZone: string | null) => sessionSpan({ startTime: row.startTime, endTime: row.endTime, timeZone })
    // Composed before the cancellation commits: the event as it will be then (cancelled, its
    // SEQUENCE raised, as cancelLiveBooking raises it), so the person's calendar removes it.
    const cancelled = (asClient: boolean, otherName: string, to: { email: string; name: string }) =>
      sessionIcsAttachment(
        {
          id: row.id,
          serviceName: row.serviceName,
          startTime: new Date(row.startTime),
          endTime: new Date(row.endTime),
          status: 'cancelled',
          sequence: row.sequence + 1,
          updatedAt: new Date(row.updatedAt),
          joinUrl: null,
          otherName,
          asClient,
        },
        configuredOrigin(),
        to,
      )
    if (row.practitionerId === removedUserId && row.clientEmail) {
      const practitioner = `${row.practitionerFirstName} ${row.practitionerLastName}`
      notices.set(row.id, {
        to: row.clientEmail,
        subject: `Session cancelled: ${row.serviceName}`,
        text: [
          `Hi ${row.clientFirstName},`,
          '',
          `Your session "${row.serviceName}" with ${practitioner} on ${span(row.clientZone)} has been cancelled: ${practitioner}'s account on Solace has been closed.`,
          row.dueCents > 0
            ? `We have refunded the full ${dollars(row.dueCents)} to your card. Refunds usually appear on your statement within 5 to 10 business days.`
            : 'Nothing was charged for this session.',
          '',
          'We are sorry for the trouble. You can book another practitioner whenever you like.',
        ].join('\n'),
        attachments: [
          cancelled(true, practitioner, {
            email: row.clientEmail,
            name: `${row.clientFirstName} ${row.clientLastName}`,
          }),
        ],
      })
    } else if (row.clientId === removedUserId && row.practitionerEmail) {
      const client = `${row.clientFirstName} ${row.clientLastName}`
      notices.set(row.id, {
        to: row.practitionerEmail,
        subject: `Session cancelled: ${row.serviceName}`,
        text: [
          `Hi ${row.practitionerFirstName},`,
          '',
          `The session "${row.serviceName}" with ${client} on ${span(row.practitionerZone)} has been cancelled: ${client}'s account on Solace has been closed. The time is open for booking again.`,
          row.dueCents > 0
            ? `The client was refunded the full ${dollars(row.dueCents)}, so the payment to you for this session is reversed.`
            : 'Nothing had been paid for this session.',
        ].join('\n'),
        attachments: [
          cancelled(false, client, {
            email: row.practitionerEmail,
            name: `${row.practitionerFirstName} ${row.practitionerLastName}`,
          }),
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
