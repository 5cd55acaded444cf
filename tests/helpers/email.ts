import { asc, eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { emailOutbox } from '~/db/schema'

/** The email outbox (every email the app sends is written there first). */
export function outbox(to?: string) {
  const query = getDb().select().from(emailOutbox)
  return (to ? query.where(eq(emailOutbox.to, to)) : query).orderBy(asc(emailOutbox.id)).all()
}

/** The reset token in a password-reset email's link. */
export function resetTokenFrom(text: string) {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)
  if (!match) throw new Error(`No reset link in: ${text}`)
  return match[1]!
}
