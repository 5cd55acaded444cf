import { isProduction } from '~/env.server'
import { deliverQueuedEmails } from '~/integrations/email.server'
import { isPrimaryInstance } from '~/integrations/litefs.server'
import { log } from '~/lib/log.server'
import { BACKGROUND_SECONDS, histogram } from '~/lib/metrics.server'
import { purgeSpentEmailChangeTokens } from '~/models/accounts/email-change.server'
import { purgeSpentResetTokens } from '~/models/accounts/password-reset.server'
import { purgeExpiredSessions } from '~/models/accounts/session.server'
import { completeEndedSessions, releaseLapsedHolds } from '~/models/booking/payments.server'
import { queueDueReminders } from '~/models/booking/reminders.server'
import { sendUnreadMessageEmails } from '~/models/messaging/message-emails.server'
import { topUpWeeklySlots } from '~/models/practice/weekly-hours.server'
import { sweepOrphanedDocuments } from '~/models/records/documents.server'
import { closeStrayStays } from '~/models/sessions/attendance.server'
import { heldStayIds } from '~/models/sessions/signaling.server'
import { expireLapsedOffers } from '~/models/waitlist/offers.server'
import { backUpDatabase } from './backups.server'

const HOUR_MS = 60 * 60 * 1000
/**
 * How often the minute sweepers run (lapsed holds, message emails, the outbox). Holds last 30
 * minutes and sessions end on the minute: a minute is exact enough for both. SWEEP_SECONDS
 * (1 to 60) sweeps sooner: the end-to-end servers, whose tests wait for a lapsed hold's release.
 */
function sweepEveryMs() {
  const seconds = Number(process.env.SWEEP_SECONDS ?? 60)
  return Number.isInteger(seconds) && seconds >= 1 && seconds <= 60 ? seconds * 1000 : 60 * 1000
}

/**
 * Removes what can no longer be used: expired sessions, and spent or expired reset tokens and
 * email-change links.
 */
export function purgeExpired(now = new Date()) {
  const sessions = purgeExpiredSessions(now)
  return { sessions, tokens: purgeSpentResetTokens(now), emailChanges: purgeSpentEmailChangeTokens(now) }
}

/**
 * Bookings move on with the clock: unpaid holds that ran out are released, ended sessions
 * completed, waitlist offers that ran out handed to the next in line, and stays in a video room that a stopped machine left open are closed
 * (docs/decisions/039-video-rooms.md).
 */
export function sweepBookings(now = new Date()) {
  return {
    releasedHolds: releaseLapsedHolds(now),
    completed: completeEndedSessions(now),
    strayStays: closeStrayStays(heldStayIds(), now),
    // After the holds: a hold released above may already be offered to the waitlist.
    waitlistOffers: expireLapsedOffers(now),
  }
}

/**
 * Messages still unread 10 minutes after they arrived get their recipient one email per
 * conversation (docs/decisions/018-messaging.md); a minute late is soon enough.
 */
export function sweepMessages(now = new Date()) {
  return sendUnreadMessageEmails(now)
}

/**
 * Reminders whose time has come are recorded with their emails, then the outbox delivers what
 * is queued: those, and retries of deliveries that failed or never answered
 * (docs/decisions/036-session-reminders.md). A minute late is soon enough for an hour's notice.
 */
export async function sweepEmails(now = new Date()) {
  const { reminders } = queueDueReminders(now)
  return { reminders, ...(await deliverQueuedEmails(now)) }
}

/**
 * Slots from weekly hours reach GENERATE_WEEKS ahead; as days pass the next ones are made. An
 * hour late is soon enough for a day eight weeks away.
 */
export function sweepWeeklyHours(now = new Date()) {
  return topUpWeeklySlots(now)
}

const globalForMaintenance = globalThis as unknown as { __solaceMaintenance?: NodeJS.Timeout[] }

const sweeperRuns = histogram({
  name: 'solace_sweeper_duration_seconds',
  help: 'Sweeper runs on the primary, by sweeper and result (ok or failed), and how long each took',
  labelNames: ['sweeper', 'result'],
  buckets: BACKGROUND_SECONDS,
})

/**
 * Runs a job now (unless not `atStart`) and then every `everyMs`, on the primary only (replicas
 * cannot write); each run is measured under the sweeper's `name`.
 */
function every(name: string, everyMs: number, job: () => unknown, { atStart = true } = {}) {
  const run = async () => {
    const started = performance.now()
    try {
      if (!(await isPrimaryInstance())) return
      await job()
      sweeperRuns.observe({ sweeper: name, result: 'ok' }, (performance.now() - started) / 1000)
    } catch (error) {
      sweeperRuns.observe({ sweeper: name, result: 'failed' }, (performance.now() - started) / 1000)
      log.error({ err: error, sweeper: name }, `maintenance failed: ${name}`)
    }
  }
  const timer = setInterval(run, everyMs)
  timer.unref()
  if (atStart) void run()
  return timer
}

/** Starts the clean-up, the booking, message-email, reminder and outbox, weekly-hours and orphaned-document sweepers (and, in production, the hourly backup) once per process. */
export function startMaintenance() {
  if (globalForMaintenance.__solaceMaintenance || process.env.NODE_ENV === 'test') return
  globalForMaintenance.__solaceMaintenance = [
    every('purge', HOUR_MS, purgeExpired),
    every('bookings', sweepEveryMs(), sweepBookings),
    every('messages', sweepEveryMs(), sweepMessages),
    every('emails', sweepEveryMs(), sweepEmails),
    every('weekly-hours', HOUR_MS, sweepWeeklyHours),
    // Stored document files a crash left without their row.
    every('orphaned-documents', HOUR_MS, sweepOrphanedDocuments),
    // Production only: elsewhere the database is a demo or a test, and copies would fill the disk.
    // Not at start-up: a deploy restarts every machine, and the last hour's copy is recent enough.
    ...(isProduction() ? [every('backup', HOUR_MS, () => backUpDatabase(), { atStart: false })] : []),
  ]
}

/** Stops the sweepers (the server is shutting down). */
export function stopMaintenance() {
  for (const timer of globalForMaintenance.__solaceMaintenance ?? []) clearInterval(timer)
  globalForMaintenance.__solaceMaintenance = undefined
}
