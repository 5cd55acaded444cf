import { eq } from 'drizzle-orm'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { emailOutbox } from '~/db/schema'
import { resetEnvCache } from '~/env.server'
import { mockServer } from '../../tests/mocks/server'
import { sendEmail } from './email.server'

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

  test('a provider failure is recorded, not thrown', async () => {
    process.env.RESEND_API_KEY = 're_test_key'
    resetEnvCache()
    mockServer.use(
      http.post('https://api.resend.com/emails', () => HttpResponse.json({ message: 'down' }, { status: 503 })),
    )
    const sent = await sendEmail(email)
    expect(sent.status).toBe('failed')
    expect(outboxRow(sent.id)?.error).toContain('503')
  })
})
