import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { EXPERIENCE_VALUES, PRACTICE_TYPES, SERVICE_CATEGORIES } from '~/db/schema'
import { getEnv } from '~/env.server'
import { verifyPassword } from '~/lib/password.server'
import { taxOn, type TaxKind } from '~/models/billing/tax'
import { ProfileApiSchema } from '~/models/practice/profile'
import { migrateDatabase } from '../../scripts/migrate.js'
import { DEMO_ACCOUNT_EMAILS, DEMO_PASSWORD } from './data/accounts'
import { databaseState, isSeeded, seedDemo } from './demo'
import { countRows } from './summary'

// Cheap hashing here; the setup file sets it too, this keeps the file runnable on its own.
process.env.PASSWORD_HASH_COST ??= '12'

/** Tuesday 3 March 2026, 09:00 in Toronto: the two weeks ahead cross the 8 March DST change. */
const NOW = new Date('2026-03-03T14:00:00Z')
const DAY_MS = 86_400_000
const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../public')

const db = () => getDb()
const all = <T>(sql: string, ...params: unknown[]) =>
  db()
    .$client.prepare(sql)
    .all(...params) as T[]
const one = (sql: string, ...params: unknown[]) =>
  db()
    .$client.prepare(sql)
    .pluck()
    .get(...params) as number

function wallClock(instant: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant))
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return { weekday: get('weekday'), minutes: Number(get('hour')) * 60 + Number(get('minute')) }
}

beforeAll(async () => {
  migrateDatabase(getEnv().DATABASE_PATH)
  expect(databaseState(db())).toBe('empty')
  await expect(seedDemo(db(), { now: NOW })).resolves.toBe('seeded')
})

