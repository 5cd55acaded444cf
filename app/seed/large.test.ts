import { beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { getEnv } from '~/env.server'
import { hashPassword } from '~/lib/password.server'
import { migrateDatabase } from '../../scripts/migrate.js'
import { DEMO_PASSWORD } from './data/accounts'
import { seedDemo } from './demo'
import { hasLargeData, seedLarge } from './large'
import { BENCH_DOMAIN } from './large-people'
import type { LargeCounts } from './args'

process.env.PASSWORD_HASH_COST ??= '12'

/** Thursday 5 March 2026 in Toronto: open slots run past the 8 March DST change. */
const NOW = new Date('2026-03-05T15:00:00Z')
const COUNTS: LargeCounts = {
  practitioners: 30,
  services: 125,
  slots: 1_000,
  reviews: 300,
  clients: 20,
}

const db = () => getDb()
const one = (sql: string, ...params: unknown[]) =>
  db()
    .$client.prepare(sql)
    .pluck()
    .get(...params) as number
const bench = `%@${BENCH_DOMAIN}`

beforeAll(async () => {
  migrateDatabase(getEnv().DATABASE_PATH)
  const passwordHash = await hashPassword(DEMO_PASSWORD, { address: 'seed' })
  await seedDemo(db(), { now: NOW, passwordHash })
  expect(hasLargeData(db())).toBe(false)
  expect(seedLarge(db(), COUNTS, { passwordHash, now: NOW })).toBe('seeded')
})

describe('large seed', () => {
  test('adds exactly the requested numbers of rows', () => {
    expect(one('SELECT count(*) FROM users WHERE is_practitioner = 1 AND email LIKE ?', bench)).toBe(30)
    expect(one('SELECT count(*) FROM users WHERE is_practitioner = 0 AND email LIKE ?', bench)).toBe(20)
    const benchServices = `SELECT s.id FROM services s JOIN users u ON u.id = s.practitioner_id WHERE u.email LIKE ?`
    expect(one(`SELECT count(*) FROM (${benchServices})`, bench)).toBe(125)
    expect(one(`SELECT count(*) FROM time_slots WHERE is_booked = 0 AND service_id IN (${benchServices})`, bench)).toBe(
      1_000,
    )
    expect(one(`SELECT count(*) FROM reviews WHERE service_id IN (${benchServices})`, bench)).toBe(300)
  })

  test('gives every practitioner an active service, specialties and a payment account', () => {
    expect(
      one(
        `SELECT count(*) FROM users u WHERE u.email LIKE ? AND u.is_practitioner = 1 AND (
           u.title IS NULL OR u.bio IS NULL OR u.profile_image_url IS NULL OR u.onboarding_complete = 0
           OR NOT EXISTS (SELECT 1 FROM services s WHERE s.practitioner_id = u.id AND s.is_active = 1)
           OR NOT EXISTS (SELECT 1 FROM user_specialties us WHERE us.user_id = u.id))`,
        bench,
      ),
    ).toBe(0)
  })

  test('keeps every practitioner free of overlapping slots, and open slots in the future', () => {
    const overlaps = one(
      `SELECT count(*) FROM (
         SELECT start_time, lag(end_time) OVER (PARTITION BY practitioner_id ORDER BY start_time) AS previous_end
           FROM time_slots)
        WHERE start_time < previous_end`,
    )
    expect(overlaps).toBe(0)
    expect(one('SELECT count(*) FROM time_slots WHERE is_booked = 0 AND start_time <= ?', NOW.getTime())).toBe(0)
  })

  test('ties each review to a completed booking and keeps ratings in step', () => {
    expect(
      one(
        `SELECT count(*) FROM reviews r LEFT JOIN bookings b ON b.id = r.booking_id
          WHERE b.id IS NULL OR b.status != 'completed' OR b.end_time > ? OR r.created_at > ?`,
        NOW.getTime(),
        NOW.getTime(),
      ),
    ).toBe(0)
    expect(
      one(
        `SELECT count(*) FROM users u WHERE
           abs(u.rating - coalesce((SELECT avg(rating) FROM reviews r WHERE r.practitioner_id = u.id), 0)) > 1e-9
           OR u.review_count != (SELECT count(*) FROM reviews r WHERE r.practitioner_id = u.id)`,
      ),
    ).toBe(0)
    expect(
      one(
        `SELECT count(*) FROM services s WHERE
           abs(s.rating - coalesce((SELECT avg(rating) FROM reviews r WHERE r.service_id = s.id), 0)) > 1e-9
           OR s.review_count != (SELECT count(*) FROM reviews r WHERE r.service_id = s.id)`,
      ),
    ).toBe(0)
  })

  test('is not added twice', () => {
    const users = one('SELECT count(*) FROM users')
    expect(seedLarge(db(), COUNTS, { passwordHash: 'unused', now: NOW })).toBe('already-present')
    expect(one('SELECT count(*) FROM users')).toBe(users)
  })
})
