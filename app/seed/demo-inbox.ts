import { contactMessages, leads, messages } from '~/db/schema'
import { DAY_MS } from '~/lib/zoned-time'
import { CONTACT_MESSAGES, LEADS, MESSAGES } from './data/inbox'
import type { SeededPerson } from './demo-people'
import type { Tx } from './types'

const HOUR_MS = 60 * 60_000

/** Conversations between members, contact-form messages and early-access leads. */
export function insertInbox(tx: Tx, people: Map<string, SeededPerson>, now: Date) {
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR_MS)
  const idOf = (key: string) => {
    const person = people.get(key)
    if (!person) throw new Error(`Message names unknown person ${key}`)
    return person.id
  }

  const messageIds = new Map<string, number>()
  const oldestFirst = [...MESSAGES].sort((a, b) => b.hoursAgo - a.hoursAgo)
  for (const message of oldestFirst) {
    const at = hoursAgo(message.hoursAgo)
    const replyTo = message.replyTo ? messageIds.get(message.replyTo) : undefined
    if (message.replyTo && replyTo === undefined) {
      throw new Error(`Message ${message.key} answers ${message.replyTo}, which is not older`)
    }
    const row = tx
      .insert(messages)
      .values({
        senderId: idOf(message.from),
        recipientId: idOf(message.to),
        subject: message.subject,
        content: message.content,
        isRead: message.isRead,
        isReplyTo: replyTo ?? null,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: messages.id })
      .get()
    messageIds.set(message.key, row.id)
  }

  tx.insert(contactMessages)
    .values(
      [...CONTACT_MESSAGES]
        .sort((a, b) => b.hoursAgo - a.hoursAgo)
        .map(({ hoursAgo: hours, ...rest }) => ({
          ...rest,
          createdAt: hoursAgo(hours),
          updatedAt: hoursAgo(hours),
        })),
    )
    .run()

  tx.insert(leads)
    .values(
      [...LEADS]
        .sort((a, b) => b.daysAgo - a.daysAgo)
        .map(({ daysAgo, ...rest }) => {
          const at = new Date(now.getTime() - daysAgo * DAY_MS)
          return { ...rest, createdAt: at, updatedAt: at }
        }),
    )
    .run()
}
