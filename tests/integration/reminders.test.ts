import { fork, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import ICAL from 'ical.js'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { getDb } from '~/db/client.server'
import { bookingReminders, bookings, emailOutbox } from '~/db/schema'
import { getEnv, resetEnvCache } from '~/env.server'
import { deliverQueuedEmails } from '~/integrations/email.server'
import { sweepEmails } from '~/jobs/maintenance.server'
import { resetAllLimits } from '~/lib/rate-limit.server'
import { setNotificationSettings } from '~/models/accounts/notification-settings.server'
import { createBooking } from '~/models/booking/booking.server'
import { queueDueReminders } from '~/models/booking/reminders.server'
import { rescheduleBooking } from '~/models/booking/reschedule.server'
import { createListedPractitioner, createUser, insertService, insertSlot, outbox } from '../helpers'
import { mockServer } from '../mocks/server'
import type { SweepOrder } from './reminder-sweep.worker'

/**
 * Session reminders (issue 30, "Reminders"; docs/decisions/036-session-reminders.md), driven
 * with a fake clock: the sweep is given `now`, as the minute timer gives it the real one.
 */

const HOUR = 60 * 60_000
const MINUTE = 60_000
/** 10:00 in Toronto, 23:00 in Tokyo, on a day with no daylight-saving change near it. */
const START = Date.UTC(2031, 4, 6, 14, 0)
const at = (offset: number) => new Date(START + offset)

beforeEach(resetAllLimits)
afterEach(() => {
  delete process.env.RESEND_API_KEY
  resetEnvCache()
})

let serial = 0

/** A practitioner in Tokyo, a client in Toronto, and the client's confirmed (free) session at START. */
async function session({ startTime = START, priceCents = 0 } = {}) {
  serial += 1
  const practitioner = await createListedPractitioner({
    firstName: 'Noa',
    lastName: `Reminder${serial}`,
    timeZone: 'Asia/Tokyo',
  })
  const service = insertService(practitioner.id, {
    name: `Evening Stretch ${serial}`,
    priceCents,
    meetingLink: 'https://meet.example.com/stretch',
  })
  const client = await createUser({ firstName: 'Rae', lastName: `Client${serial}`, timeZone: 'America/Toronto' })
  const slot = insertSlot({
    practitionerId: practitioner.id,
    serviceId: service.id,
    startTime: new Date(startTime),
    minutes: 60,
  })
  const booked = await createBooking(
    { id: client.id, email: client.email, firstName: client.firstName, timeZone: client.timeZone },
    { serviceId: service.id, timeSlotId: slot.id },
    new Date(startTime - 7 * 24 * HOUR),
  )
  // Made a week ahead (the clock the booking was made by is not the database's own).
  setSince(booked.id, startTime - 7 * 24 * HOUR)
  return { practitioner, client, service, bookingId: booked.id }
}

function setSince(bookingId: number, instant: number) {
  getDb()
    .update(bookings)
    .set({ createdAt: new Date(instant) })
    .where(eq(bookings.id, bookingId))
    .run()
}

const reminders = (to: string) => outbox(to).filter((email) => /^(Tomorrow|In one hour):/.test(email.subject))

function invitation(email: { attachments: { filename: string; content: string }[] }) {
  const [file] = email.attachments
  expect(file?.filename).toBe('session.ics')
  const vevent = new ICAL.Component(
    ICAL.parse(Buffer.from(file!.content, 'base64').toString('utf8')),
  ).getFirstSubcomponent('vevent')!
  const event = new ICAL.Event(vevent)
  return {
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().getTime(),
    summary: event.summary,
  }
}

describe('who is reminded, when', () => {
  test('a day and an hour before: each person once, in their own zone, with the page, the Join link and the invitation', async () => {
    const { practitioner, client, bookingId } = await session()

    expect(queueDueReminders(at(-24 * HOUR - MINUTE))).toEqual({ reminders: 0 })
    expect(await sweepEmails(at(-24 * HOUR))).toMatchObject({ reminders: 2, delivered: 2 })
    const [clientDay] = reminders(client.email)
    expect(clientDay).toMatchObject({
      subject: `Tomorrow: Evening Stretch ${serial} with Noa Reminder${serial}`,
      status: 'logged',
    })
    expect(clientDay!.text).toContain('When: May 6, 2031, 10:00 AM – 11:00 AM EDT (60 minutes)')
    // Where to join: the session's own video room (its service has a meeting link, but uses the room).
    expect(clientDay!.text).toContain(
      `Join (from 15 minutes before the start): http://localhost:${getEnv().PORT}/sessions/${bookingId}`,
    )
    expect(clientDay!.text).toContain(`Your session: http://localhost:${getEnv().PORT}/bookings/${bookingId}`)
    expect(invitation(clientDay!)).toEqual({
      uid: `booking-${bookingId}@solace`,
      sequence: 0,
      start: START,
      summary: `Evening Stretch ${serial} with Noa Reminder${serial}`,
    })
    const [practitionerDay] = reminders(practitioner.email)
    expect(practitionerDay!.subject).toBe(`Tomorrow: Evening Stretch ${serial} with Rae Client${serial}`)
    expect(practitionerDay!.text).toContain('When: May 6, 2031, 11:00 PM – 12:00 AM GMT+9')
    expect(practitionerDay!.text).toContain('/practitioner/dashboard')
    expect(practitionerDay!.text).not.toContain(client.email)

    // Every later sweep of the day's window finds it done.
    for (const offset of [-24 * HOUR, -23 * HOUR, -2 * HOUR]) expect(queueDueReminders(at(offset)).reminders).toBe(0)

    expect(queueDueReminders(at(-HOUR + 30_000)).reminders).toBe(2)
    expect(reminders(client.email).map((email) => email.subject)).toEqual([
      `Tomorrow: Evening Stretch ${serial} with Noa Reminder${serial}`,
      `In one hour: Evening Stretch ${serial} with Noa Reminder${serial}`,
    ])
    expect(queueDueReminders(at(-30 * MINUTE)).reminders).toBe(0)
    expect(queueDueReminders(at(MINUTE)).reminders).toBe(0)
    expect(reminders(practitioner.email)).toHaveLength(2)
  })

  test('a booking made inside a window skips that reminder; a late sweep never sends the day’s once the hour’s is due', async () => {
    const inside = await session()
    setSince(inside.bookingId, START - 10 * HOUR)
    await session() // booked a week ahead: its day reminder goes
    expect(queueDueReminders(at(-9 * HOUR)).reminders).toBe(2) // the late one's day reminder only
    expect(reminders(inside.client.email)).toEqual([])
    expect(queueDueReminders(at(-50 * MINUTE)).reminders).toBe(4)
    expect(reminders(inside.client.email).map((email) => email.subject.split(':')[0])).toEqual(['In one hour'])

    // Nothing ran during the whole day window: only the hour's reminder goes.
    const missed = await session({ startTime: START + 3 * 24 * HOUR })
    expect(queueDueReminders(at(3 * 24 * HOUR - 40 * MINUTE)).reminders).toBe(2)
    expect(reminders(missed.client.email).map((email) => email.subject.split(':')[0])).toEqual(['In one hour'])
  })

  test('nothing for cancelled or unpaid bookings', async () => {
    const cancelled = await session({ startTime: START + 5 * 24 * HOUR })
    getDb()
      .update(bookings)
      .set({ status: 'cancelled', cancellationReason: 'client' })
      .where(eq(bookings.id, cancelled.bookingId))
      .run()
    const unpaid = await session({ startTime: START + 5 * 24 * HOUR, priceCents: 5000 })
    expect(getDb().select().from(bookings).where(eq(bookings.id, unpaid.bookingId)).get()?.status).toBe('pending')
    expect(queueDueReminders(at(5 * 24 * HOUR - 24 * HOUR)).reminders).toBe(0)
    expect(queueDueReminders(at(5 * 24 * HOUR - HOUR)).reminders).toBe(0)
  })

  test('each person chooses each kind: a reminder turned off is not sent', async () => {
    const { practitioner, client } = await session({ startTime: START + 7 * 24 * HOUR })
    setNotificationSettings(client.id, { emailReminderDay: false })
    setNotificationSettings(practitioner.id, { emailReminderHour: false })
    expect(queueDueReminders(at(7 * 24 * HOUR - 24 * HOUR)).reminders).toBe(1)
    expect(queueDueReminders(at(7 * 24 * HOUR - HOUR)).reminders).toBe(1)
    expect(reminders(client.email).map((email) => email.subject.split(':')[0])).toEqual(['In one hour'])
    expect(reminders(practitioner.email).map((email) => email.subject.split(':')[0])).toEqual(['Tomorrow'])
  })

  test('a booking moved after its day reminder went out is reminded of its new time, as a new revision', async () => {
    const { client, practitioner, service, bookingId } = await session({ startTime: START + 9 * 24 * HOUR })
    const first = START + 9 * 24 * HOUR
    expect(queueDueReminders(new Date(first - 24 * HOUR)).reminders).toBe(2)
    // The client moves it a day later, an hour after that reminder (free: theirs to move until it starts).
    const moved = first + 24 * HOUR
    const later = insertSlot({ practitionerId: practitioner.id, serviceId: service.id, startTime: new Date(moved) })
    await rescheduleBooking(client, bookingId, later.id, { now: new Date(first - 23 * HOUR) })
    expect(queueDueReminders(new Date(first - HOUR)).reminders).toBe(0) // the old time reminds no one
    expect(queueDueReminders(new Date(moved - 24 * HOUR)).reminders).toBe(2)
    const [before, after] = reminders(client.email)
    expect(invitation(before!)).toMatchObject({ start: first, sequence: 0 })
    expect(invitation(after!)).toMatchObject({ start: moved, sequence: 1, uid: `booking-${bookingId}@solace` })
    expect(after!.text).toContain('May 16, 2031, 10:00 AM')
  })
})

describe('exactly once, whatever happens', () => {
  // The reminders the tests above queued and left undelivered go first, offline.
  beforeEach(() => deliverQueuedEmails(new Date(START + 365 * 24 * HOUR), 1000))

  const WORKER = path.join(import.meta.dirname, 'reminder-sweep.worker.ts')

  function sweeper(): Promise<ChildProcess> {
    const child = fork(WORKER, {
      cwd: path.resolve(import.meta.dirname, '../..'),
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, DATABASE_PATH: getEnv().DATABASE_PATH },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    })
    let stderr = ''
    child.stderr!.on('data', (chunk) => (stderr += chunk))
    return new Promise((resolve, reject) => {
      child.once('message', (message) => (message === 'ready' ? resolve(child) : reject(new Error(String(message)))))
      child.once('exit', (code) => reject(new Error(`a sweeper exited (${code}):\n${stderr}`)))
    })
  }

  test('three machines sweeping the same minute record and send each reminder once', async () => {
    const startTime = START + 11 * 24 * HOUR
    const sessions = []
    for (let i = 0; i < 6; i++) sessions.push(await session({ startTime: startTime + i * MINUTE }))
    const sweepers = await Promise.all([sweeper(), sweeper(), sweeper()])
    try {
      const order: SweepOrder = { at: Date.now() + 50, now: startTime - 24 * HOUR + 10 * MINUTE }
      const results = await Promise.all(
        sweepers.map(
          (child) =>
            new Promise<{ reminders: number; delivered: number }>((resolve) => {
              child.once('message', (result) => resolve(result as { reminders: number; delivered: number }))
              child.send(order)
            }),
        ),
      )
      expect(results.reduce((sum, result) => sum + result.reminders, 0)).toBe(12)
      expect(results.reduce((sum, result) => sum + result.delivered, 0)).toBe(12)
    } finally {
      for (const child of sweepers) child.kill()
    }
    for (const { client, practitioner } of sessions) {
      expect(reminders(client.email).map((email) => email.status)).toEqual(['logged'])
      expect(reminders(practitioner.email).map((email) => email.status)).toEqual(['logged'])
    }
  }, 30_000)

  test('a provider that fails is tried again with the same key until it takes the email', async () => {
    const { client } = await session({ startTime: START + 13 * 24 * HOUR })
    setNotificationSettings(practitionerOf(client.email).id, { emailReminderDay: false })
    useProvider()
    const keys: string[] = []
    let failures = 2
    mockServer.use(
      http.post('https://api.resend.com/emails', ({ request }) => {
        keys.push(request.headers.get('idempotency-key') ?? '')
        if (failures-- > 0) return HttpResponse.json({ message: 'busy' }, { status: 503 })
        return HttpResponse.json({ id: `email_${keys.length}` })
      }),
    )
    const due = START + 13 * 24 * HOUR - 24 * HOUR
    expect(await sweepEmails(new Date(due))).toMatchObject({ reminders: 1, retrying: 1 })
    expect(reminders(client.email)[0]).toMatchObject({ status: 'queued', attempts: 1 })
    // Not before its back-off; then again (503), then taken.
    expect(await deliverQueuedEmails(new Date(due + 30_000))).toEqual({ delivered: 0, retrying: 0, failed: 0 })
    expect(await deliverQueuedEmails(new Date(due + MINUTE))).toEqual({ delivered: 0, retrying: 1, failed: 0 })
    expect(await deliverQueuedEmails(new Date(due + 6 * MINUTE))).toEqual({ delivered: 1, retrying: 0, failed: 0 })
    expect(reminders(client.email)).toEqual([
      expect.objectContaining({ status: 'sent', attempts: 3, providerMessageId: 'email_3' }),
    ])
    expect(new Set(keys).size).toBe(1)
    expect(keys[0]).toMatch(/^solace\/localhost:\d+\/email\/\d+-\d+$/)
  })

  test('a delivery that never answered (the process stopped) is taken up again; a slow one is not sent twice', async () => {
    const { client } = await session({ startTime: START + 15 * 24 * HOUR })
    setNotificationSettings(practitionerOf(client.email).id, { emailReminderDay: false })
    useProvider()
    const keys: string[] = []
    let answer!: () => void
    const slow = new Promise<void>((resolve) => (answer = resolve))
    mockServer.use(
      http.post('https://api.resend.com/emails', async ({ request }) => {
        keys.push(request.headers.get('idempotency-key') ?? '')
        if (keys.length === 1) await slow
        return HttpResponse.json({ id: `email_${keys.length}` })
      }),
    )
    const due = START + 15 * 24 * HOUR - 24 * HOUR
    queueDueReminders(new Date(due))

    // A slow provider: the next minute's run finds the email being sent and leaves it.
    const first = deliverQueuedEmails(new Date(due))
    await vi.waitFor(() => expect(keys).toHaveLength(1))
    expect(await deliverQueuedEmails(new Date(due + MINUTE))).toEqual({ delivered: 0, retrying: 0, failed: 0 })
    answer()
    expect(await first).toEqual({ delivered: 1, retrying: 0, failed: 0 })
    expect(keys).toHaveLength(1)

    // A process that stopped mid-send leaves its email `sending`: ten minutes on it goes again,
    // with the same key, so the provider sends it once whatever the first attempt did.
    const [row] = reminders(client.email)
    getDb()
      .update(emailOutbox)
      .set({ status: 'sending', claimedAt: new Date(due), sentAt: null })
      .where(eq(emailOutbox.id, row!.id))
      .run()
    expect(await deliverQueuedEmails(new Date(due + 5 * MINUTE))).toMatchObject({ delivered: 0 })
    expect(await deliverQueuedEmails(new Date(due + 10 * MINUTE))).toMatchObject({ delivered: 1 })
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
    expect(getDb().select().from(bookingReminders).where(eq(bookingReminders.outboxId, row!.id)).all()).toHaveLength(1)
  })
})

/** From here on, emails go through the provider (answered by msw). */
function useProvider() {
  process.env.RESEND_API_KEY = 're_test_key'
  resetEnvCache()
}

/** The practitioner of the client's booking. */
function practitionerOf(clientEmail: string) {
  const row = getDb().get<{ id: number }>(
    sql`SELECT b.practitioner_id AS id FROM bookings b JOIN users c ON c.id = b.client_id WHERE c.email = ${clientEmail}`,
  )
  return row!
}