describe('demo seed', () => {
  test('creates the three demo accounts with the published password', async () => {
    const rows = all<{
      email: string
      first_name: string
      last_name: string
      is_admin: number
      is_practitioner: number
      password_hash: string
    }>(`SELECT * FROM users WHERE email IN (${DEMO_ACCOUNT_EMAILS.map(() => '?').join(',')})`, ...DEMO_ACCOUNT_EMAILS)
    const byEmail = Object.fromEntries(rows.map((r) => [r.email, r]))
    expect(byEmail['admin@solace.test']).toMatchObject({ is_admin: 1, is_practitioner: 0 })
    expect(byEmail['practitioner@solace.test']).toMatchObject({
      is_admin: 0,
      is_practitioner: 1,
      stripe_account_id: 'acct_demo_practitioner',
      stripe_account_status: 'active',
      onboarding_complete: 1,
    })
    expect(byEmail['client@solace.test']).toMatchObject({ is_admin: 0, is_practitioner: 0 })
    for (const row of rows) {
      expect(row.first_name).not.toBe('')
      await expect(verifyPassword(DEMO_PASSWORD, row.password_hash, { address: 'test' })).resolves.toBe(true)
    }
    expect(isSeeded(db())).toBe(true)
  })

  test('gives every practitioner a complete, payable profile with a picture that exists', () => {
    const practitioners = all<{
      id: number
      profile_image_url: string | null
      title: string | null
      bio: string | null
      phone_number: string | null
      stripe_account_id: string | null
      stripe_account_status: string | null
      onboarding_complete: number
    }>('SELECT * FROM users WHERE is_practitioner = 1')
    expect(practitioners.length).toBeGreaterThanOrEqual(9)
    for (const p of practitioners) {
      expect(p.title).toBeTruthy()
      expect(p.bio?.split(/[.!?](\s|$)/).filter((s) => s.trim().length > 1).length).toBeGreaterThanOrEqual(2)
      expect(p.phone_number?.length).toBeGreaterThanOrEqual(10)
      expect(p.stripe_account_id).toMatch(/^acct_demo_/)
      expect(p.stripe_account_status).toBe('active')
      expect(p.onboarding_complete).toBe(1)
      expect(p.profile_image_url).toMatch(/^\/images\/practitioners\/.+\.svg$/)
      expect(fs.existsSync(path.join(PUBLIC_DIR, p.profile_image_url ?? ''))).toBe(true)
      const positions = all<{ position: number }>(
        'SELECT position FROM user_specialties WHERE user_id = ? ORDER BY position',
        p.id,
      ).map((r) => r.position)
      expect(positions.length).toBeGreaterThanOrEqual(2)
      expect(positions.length).toBeLessThanOrEqual(4)
      expect(positions).toEqual(positions.map((_, i) => i))
    }
  })

  test('gives every practitioner professional details the profile would accept, and GST/HST numbers to those who charge tax', () => {
    const rows = all<Record<string, string | null>>(
      `SELECT first_name AS firstName, last_name AS lastName, profession, profession_other AS professionOther,
         regulatory_body AS regulatoryBody, registration_number AS registrationNumber, business_name AS businessName,
         business_address AS businessAddress, gst_hst_number AS gstHstNumber
       FROM users WHERE is_practitioner = 1`,
    )
    for (const row of rows) {
      expect(row.profession, row.firstName!).toBeTruthy()
      expect(ProfileApiSchema.parse(row)).toMatchObject(row)
    }
    // The regulated ones name their college and registration number (the public trust line).
    expect(rows.filter((r) => r.regulatoryBody && r.registrationNumber).length).toBeGreaterThanOrEqual(3)
    expect(
      rows
        .filter((r) => r.gstHstNumber)
        .map((r) => r.firstName)
        .sort(),
    ).toEqual(['Hannah', 'Liam'])
    // A service charges tax only for a practitioner with a number.
    expect(
      one(`SELECT count(*) FROM services s JOIN users u ON u.id = s.practitioner_id
           WHERE s.tax_kind != 'none' AND u.gst_hst_number IS NULL`),
    ).toBe(0)
    expect(one(`SELECT count(*) FROM services WHERE tax_kind != 'none'`)).toBeGreaterThan(0)
  })

  test('offers services in every category, one free intro and at least one inactive', () => {
    const services = all<{
      practitioner_id: number
      category: string
      price_cents: number
      duration_minutes: number
      image_url: string
      meeting_link: string
      details: string
      is_active: number
      is_free_intro: number
    }>('SELECT * FROM services')
    expect(services.length).toBeGreaterThanOrEqual(20)
    expect(new Set(services.map((s) => s.category))).toEqual(new Set(SERVICE_CATEGORIES))
    const freeIntros = services.filter((s) => s.is_free_intro)
    expect(freeIntros).toHaveLength(1)
    expect(freeIntros[0]?.price_cents).toBe(0)
    expect(services.some((s) => !s.is_active)).toBe(true)
    for (const s of services) {
      expect([30, 45, 60, 75, 90]).toContain(s.duration_minutes)
      expect(s.price_cents === 0 || (s.price_cents >= 4500 && s.price_cents <= 15000)).toBe(true)
      expect(fs.existsSync(path.join(PUBLIC_DIR, s.image_url))).toBe(true)
      expect(s.meeting_link).toMatch(/^https:\/\/meet\.solace\.test\/[a-z0-9-]+$/)
      const details = JSON.parse(s.details) as string[]
      expect(details.length).toBeGreaterThanOrEqual(3)
      expect(details.length).toBeLessThanOrEqual(5)
    }
    const demoPractitionerId = one("SELECT id FROM users WHERE email = 'practitioner@solace.test'")
    const own = services.filter((s) => s.practitioner_id === demoPractitionerId)
    expect(own).toHaveLength(3)
    expect(own.some((s) => s.price_cents === 0)).toBe(true)
  })

  test('opens weekday slots for every active service over the next two weeks, DST included', () => {
    const missing = one(
      `SELECT count(*) FROM services s WHERE s.is_active = 1 AND NOT EXISTS (
         SELECT 1 FROM time_slots t WHERE t.service_id = s.id AND t.is_booked = 0
           AND t.start_time > ? AND t.start_time < ?)`,
      NOW.getTime(),
      NOW.getTime() + 14 * DAY_MS,
    )
    expect(missing).toBe(0)
    expect(
      one(
        'SELECT count(*) FROM time_slots t JOIN services s ON s.id = t.service_id WHERE s.is_active = 0 AND t.start_time > ?',
        NOW.getTime(),
      ),
    ).toBe(0)
    const slots = all<{ start_time: number; end_time: number; time_zone: string }>(
      'SELECT t.start_time, t.end_time, u.time_zone FROM time_slots t JOIN users u ON u.id = t.practitioner_id',
    )
    for (const slot of slots) {
      const start = wallClock(slot.start_time, slot.time_zone)
      const end = wallClock(slot.end_time, slot.time_zone)
      expect(['Sat', 'Sun']).not.toContain(start.weekday)
      expect(start.minutes).toBeGreaterThanOrEqual(9 * 60)
      expect(end.minutes).toBeLessThanOrEqual(17 * 60)
    }
    expect(
      one(
        'SELECT count(*) FROM (SELECT batch_id FROM time_slots WHERE batch_id IS NOT NULL GROUP BY batch_id HAVING count(*) > 1)',
      ),
    ).toBeGreaterThan(0)
  })

  test('never double-books a practitioner', () => {
    const overlaps = one(
      `SELECT count(*) FROM time_slots a JOIN time_slots b
         ON a.practitioner_id = b.practitioner_id AND a.id < b.id
        AND a.start_time < b.end_time AND b.start_time < a.end_time`,
    )
    expect(overlaps).toBe(0)
  })

  test('books past and upcoming sessions consistently with their slots and fees', () => {
    const rows = all<{
      status: string
      start_time: number
      end_time: number
      slot_start: number
      slot_end: number
      slot_booked: number
      total_amount_cents: number
      tax_cents: number
      tax_kind: TaxKind
      platform_fee_cents: number
      practitioner_amount_cents: number
      is_paid: number
      service_name: string
      name: string
      duration_minutes: number
      service_duration: number
      service_price: number
      service_tax_kind: TaxKind
    }>(`SELECT b.*, t.start_time AS slot_start, t.end_time AS slot_end, t.is_booked AS slot_booked,
               s.name, s.duration_minutes AS service_duration, s.price_cents AS service_price,
               s.tax_kind AS service_tax_kind
          FROM bookings b JOIN time_slots t ON t.id = b.time_slot_id JOIN services s ON s.id = b.service_id`)
    expect(rows.length).toBe(one('SELECT count(*) FROM bookings'))
    // Hannah Kim's services carry HST (issue 44): the demo has taxed bookings to show.
    expect(rows.some((b) => b.tax_kind === 'hst13' && b.tax_cents > 0)).toBe(true)
    for (const b of rows) {
      expect([b.start_time, b.end_time]).toEqual([b.slot_start, b.slot_end])
      expect(b.service_name).toBe(b.name)
      expect(b.duration_minutes).toBe(b.service_duration)
      // As booked on the site: the fee and its tax; our 5 % of the fee before tax, the rest and the tax theirs.
      expect(b.tax_kind).toBe(b.service_tax_kind)
      expect(b.tax_cents).toBe(taxOn(b.service_price, b.tax_kind))
      expect(b.total_amount_cents).toBe(b.service_price + b.tax_cents)
      expect(b.platform_fee_cents).toBe(Math.round((b.total_amount_cents - b.tax_cents) * 0.05))
      expect(b.practitioner_amount_cents).toBe(b.total_amount_cents - b.platform_fee_cents)
      expect(b.is_paid).toBe(b.total_amount_cents > 0 ? 1 : 0)
      if (b.status === 'completed') {
        expect(b.end_time).toBeLessThan(NOW.getTime())
        expect(b.slot_booked).toBe(1)
      } else if (b.status === 'confirmed') {
        expect(b.start_time).toBeGreaterThan(NOW.getTime())
        expect(b.slot_booked).toBe(1)
      } else {
        expect(b.status).toBe('cancelled')
        expect(b.slot_booked).toBe(0)
      }
    }
    const demo = all<{ status: string; practitioner_email: string; start_time: number }>(
      `SELECT b.status, b.start_time, p.email AS practitioner_email FROM bookings b
         JOIN users c ON c.id = b.client_id JOIN users p ON p.id = b.practitioner_id
        WHERE c.email = 'client@solace.test'`,
    )
    expect(demo.filter((b) => b.status === 'completed').length).toBeGreaterThanOrEqual(2)
    const upcoming = demo.filter((b) => b.status === 'confirmed' && b.start_time > NOW.getTime())
    expect(upcoming.length).toBeGreaterThanOrEqual(2)
    expect(demo.some((b) => b.practitioner_email === 'practitioner@solace.test')).toBe(true)
  })

  test('gives every paid session its receipt, and every refund its refund receipt, numbered in time order', () => {
    const paid = one(`SELECT count(*) FROM bookings WHERE is_paid = 1 AND total_amount_cents > 0`)
    const refunded = one(`SELECT count(*) FROM bookings WHERE is_paid = 1 AND refunded_amount_cents > 0`)
    expect(paid).toBeGreaterThan(0)
    expect(refunded).toBeGreaterThan(0)
    expect(one(`SELECT count(*) FROM receipts WHERE kind = 'receipt'`)).toBe(paid)
    expect(one(`SELECT count(*) FROM receipts WHERE kind = 'refund'`)).toBe(refunded)
    expect(
      one(`SELECT count(*) FROM receipts r JOIN bookings b ON b.id = r.booking_id
           WHERE r.kind = 'receipt' AND (r.total_cents != b.total_amount_cents OR r.client_id IS NOT b.client_id)`),
    ).toBe(0)
    const rows = all<{ practitioner_id: number; number: number; issued_at: number }>(
      `SELECT practitioner_id, number, issued_at FROM receipts ORDER BY practitioner_id, number`,
    )
    const byPractitioner = new Map<number, typeof rows>()
    for (const row of rows)
      byPractitioner.set(row.practitioner_id, [...(byPractitioner.get(row.practitioner_id) ?? []), row])
    for (const list of byPractitioner.values()) {
      expect(list.map((row) => row.number)).toEqual(list.map((_, i) => i + 1))
      const times = list.map((row) => row.issued_at)
      expect(times).toEqual([...times].sort((a, b) => a - b))
    }
  })

  test('ties reviews to completed bookings and keeps ratings equal to their average', () => {
    expect(
      one(
        `SELECT count(*) FROM reviews r LEFT JOIN bookings b ON b.id = r.booking_id
          WHERE b.id IS NULL OR b.status != 'completed' OR b.client_id != r.client_id
             OR b.practitioner_id != r.practitioner_id OR r.rating NOT BETWEEN 3 AND 5
             OR r.created_at < b.end_time OR r.created_at > ?`,
        NOW.getTime(),
      ),
    ).toBe(0)
    const drift = (table: string, key: string) =>
      one(
        `SELECT count(*) FROM ${table} x WHERE
           abs(x.rating - coalesce((SELECT avg(rating) FROM reviews r WHERE r.${key} = x.id), 0)) > 1e-9
           OR x.review_count != (SELECT count(*) FROM reviews r WHERE r.${key} = x.id)`,
      )
    expect(drift('users', 'practitioner_id')).toBe(0)
    expect(drift('services', 'service_id')).toBe(0)
    const counts = all<{ review_count: number }>('SELECT review_count FROM users WHERE is_practitioner = 1').map(
      (r) => r.review_count,
    )
    expect(counts.filter((n) => n > 0).length).toBeGreaterThan(counts.length / 2)
    expect(counts).toContain(0)
  })

  test('adds conversations, contact messages and leads', () => {
    const thread = all<{ id: number; is_reply_to: number | null; is_read: number }>(
      `SELECT m.* FROM messages m JOIN users s ON s.id = m.sender_id JOIN users r ON r.id = m.recipient_id
        WHERE s.email IN ('client@solace.test', 'practitioner@solace.test')
          AND r.email IN ('client@solace.test', 'practitioner@solace.test')`,
    )
    expect(thread.length).toBeGreaterThanOrEqual(3)
    expect(thread.some((m) => m.is_reply_to !== null)).toBe(true)
    expect(thread.some((m) => !m.is_read)).toBe(true)
    expect(one('SELECT count(*) FROM messages')).toBeGreaterThan(thread.length)
    expect(one('SELECT count(*) FROM contact_messages')).toBeGreaterThanOrEqual(2)
    expect(one('SELECT count(*) FROM contact_messages WHERE is_read = 1')).toBe(1)
    const leads = all<{
      practice_type: string
      years_of_experience: string
      source: string
      user_type: string
    }>('SELECT * FROM leads')
    expect(leads.length).toBeGreaterThanOrEqual(2)
    for (const lead of leads) {
      expect(PRACTICE_TYPES).toContain(lead.practice_type)
      expect(EXPERIENCE_VALUES).toContain(lead.years_of_experience)
      expect(lead).toMatchObject({ source: 'launching_soon', user_type: 'practitioner' })
    }
  })

  test('a second run changes nothing', async () => {
    const before = countRows(db(), NOW)
    await expect(seedDemo(db(), { now: new Date(NOW.getTime() + DAY_MS) })).resolves.toBe('already-seeded')
    expect(countRows(db(), NOW)).toEqual(before)
  })
})
