import { expect, test } from 'vitest'
import { databaseBeforeMigration } from '../helpers/migrations'

/**
 * drizzle/0019: a setup's secret used to be kept on the account from the first visit, where any
 * session could have seen it (issue 41). Secrets never confirmed are forgotten; an app that is
 * on keeps its secret and its last step.
 */
test('0019 forgets secrets nobody confirmed and keeps the ones that are on', () => {
  const { sqlite, migrateRest, remove } = databaseBeforeMigration(19)
  try {
    const user = (email: string, secret: string | null, enabledAt: number | null, lastStep: number | null) =>
      Number(
        sqlite
          .prepare(
            `INSERT INTO users (email, password_hash, first_name, last_name, totp_secret, totp_enabled_at, totp_last_step)
             VALUES (?, 'x', 'A', 'B', ?, ?, ?)`,
          )
          .run(email, secret, enabledAt, lastStep).lastInsertRowid,
      )
    const pending = user('pending@example.com', 'PENDINGSECRET', null, 7)
    const on = user('on@example.com', 'ONSECRET', 1_700_000_000_000, 9)
    const none = user('none@example.com', null, null, null)

    migrateRest()

    const row = (id: number) =>
      sqlite.prepare('SELECT totp_secret AS secret, totp_last_step AS lastStep FROM users WHERE id = ?').get(id)
    expect(row(pending)).toEqual({ secret: null, lastStep: null })
    expect(row(on)).toEqual({ secret: 'ONSECRET', lastStep: 9 })
    expect(row(none)).toEqual({ secret: null, lastStep: null })
  } finally {
    remove()
  }
})
