import { desc, eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { contactMessages } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { checkHoneypot } from '~/lib/honeypot.server'
import { clientIp, hit, LIMITS } from '~/lib/rate-limit.server'
import type { ContactInput } from './contact'

const NOT_FOUND = 'Message not found'

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

/** Every contact message, newest first, dates as ISO strings (the admin Messages tab). */
export function listContactMessages() {
  return getDb()
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .all()
    .map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }))
}

export type ContactMessage = ReturnType<typeof listContactMessages>[number]

export function markContactMessageRead(id: number) {
  const { changes } = getDb()
    .update(contactMessages)
    .set({ isRead: true, updatedAt: new Date() })
    .where(eq(contactMessages.id, id))
    .run()
  if (changes === 0) throw new AppError(NOT_FOUND, 404)
}

export function deleteContactMessage(id: number) {
  const { changes } = getDb().delete(contactMessages).where(eq(contactMessages.id, id)).run()
  if (changes === 0) throw new AppError(NOT_FOUND, 404)
}
