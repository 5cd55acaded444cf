import { sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { pageWindow } from '~/lib/paging'
import {
  API_MESSAGES_PAGE_SIZE,
  CONVERSATIONS_PAGE_SIZE,
  deletedParty,
  formatCursor,
  MAX_PAGE_SIZE,
  messagingRefusal,
  parseCursor,
  THREAD_PAGE_SIZE,
  type ApiListedMessage,
  type ApiParty,
  type ConversationPage,
  type Party,
  type Thread,
  type ThreadMessage,
} from './message'
import { loadPair, toApiMessage, type ApiMessageRow } from './message.server'

/**
 * What a person reads: their conversations, a thread with one person, their unread count, and
 * the JSON API's page of messages. A message is in my view when I sent it and have not deleted
 * it, or it was sent to me and I have not deleted it (docs/decisions/018-messaging.md). `me` is
 * always the signed-in person's user id.
 *
 * Screens page with keyset cursors (a message's creation instant and id, `<ms>.<id>` in the
 * URL; see `parseCursor` in message.ts), so a page costs the same however deep it is. The API
 * pages by number with the X-Page headers, like every other /api list.
 */

function pageSize(limit: number | undefined, fallback: number) {
  if (limit === undefined || !Number.isFinite(limit)) return fallback
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(limit)))
}

const iso = (ms: number) => new Date(ms).toISOString()

type PartyColumns = {
  firstName: string | null
  lastName: string | null
  profileImageUrl: string | null
  isPractitioner: number | null
  /** users.id, null once the account is deleted. */
  userId: number | null
}

function toParty(id: number, row: PartyColumns): Party {
  if (row.userId === null) return deletedParty(id)
  return {
    id,
    firstName: row.firstName ?? '',
    lastName: row.lastName ?? '',
    profileImageUrl: row.profileImageUrl,
    isPractitioner: Boolean(row.isPractitioner),
    isDeleted: false,
  }
}

/* ------------------------------------------------------------------------------------------ */

type ConversationRow = PartyColumns & {
  otherId: number
  lastId: number
  lastAt: number
  lastSubject: string
  lastSenderId: number
  unreadCount: number
}

/**
 * My conversations, newest first: one per other person, with their name, photo and whether
 * they are a practitioner ('Deleted account' once their account is gone), the newest message in
 * my view (subject, time, whether I sent it) and how many messages from them to me are unread.
 * Keyset-paged: `cursor` is the previous page's `nextCursor` (a malformed one reads as the first
 * page). One SQL statement whatever the number of messages or conversations; its work grows
 * with the number of messages in my view (it reads my side of two covering indexes).
 */
export function listConversations(
  me: number,
  { cursor, limit }: { cursor?: string | null; limit?: number } = {},
): ConversationPage {
  const size = pageSize(limit, CONVERSATIONS_PAGE_SIZE)
  const after = parseCursor(cursor)
  const position = after
    ? sql`AND (r.created_at < ${after.at} OR (r.created_at = ${after.at} AND r.id < ${after.id}))`
    : sql``
  const rows = getDb().all<ConversationRow>(
    sql`WITH mine AS (
          SELECT recipient_id AS other_id, id, created_at FROM messages
          WHERE sender_id = ${me} AND deleted_by_sender_at IS NULL
          UNION ALL
          SELECT sender_id AS other_id, id, created_at FROM messages
          WHERE recipient_id = ${me} AND deleted_by_recipient_at IS NULL
        ),
        ranked AS (
          SELECT other_id, id, created_at,
                 row_number() OVER (PARTITION BY other_id ORDER BY created_at DESC, id DESC) AS n
          FROM mine
        ),
        unread AS (
          SELECT sender_id AS other_id, count(*) AS n FROM messages
          WHERE recipient_id = ${me} AND is_read = 0 AND deleted_by_recipient_at IS NULL
          GROUP BY sender_id
        )
        SELECT r.other_id AS otherId, r.id AS lastId, r.created_at AS lastAt,
               m.subject AS lastSubject, m.sender_id AS lastSenderId,
               coalesce(un.n, 0) AS unreadCount,
               u.id AS userId, u.first_name AS firstName, u.last_name AS lastName,
               u.profile_image_url AS profileImageUrl, u.is_practitioner AS isPractitioner
        FROM ranked r
        JOIN messages m ON m.id = r.id
        LEFT JOIN users u ON u.id = r.other_id
        LEFT JOIN unread un ON un.other_id = r.other_id
        WHERE r.n = 1 ${position}
        ORDER BY r.created_at DESC, r.id DESC
        LIMIT ${size + 1}`,
  )
  const page = rows.slice(0, size)
  const last = page.at(-1)
  return {
    conversations: page.map((row) => ({
      other: toParty(row.otherId, row),
      lastMessage: {
        id: row.lastId,
        subject: row.lastSubject,
        createdAt: iso(row.lastAt),
        fromMe: row.lastSenderId === me,
      },
      unreadCount: row.unreadCount,
    })),
    nextCursor: rows.length > size && last ? formatCursor({ at: last.lastAt, id: last.lastId }) : null,
  }
}

