import { getDb } from '~/db/client.server'
import { sweepEmails } from '~/jobs/maintenance.server'

/**
 * One machine of reminders.test.ts, in a process of its own with its own SQLite connection to
 * the test's database (DATABASE_PATH): at the agreed instant it runs the minute's email sweep
 * (reminders due, then the outbox) with the test's clock, and reports what it did.
 */

export type SweepOrder = {
  /** The instant (ms since the epoch) every sweeper starts at. */
  at: number
  /** The sweep's clock. */
  now: number
}

process.on('message', (order: SweepOrder) => {
  const wait = Math.max(0, order.at - Date.now())
  setTimeout(() => {
    void sweepEmails(new Date(order.now)).then((result) => process.send!(result))
  }, wait)
})

// Open the connection before saying ready, so the sweep measures the race, not start-up.
getDb().$client.prepare('SELECT 1').get()
process.send!('ready')
