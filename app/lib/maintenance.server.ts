import { lt, or, eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { passwordResetTokens } from '~/db/schema'
import { isPrimaryInstance } from '~/integrations/litefs.server'
import { purgeExpiredSessions } from '~/models/session.server'

const HOUR_MS = 60 * 60 * 1000

/** Removes what can no longer be used: expired sessions and spent or expired reset tokens. */
export function purgeExpired(now = new Date()) {
  const sessions = purgeExpiredSessions(now)
  const tokens = getDb()
    .delete(passwordResetTokens)
    .where(or(eq(passwordResetTokens.isUsed, true), lt(passwordResetTokens.expiresAt, now)))
    .run().changes
  return { sessions, tokens }
}

const globalForMaintenance = globalThis as unknown as { __solaceMaintenance?: NodeJS.Timeout }

/** Starts the hourly clean-up once per process; only the primary writes (replicas skip it). */
export function startMaintenance() {
  if (globalForMaintenance.__solaceMaintenance || process.env.NODE_ENV === 'test') return
  const run = async () => {
    try {
      if (await isPrimaryInstance()) purgeExpired()
    } catch (error) {
      console.error('maintenance failed', error)
    }
  }
  globalForMaintenance.__solaceMaintenance = setInterval(run, HOUR_MS)
  globalForMaintenance.__solaceMaintenance.unref()
  void run()
}