/* ------------------------------------------------------------------------------------------ */

type ThreadRow = {
  id: number
  senderId: number
  recipientId: number
  subject: string
  content: string
  isRead: number
  isReplyTo: number | null
  createdAt: number
}

const THREAD_COLUMNS = sql.raw(
  `id, sender_id AS senderId, recipient_id AS recipientId, subject, content, is_read AS isRead,
   is_reply_to AS isReplyTo, created_at AS createdAt`,
)

/**
 * One page of the thread between me and `otherId`, read from the pair's two index ranges
 * (what I sent them, what they sent me), each cut at the cursor and the page size first.
 */
function threadPage(
  me: number,
  otherId: number,
  direction: 'older' | 'newer',
  at: { at: number; id: number } | null,
  size: number,
) {
  const way = direction === 'older' ? 'DESC' : 'ASC'
  const order = sql.raw(`created_at ${way}, id ${way}`)
  // A compound SELECT is ordered by its result columns' names.
  const outerOrder = sql.raw(`createdAt ${way}, id ${way}`)
  const position = !at
    ? sql``
    : direction === 'older'
      ? sql`AND created_at <= ${at.at} AND (created_at < ${at.at} OR id < ${at.id})`
      : sql`AND created_at >= ${at.at} AND (created_at > ${at.at} OR id > ${at.id})`
  const rows = getDb().all<ThreadRow>(
    sql`SELECT * FROM (
          SELECT ${THREAD_COLUMNS} FROM messages
          WHERE sender_id = ${me} AND recipient_id = ${otherId} AND deleted_by_sender_at IS NULL ${position}
          ORDER BY ${order} LIMIT ${size + 1})
        UNION ALL
        SELECT * FROM (
          SELECT ${THREAD_COLUMNS} FROM messages
          WHERE sender_id = ${otherId} AND recipient_id = ${me} AND deleted_by_recipient_at IS NULL ${position}
          ORDER BY ${order} LIMIT ${size + 1})
        ORDER BY ${outerOrder}
        LIMIT ${size + 1}`,
  )
  return { rows: rows.slice(0, size), more: rows.length > size }
}

function toThreadMessage(me: number, row: ThreadRow): ThreadMessage {
  return {
    id: row.id,
    senderId: row.senderId,
    recipientId: row.recipientId,
    fromMe: row.senderId === me,
    subject: row.subject,
    content: row.content,
    isRead: Boolean(row.isRead),
    isReplyTo: row.isReplyTo,
    createdAt: iso(row.createdAt),
  }
}

/**
 * The conversation between me and `otherId`, oldest first, one page at a time:
 * - no cursor: the newest page (what a conversation opens on);
 * - `before` (a page's `olderCursor`): the page of messages just older than it;
 * - `after` (a page's `newerCursor`): the page just newer (`before` wins when both are given).
 * With the other person (name, photo, practitioner or not; 'Deleted account' once their
 * account is gone) and whether I may write to them now (`canReply`, the rule of `sendMessage`).
 *
 * Answers null when there is nothing to show: no message between us in my view and no right
 * to start one (an unknown id, an admin, myself, or a member I have no reason to know), so an
 * id in the URL never reveals a stranger's name. A person I may write to but have not yet
 * (a practitioner's client who booked) gives an empty thread.
 *
 * Does not mark anything read: the screen calls `markConversationRead` (a write: on a LiteFS
 * replica call `ensurePrimary()` first, only when the conversation has unread messages).
 * Two or three statements.
 */
export function getThread(
  me: number,
  otherId: number,
  { before, after, limit }: { before?: string | null; after?: string | null; limit?: number } = {},
): Thread | null {
  const size = pageSize(limit, THREAD_PAGE_SIZE)
  const older = parseCursor(before)
  const newer = older ? null : parseCursor(after)
  const pair = me === otherId ? null : loadPair(getDb(), me, otherId)
  if (!pair) return null

  let messages: ThreadRow[]
  let olderCursor: string | null = null
  let newerCursor: string | null = null
  if (newer) {
    const { rows, more } = threadPage(me, otherId, 'newer', newer, size)
    messages = rows
    if (more) newerCursor = formatCursor({ at: rows.at(-1)!.createdAt, id: rows.at(-1)!.id })
    if (rows[0]) olderCursor = formatCursor({ at: rows[0].createdAt, id: rows[0].id })
  } else {
    const { rows, more } = threadPage(me, otherId, 'older', older, size)
    messages = rows.reverse()
    if (more && messages[0]) olderCursor = formatCursor({ at: messages[0].createdAt, id: messages[0].id })
    const newest = messages.at(-1)
    if (older && newest) newerCursor = formatCursor({ at: newest.createdAt, id: newest.id })
  }

  const canReply = messagingRefusal(pair.facts) === null
  if (!messages.length && !canReply && !hasMessagesWith(me, otherId)) return null
  return {
    other: pair.other ?? deletedParty(otherId),
    canReply,
    messages: messages.map((row) => toThreadMessage(me, row)),
    olderCursor,
    newerCursor,
  }
}

