import { and, count, desc, eq, isNull } from 'drizzle-orm'
import { alias, unionAll } from 'drizzle-orm/sqlite-core'
import { getDb } from '~/db/client.server'
import { messages, users } from '~/db/schema'
import { pageWindow } from '~/lib/paging'
import { API_MESSAGES_PAGE_SIZE, deletedParty, type ApiParty } from './message'
import { MESSAGE_COLUMNS, type Message } from './message.server'

/**
 * GET /api/messages' page: every message in my view (sent and not deleted by me, or received
 * and not deleted by me; docs/decisions/018-messaging.md), paged by number like every other
 * /api list. The inbox screens page with keyset cursors instead (conversations.server.ts).
 */

/** `user` is null once the account is deleted. */
function apiParty(id: number, user: Omit<ApiParty, 'id'> | null): ApiParty {
  if (user === null) {
    const { firstName, lastName, isPractitioner } = deletedParty(id)
    return { id, firstName, lastName, isPractitioner }
  }
  return { id, ...user }
}

/** A message with its two people, as GET /api/messages lists it. */
export type ListedMessage = Message & { sender: ApiParty; recipient: ApiParty }

/**
 * GET /api/messages: every message in my view, both directions, newest first, each with its
 * sender and recipient `{ id, firstName, lastName, isPractitioner }`. Paged by number (24 a
 * page, `page` from 1; past the end answers the last page) so the route can answer the
 * X-Total-Count / X-Page / X-Page-Count / X-Page-Size headers every /api list uses. Two
 * statements: the count and the page. Times are Dates: the route writes them as ISO strings.
 */
export function listMessagesPage(me: number, requestedPage = 1) {
  const db = getDb()
  const inMyView = () =>
    unionAll(
      db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.senderId, me), isNull(messages.deletedBySenderAt))),
      db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.recipientId, me), isNull(messages.deletedByRecipientAt))),
    ).as('v')
  const total = db.select({ n: count() }).from(inMyView()).get()?.n ?? 0
  const { page, pageCount, offset } = pageWindow(total, requestedPage, API_MESSAGES_PAGE_SIZE)
  const v = inMyView()
  const s = alias(users, 's')
  const r = alias(users, 'r')
  const rows = db
    .select({
      message: MESSAGE_COLUMNS,
      // Each null once its account is deleted.
      sender: { firstName: s.firstName, lastName: s.lastName, isPractitioner: s.isPractitioner },
      recipient: { firstName: r.firstName, lastName: r.lastName, isPractitioner: r.isPractitioner },
    })
    .from(v)
    .innerJoin(messages, eq(messages.id, v.id))
    .leftJoin(s, eq(s.id, messages.senderId))
    .leftJoin(r, eq(r.id, messages.recipientId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(API_MESSAGES_PAGE_SIZE)
    .offset(offset)
    .all()
  const listed: ListedMessage[] = rows.map(({ message, sender, recipient }) => ({
    ...message,
    sender: apiParty(message.senderId, sender),
    recipient: apiParty(message.recipientId, recipient),
  }))
  return { messages: listed, total, page, pageCount, pageSize: API_MESSAGES_PAGE_SIZE }
}
