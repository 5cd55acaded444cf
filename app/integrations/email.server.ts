import { and, count, eq, inArray, lte, or, sql } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { emailOutbox } from '~/db/schema'
import { getEnv } from '~/env.server'
import { announceExpensiveStep } from '~/lib/expensive-steps.server'
import { log, logLine } from '~/lib/log.server'
import { counter, gauge } from '~/lib/metrics.server'
import { singleLine } from '~/lib/plain-text'
import { configuredOrigin } from '~/lib/url.server'

export type Email = {
  to: string
  subject: string
  text: string
  html?: string
  attachments?: { filename: string; contentType: string; content: string }[]
}

type OutboxRow = Pick<
  typeof emailOutbox.$inferSelect,
  'id' | 'to' | 'subject' | 'text' | 'html' | 'attachments' | 'attempts' | 'createdAt'
>

const ROW = {
  id: emailOutbox.id,
  to: emailOutbox.to,
  subject: emailOutbox.subject,
  text: emailOutbox.text,
  html: emailOutbox.html,
  attachments: emailOutbox.attachments,
  attempts: emailOutbox.attempts,
  createdAt: emailOutbox.createdAt,
}

/**
 * The statuses as SQL literals, not bound parameters: SQLite uses the partial index
 * `email_outbox_due_idx` (status IN ('queued', 'sending')) only for a WHERE it can see implies it.
 */
const QUEUED = sql`'queued'`
const SENDING = sql`'sending'`

/** Deliveries an email gets before it is `failed`: the first, then retries after these waits. */
const RETRY_AFTER_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000]
/** How long one request to the provider may take. */
const SEND_TIMEOUT_MS = 30_000
/**
 * A delivery still `sending` this long after it began never answered (the process stopped
 * mid-send): it is taken up again. Far longer than SEND_TIMEOUT_MS, so a slow answer is never
 * mistaken for a lost one.
 */
const ABANDONED_AFTER_MS = 10 * 60_000

function outboxValues(email: Email) {
  // A subject is a header: whatever it was composed from, no line break or control character
  // reaches the outbox or the provider.
  return {
    to: email.to,
    subject: singleLine(email.subject),
    text: email.text,
    html: email.html ?? null,
    attachments: email.attachments ?? [],
  }
}

/**
 * Every email is written to the outbox first, then delivered (docs/decisions/036-session-reminders.md).
 * With RESEND_API_KEY set it goes through Resend's HTTP API; without it the outbox row is the
 * delivery, which is what the offline demo and the tests read, and development's log shows the
 * email with its links (at `debug`: production's log holds no address or text).
 * A delivery that fails is retried by the email sweeper, so an email is never dropped.
 */
export async function sendEmail(email: Email, now = new Date()) {
  announceExpensiveStep('email')
  const row = getDb()
    .insert(emailOutbox)
    .values({ ...outboxValues(email), status: 'sending', attempts: 1, claimedAt: now })
    .returning(ROW)
    .get()
  return { id: row.id, status: await deliver(row, now) }
}

/**
 * Writes an email inside the caller's transaction, delivered once that commits (by
 * `deliverQueuedEmails`): the email exists exactly when what it tells of does.
 */
export function queueEmail(tx: Db | Tx, email: Email, now = new Date()) {
  return tx
    .insert(emailOutbox)
    .values({ ...outboxValues(email), status: 'queued', nextAttemptAt: now })
    .returning({ id: emailOutbox.id })
    .get().id
}

/**
 * Rewrites a queued email that no delivery has taken up yet (never attempted): its content and
 * when it goes. False when one has (it is going, or went), and the caller writes a new one. Run
 * inside the caller's IMMEDIATE transaction, it cannot interleave with a delivery's claim, so an
 * email is either rewritten before it goes or sent as it was, never both.
 */
export function requeueEmail(tx: Tx, id: number, email: Email, at: Date) {
  const rewritten = tx
    .update(emailOutbox)
    .set({ ...outboxValues(email), nextAttemptAt: at })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'queued'), eq(emailOutbox.attempts, 0)))
    .run()
  return rewritten.changes === 1
}

/**
 * Delivers the queued emails whose time has come, and those whose delivery never answered.
 * They are claimed (`sending`) in one IMMEDIATE transaction before any goes, so two runs never
 * deliver the same one; each attempt sends the same idempotency key, so the provider sends an
 * email taken up again after a lost answer only once.
 */
