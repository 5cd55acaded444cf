import { and, eq, inArray, lte, sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { messages, users } from '~/db/schema'
import { sendEmail } from '~/integrations/email.server'
import { tFor } from '~/lib/i18n/i18n.server'
import { DEFAULT_LANGUAGE } from '~/lib/i18n/languages'
import { log, logLine } from '~/lib/log.server'
import { configuredOrigin } from '~/lib/url.server'
import { inboxPath } from './inbox'
import { atLatest } from './inbox-page'
import { partyName, UNREAD_EMAIL_DELAY_MS } from './message'

/**
 * The new-message email (docs/decisions/018-messaging.md). A message still unread
 * `UNREAD_EMAIL_DELAY_MS` (10 minutes) after it arrived gets its recipient one email for the
 * conversation: it names the sender and links to the recipient's inbox opened on that
 * conversation. It never carries the subject or the text (health information stays in the
 * app). Every unread message of the conversation not yet covered by an email is covered by
 * this one, so a burst of messages gives one email, and a later message that is still unread
 * 10 minutes on gives a new one.
 *
 * Run every minute on the primary by app/jobs/maintenance.server.ts. The messages are claimed
 * (`notified_at`) in one transaction before any email goes, so two sweeps never send the same
 * email; an email whose sending fails stays in the outbox marked failed and is not retried.
 */

type Due = { recipientId: number; senderId: number; count: number }
const PERSON_COLUMNS = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isPractitioner: users.isPractitioner,
  language: users.language,
}
type Person = Pick<typeof users.$inferSelect, keyof typeof PERSON_COLUMNS>

/**
 * The `messages_unnotified_idx` partial index's condition, spelled out as SQL literals: SQLite
 * uses a partial index only for a WHERE it can see implies the index's own.
 */
const UNNOTIFIED = sql`is_read = 0 AND notified_at IS NULL AND deleted_by_recipient_at IS NULL`

/** Answers how many emails went out (or, offline, were written to the outbox). */
export async function sendUnreadMessageEmails(now = new Date(), origin = configuredOrigin()) {
  const db = getDb()
  const claimed = db.transaction(
    (tx) => {
      // The conversations with a message unread for long enough that no email covers yet
      // (read from the `messages_unnotified_idx` partial index).
      const due = tx
        .select({ recipientId: messages.recipientId, senderId: messages.senderId })
        .from(messages)
        .where(and(UNNOTIFIED, lte(messages.createdAt, new Date(now.getTime() - UNREAD_EMAIL_DELAY_MS))))
        .groupBy(messages.recipientId, messages.senderId)
        .all()
      return due.flatMap((pair): Due[] => {
        const { changes } = tx
          .update(messages)
          .set({ notifiedAt: now })
          .where(
            and(
              eq(messages.recipientId, pair.recipientId),
              eq(messages.senderId, pair.senderId),
              UNNOTIFIED,
              lte(messages.createdAt, now),
            ),
          )
          .run()
        return changes ? [{ ...pair, count: changes }] : []
      })
    },
    { behavior: 'immediate' },
  )
  if (!claimed.length) return { emailed: 0 }

  const ids = [...new Set(claimed.flatMap((pair) => [pair.recipientId, pair.senderId]))]
  const people = new Map(
    db
      .select(PERSON_COLUMNS)
      .from(users)
      .where(inArray(users.id, ids))
      .all()
      .map((person) => [person.id, person]),
  )

  let emailed = 0
  for (const pair of claimed) {
    const recipient = people.get(pair.recipientId)
    const sender = people.get(pair.senderId)
    // A sender whose account is gone since: nobody to name, so the messages wait in the inbox.
    if (!recipient || !sender) continue
    try {
      const { status } = await sendEmail(composeEmail(recipient, sender, pair.count, origin))
      if (status !== 'failed') emailed += 1
    } catch (error) {
      log.error({ err: error }, logLine`[messages] the unread-message email to user ${recipient.id} failed`)
    }
  }
  return { emailed }
}

/** The email in its recipient's language (their choice, else English: a sweep has no browser to ask). */
function composeEmail(recipient: Person, sender: Person, count: number, origin: string) {
  const t = tFor(recipient.language ?? DEFAULT_LANGUAGE, 'emails')
  const from = partyName(sender)
  // Opened at the newest messages, as a conversation opened in the inbox is.
  const link = `${origin}${atLatest(inboxPath({ isPractitioner: recipient.isPractitioner }, sender.id))}`
  return {
    to: recipient.email,
    subject: t('messaging.newMessage.subject', { from, count }),
    text: [
      t('messaging.newMessage.greeting', { name: recipient.firstName }),
      '',
      t('messaging.newMessage.body', { from, count }),
      '',
      t('messaging.newMessage.link', { link }),
      '',
      t('messaging.newMessage.privacy'),
    ].join('\n'),
  }
}
