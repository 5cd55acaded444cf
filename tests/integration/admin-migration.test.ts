import { expect, test } from 'vitest'
import { databaseBeforeMigration } from '../helpers/migrations'

/**
 * drizzle/0007_admin.sql (and the migrations after it) on a database that already has bookings,
 * reviews and payouts: each new cancellation reason (0007's, 0014's) is made by dropping and
 * adding back one column (not the table, whose drop would clear the reviews' and payouts'
 * references), and the listing rule gains "not suspended".
 */
test('0007 keeps every booking with its reason and what points at it, and suspension unlists', () => {
  const { sqlite, migrateRest, remove } = databaseBeforeMigration(7)
  try {
    // The migrations before 0007, as a database that has them would be.
    const run = (sql: string, ...args: unknown[]) => Number(sqlite.prepare(sql).run(...args).lastInsertRowid)
    const practitioner = run(
      `INSERT INTO users (email, password_hash, first_name, last_name, is_practitioner, profile_image_url, title, bio)
       VALUES ('p@example.com', 'x', 'P', 'R', 1, '/p.webp', 'Coach', 'Bio')`,
    )
    const client = run(
      `INSERT INTO users (email, password_hash, first_name, last_name) VALUES ('c@example.com', 'x', 'C', 'L')`,
    )
    const service = run(
      `INSERT INTO services (practitioner_id, name, description, category, price_cents) VALUES (?, 'S', 'D', 'Yoga', 0)`,
      practitioner,
    )
    const booking = (status: string, reason: string | null) =>
      run(
        `INSERT INTO bookings (service_id, client_id, practitioner_id, service_name, duration_minutes, start_time, end_time, status, cancellation_reason)
         VALUES (?, ?, ?, 'S', 60, 1000, 2000, ?, ?)`,
        service,
        client,
        practitioner,
        status,
        reason,
      )
    const completed = booking('completed', null)
    booking('cancelled', 'client')
    booking('cancelled', 'refunded')
    run(
      `INSERT INTO reviews (booking_id, client_id, practitioner_id, rating, content) VALUES (?, ?, ?, 5, 'Good')`,
      completed,
      client,
      practitioner,
    )
    run(`INSERT INTO payouts (practitioner_id, booking_id, amount_cents) VALUES (?, ?, 950)`, practitioner, completed)
    const bookingsBefore = sqlite.prepare('SELECT * FROM bookings ORDER BY id').all()

    migrateRest()

    // Every value kept (later migrations add columns beside them).
    expect(sqlite.prepare('SELECT * FROM bookings ORDER BY id').all()).toEqual(
      bookingsBefore.map((row) => expect.objectContaining(row as object)),
    )
    expect(sqlite.prepare('SELECT booking_id AS id FROM reviews').all()).toEqual([{ id: completed }])
    expect(sqlite.prepare('SELECT booking_id AS id FROM payouts').all()).toEqual([{ id: completed }])
    expect(sqlite.pragma('foreign_key_check')).toEqual([])
    expect(sqlite.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }])
    // The new reasons (0007's, and 0014's made the same way) are taken, an unknown one still is not.
    sqlite.prepare(`UPDATE bookings SET cancellation_reason = 'account_removed' WHERE id = ?`).run(completed)
    sqlite.prepare(`UPDATE bookings SET cancellation_reason = 'practitioner' WHERE id = ?`).run(completed)
    expect(() =>
      sqlite.prepare(`UPDATE bookings SET cancellation_reason = 'whim' WHERE id = ?`).run(completed),
    ).toThrow(/CHECK constraint failed/)

    const listed = () =>
      (sqlite.prepare('SELECT is_listed AS listed FROM services WHERE id = ?').get(service) as { listed: number })
        .listed
    expect(listed()).toBe(1)
    sqlite.prepare('UPDATE users SET suspended_at = 1 WHERE id = ?').run(practitioner)
    expect(listed()).toBe(0)
    sqlite.prepare('UPDATE users SET suspended_at = NULL WHERE id = ?').run(practitioner)
    expect(listed()).toBe(1)
  } finally {
    remove()
  }
})