export async function deliverQueuedEmails(now = new Date(), limit = 50) {
  const at = now.getTime()
  const claimed = getDb().transaction(
    (tx) => {
      const ids = tx
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(
          or(
            and(eq(emailOutbox.status, QUEUED), lte(emailOutbox.nextAttemptAt, now)),
            and(eq(emailOutbox.status, SENDING), lte(emailOutbox.claimedAt, new Date(at - ABANDONED_AFTER_MS))),
          ),
        )
        .orderBy(emailOutbox.id)
        .limit(limit)
        .all()
        .map((row) => row.id)
      if (!ids.length) return []
      return tx
        .update(emailOutbox)
        .set({ status: 'sending', claimedAt: now, attempts: sql`${emailOutbox.attempts} + 1` })
        .where(inArray(emailOutbox.id, ids))
        .returning(ROW)
        .all()
    },
    { behavior: 'immediate' },
  )
  const results = { delivered: 0, retrying: 0, failed: 0 }
  for (const row of claimed) {
    const status = await deliver(row, now)
    if (status === 'queued') results.retrying += 1
    else if (status === 'failed') results.failed += 1
    else results.delivered += 1
  }
  return results
}

const deliveries = counter({
  name: 'solace_email_deliveries_total',
  help: 'Attempts at delivering an email, by result: sent (by the provider), logged (kept in the outbox without RESEND_API_KEY), retrying (failed, tried again later), failed (the retries ran out)',
  labelNames: ['result'],
})

gauge({
  name: 'solace_email_outbox_depth',
  help: 'Emails waiting in the outbox, by status: queued (for a delivery or a retry) and sending (claimed, not yet answered)',
  labelNames: ['status'],
  collect() {
    const counts = new Map(
      getDb()
        .select({ status: emailOutbox.status, n: count() })
        .from(emailOutbox)
        .where(sql`${emailOutbox.status} IN (${QUEUED}, ${SENDING})`)
        .groupBy(emailOutbox.status)
        .all()
        .map((row) => [row.status, row.n]),
    )
    for (const status of ['queued', 'sending'] as const) this.set({ status }, counts.get(status) ?? 0)
  },
})

/** One attempt at a claimed email; answers the status it now has. */
async function deliver(row: OutboxRow, now: Date) {
  const db = getDb()
  const { RESEND_API_KEY, EMAIL_FROM } = getEnv()
  if (!RESEND_API_KEY) {
    // Its address and text only at `debug` (development): production's log never holds them.
    log.info(`[email ${row.id}] kept in the outbox (no RESEND_API_KEY)`)
    log.debug(emailForLog(row.to, row.subject, row.text))
    db.update(emailOutbox).set({ status: 'logged', claimedAt: null }).where(eq(emailOutbox.id, row.id)).run()
    deliveries.inc({ result: 'logged' })
    return 'logged' as const
  }

  try {
    const response = await fetch('https://api.resend.com/emails', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${RESEND_API_KEY}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': idempotencyKey(row),
      },
      body: JSON.stringify({
        from: EMAIL_FROM,
        to: [row.to],
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        attachments: row.attachments.map((a) => ({
          filename: a.filename,
          content: a.content,
          content_type: a.contentType,
        })),
      }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    })
    if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`)
    const { id } = (await response.json()) as { id: string }
    db.update(emailOutbox)
      .set({ status: 'sent', providerMessageId: id, sentAt: new Date(), claimedAt: null, error: null })
      .where(eq(emailOutbox.id, row.id))
      .run()
    deliveries.inc({ result: 'sent' })
    return 'sent' as const
  } catch (error) {
    // What the email tells of (a reset request, a booking) has happened; a failed delivery is
    // tried again later rather than undoing it, until the retries run out.
    const message = error instanceof Error ? error.message : String(error)
    const wait = RETRY_AFTER_MS[row.attempts - 1]
    const status = wait === undefined ? ('failed' as const) : ('queued' as const)
    // Not the provider's answer, which may quote the address: the outbox row keeps it.
    log[status === 'failed' ? 'error' : 'warn'](
      `[email ${row.id}] sending failed (attempt ${row.attempts}); ${status === 'failed' ? 'given up' : 'it will be retried'}`,
    )
    db.update(emailOutbox)
      .set({
        status,
        error: message,
        claimedAt: null,
        nextAttemptAt: wait === undefined ? null : new Date(now.getTime() + wait),
      })
      .where(eq(emailOutbox.id, row.id))
      .run()
    deliveries.inc({ result: status === 'failed' ? 'failed' : 'retrying' })
    return status
  }
}

/**
 * The provider sends one email per key within a day. The row's id alone could meet another
 * deployment's (staging and production may share a provider account), so the key also names
 * this site and when the row was written.
 */
function idempotencyKey(row: OutboxRow) {
  return `solace/${new URL(configuredOrigin()).host}/email/${row.id}-${row.createdAt.getTime()}`
}

/**
 * An email kept in the outbox, as the log shows it: the address and subject, then the text a
 * line at a time (its links stay whole), every line starting with `[email]` and escaped, so
 * nothing a person typed into it can pass for a log line of its own.
 */
export function emailForLog(to: string, subject: string, text: string) {
  const lines = text.split(/\r?\n/).map((line) => logLine`[email]   ${line}`)
  return [logLine`[email] to ${to}: ${subject}`, ...lines].join('\n')
}
