import { and, eq, exists, isNotNull, isNull, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { bookings, messages, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { hit, LIMITS } from '~/lib/rate-limit.server'
import { AUTHENTICATION_REQUIRED } from '~/models/accounts/user'
import {
  MESSAGE_NOT_FOUND,
  messagingRefusal,
  REPLY_NOT_IN_CONVERSATION,
  type MessageInput,
  type MessagingFacts,
} from './message'

/**
 * Writing, reading and deleting single messages, and who may write to whom
 * (docs/decisions/018-messaging.md). Lists (conversations, threads, unread counts, the API's
 * pages) are in conversations.server.ts; the unread-message email in message-emails.server.ts.
 * `me` is always the signed-in person's user id.
 */

/**
 * Over `bookings b`: the two people have a session together, either way round, that was not
 * cancelled before it was ever confirmed. Pending, confirmed and completed bookings count; a
 * cancelled one counts if it had been paid or was free (free bookings are confirmed at once),
 * so a hold that ran out or a payment that failed gives a practitioner no reason to write.
 */
function bookingLinks(a: number, b: number) {
  return sql`((b.client_id = ${a} AND b.practitioner_id = ${b}) OR (b.client_id = ${b} AND b.practitioner_id = ${a}))
    AND (b.status <> 'cancelled' OR b.is_paid = 1 OR b.total_amount_cents = 0)`
}

/** What the rule needs about `me` writing to `otherId`, and the other's public fields, in one statement. */
export function loadPair(db: Db | Tx, me: number, otherId: number) {
  const sender = alias(users, 's')
  const recipient = alias(users, 'r')
  const b = alias(bookings, 'b')
  const row = db
    .select({
      senderId: sender.id,
      senderIsPractitioner: sender.isPractitioner,
      senderIsAdmin: sender.isAdmin,
      recipientId: recipient.id,
      recipientIsPractitioner: recipient.isPractitioner,
      recipientIsAdmin: recipient.isAdmin,
      firstName: recipient.firstName,
      lastName: recipient.lastName,
      profileImageUrl: recipient.profileImageUrl,
      wrote: sql`${exists(
        db
          .select({ one: sql`1` })
          .from(messages)
          .where(and(eq(messages.senderId, otherId), eq(messages.recipientId, me))),
      )}`.mapWith(Boolean),
      booked: sql`${exists(
        db
          .select({ one: sql`1` })
          .from(b)
          .where(bookingLinks(me, otherId)),
      )}`.mapWith(Boolean),
    })
    .from(sender)
    .leftJoin(recipient, eq(recipient.id, otherId))
    .where(eq(sender.id, me))
    .get()
  if (!row) return null
  const facts: MessagingFacts = {
    sender: { id: row.senderId, isPractitioner: row.senderIsPractitioner, isAdmin: row.senderIsAdmin },
    recipient:
      row.recipientId === null
        ? null
        : {
            id: row.recipientId,
            isPractitioner: Boolean(row.recipientIsPractitioner),
            isAdmin: Boolean(row.recipientIsAdmin),
          },
    recipientWroteToSender: row.wrote,
    haveBooking: row.booked,
  }
  const other =
    row.recipientId === null
      ? null
      : {
          id: row.recipientId,
          firstName: row.firstName ?? '',
          lastName: row.lastName ?? '',
          profileImageUrl: row.profileImageUrl,
          isPractitioner: Boolean(row.recipientIsPractitioner),
          isDeleted: false,
        }
  return { facts, other }
}

function assertMayMessage(db: Db | Tx, me: number, otherId: number) {
  const pair = loadPair(db, me, otherId)
  if (!pair) throw new AppError(AUTHENTICATION_REQUIRED, 401)
  const refusal = messagingRefusal(pair.facts)
  if (refusal) throw new AppError(refusal.message, refusal.status)
}

/**
 * Whether `me` may write to `otherId` now: for showing a Message or Reply button. The same rule
 * `sendMessage` enforces (`messagingRefusal` in message.ts). One statement.
 */
export function canMessage(me: number, otherId: number) {
  const pair = loadPair(getDb(), me, otherId)
  return pair !== null && messagingRefusal(pair.facts) === null
}

/** A message's own columns, as sending, marking read and GET /api/messages answer them. */
export const MESSAGE_COLUMNS = {
  id: messages.id,
  senderId: messages.senderId,
  recipientId: messages.recipientId,
  subject: messages.subject,
  content: messages.content,
  isRead: messages.isRead,
  isReplyTo: messages.isReplyTo,
  createdAt: messages.createdAt,
  updatedAt: messages.updatedAt,
}

export type Message = Pick<typeof messages.$inferSelect, keyof typeof MESSAGE_COLUMNS>

/**
 * Sends a message from `me`: a question, a reply (`isReplyTo`) or a practitioner's first
 * message to a client. Refused (AppError) unless the rule allows it (`messagingRefusal`: 400 to
 * oneself, 403 for admins and for practitioners writing to practitioners they have no link
 * with, 404 for an unknown, admin or unrelated recipient); 400 when `isReplyTo` is not a
 * message between the same two people that `me` can still see; 429 past 20 messages an hour
 * per sender, replies included. Answers the stored message.
 */
export function sendMessage(me: number, input: MessageInput, now = new Date()): Message {
  return getDb().transaction(
    (tx) => {
      assertMayMessage(tx, me, input.recipientId)
      if (input.isReplyTo !== undefined) {
        const original = tx
          .select({ id: messages.id })
          .from(messages)
          .where(
            and(
              eq(messages.id, input.isReplyTo),
              or(
                and(
                  eq(messages.senderId, me),
                  eq(messages.recipientId, input.recipientId),
                  isNull(messages.deletedBySenderAt),
                ),
                and(
                  eq(messages.senderId, input.recipientId),
                  eq(messages.recipientId, me),
                  isNull(messages.deletedByRecipientAt),
                ),
              ),
            ),
          )
          .get()
        if (!original) throw new AppError(REPLY_NOT_IN_CONVERSATION, 400, 'isReplyTo')
      }
      hit(`messages:${me}`, LIMITS.messages)
      return tx
        .insert(messages)
        .values({
          senderId: me,
          recipientId: input.recipientId,
          subject: input.subject,
          content: input.content,
          isReplyTo: input.isReplyTo ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning(MESSAGE_COLUMNS)
        .get()
    },
    { behavior: 'immediate' },
  )
}

/**
 * PATCH /api/messages/{id}/read: marks one message addressed to `me` read and answers it. Only
 * its recipient, and only while it is in their view; anyone else (its sender included) gets 404.
 * Reading it again changes nothing.
 */
export function markMessageRead(me: number, messageId: number, now = new Date()): Message {
  const row = getDb()
    .update(messages)
    .set({ isRead: true, updatedAt: sql`CASE WHEN is_read = 1 THEN updated_at ELSE ${now.getTime()} END` })
    .where(and(eq(messages.id, messageId), eq(messages.recipientId, me), isNull(messages.deletedByRecipientAt)))
    .returning(MESSAGE_COLUMNS)
    .get()
  if (!row) throw new AppError(MESSAGE_NOT_FOUND, 404)
  return row
}

/**
 * Opening a conversation: every unread message from `otherId` to `me` (in my view) becomes
 * read, in one statement. Answers how many changed (0 when there was nothing unread), so a
 * screen's loader can skip the write, and LiteFS's replay on the primary, when its conversation
 * summary shows no unread messages.
 */
export function markConversationRead(me: number, otherId: number, now = new Date()) {
  return getDb()
    .update(messages)
    .set({ isRead: true, updatedAt: now })
    .where(
      and(
        eq(messages.recipientId, me),
        eq(messages.senderId, otherId),
        isNull(messages.deletedByRecipientAt),
        eq(messages.isRead, false),
      ),
    )
    .run().changes
}

/**
 * Deletes a message from `me`'s view only: its sender or its recipient, each for themselves.
 * The other person keeps their copy; the row itself goes once both have deleted it (or the
 * other's account is gone). Someone else's message, or one already deleted from my view: 404.
 */
export function deleteMessageForMe(me: number, messageId: number, now = new Date()) {
  getDb().transaction(
    (tx) => {
      const row = tx
        .select({
          senderId: messages.senderId,
          recipientId: messages.recipientId,
          deletedBySender: messages.deletedBySenderAt,
          deletedByRecipient: messages.deletedByRecipientAt,
        })
        .from(messages)
        .where(eq(messages.id, messageId))
        .get()
      const mine =
        row &&
        ((row.senderId === me && row.deletedBySender === null) ||
          (row.recipientId === me && row.deletedByRecipient === null))
      if (!row || !mine) throw new AppError(MESSAGE_NOT_FOUND, 404)
      const asSender = row.senderId === me
      const otherSideGone = asSender ? row.deletedByRecipient !== null : row.deletedBySender !== null
      const it = eq(messages.id, messageId)
      if (otherSideGone) tx.delete(messages).where(it).run()
      else if (asSender) tx.update(messages).set({ deletedBySenderAt: now }).where(it).run()
      else tx.update(messages).set({ deletedByRecipientAt: now }).where(it).run()
    },
    { behavior: 'immediate' },
  )
}

/**
 * Account deletion (inside its transaction, before the users row goes): the person deletes
 * every message from their own view, by the same rule as `deleteMessageForMe`. Rows the other
 * side had already deleted go; the rest stay for the other person, who sees the sender or
 * recipient as 'Deleted account'.
 */
export function forgetMessagesOf(tx: Db | Tx, userId: number, now = new Date()) {
  tx.delete(messages)
    .where(
      or(
        and(eq(messages.senderId, userId), isNotNull(messages.deletedByRecipientAt)),
        and(eq(messages.recipientId, userId), isNotNull(messages.deletedBySenderAt)),
      ),
    )
    .run()
  tx.update(messages)
    .set({ deletedBySenderAt: now })
    .where(and(eq(messages.senderId, userId), isNull(messages.deletedBySenderAt)))
    .run()
  tx.update(messages)
    .set({ deletedByRecipientAt: now })
    .where(and(eq(messages.recipientId, userId), isNull(messages.deletedByRecipientAt)))
    .run()
}
