import { eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { messages, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { hit, LIMITS } from '~/lib/rate-limit.server'
import { CANNOT_MESSAGE_SELF, RECIPIENT_NOT_FOUND, type MessageSchema } from './message'
import type { z } from 'zod'

/** Sends a message from a signed-in person (limited per sender), answering the stored message. */
export function sendMessage(senderId: number, input: z.output<typeof MessageSchema> & { isReplyTo?: number | null }) {
  if (input.recipientId === senderId) throw new AppError(CANNOT_MESSAGE_SELF, 400)
  const recipient = getDb().select({ id: users.id }).from(users).where(eq(users.id, input.recipientId)).get()
  if (!recipient) throw new AppError(RECIPIENT_NOT_FOUND, 404)
  hit(`messages:${senderId}`, LIMITS.messages)
  const row = getDb()
    .insert(messages)
    .values({
      senderId,
      recipientId: input.recipientId,
      subject: input.subject,
      content: input.content,
      isReplyTo: input.isReplyTo ?? null,
    })
    .returning()
    .get()
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }
}
