import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { drizzleConnection, getDb } from '~/db/client.server'
import { bookings, messages } from '~/db/schema'
import { sweepMessages } from '~/jobs/maintenance.server'
import { resetAllLimits, TOO_MANY_REQUESTS } from '~/lib/rate-limit.server'
import { deleteAccount } from '~/models/accounts/user.server'
import { getThread, listConversations, unreadMessageCount } from '~/models/messaging/conversations.server'
import {
  ADMINS_DO_NOT_MESSAGE,
  CANNOT_MESSAGE_SELF,
  MESSAGE_NOT_FOUND,
  PRACTITIONER_MAY_NOT_MESSAGE,
  RECIPIENT_NOT_FOUND,
  replySubject,
  REPLY_NOT_IN_CONVERSATION,
  UNREAD_EMAIL_DELAY_MS,
} from '~/models/messaging/message'
import { sendUnreadMessageEmails } from '~/models/messaging/message-emails.server'
import {
  canMessage,
  deleteMessageForMe,
  markConversationRead,
  markMessageRead,
  sendMessage,
} from '~/models/messaging/message.server'
import { listMessagesPage } from '~/models/messaging/messages-page.server'
import * as messagesApi from '~/routes/api.messages'
import * as messageApi from '~/routes/api.messages.$id'
import * as readApi from '~/routes/api.messages.$id.read'
import {
  callApi,
  createListedPractitioner,
  createUser,
  getRequest,
  insertBooking,
  insertService,
  jsonRequest,
  outbox,
  refusal,
  signIn,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'
import { databaseBeforeMigration } from '../helpers/migrations'

/**
 * Messaging (docs/decisions/018-messaging.md): who may write to whom, replies, reading,
 * delete-for-me, account deletion, unread counts, the keyset-paged lists and how many SQL
 * statements they cost, the unread-message email sweep, the JSON API, and the migration that
 * made the table.
 */

type Person = { id: number; email: string; firstName: string; lastName: string; password: string }

const MINUTE = 60_000
let stamp = 0
/** A distinct, recognisable text for each message, so a test can look for it in an email. */
const unique = (label: string) => `${label} ${process.pid}-${++stamp}`

function write(from: Person, to: Person, extra: { isReplyTo?: number; subject?: string } = {}, now?: Date) {
  return sendMessage(
    from.id,
    {
      recipientId: to.id,
      subject: extra.subject ?? unique('Subject'),
      content: unique('Some words about it'),
      ...extra,
    },
    now,
  )
}

function row(id: number) {
  return getDb().select().from(messages).where(eq(messages.id, id)).get()
}

async function client(name: string): Promise<Person> {
  return createUser({ firstName: name, lastName: 'Client' })
}

async function practitioner(name: string): Promise<Person> {
  return createListedPractitioner({ firstName: name, lastName: 'Practitioner' })
}

function book(clientId: number, practitionerId: number, status: 'pending' | 'confirmed' | 'completed' | 'cancelled') {
  const service = insertService(practitionerId)
  return insertBooking({ clientId, practitionerId, serviceId: service.id, startsInHours: 48, status })
}

beforeEach(() => resetAllLimits())

/* ------------------------------------------------------------------------------------------ */

describe('who may write to whom', () => {
  test('a client may write to any practitioner, never to another client, an admin or themselves', async () => {
    const [casey, dana, priya] = [await client('Casey'), await client('Dana'), await practitioner('Priya')]
    const admin: Person = await createUser({ isAdmin: true })
    expect(canMessage(casey.id, priya.id)).toBe(true)
    expect(write(casey, priya).senderId).toBe(casey.id)

    expect(canMessage(casey.id, dana.id)).toBe(false)
    expect(await refusal(() => write(casey, dana))).toEqual({ status: 404, message: RECIPIENT_NOT_FOUND })
    expect(canMessage(casey.id, admin.id)).toBe(false)
    expect(await refusal(() => write(casey, admin))).toEqual({ status: 404, message: RECIPIENT_NOT_FOUND })
    expect(canMessage(casey.id, casey.id)).toBe(false)
    expect(await refusal(() => write(casey, casey))).toEqual({ status: 400, message: CANNOT_MESSAGE_SELF })
    expect(
      await refusal(() => sendMessage(casey.id, { recipientId: 999_999, subject: 'Hi', content: 'Ten chars!' })),
    ).toEqual({ status: 404, message: RECIPIENT_NOT_FOUND })
  })

  test('admins neither send nor receive', async () => {
    const admin: Person = await createUser({ isAdmin: true })
    const priya = await practitioner('Priya')
    expect(canMessage(admin.id, priya.id)).toBe(false)
    expect(await refusal(() => write(admin, priya))).toEqual({ status: 403, message: ADMINS_DO_NOT_MESSAGE })
    expect(await refusal(() => write(priya, admin))).toEqual({ status: 404, message: RECIPIENT_NOT_FOUND })
  })

  test('a practitioner may answer someone who wrote to them, and no one cold', async () => {
    const [casey, priya] = [await client('Casey'), await practitioner('Priya')]
    // A stranger's id is not even confirmed to be a client account.
    expect(canMessage(priya.id, casey.id)).toBe(false)
    expect(await refusal(() => write(priya, casey))).toEqual({ status: 404, message: RECIPIENT_NOT_FOUND })
    write(casey, priya)
    expect(canMessage(priya.id, casey.id)).toBe(true)
    expect(write(priya, casey).recipientId).toBe(casey.id)
  })

  test('a practitioner may write to a client with a booking, unless it was cancelled before it was ever confirmed', async () => {
    const priya = await practitioner('Priya')
    const cases: [string, (clientId: number) => void, boolean][] = [
      ['pending', (id) => book(id, priya.id, 'pending'), true],
      ['confirmed', (id) => book(id, priya.id, 'confirmed'), true],
      ['completed', (id) => book(id, priya.id, 'completed'), true],
      ['cancelled after paying', (id) => book(id, priya.id, 'cancelled'), true],
      [
        'cancelled, free',
        (id) => {
          const b = book(id, priya.id, 'cancelled')
          getDb()
            .update(bookings)
            .set({ isPaid: false, totalAmountCents: 0, platformFeeCents: 0, practitionerAmountCents: 0 })
            .where(eq(bookings.id, b.id))
            .run()
        },
        true,
      ],
      [
        'hold ran out, never paid',
        (id) => {
          const b = book(id, priya.id, 'cancelled')
          getDb()
            .update(bookings)
            .set({ isPaid: false, cancellationReason: 'hold_expired' })
            .where(eq(bookings.id, b.id))
            .run()
        },
        false,
      ],
      [
        'payment failed',
        (id) => {
          const b = book(id, priya.id, 'cancelled')
          getDb()
            .update(bookings)
            .set({ isPaid: false, cancellationReason: 'payment_failed' })
            .where(eq(bookings.id, b.id))
            .run()
        },
        false,
      ],
    ]
    for (const [label, setUp, allowed] of cases) {
      const someone = await client(label.replace(/\W/g, ''))
      setUp(someone.id)
      expect(canMessage(priya.id, someone.id), label).toBe(allowed)
      if (allowed) expect(write(priya, someone).recipientId, label).toBe(someone.id)
      else
        expect(await refusal(() => write(priya, someone)), label).toEqual({ status: 404, message: RECIPIENT_NOT_FOUND })
    }
    // Another practitioner's client is nobody to Priya.
    const other = await practitioner('Omar')
    const theirs = await client('Theirs')
    book(theirs.id, other.id, 'confirmed')
    expect(canMessage(priya.id, theirs.id)).toBe(false)
  })

  test('practitioners write to each other only with a link: one booked the other, or one wrote first', async () => {
    const [priya, omar, lena] = [await practitioner('Priya'), await practitioner('Omar'), await practitioner('Lena')]
    expect(await refusal(() => write(priya, omar))).toEqual({ status: 403, message: PRACTITIONER_MAY_NOT_MESSAGE })
    // Omar books a session with Priya, as her client: both may write.
    book(omar.id, priya.id, 'confirmed')
    expect(canMessage(omar.id, priya.id)).toBe(true)
    expect(canMessage(priya.id, omar.id)).toBe(true)
    write(omar, priya)
    write(priya, omar)
    // Lena has no link with either.
    expect(canMessage(lena.id, priya.id)).toBe(false)
    expect(canMessage(priya.id, lena.id)).toBe(false)
  })
})

/* ------------------------------------------------------------------------------------------ */

describe('replies', () => {
  test('isReplyTo must be a message between the same two people that the sender still sees', async () => {
    const [casey, dana, priya] = [await client('Casey'), await client('Dana'), await practitioner('Priya')]
    const question = write(casey, priya)
    const answer = write(priya, casey, { isReplyTo: question.id })
    expect(answer.isReplyTo).toBe(question.id)
    // Either direction of the conversation: Casey answers the answer, or her own question.
    expect(write(casey, priya, { isReplyTo: answer.id }).isReplyTo).toBe(answer.id)
    expect(write(casey, priya, { isReplyTo: question.id }).isReplyTo).toBe(question.id)

    // A message of another conversation (Dana's with Priya), unknown, or deleted from my view.
    const danas = write(dana, priya)
    const notHere = { status: 400, message: REPLY_NOT_IN_CONVERSATION }
    expect(await refusal(() => write(casey, priya, { isReplyTo: danas.id }))).toEqual(notHere)
    expect(await refusal(() => write(priya, casey, { isReplyTo: danas.id }))).toEqual(notHere)
    expect(await refusal(() => write(casey, priya, { isReplyTo: 999_999 }))).toEqual(notHere)
    deleteMessageForMe(casey.id, answer.id)
    expect(await refusal(() => write(casey, priya, { isReplyTo: answer.id }))).toEqual(notHere)
    // Priya still sees it, so she may.
    expect(write(priya, casey, { isReplyTo: answer.id }).isReplyTo).toBe(answer.id)
  })

  test('replies count against the 20 messages an hour per sender', async () => {
    const [casey, priya] = [await client('Casey'), await practitioner('Priya')]
    const question = write(casey, priya)
    for (let n = 1; n < 20; n++) write(casey, priya, { isReplyTo: question.id })
    expect(await refusal(() => write(casey, priya, { isReplyTo: question.id }))).toEqual({
      status: 429,
      message: TOO_MANY_REQUESTS,
    })
    // Priya's replies are her own budget.
    expect(write(priya, casey, { isReplyTo: question.id }).isReplyTo).toBe(question.id)
  })

  test('the reply subject', () => {
    expect(replySubject('Question about yoga')).toBe('Re: Question about yoga')
    expect(replySubject('Re: Question about yoga')).toBe('Re: Question about yoga')
    expect(replySubject('')).toBe('Re: Message')
    expect(replySubject(null)).toBe('Re: Message')
    expect(replySubject('x'.repeat(200))).toHaveLength(200)
  })
})

/* ------------------------------------------------------------------------------------------ */

describe('reading', () => {
  test('only the recipient marks a message read; the sender and strangers get 404', async () => {
    const [casey, dana, priya] = [await client('Casey'), await client('Dana'), await practitioner('Priya')]
    const message = write(casey, priya)
    const notFound = { status: 404, message: MESSAGE_NOT_FOUND }
    expect(await refusal(() => markMessageRead(casey.id, message.id))).toEqual(notFound)
    expect(await refusal(() => markMessageRead(dana.id, message.id))).toEqual(notFound)
    expect(await refusal(() => markMessageRead(priya.id, 999_999))).toEqual(notFound)
    expect(row(message.id)?.isRead).toBe(false)
    const read = markMessageRead(priya.id, message.id)
    expect(read).toMatchObject({ id: message.id, isRead: true })
    expect(markMessageRead(priya.id, message.id).updatedAt).toEqual(read.updatedAt)
    // Deleted from the recipient's view: not found either.
    deleteMessageForMe(priya.id, message.id)
    expect(await refusal(() => markMessageRead(priya.id, message.id))).toEqual(notFound)
  })

  test('opening a conversation marks its unread messages to me read, in one statement', async () => {
    const [casey, dana, priya] = [await client('Casey'), await client('Dana'), await practitioner('Priya')]
    const fromCasey = [write(casey, priya), write(casey, priya), write(casey, priya)]
    const fromDana = write(dana, priya)
    const toCasey = write(priya, casey)
    expect(unreadMessageCount(priya.id)).toBe(4)

    const { result, statements } = countStatements(() => markConversationRead(priya.id, casey.id))
    expect(result).toBe(3)
    expect(statements).toBe(1)
    for (const m of fromCasey) expect(row(m.id)?.isRead).toBe(true)
    expect(row(fromDana.id)?.isRead).toBe(false)
    // Priya's own message to Casey is Casey's to read.
    expect(row(toCasey.id)?.isRead).toBe(false)
    expect(unreadMessageCount(priya.id)).toBe(1)
    expect(unreadMessageCount(casey.id)).toBe(1)
    expect(markConversationRead(priya.id, casey.id)).toBe(0)
  })

  test('unread counts: in all and per conversation, addressed to me, not counting what I deleted', async () => {
    const [casey, dana, priya] = [await client('Casey'), await client('Dana'), await practitioner('Priya')]
    const first = write(casey, priya)
    write(casey, priya)
    write(dana, priya)
    write(priya, casey)
    expect(unreadMessageCount(priya.id)).toBe(3)
    const counts = Object.fromEntries(listConversations(priya.id).conversations.map((c) => [c.other.id, c.unreadCount]))
    expect(counts).toEqual({ [casey.id]: 2, [dana.id]: 1 })
    deleteMessageForMe(priya.id, first.id)
    expect(unreadMessageCount(priya.id)).toBe(2)
    expect(listConversations(priya.id).conversations.find((c) => c.other.id === casey.id)?.unreadCount).toBe(1)
    expect(unreadMessageCount(casey.id)).toBe(1)
  })

  test('the unread count is one query answered from an index alone', async () => {
    const priya = await practitioner('Priya')
    const { statements, sql: texts } = countStatements(() => unreadMessageCount(priya.id))
    expect(statements).toBe(1)
    expect(planOf(texts[0]!)).toMatch(/USING COVERING INDEX messages_recipient_unread_idx/)
  })
})

/* ------------------------------------------------------------------------------------------ */

describe('delete for me', () => {
  test('each side deletes its own copy; the row goes when both have', async () => {
    const [casey, dana, priya] = [await client('Casey'), await client('Dana'), await practitioner('Priya')]
    const message = write(casey, priya)
    const reply = write(priya, casey, { isReplyTo: message.id })
    const notFound = { status: 404, message: MESSAGE_NOT_FOUND }

    expect(await refusal(() => deleteMessageForMe(dana.id, message.id))).toEqual(notFound)
    deleteMessageForMe(casey.id, message.id)
    expect(await refusal(() => deleteMessageForMe(casey.id, message.id))).toEqual(notFound)
    // Gone from Casey's view, still in Priya's.
    expect(getThread(casey.id, priya.id)!.messages.map((m) => m.id)).toEqual([reply.id])
    expect(getThread(priya.id, casey.id)!.messages.map((m) => m.id)).toEqual([message.id, reply.id])
    expect(listMessagesPage(casey.id).messages.map((m) => m.id)).toEqual([reply.id])
    expect(row(message.id)).toBeDefined()

    deleteMessageForMe(priya.id, message.id)
    expect(row(message.id)).toBeUndefined()
    // The reply stays, its link to the vanished message cleared.
    expect(row(reply.id)?.isReplyTo).toBeNull()
    expect(await refusal(() => deleteMessageForMe(priya.id, message.id))).toEqual(notFound)
  })

  test('the recipient deleting first works the same way', async () => {
    const [casey, priya] = [await client('Casey'), await practitioner('Priya')]
    const message = write(casey, priya)
    deleteMessageForMe(priya.id, message.id)
    expect(getThread(priya.id, casey.id)?.messages ?? []).toEqual([])
    expect(getThread(casey.id, priya.id)!.messages.map((m) => m.id)).toEqual([message.id])
    deleteMessageForMe(casey.id, message.id)
    expect(row(message.id)).toBeUndefined()
  })
})

/* ------------------------------------------------------------------------------------------ */

describe('deleting an account', () => {
  test('the other person keeps their copy, under "Deleted account", and cannot write back', async () => {
    const [casey, priya] = [await client('Casey'), await practitioner('Priya')]
    const question = write(casey, priya)
    const answer = write(priya, casey, { isReplyTo: question.id })
    const deletedByPriya = write(casey, priya)
    deleteMessageForMe(priya.id, deletedByPriya.id)

    await deleteAccount(new Request('http://localhost/'), casey.id, casey.password)

    // What Priya had deleted had no one left to keep it.
    expect(row(deletedByPriya.id)).toBeUndefined()
    expect(row(question.id)).toBeDefined()
    expect(row(answer.id)).toBeDefined()

    const [conversation] = listConversations(priya.id).conversations
    expect(conversation).toMatchObject({
      other: { id: casey.id, firstName: 'Deleted', lastName: 'account', profileImageUrl: null, isDeleted: true },
      lastMessage: { id: answer.id, fromMe: true },
    })
    const thread = getThread(priya.id, casey.id)!
    expect(thread).toMatchObject({ canReply: false, other: { isDeleted: true } })
    expect(thread.messages.map((m) => m.id)).toEqual([question.id, answer.id])
    expect(canMessage(priya.id, casey.id)).toBe(false)
    expect(await refusal(() => write(priya, casey))).toEqual({ status: 404, message: RECIPIENT_NOT_FOUND })

    const listed = listMessagesPage(priya.id).messages.find((m) => m.id === question.id)
    expect(listed?.sender).toEqual({ id: casey.id, firstName: 'Deleted', lastName: 'account', isPractitioner: false })

    // Priya deleting her copy now removes the row: no one else has it.
    deleteMessageForMe(priya.id, question.id)
    expect(row(question.id)).toBeUndefined()
  })
})

/* ------------------------------------------------------------------------------------------ */

describe('the conversation list and threads', () => {
  test('conversations newest first, with the other person, the last message and keyset pages', async () => {
    const me = await practitioner('Mia')
    const base = Date.now() - 60 * MINUTE
    const people: Person[] = []
    for (let i = 0; i < 7; i++) people.push(await client(`Person${i}`))
    // Person i's conversation ends at minute i (person 6 newest); Mia answers the even ones.
    people.forEach((person, i) => {
      write(person, me, { subject: `From ${i}` }, new Date(base + i * MINUTE))
      if (i % 2 === 0) write(me, person, { subject: `To ${i}` }, new Date(base + i * MINUTE + 1000))
    })

    const seen: number[] = []
    let cursor: string | null = null
    const pages: number[] = []
    do {
      const page = listConversations(me.id, { cursor, limit: 3 })
      pages.push(page.conversations.length)
      seen.push(...page.conversations.map((c) => c.other.id))
      cursor = page.nextCursor
    } while (cursor)
    expect(pages).toEqual([3, 3, 1])
    expect(seen).toEqual([...people].reverse().map((p) => p.id))

    const [newest, second] = listConversations(me.id).conversations
    expect(newest).toEqual({
      other: {
        id: people[6]!.id,
        firstName: 'Person6',
        lastName: 'Client',
        profileImageUrl: null,
        isPractitioner: false,
        isDeleted: false,
      },
      lastMessage: {
        id: expect.any(Number),
        subject: 'To 6',
        createdAt: new Date(base + 6 * MINUTE + 1000).toISOString(),
        fromMe: true,
      },
      unreadCount: 1,
    })
    expect(second?.lastMessage).toMatchObject({ subject: 'From 5', fromMe: false })
    // The client sees the practitioner badge.
    expect(listConversations(people[0]!.id).conversations[0]!.other).toMatchObject({ id: me.id, isPractitioner: true })
    // A malformed cursor reads as the first page.
    expect(listConversations(me.id, { cursor: 'nonsense', limit: 3 }).conversations[0]?.other.id).toBe(people[6]!.id)
  })

  test('a thread opens on its newest page, oldest first, and pages both ways (ties broken by id)', async () => {
    const [casey, priya] = [await client('Casey'), await practitioner('Priya')]
    const base = Date.now() - 10 * 60 * MINUTE
    const ids: number[] = []
    for (let i = 0; i < 75; i++) {
      resetAllLimits()
      // Pairs of messages share an instant, so the order inside a pair is the id's.
      const at = new Date(base + Math.floor(i / 2) * MINUTE)
      ids.push((i % 3 === 1 ? write(priya, casey, {}, at) : write(casey, priya, {}, at)).id)
    }
    const newest = getThread(casey.id, priya.id, { limit: 30 })!
    expect(newest.messages.map((m) => m.id)).toEqual(ids.slice(45))
    expect(newest.newerCursor).toBeNull()
    expect(newest.messages[1]).toMatchObject({ fromMe: false, senderId: priya.id })
    const middle = getThread(casey.id, priya.id, { limit: 30, before: newest.olderCursor })!
    expect(middle.messages.map((m) => m.id)).toEqual(ids.slice(15, 45))
    const oldest = getThread(casey.id, priya.id, { limit: 30, before: middle.olderCursor })!
    expect(oldest.messages.map((m) => m.id)).toEqual(ids.slice(0, 15))
    expect(oldest.olderCursor).toBeNull()
    // And back again.
    const back = getThread(casey.id, priya.id, { limit: 30, after: oldest.newerCursor })!
    expect(back.messages.map((m) => m.id)).toEqual(ids.slice(15, 45))
    const front = getThread(casey.id, priya.id, { limit: 30, after: back.newerCursor })!
    expect(front.messages.map((m) => m.id)).toEqual(ids.slice(45))
    expect(front.newerCursor).toBeNull()
  })

  test('a thread with a stranger is null; with a client who booked, empty and open', async () => {
    const [casey, dana, priya] = [await client('Casey'), await client('Dana'), await practitioner('Priya')]
    const admin: Person = await createUser({ isAdmin: true })
    expect(getThread(priya.id, casey.id)).toBeNull()
    expect(getThread(priya.id, 999_999)).toBeNull()
    expect(getThread(priya.id, priya.id)).toBeNull()
    expect(getThread(casey.id, admin.id)).toBeNull()
    expect(getThread(casey.id, dana.id)).toBeNull()
    expect(getThread(admin.id, priya.id)).toBeNull()
    book(casey.id, priya.id, 'confirmed')
    expect(getThread(priya.id, casey.id)).toMatchObject({
      other: { id: casey.id, firstName: 'Casey' },
      canReply: true,
      messages: [],
      olderCursor: null,
      newerCursor: null,
    })
    // A client may open a conversation with any practitioner.
    expect(getThread(dana.id, priya.id)).toMatchObject({ canReply: true, messages: [] })
  })
})

/* ------------------------------------------------------------------------------------------ */

describe('a fixed number of SQL statements, whatever the number of messages', () => {
  test('5,000 messages across 250 conversations: the conversation list is one statement', async () => {
    const me = await practitioner('Busy')
    const quiet = await client('Quiet')
    const sqlite = getDb().$client
    const others: number[] = []
    const insertUser = sqlite.prepare(
      `INSERT INTO users (email, password_hash, first_name, last_name) VALUES (?, 'x', ?, 'Many')`,
    )
    const insertMessage = sqlite.prepare(
      `INSERT INTO messages (sender_id, recipient_id, subject, content, is_read, created_at, updated_at)
       VALUES (?, ?, ?, 'Content of the message.', ?, ?, ?)`,
    )
    const base = Date.now() - 10_000 * MINUTE
    sqlite.transaction(() => {
      for (let i = 0; i < 250; i++) {
        others.push(Number(insertUser.run(`many-${process.pid}-${i}@example.com`, `Other${i}`).lastInsertRowid))
      }
      for (let i = 0; i < 5000; i++) {
        const other = others[(i * 7) % 250]!
        const toMe = i % 3 !== 0
        const at = base + i * 1000
        insertMessage.run(
          toMe ? other : me.id,
          toMe ? me.id : other,
          `Subject ${i}`,
          toMe && i % 4 === 0 ? 0 : 1,
          at,
          at,
        )
      }
    })()
    write(quiet, me)

    // What the list should say, worked out in JavaScript from all the rows.
    const mine = getDb()
      .select()
      .from(messages)
      .all()
      .filter((m) => m.senderId === me.id || m.recipientId === me.id)
    const byOther = new Map<number, { last: (typeof mine)[number]; unread: number }>()
    for (const m of mine) {
      const other = m.senderId === me.id ? m.recipientId : m.senderId
      const entry = byOther.get(other) ?? { last: m, unread: 0 }
      if (
        m.createdAt.getTime() > entry.last.createdAt.getTime() ||
        (+m.createdAt === +entry.last.createdAt && m.id > entry.last.id)
      )
        entry.last = m
      if (m.recipientId === me.id && !m.isRead) entry.unread += 1
      byOther.set(other, entry)
    }
    const expected = [...byOther.entries()]
      .sort(([, a], [, b]) => +b.last.createdAt - +a.last.createdAt || b.last.id - a.last.id)
      .map(([other, { last, unread }]) => ({ other, lastId: last.id, unread }))
    expect(expected).toHaveLength(251)

    const all: { other: number; lastId: number; unread: number }[] = []
    let cursor: string | null = null
    const counts: number[] = []
    do {
      const { result, statements } = countStatements(() => listConversations(me.id, { cursor, limit: 50 }))
      counts.push(statements)
      all.push(
        ...result.conversations.map((c) => ({ other: c.other.id, lastId: c.lastMessage.id, unread: c.unreadCount })),
      )
      cursor = result.nextCursor
    } while (cursor)
    expect(all).toEqual(expected)
    expect(counts).toHaveLength(6)
    for (const count of counts) expect(count).toBeLessThanOrEqual(3)
    expect(counts.every((count) => count === counts[0])).toBe(true)

    // The same as for a person with one message.
    const small = countStatements(() => listConversations(quiet.id))
    expect(small.result.conversations).toHaveLength(1)
    expect(small.statements).toBe(counts[0])

    // Its two sides are read from covering indexes, never by scanning the table.
    const { sql: texts } = countStatements(() => listConversations(me.id))
    const plan = planOf(texts[0]!)
    expect(plan).toMatch(/COVERING INDEX messages_sender_idx/)
    expect(plan).toMatch(/COVERING INDEX messages_recipient_idx/)
    expect(plan).not.toMatch(/SCAN messages\b(?! USING)/)

    // A thread page and the unread count stay small and fixed too.
    const busiest = expected[0]!.other
    expect(countStatements(() => getThread(me.id, busiest)).statements).toBeLessThanOrEqual(3)
    expect(countStatements(() => unreadMessageCount(me.id))).toMatchObject({ statements: 1 })
    expect(unreadMessageCount(me.id)).toBe(expected.reduce((sum, c) => sum + c.unread, 0))
  })
})

/* ------------------------------------------------------------------------------------------ */

describe('the unread-message email', () => {
  const ORIGIN = 'https://solace.example'
  const sweep = (now: Date) => sendUnreadMessageEmails(now, ORIGIN)

  test('one email per conversation after 10 minutes, not again, and again only for later messages', async () => {
    const [casey, priya] = [await client('Casey'), await practitioner('Priya')]
    const t0 = new Date(Date.now() + 1000 * MINUTE)
    const at = (minutes: number) => new Date(t0.getTime() + minutes * MINUTE)
    const first = write(casey, priya, {}, t0)
    const second = write(casey, priya, {}, at(3))

    await sweep(new Date(t0.getTime() + UNREAD_EMAIL_DELAY_MS - 1))
    expect(outbox(priya.email)).toHaveLength(0)

    await sweep(at(10))
    const emails = outbox(priya.email)
    expect(emails).toHaveLength(1)
    const [email] = emails
    expect(email!.subject).toBe('Casey Client sent you messages on Solace')
    expect(email!.text).toContain('Casey Client sent you 2 new messages on Solace.')
    expect(email!.text).toContain(`${ORIGIN}/practitioner/inbox?with=${casey.id}#latest`)
    for (const m of [first, second]) {
      expect(`${email!.subject}\n${email!.text}\n${email!.html ?? ''}`).not.toContain(m.subject)
      expect(`${email!.subject}\n${email!.text}\n${email!.html ?? ''}`).not.toContain(m.content)
    }

    // Not again for the same unread messages, however many sweeps pass.
    await sweep(at(11))
    await sweep(at(30))
    expect(outbox(priya.email)).toHaveLength(1)

    // A later message, still unread 10 minutes on, is worth a new email (one, for it alone).
    write(casey, priya, {}, at(40))
    await sweep(at(49))
    expect(outbox(priya.email)).toHaveLength(1)
    await sweep(at(50))
    await sweep(at(51))
    const after = outbox(priya.email)
    expect(after).toHaveLength(2)
    expect(after[1]!.subject).toBe('Casey Client sent you a message on Solace')
  })

  test('a message read, or deleted, within 10 minutes sends nothing', async () => {
    const [casey, dana, priya] = [await client('Casey'), await client('Dana'), await practitioner('Priya')]
    const t0 = new Date(Date.now() + 2000 * MINUTE)
    write(casey, priya, {}, t0)
    const danas = write(dana, priya, {}, t0)
    markConversationRead(priya.id, casey.id, new Date(t0.getTime() + 5 * MINUTE))
    deleteMessageForMe(priya.id, danas.id)
    await sweep(new Date(t0.getTime() + 20 * MINUTE))
    expect(outbox(priya.email)).toHaveLength(0)
  })

  test('one email per conversation, to the inbox of the recipient’s side', async () => {
    const [casey, dana, priya] = [await client('Casey'), await client('Dana'), await practitioner('Priya')]
    const t0 = new Date(Date.now() + 3000 * MINUTE)
    write(casey, priya, {}, t0)
    write(casey, priya, {}, t0)
    write(dana, priya, {}, t0)
    const reply = write(priya, casey, {}, t0)
    const { emailed } = await sweep(new Date(t0.getTime() + 10 * MINUTE))
    expect(emailed).toBe(3)
    const toPriya = outbox(priya.email)
    expect(toPriya.map((e) => e.text.match(/with=(\d+)/)?.[1]).sort()).toEqual(
      [String(casey.id), String(dana.id)].sort(),
    )
    const [toCasey] = outbox(casey.email)
    expect(toCasey!.subject).toBe('Priya Practitioner sent you a message on Solace')
    expect(toCasey!.text).toContain(`${ORIGIN}/client-inbox?with=${priya.id}#latest`)
    expect(toCasey!.text).not.toContain(reply.content)
  })

  test('runs in the maintenance sweep, with APP_URL or the local address in its link', async () => {
    const [casey, priya] = [await client('Casey'), await practitioner('Priya')]
    const t0 = new Date(Date.now() + 4000 * MINUTE)
    write(casey, priya, {}, t0)
    expect(await sweepMessages(new Date(t0.getTime() + 10 * MINUTE))).toEqual({ emailed: 1 })
    expect(outbox(priya.email)[0]!.text).toMatch(/https?:\/\/[^/\s]+\/practitioner\/inbox\?with=\d+/)
  })

  test('a sender whose account is gone is not emailed about', async () => {
    const [casey, priya] = [await client('Casey'), await practitioner('Priya')]
    const t0 = new Date(Date.now() + 5000 * MINUTE)
    const message = write(casey, priya, {}, t0)
    await deleteAccount(new Request('http://localhost/'), casey.id, casey.password)
    expect(await sweep(new Date(t0.getTime() + 10 * MINUTE))).toEqual({ emailed: 0 })
    expect(outbox(priya.email)).toHaveLength(0)
    // Still in Priya's inbox, and no longer waiting for an email.
    expect(row(message.id)).toMatchObject({ isRead: false, notifiedAt: expect.any(Date) })
  })
})

/* ------------------------------------------------------------------------------------------ */

describe('the JSON API', () => {
  const list = (cookie?: string, query = '') =>
    callApi(messagesApi.loader, getRequest(`/api/messages${query}`, { cookie }))
  const post = (body: unknown, cookie?: string) =>
    callApi(messagesApi.action, jsonRequest('/api/messages', 'POST', body, { cookie }))
  const read = (id: string | number, cookie?: string, method = 'PATCH') =>
    callApi(readApi.action, jsonRequest(`/api/messages/${id}/read`, method, undefined, { cookie }), { id: String(id) })
  const remove = (id: string | number, cookie?: string, method = 'DELETE') =>
    callApi(messageApi.action, jsonRequest(`/api/messages/${id}`, method, undefined, { cookie }), { id: String(id) })

  test('GET /api/messages: mine, both directions, newest first, with sender and recipient, paged', async () => {
    const [casey, dana, priya] = [await client('Casey'), await client('Dana'), await practitioner('Priya')]
    const [caseyCookie, priyaCookie] = [await signIn(casey.id), await signIn(priya.id)]
    expect(await list()).toMatchObject({ status: 401, body: { message: 'Authentication required' } })

    const base = Date.now() - 100 * MINUTE
    const sent: number[] = []
    for (let i = 0; i < 30; i++) {
      resetAllLimits()
      const at = new Date(base + i * MINUTE)
      sent.push((i % 2 ? write(priya, casey, {}, at) : write(casey, priya, {}, at)).id)
    }
    write(dana, priya)
    deleteMessageForMe(casey.id, sent[29]!)

    const first = await list(caseyCookie)
    expect(first.status).toBe(200)
    expect(first.headers.get('X-Total-Count')).toBe('29')
    expect(first.headers.get('X-Page')).toBe('1')
    expect(first.headers.get('X-Page-Count')).toBe('2')
    expect(first.headers.get('X-Page-Size')).toBe('24')
    expect(first.body.map((m: { id: number }) => m.id)).toEqual(sent.slice(5, 29).reverse())
    expect(first.body[0]).toEqual({
      id: sent[28],
      senderId: casey.id,
      recipientId: priya.id,
      subject: expect.any(String),
      content: expect.any(String),
      isRead: false,
      isReplyTo: null,
      createdAt: new Date(base + 28 * MINUTE).toISOString(),
      updatedAt: expect.any(String),
      sender: { id: casey.id, firstName: 'Casey', lastName: 'Client', isPractitioner: false },
      recipient: { id: priya.id, firstName: 'Priya', lastName: 'Practitioner', isPractitioner: true },
    })
    const second = await list(caseyCookie, '?page=2')
    expect(second.headers.get('X-Page')).toBe('2')
    expect(second.body.map((m: { id: number }) => m.id)).toEqual(sent.slice(0, 5).reverse())
    // Past the end: the last page. Nonsense: 400.
    expect((await list(caseyCookie, '?page=9')).headers.get('X-Page')).toBe('2')
    expect((await list(caseyCookie, '?page=abc')).status).toBe(400)
    // Priya sees Casey's deleted message, and Dana's.
    expect((await list(priyaCookie)).headers.get('X-Total-Count')).toBe('31')
  })

  test('POST /api/messages takes isReplyTo, refuses one from another conversation, and the rules', async () => {
    const [casey, dana, priya] = [await client('Casey'), await client('Dana'), await practitioner('Priya')]
    const [caseyCookie, priyaCookie] = [await signIn(casey.id), await signIn(priya.id)]
    const danas = write(dana, priya)
    const question = await post(
      { recipientId: priya.id, subject: 'A question', content: 'Is the studio quiet?' },
      caseyCookie,
    )
    expect(question.status).toBe(201)
    const reply = await post(
      {
        recipientId: casey.id,
        subject: 'Re: A question',
        content: 'Yes, very quiet indeed.',
        isReplyTo: question.body.id,
      },
      priyaCookie,
    )
    expect(reply).toMatchObject({ status: 201, body: { isReplyTo: question.body.id, senderId: priya.id } })
    expect(
      await post(
        { recipientId: casey.id, subject: 'Re', content: 'Wrong conversation here.', isReplyTo: danas.id },
        priyaCookie,
      ),
    ).toMatchObject({ status: 400, body: { message: inEnglish(REPLY_NOT_IN_CONVERSATION) } })
    expect(
      await post(
        { recipientId: casey.id, subject: 'Re', content: 'Not an id at all here.', isReplyTo: 'abc' },
        priyaCookie,
      ),
    ).toMatchObject({ status: 400, body: { message: 'isReplyTo must be the id of a message' } })
    expect(
      (
        await post(
          { recipientId: casey.id, subject: 'Re', content: 'No reply link at all.', isReplyTo: null },
          priyaCookie,
        )
      ).body.isReplyTo,
    ).toBeNull()
    // A client cannot write to a client; a practitioner cannot cold-message one.
    expect(
      await post({ recipientId: dana.id, subject: 'Hi', content: 'Hello there, Dana.' }, caseyCookie),
    ).toMatchObject({
      status: 404,
      body: { message: inEnglish(RECIPIENT_NOT_FOUND) },
    })
    const stranger = await client('Stranger')
    expect(
      await post({ recipientId: stranger.id, subject: 'Hi', content: 'Book with me today!' }, priyaCookie),
    ).toMatchObject({
      status: 404,
      body: { message: inEnglish(RECIPIENT_NOT_FOUND) },
    })
    // The answer carries no column beyond the message's own.
    expect(Object.keys(question.body).sort()).toEqual(
      ['content', 'createdAt', 'id', 'isRead', 'isReplyTo', 'recipientId', 'senderId', 'subject', 'updatedAt'].sort(),
    )
  })

  test('PATCH /api/messages/{id}/read: the recipient only; others 404; signed out 401; other methods 405', async () => {
    const [casey, dana, priya] = [await client('Casey'), await client('Dana'), await practitioner('Priya')]
    const message = write(casey, priya)
    const [caseyCookie, danaCookie, priyaCookie] = [
      await signIn(casey.id),
      await signIn(dana.id),
      await signIn(priya.id),
    ]
    expect(await read(message.id)).toMatchObject({ status: 401 })
    expect(await read(message.id, caseyCookie)).toMatchObject({
      status: 404,
      body: { message: inEnglish(MESSAGE_NOT_FOUND) },
    })
    expect(await read(message.id, danaCookie)).toMatchObject({
      status: 404,
      body: { message: inEnglish(MESSAGE_NOT_FOUND) },
    })
    expect(await read('abc', priyaCookie)).toMatchObject({ status: 404 })
    expect(await read(999_999, priyaCookie)).toMatchObject({ status: 404 })
    expect(await read(message.id, priyaCookie)).toMatchObject({ status: 200, body: { id: message.id, isRead: true } })
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const answer = await read(message.id, priyaCookie, method)
      expect(answer, method).toMatchObject({ status: 405, body: { message: 'Method not allowed' } })
      expect(answer.headers.get('Allow')).toBe('PATCH')
    }
    const get = await callApi(readApi.loader, getRequest(`/api/messages/${message.id}/read`, { cookie: priyaCookie }), {
      id: String(message.id),
    })
    expect(get).toMatchObject({ status: 405 })
    expect(get.headers.get('Allow')).toBe('PATCH')
  })

  test('DELETE /api/messages/{id}: sender or recipient, for themselves; others 404; other methods 405', async () => {
    const [casey, dana, priya] = [await client('Casey'), await client('Dana'), await practitioner('Priya')]
    const message = write(casey, priya)
    const [caseyCookie, danaCookie, priyaCookie] = [
      await signIn(casey.id),
      await signIn(dana.id),
      await signIn(priya.id),
    ]
    expect(await remove(message.id)).toMatchObject({ status: 401 })
    expect(await remove(message.id, danaCookie)).toMatchObject({
      status: 404,
      body: { message: inEnglish(MESSAGE_NOT_FOUND) },
    })
    expect(await remove('0', caseyCookie)).toMatchObject({ status: 404 })
    expect(await remove(message.id, caseyCookie)).toMatchObject({ status: 200, body: { message: 'Message deleted' } })
    expect(await remove(message.id, caseyCookie)).toMatchObject({ status: 404 })
    // Priya still has it.
    const priyas = await list(priyaCookie)
    expect(priyas.body.map((m: { id: number }) => m.id)).toContain(message.id)
    expect(await remove(message.id, priyaCookie)).toMatchObject({ status: 200 })
    expect(row(message.id)).toBeUndefined()
    for (const method of ['POST', 'PUT', 'PATCH']) {
      const answer = await remove(message.id, priyaCookie, method)
      expect(answer, method).toMatchObject({ status: 405 })
      expect(answer.headers.get('Allow')).toBe('DELETE')
    }
  })

  test('/api/messages: PUT and DELETE answer 405 with Allow: GET, POST', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const answer = await callApi(messagesApi.action, jsonRequest('/api/messages', method, {}))
      expect(answer, method).toMatchObject({ status: 405 })
      expect(answer.headers.get('Allow')).toBe('GET, POST')
    }
  })
})

