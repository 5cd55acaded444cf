import { and, count, eq, isNull, ne, or, sql } from 'drizzle-orm'
import { alias, unionAll, type SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { getDb } from '~/db/client.server'
import { messages, users } from '~/db/schema'
import {
  CONVERSATIONS_PAGE_SIZE,
  deletedParty,
  formatCursor,
  MAX_PAGE_SIZE,
  messagingRefusal,
  parseCursor,
  THREAD_PAGE_SIZE,
  type ConversationPage,
  type Party,
  type Thread,
  type ThreadMessage,
} from './message'
import { loadPair, MESSAGE_COLUMNS } from './message.server'

/**
 * What a person reads: their conversations, a thread with one person, their unread count. A
 * message is in my view when I sent it and have not deleted it, or it was sent to me and I have
 * not deleted it (docs/decisions/018-messaging.md). `me` is always the signed-in person's user id.
 *
 * Screens page with keyset cursors (a message's creation instant and id, `<ms>.<id>` in the
 * URL; see `parseCursor` in message.ts), so a page costs the same however deep it is. The API's
 * page of messages (by number, with the X-Page headers) is in messages-page.server.ts.
 */

function pageSize(limit: number | undefined, fallback: number) {
  if (limit === undefined || !Number.isFinite(limit)) return fallback
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(limit)))
}

type PartyColumns = {
  [K in 'firstName' | 'lastName' | 'profileImageUrl' | 'isPractitioner']: (typeof users.$inferSelect)[K] | null
} & {
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
  const db = getDb()
  // Raw: the newest message per person is a window function (row_number), which drizzle has no
  // builder for. The CTEs stay SQL (declared without columns); the select reads their columns
  // typed and decoded by the schema's (`mapWith`).
  const mine = db.$with('mine', {}).as(
    sql`SELECT recipient_id AS other_id, id, created_at FROM messages
        WHERE sender_id = ${me} AND deleted_by_sender_at IS NULL
        UNION ALL
        SELECT sender_id AS other_id, id, created_at FROM messages
        WHERE recipient_id = ${me} AND deleted_by_recipient_at IS NULL`,
  )
  const ranked = db.$with('ranked', {}).as(
    sql`SELECT other_id, id, created_at,
               row_number() OVER (PARTITION BY other_id ORDER BY created_at DESC, id DESC) AS n
        FROM mine`,
  )
  const unread = db.$with('unread', {}).as(
    sql`SELECT sender_id AS other_id, count(*) AS n FROM messages
        WHERE recipient_id = ${me} AND is_read = 0 AND deleted_by_recipient_at IS NULL
        GROUP BY sender_id`,
  )
  const m = alias(messages, 'm')
  const u = alias(users, 'u')
  const rows = db
    .with(mine, ranked, unread)
    .select({
      otherId: sql`r.other_id`.mapWith(messages.senderId),
      lastId: sql`r.id`.mapWith(messages.id),
      lastAt: sql`r.created_at`.mapWith(messages.createdAt),
      lastSubject: m.subject,
      lastSenderId: m.senderId,
      unreadCount: sql<number>`coalesce(un.n, 0)`.mapWith(Number),
      userId: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      profileImageUrl: u.profileImageUrl,
      isPractitioner: u.isPractitioner,
    })
    .from(sql`ranked r`)
    .innerJoin(m, eq(m.id, sql`r.id`))
    .leftJoin(u, eq(u.id, sql`r.other_id`))
    .leftJoin(sql`unread un`, sql`un.other_id = r.other_id`)
    .where(sql`r.n = 1 ${position}`)
    .orderBy(sql`r.created_at DESC, r.id DESC`)
    .limit(size + 1)
    .all()
  const page = rows.slice(0, size)
  const last = page.at(-1)
  return {
    conversations: page.map((row) => ({
      other: toParty(row.otherId, row),
      lastMessage: {
        id: row.lastId,
        subject: row.lastSubject,
        createdAt: row.lastAt.toISOString(),
        fromMe: row.lastSenderId === me,
      },
      unreadCount: row.unreadCount,
    })),
    nextCursor: rows.length > size && last ? formatCursor({ at: last.lastAt.getTime(), id: last.lastId }) : null,
  }
}

/* ------------------------------------------------------------------------------------------ */

/** A message's columns but when it last changed. */
const { updatedAt: _updatedAt, ...THREAD_COLUMNS } = MESSAGE_COLUMNS

type ThreadRow = Pick<typeof messages.$inferSelect, keyof typeof THREAD_COLUMNS>

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
  // Also the compound's order: its result columns are named as the table's.
  const order = sql.raw(`created_at ${way}, id ${way}`)
  const position = !at
    ? sql``
    : direction === 'older'
      ? sql`AND created_at <= ${at.at} AND (created_at < ${at.at} OR id < ${at.id})`
      : sql`AND created_at >= ${at.at} AND (created_at > ${at.at} OR id > ${at.id})`
  const db = getDb()
  // Each side is cut in a subquery of its own: SQLite takes no ORDER BY or LIMIT on a bare arm.
  const side = (from: number, to: number, deletedAt: SQLiteColumn) =>
    db.select().from(
      db
        .select(THREAD_COLUMNS)
        .from(messages)
        .where(
          sql`${messages.senderId} = ${from} AND ${messages.recipientId} = ${to} AND ${deletedAt} IS NULL ${position}`,
        )
        .orderBy(order)
        .limit(size + 1)
        .as('side'),
    )
  const rows: ThreadRow[] = unionAll(
    side(me, otherId, messages.deletedBySenderAt),
    side(otherId, me, messages.deletedByRecipientAt),
  )
    .orderBy(order)
    .limit(size + 1)
    .all()
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
    isRead: row.isRead,
    isReplyTo: row.isReplyTo,
    createdAt: row.createdAt.toISOString(),
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
    if (more) newerCursor = formatCursor({ at: rows.at(-1)!.createdAt.getTime(), id: rows.at(-1)!.id })
    if (rows[0]) olderCursor = formatCursor({ at: rows[0].createdAt.getTime(), id: rows[0].id })
  } else {
    const { rows, more } = threadPage(me, otherId, 'older', older, size)
    messages = rows.reverse()
    if (more && messages[0]) olderCursor = formatCursor({ at: messages[0].createdAt.getTime(), id: messages[0].id })
    const newest = messages.at(-1)
    if (older && newest) newerCursor = formatCursor({ at: newest.createdAt.getTime(), id: newest.id })
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
  const found = getDb()
    .select({ id: messages.id })
    .from(messages)
    .where(
      or(
        and(eq(messages.senderId, me), eq(messages.recipientId, otherId), isNull(messages.deletedBySenderAt)),
        and(eq(messages.senderId, otherId), eq(messages.recipientId, me), isNull(messages.deletedByRecipientAt)),
      ),
    )
    .limit(1)
    .get()
  return found !== undefined
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
  const unread = getDb()
    .select({ n: count() })
    .from(messages)
    .where(
      and(
        eq(messages.recipientId, me),
        eq(messages.isRead, false),
        isNull(messages.deletedByRecipientAt),
        exceptFrom ? ne(messages.senderId, exceptFrom) : undefined,
      ),
    )
    .get()
  return unread?.n ?? 0
}
