import { eq } from 'drizzle-orm'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { getDb } from '~/db/client.server'
import { emailOutbox } from '~/db/schema'
import { resetEnvCache } from '~/env.server'
import { captureLog, LEVEL } from '../../tests/helpers/log'
import { mockServer } from '../../tests/mocks/server'
import { deliverQueuedEmails, sendEmail } from './email.server'

const email = { to: 'person@example.com', subject: 'Hello', text: 'Visit https://solace.test/x' }

function outboxRow(id: number) {
  return getDb().select().from(emailOutbox).where(eq(emailOutbox.id, id)).get()
}

describe('sendEmail', () => {
  afterEach(() => {
    delete process.env.RESEND_API_KEY
    resetEnvCache()
  })

  test('without a provider key the outbox row is the delivery', async () => {
    const sent = await sendEmail(email)
    expect(sent.status).toBe('logged')
    expect(outboxRow(sent.id)).toMatchObject({ to: email.to, subject: 'Hello', status: 'logged', sentAt: null })
  })

  test('with a key it goes through the provider and the outbox records its id', async () => {
    process.env.RESEND_API_KEY = 're_test_key'
    resetEnvCache()
    let body: Record<string, unknown> | undefined
    mockServer.use(
      http.post('https://api.resend.com/emails', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>
        return HttpResponse.json({ id: 'email_123' })
      }),
    )
    const sent = await sendEmail(email)
    expect(sent.status).toBe('sent')
    expect(body).toMatchObject({ to: [email.to], subject: 'Hello', text: email.text })
    expect(outboxRow(sent.id)).toMatchObject({ status: 'sent', providerMessageId: 'email_123' })
  })

  test('a provider failure is recorded, not thrown, and retried with back-off until the attempts run out', async () => {
    process.env.RESEND_API_KEY = 're_test_key'
    resetEnvCache()
    mockServer.use(
      http.post('https://api.resend.com/emails', () => HttpResponse.json({ message: 'down' }, { status: 503 })),
    )
    const now = new Date('2031-01-01T00:00:00Z')
    const sent = await sendEmail(email, now)
    expect(sent.status).toBe('queued')
    expect(outboxRow(sent.id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      nextAttemptAt: new Date(now.getTime() + 60_000),
    })
    expect(outboxRow(sent.id)?.error).toContain('503')
    // 1, 5, 15 and 60 minutes later: the fifth attempt is the last.
    let at = now.getTime()
    for (const wait of [1, 5, 15, 60]) {
      at += wait * 60_000
      await deliverQueuedEmails(new Date(at))
    }
    expect(outboxRow(sent.id)).toMatchObject({ status: 'failed', attempts: 5, nextAttemptAt: null })
  })
})

describe('what a person typed cannot forge a log line or a header', () => {
  const forged = 'Booking confirmed: Yoga\r\n[payments] refund of $5,000.00 CAD to attacker@example.com succeeded'
  const text = 'Hello Ada,\n\nYour session of Yoga\r[admin] user 1 deleted is booked.\nhttps://solace.test/bookings/7'

  afterEach(() => {
    vi.restoreAllMocks()
    delete process.env.RESEND_API_KEY
    resetEnvCache()
  })

  test('the logged email: every line its own, starting with [email], user text escaped', async () => {
    const log = captureLog()
    const sent = await sendEmail({ to: 'person@example.com', subject: forged, text })
    // At `info` (production's level): which email, never its address or text.
    const info = log.filter((record) => record.level >= LEVEL.info)
    expect(info.map((record) => record.msg)).toEqual([`[email ${sent.id}] kept in the outbox (no RESEND_API_KEY)`])
    // At `debug` (development's): the email, for following its links.
    const logged = log.filter((record) => record.level === LEVEL.debug).map((record) => record.msg)
    expect(logged).toHaveLength(1)
    const lines = logged[0]!.split(/\r\n|[\n\r\u2028\u2029]/)
    for (const line of lines) expect(line).toMatch(/^\[email\] /)
    // The subject's line break is gone before the log (a header never has one), each line of
    // the text is a line of its own, and the carriage return inside one is escaped.
    expect(lines[0]).toBe(
      '[email] to person@example.com: Booking confirmed: Yoga [payments] refund of $5,000.00 CAD to attacker@example.com succeeded',
    )
    expect(lines).toContain('[email]   Your session of Yoga\\r[admin] user 1 deleted is booked.')
    expect(lines).toContain('[email]   https://solace.test/bookings/7')
  })

  test('a subject reaches the outbox and the provider as one line', async () => {
    process.env.RESEND_API_KEY = 're_test_key'
    resetEnvCache()
    let body: Record<string, unknown> | undefined
    mockServer.use(
      http.post('https://api.resend.com/emails', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>
        return HttpResponse.json({ id: 'email_456' })
      }),
    )
    const sent = await sendEmail({ to: 'person@example.com', subject: `${forged}\u0000\u2028Bcc: x@example.com`, text })
    const oneLine =
      'Booking confirmed: Yoga [payments] refund of $5,000.00 CAD to attacker@example.com succeeded Bcc: x@example.com'
    expect(body?.subject).toBe(oneLine)
    expect(outboxRow(sent.id)?.subject).toBe(oneLine)
    expect(body?.text).toBe(text)
  })

  test("a provider's failure is logged by the email's id; its answer stays in the outbox row", async () => {
    process.env.RESEND_API_KEY = 're_test_key'
    resetEnvCache()
    const log = captureLog()
    mockServer.use(
      http.post('https://api.resend.com/emails', () =>
        HttpResponse.text('bad subject\r\n[payments] forged for person@example.com', { status: 422 }),
      ),
    )
    const sent = await sendEmail({ to: 'person@example.com', subject: 'Hi', text })
    expect(log.map(({ level, msg }) => ({ level, msg }))).toEqual([
      { level: LEVEL.warn, msg: `[email ${sent.id}] sending failed (attempt 1); it will be retried` },
    ])
    expect(JSON.stringify(log)).not.toMatch(/person@example\.com|forged/)
    expect(outboxRow(sent.id)?.error).toBe('422: bad subject\r\n[payments] forged for person@example.com')
  })
})