/** Whether any message between me and `otherId` is in my view. */
function hasMessagesWith(me: number, otherId: number) {
  return Boolean(
    getDb().get<{ found: number }>(
      sql`SELECT EXISTS (SELECT 1 FROM messages WHERE sender_id = ${me} AND recipient_id = ${otherId} AND deleted_by_sender_at IS NULL)
              OR EXISTS (SELECT 1 FROM messages WHERE sender_id = ${otherId} AND recipient_id = ${me} AND deleted_by_recipient_at IS NULL)
              AS found`,
    )?.found,
  )
}

/* ------------------------------------------------------------------------------------------ */

/**
 * How many messages addressed to me are unread (not counting ones I deleted): the sidebar and
 * header badges. One query, answered from the `messages_recipient_unread_idx` index alone.
 * `exceptFrom` leaves out the messages from that person: the page being rendered opens our
 * conversation and marks them read, in a loader that runs beside the one counting or by a post
 * of its own once shown, so the badge says what will be true once the page is shown.
 */
export function unreadMessageCount(me: number, { exceptFrom }: { exceptFrom?: number | null } = {}) {
  const except = exceptFrom ? sql`AND sender_id <> ${exceptFrom}` : sql``
  return (
    getDb().get<{ n: number }>(
      sql`SELECT count(*) AS n FROM messages WHERE recipient_id = ${me} AND is_read = 0 AND deleted_by_recipient_at IS NULL ${except}`,
    )?.n ?? 0
  )
}

/* ------------------------------------------------------------------------------------------ */

type ListedRow = ApiMessageRow & {
  senderUserId: number | null
  senderFirstName: string | null
  senderLastName: string | null
  senderIsPractitioner: number | null
  recipientUserId: number | null
  recipientFirstName: string | null
  recipientLastName: string | null
  recipientIsPractitioner: number | null
}

function apiParty(
  id: number,
  userId: number | null,
  firstName: string | null,
  lastName: string | null,
  isPractitioner: number | null,
): ApiParty {
  if (userId === null) {
    const { firstName: first, lastName: last, isPractitioner: practitioner } = deletedParty(id)
    return { id, firstName: first, lastName: last, isPractitioner: practitioner }
  }
  return { id, firstName: firstName ?? '', lastName: lastName ?? '', isPractitioner: Boolean(isPractitioner) }
}

/**
 * GET /api/messages: every message in my view, both directions, newest first, each with its
 * sender and recipient `{ id, firstName, lastName, isPractitioner }`. Paged by number (24 a
 * page, `page` from 1; past the end answers the last page) so the route can answer the
 * X-Total-Count / X-Page / X-Page-Count / X-Page-Size headers every /api list uses. Two
 * statements: the count and the page.
 */
export function listMessagesPage(me: number, requestedPage = 1) {
  const db = getDb()
  const total =
    db.get<{ n: number }>(
      sql`SELECT (SELECT count(*) FROM messages WHERE sender_id = ${me} AND deleted_by_sender_at IS NULL)
               + (SELECT count(*) FROM messages WHERE recipient_id = ${me} AND deleted_by_recipient_at IS NULL) AS n`,
    )?.n ?? 0
  const { page, pageCount, offset } = pageWindow(total, requestedPage, API_MESSAGES_PAGE_SIZE)
  const rows = db.all<ListedRow>(
    sql`SELECT m.id, m.sender_id AS senderId, m.recipient_id AS recipientId, m.subject, m.content,
               m.is_read AS isRead, m.is_reply_to AS isReplyTo, m.created_at AS createdAt, m.updated_at AS updatedAt,
               s.id AS senderUserId, s.first_name AS senderFirstName, s.last_name AS senderLastName,
               s.is_practitioner AS senderIsPractitioner,
               r.id AS recipientUserId, r.first_name AS recipientFirstName, r.last_name AS recipientLastName,
               r.is_practitioner AS recipientIsPractitioner
        FROM (
          SELECT id FROM messages WHERE sender_id = ${me} AND deleted_by_sender_at IS NULL
          UNION ALL
          SELECT id FROM messages WHERE recipient_id = ${me} AND deleted_by_recipient_at IS NULL
        ) v
        JOIN messages m ON m.id = v.id
        LEFT JOIN users s ON s.id = m.sender_id
        LEFT JOIN users r ON r.id = m.recipient_id
        ORDER BY m.created_at DESC, m.id DESC
        LIMIT ${API_MESSAGES_PAGE_SIZE} OFFSET ${offset}`,
  )
  const messages: ApiListedMessage[] = rows.map((row) => ({
    ...toApiMessage(row),
    sender: apiParty(row.senderId, row.senderUserId, row.senderFirstName, row.senderLastName, row.senderIsPractitioner),
    recipient: apiParty(
      row.recipientId,
      row.recipientUserId,
      row.recipientFirstName,
      row.recipientLastName,
      row.recipientIsPractitioner,
    ),
  }))
  return { messages, total, page, pageCount, pageSize: API_MESSAGES_PAGE_SIZE }
}