/* ------------------------------------------------------------------------------------------ */

describe('the migration that made messages outlive accounts', () => {
  test('keeps every row, reply link and the id high-water mark; old messages are not emailed about', () => {
    const { sqlite, migrateRest, remove } = databaseBeforeMigration(5)
    try {
      // The migrations before this one (and none after it), as a database that has them would be.
      const user = (email: string) =>
        Number(
          sqlite
            .prepare(`INSERT INTO users (email, password_hash, first_name, last_name) VALUES (?, 'x', 'A', 'B')`)
            .run(email).lastInsertRowid,
        )
      const [a, b] = [user('a@example.com'), user('b@example.com')]
      const insert = sqlite.prepare(
        `INSERT INTO messages (sender_id, recipient_id, subject, content, is_read, is_reply_to, created_at, updated_at)
         VALUES (?, ?, ?, 'Some content here.', ?, ?, 1000, 2000)`,
      )
      const m1 = Number(insert.run(a, b, 'First', 1, null).lastInsertRowid)
      const m2 = Number(insert.run(b, a, 'Second', 0, m1).lastInsertRowid)
      const m3 = Number(insert.run(a, b, 'Third', 0, m2).lastInsertRowid)
      sqlite.prepare('DELETE FROM messages WHERE id = ?').run(m3)
      const rowsBefore = sqlite
        .prepare('SELECT id, sender_id, recipient_id, subject, is_read, is_reply_to FROM messages')
        .all()

      migrateRest()

      expect(
        sqlite.prepare('SELECT id, sender_id, recipient_id, subject, is_read, is_reply_to FROM messages').all(),
      ).toEqual(rowsBefore)
      expect(sqlite.prepare('SELECT created_at, updated_at FROM messages WHERE id = ?').get(m2)).toEqual({
        created_at: 1000,
        updated_at: 2000,
      })
      expect(sqlite.prepare('SELECT count(*) AS n FROM messages WHERE notified_at IS NULL').get()).toEqual({ n: 0 })
      expect(sqlite.prepare(`SELECT seq FROM sqlite_sequence WHERE name = 'messages'`).get()).toEqual({ seq: m3 })
      expect(sqlite.prepare(`SELECT name FROM sqlite_master WHERE name LIKE '__messages%'`).all()).toEqual([])
      expect(sqlite.pragma('foreign_key_check')).toEqual([])
      expect(sqlite.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }])
      // The next message takes a new id, and deleting an account no longer takes the other's copy.
      const m4 = Number(insert.run(a, b, 'Fourth', 0, m2).lastInsertRowid)
      expect(m4).toBe(m3 + 1)
      sqlite.prepare('DELETE FROM users WHERE id = ?').run(a)
      expect(sqlite.prepare('SELECT count(*) AS n FROM messages').get()).toEqual({ n: 3 })
    } finally {
      remove()
    }
  })
})

/* ------------------------------------------------------------------------------------------ */

/** Runs `run` and counts the SQL statements it ran (drizzle asks for one per query). */
function countStatements<T>(run: () => T) {
  const prepare = vi.spyOn(drizzleConnection(), 'prepare')
  const exec = vi.spyOn(getDb().$client, 'exec')
  try {
    const result = run()
    return {
      result,
      statements: prepare.mock.calls.length + exec.mock.calls.length,
      sql: prepare.mock.calls.map((call) => String(call[0])),
    }
  } finally {
    prepare.mockRestore()
    exec.mockRestore()
  }
}

/** SQLite's plan for a statement (its parameters bound to 1). */
function planOf(text: string) {
  const client = getDb().$client
  const statement = client.prepare(`EXPLAIN QUERY PLAN ${text}`)
  const parameters = (text.match(/\?/g) ?? []).map(() => 1)
  return (statement.all(...parameters) as { detail: string }[]).map((step) => step.detail).join('\n')
}
