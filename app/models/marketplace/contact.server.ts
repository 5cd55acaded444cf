import { count, desc, eq, inArray } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { bookings, contactMessages, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { checkHoneypot } from '~/lib/honeypot.server'
import { DEFAULT_LANGUAGE, type Language } from '~/lib/i18n/languages'
import { centsToDollars } from '~/lib/money'
import { pageWindow } from '~/lib/paging'
import { clientIp, hit, LIMITS } from '~/lib/rate-limit.server'
import { reportInLanguage } from '~/models/booking/no-show.server'
import { attendanceOf } from '~/models/sessions/attendance.server'
import { CONTACT_MESSAGE_NOT_FOUND, type ContactInput } from './contact'

/** Stores a contact-form message (unread until an admin marks it read). */
export function createContactMessage(input: ContactInput) {
  const { name, email, subject, message } = input
  return getDb()
    .insert(contactMessages)
    .values({ name, email, subject, message })
    .returning({ id: contactMessages.id })
    .get()
}

/**
 * The public contact form, shared by the /contact screen and POST /api/contact: refuses bots
 * (honeypot) and floods (per-address limit, counted only for submissions that would be
 * stored), then stores the message.
 */
export function submitContactMessage(request: Request, input: ContactInput, honeypot: unknown) {
  checkHoneypot(honeypot)
  hit(`contact:${clientIp(request)}`, LIMITS.contact)
  return createContactMessage(input)
}

const messageColumns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  subject: contactMessages.subject,
  message: contactMessages.message,
  isRead: contactMessages.isRead,
  /** The booking a message is about (a report that a practitioner did not attend), else null. */
  bookingId: contactMessages.bookingId,
  createdAt: contactMessages.createdAt,
  updatedAt: contactMessages.updatedAt,
}

/** Every column, named one by one above so a new column is a choice to show it. */
type MessageRow = typeof contactMessages.$inferSelect

function toContactMessage(row: MessageRow) {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }
}

export type ContactMessage = ReturnType<typeof toContactMessage>

/**
 * Contact messages, newest first, a page at a time (the admin Messages tab and GET
 * /api/admin/contact-messages); a page past the end answers the last one. Dates are ISO strings.
 * A client's no-show report is written out in the reading admin's `language`.
 */
export function listContactMessages({
  page: requested = 1,
  pageSize = 25,
  language = DEFAULT_LANGUAGE,
}: { page?: number; pageSize?: number; language?: Language } = {}) {
  const db = getDb()
  const total = db.select({ n: count() }).from(contactMessages).get()?.n ?? 0
  const { page, pageCount, offset } = pageWindow(total, requested, pageSize)
  const messages = db
    .select(messageColumns)
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(pageSize)
    .offset(offset)
    .all()
  const attached = attachedBookings(messages.flatMap((m) => (m.bookingId === null ? [] : [m.bookingId])))
  return {
    messages: messages.map((m) => ({
      ...toContactMessage(reportInLanguage(m, language)),
      booking: m.bookingId === null ? null : (attached.get(m.bookingId) ?? null),
    })),
    total,
    page,
    pageCount,
    pageSize,
  }
}

/**
 * The bookings some messages are about (a client's report about who attended), as the admin
 * needs to judge it: the session, both people, what was paid and refunded, whether the
 * practitioner marked the client absent, and who was in its video room when. Nothing from a chart.
 */
function attachedBookings(ids: number[]) {
  if (!ids.length) return new Map<number, AttachedBooking>()
  const practitioner = alias(users, 'practitioner')
  const client = alias(users, 'client')
  const rows = getDb()
    .select({
      id: bookings.id,
      serviceName: bookings.serviceName,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      status: bookings.status,
      totalAmountCents: bookings.totalAmountCents,
      isPaid: bookings.isPaid,
      refundedAmountCents: bookings.refundedAmountCents,
      clientNoShowAt: bookings.clientNoShowAt,
      practitionerId: bookings.practitionerId,
      clientId: bookings.clientId,
      practitionerFirstName: practitioner.firstName,
      practitionerLastName: practitioner.lastName,
      practitionerEmail: practitioner.email,
      clientFirstName: client.firstName,
      clientLastName: client.lastName,
    })
    .from(bookings)
    .leftJoin(practitioner, eq(practitioner.id, bookings.practitionerId))
    .leftJoin(client, eq(client.id, bookings.clientId))
    .where(inArray(bookings.id, ids))
    .all()
  const stays = attendanceOf(ids)
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        serviceName: row.serviceName,
        startTime: row.startTime.toISOString(),
        endTime: row.endTime.toISOString(),
        status: row.status,
        totalAmount: centsToDollars(row.totalAmountCents),
        isPaid: row.isPaid,
        refundedAmount: centsToDollars(row.refundedAmountCents),
        clientMarkedAbsent: row.clientNoShowAt !== null,
        practitioner: row.practitionerFirstName
          ? {
              id: row.practitionerId,
              name: `${row.practitionerFirstName} ${row.practitionerLastName}`,
              email: row.practitionerEmail,
            }
          : null,
        clientName: row.clientFirstName ? `${row.clientFirstName} ${row.clientLastName}` : null,
        attendance: (stays.get(row.id) ?? []).map((stay) => ({
          userId: stay.userId,
          who: whoOf(stay.userId, row),
          joinedAt: stay.joinedAt.toISOString(),
          leftAt: stay.leftAt?.toISOString() ?? null,
        })),
      },
    ]),
  )
}

export type AttachedBooking = {
  id: number
  serviceName: string
  startTime: string
  endTime: string
  status: string
  /** Dollars, as the API speaks. */
  totalAmount: number
  isPaid: boolean
  refundedAmount: number
  /** The practitioner marked that the client did not attend. */
  clientMarkedAbsent: boolean
  /** null once the practitioner's account is deleted. */
  practitioner: { id: number | null; name: string; email: string | null } | null
  clientName: string | null
  /**
   * The session room's trail (ids and times only), first first: each stay of a person, and
   * whether they were the booking's client or practitioner (null: an account since deleted).
   * Empty when nobody joined (or it was held at the practitioner's own link).
   */
  attendance: { userId: number | null; who: RoomParty | null; joinedAt: string; leftAt: string | null }[]
}

export type RoomParty = 'client' | 'practitioner'

function whoOf(
  userId: number | null,
  booking: { clientId: number | null; practitionerId: number | null },
): RoomParty | null {
  if (userId === null) return null
  return userId === booking.clientId ? 'client' : userId === booking.practitionerId ? 'practitioner' : null
}

/** Marks the message read (again is fine); answers it. 404 for an unknown id. */
export function markContactMessageRead(id: number, db: Db | Tx = getDb()) {
  const row = db
    .update(contactMessages)
    .set({ isRead: true, updatedAt: new Date() })
    .where(eq(contactMessages.id, id))
    .returning(messageColumns)
    .get()
  if (!row) throw new AppError(CONTACT_MESSAGE_NOT_FOUND, 404)
  return toContactMessage(row)
}

/** Deletes the message; answers who sent it and its subject (never its text). 404 for an unknown id. */
export function deleteContactMessage(id: number, db: Db | Tx = getDb()) {
  const row = db
    .delete(contactMessages)
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id, name: contactMessages.name, email: contactMessages.email })
    .get()
  if (!row) throw new AppError(CONTACT_MESSAGE_NOT_FOUND, 404)
  return row
}
