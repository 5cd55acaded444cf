import { count, desc, eq } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { contactMessages } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { checkHoneypot } from '~/lib/honeypot.server'
import { pageWindow } from '~/lib/paging'
import { clientIp, hit, LIMITS } from '~/lib/rate-limit.server'
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
 */
export function listContactMessages({ page: requested = 1, pageSize = 25 }: { page?: number; pageSize?: number } = {}) {
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
    .map(toContactMessage)
  return { messages, total, page, pageCount, pageSize }
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
