import { sql } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { AppError } from '~/lib/errors'
import { hit, LIMITS } from '~/lib/rate-limit.server'
import { AUTHENTICATION_REQUIRED } from '~/models/accounts/user'
import {
  MESSAGE_NOT_FOUND,
  messagingRefusal,
  REPLY_NOT_IN_CONVERSATION,
  type ApiMessage,
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

type PairRow = {
  senderId: number
  senderIsPractitioner: number
  senderIsAdmin: number
  recipientId: number | null
  recipientIsPractitioner: number | null
  recipientIsAdmin: number | null
  firstName: string | null
  lastName: string | null
  profileImageUrl: string | null
  wrote: number
  booked: number
}

/** What the rule needs about `me` writing to `otherId`, and the other's public fields, in one statement. */
export function loadPair(db: Db | Tx, me: number, otherId: number) {
  const row = db.get<PairRow | undefined>(
    sql`SELECT s.id AS senderId, s.is_practitioner AS senderIsPractitioner, s.is_admin AS senderIsAdmin,
               r.id AS recipientId, r.is_practitioner AS recipientIsPractitioner, r.is_admin AS recipientIsAdmin,
               r.first_name AS firstName, r.last_name AS lastName, r.profile_image_url AS profileImageUrl,
               EXISTS (SELECT 1 FROM messages WHERE sender_id = ${otherId} AND recipient_id = ${me}) AS wrote,
               EXISTS (SELECT 1 FROM bookings b WHERE ${bookingLinks(me, otherId)}) AS booked
        FROM users s LEFT JOIN users r ON r.id = ${otherId}
        WHERE s.id = ${me}`,
  )
  if (!row) return null
  const facts: MessagingFacts = {
    sender: {
      id: row.senderId,
      isPractitioner: Boolean(row.senderIsPractitioner),
      isAdmin: Boolean(row.senderIsAdmin),
    },
    recipient:
      row.recipientId === null
        ? null
        : {
            id: row.recipientId,
            isPractitioner: Boolean(row.recipientIsPractitioner),
            isAdmin: Boolean(row.recipientIsAdmin),
          },
    recipientWroteToSender: Boolean(row.wrote),
    haveBooking: Boolean(row.booked),
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

const API_COLUMNS = sql.raw(
  `id, sender_id AS senderId, recipient_id AS recipientId, subject, content, is_read AS isRead,
   is_reply_to AS isReplyTo, created_at AS createdAt, updated_at AS updatedAt`,
)

export type ApiMessageRow = {
  id: number
  senderId: number
  recipientId: number
  subject: string
  content: string
  isRead: number
  isReplyTo: number | null
  createdAt: number
  updatedAt: number
}

export function toApiMessage(row: ApiMessageRow): ApiMessage {
  return {
    id: row.id,
    senderId: row.senderId,
    recipientId: row.recipientId,
    subject: row.subject,
    content: row.content,
    isRead: Boolean(row.isRead),
    isReplyTo: row.isReplyTo,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  }
}

/**
 * Sends a message from `me`: a question, a reply (`isReplyTo`) or a practitioner's first
 * message to a client. Refused (AppError) unless the rule allows it (`messagingRefusal`: 400 to
 * oneself, 403 for admins and for practitioners writing to practitioners they have no link
 * with, 404 for an unknown, admin or unrelated recipient); 400 when `isReplyTo` is not a
 * message between the same two people that `me` can still see; 429 past 20 messages an hour
 * per sender, replies included. Answers the stored message.
 */
export function sendMessage(me: number, input: MessageInput, now = new Date()): ApiMessage {
  return getDb().transaction(
    (tx) => {
      assertMayMessage(tx, me, input.recipientId)
      if (input.isReplyTo !== undefined) {
        const original = tx.get<{ id: number } | undefined>(
          sql`SELECT id FROM messages WHERE id = ${input.isReplyTo} AND (
                (sender_id = ${me} AND recipient_id = ${input.recipientId} AND deleted_by_sender_at IS NULL)
                OR (sender_id = ${input.recipientId} AND recipient_id = ${me} AND deleted_by_recipient_at IS NULL))`,
        )
        if (!original) throw new AppError(REPLY_NOT_IN_CONVERSATION, 400, 'isReplyTo')
      }
      hit(`messages:${me}`, LIMITS.messages)
      const at = now.getTime()
      const row = tx.get<ApiMessageRow>(
        sql`INSERT INTO messages (sender_id, recipient_id, subject, content, is_reply_to, created_at, updated_at)
            VALUES (${me}, ${input.recipientId}, ${input.subject}, ${input.content}, ${input.isReplyTo ?? null}, ${at}, ${at})
            RETURNING ${API_COLUMNS}`,
      )
      return toApiMessage(row)
    },
    { behavior: 'immediate' },
  )
}

/**
 * PATCH /api/messages/{id}/read: marks one message addressed to `me` read and answers it. Only
 * its recipient, and only while it is in their view; anyone else (its sender included) gets 404.
 * Reading it again changes nothing.
 */
export function markMessageRead(me: number, messageId: number, now = new Date()): ApiMessage {
  const row = getDb().get<ApiMessageRow | undefined>(
    sql`UPDATE messages SET is_read = 1, updated_at = CASE WHEN is_read = 1 THEN updated_at ELSE ${now.getTime()} END
        WHERE id = ${messageId} AND recipient_id = ${me} AND deleted_by_recipient_at IS NULL
        RETURNING ${API_COLUMNS}`,
  )
  if (!row) throw new AppError(MESSAGE_NOT_FOUND, 404)
  return toApiMessage(row)
}

/**
 * Opening a conversation: every unread message from `otherId` to `me` (in my view) becomes
 * read, in one statement. Answers how many changed (0 when there was nothing unread), so a
 * screen's loader can skip the write, and LiteFS's replay on the primary, when its conversation
 * summary shows no unread messages.
 */
export function markConversationRead(me: number, otherId: number, now = new Date()) {
  return getDb().run(
    sql`UPDATE messages SET is_read = 1, updated_at = ${now.getTime()}
        WHERE recipient_id = ${me} AND sender_id = ${otherId} AND deleted_by_recipient_at IS NULL AND is_read = 0`,
  ).changes
}

/**
 * Deletes a message from `me`'s view only: its sender or its recipient, each for themselves.
 * The other person keeps their copy; the row itself goes once both have deleted it (or the
 * other's account is gone). Someone else's message, or one already deleted from my view: 404.
 */
export function deleteMessageForMe(me: number, messageId: number, now = new Date()) {
  getDb().transaction(
    (tx) => {
      const row = tx.get<
        | { senderId: number; recipientId: number; deletedBySender: number | null; deletedByRecipient: number | null }
        | undefined
      >(
        sql`SELECT sender_id AS senderId, recipient_id AS recipientId, deleted_by_sender_at AS deletedBySender,
                   deleted_by_recipient_at AS deletedByRecipient
            FROM messages WHERE id = ${messageId}`,
      )
      const mine =
        row &&
        ((row.senderId === me && row.deletedBySender === null) ||
          (row.recipientId === me && row.deletedByRecipient === null))
      if (!row || !mine) throw new AppError(MESSAGE_NOT_FOUND, 404)
      const asSender = row.senderId === me
      const otherSideGone = asSender ? row.deletedByRecipient !== null : row.deletedBySender !== null
      if (otherSideGone) {
        tx.run(sql`DELETE FROM messages WHERE id = ${messageId}`)
      } else if (asSender) {
        tx.run(sql`UPDATE messages SET deleted_by_sender_at = ${now.getTime()} WHERE id = ${messageId}`)
      } else {
        tx.run(sql`UPDATE messages SET deleted_by_recipient_at = ${now.getTime()} WHERE id = ${messageId}`)
      }
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
  const at = now.getTime()
  tx.run(
    sql`DELETE FROM messages WHERE (sender_id = ${userId} AND deleted_by_recipient_at IS NOT NULL)
                                OR (recipient_id = ${userId} AND deleted_by_sender_at IS NOT NULL)`,
  )
  tx.run(
    sql`UPDATE messages SET deleted_by_sender_at = ${at} WHERE sender_id = ${userId} AND deleted_by_sender_at IS NULL`,
  )
  tx.run(
    sql`UPDATE messages SET deleted_by_recipient_at = ${at} WHERE recipient_id = ${userId} AND deleted_by_recipient_at IS NULL`,
  )
}
