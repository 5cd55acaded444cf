import { eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { emailOutbox } from '~/db/schema'
import { getEnv } from '~/env.server'
import { announceExpensiveStep } from '~/lib/expensive-steps.server'
import { logLine } from '~/lib/log.server'
import { singleLine } from '~/lib/plain-text'

export type Email = {
  to: string
  subject: string
  text: string
  html?: string
  attachments?: { filename: string; contentType: string; content: string }[]
}

/**
 * Every email is written to the outbox first. With RESEND_API_KEY set it is then sent through
 * Resend's HTTP API; without it the outbox row and a log line (with its links) are the delivery,
 * which is what the offline demo and the tests read.
 */
export async function sendEmail(email: Email) {
  announceExpensiveStep('email')
  // A subject is a header: whatever it was composed from, no line break or control character
  // reaches the outbox or the provider.
  const subject = singleLine(email.subject)
  const db = getDb()
  const row = db
    .insert(emailOutbox)
    .values({
      to: email.to,
      subject,
      text: email.text,
      html: email.html ?? null,
      attachments: email.attachments ?? [],
    })
    .returning({ id: emailOutbox.id })
    .get()

  const { RESEND_API_KEY, EMAIL_FROM } = getEnv()
  if (!RESEND_API_KEY) {
    console.info(emailForLog(email.to, subject, email.text))
    return { id: row.id, status: 'logged' as const }
  }

  try {
    const response = await fetch('https://api.resend.com/emails', {
      method: 'POST',
      headers: { Authorization: `Bearer ${RESEND_API_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        from: EMAIL_FROM,
        to: [email.to],
        subject,
        text: email.text,
        html: email.html,
        attachments: email.attachments?.map((a) => ({
          filename: a.filename,
          content: a.content,
          content_type: a.contentType,
        })),
      }),
    })
    if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`)
    const { id } = (await response.json()) as { id: string }
    db.update(emailOutbox)
      .set({ status: 'sent', providerMessageId: id, sentAt: new Date() })
      .where(eq(emailOutbox.id, row.id))
      .run()
    return { id: row.id, status: 'sent' as const }
  } catch (error) {
    // The caller's action (a reset request, a booking) has happened; a failed email is
    // recorded for a retry rather than undoing it.
    const message = error instanceof Error ? error.message : String(error)
    console.error(logLine`[email] sending to ${email.to} failed: ${message}`)
    db.update(emailOutbox).set({ status: 'failed', error: message }).where(eq(emailOutbox.id, row.id)).run()
    return { id: row.id, status: 'failed' as const }
  }
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
