import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { eq } from 'drizzle-orm'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { getDb } from '~/db/client.server'
import { bookings, payouts, stripeEvents, timeSlots } from '~/db/schema'
import { getEnv, resetEnvCache } from '~/env.server'
import { signEvent } from '~/integrations/stripe-emulator/events.server'
import {
  completeOnboarding,
  payCheckoutSession,
  type CheckoutSession,
} from '~/integrations/stripe-emulator/payments.server'
import { findObject } from '~/integrations/stripe-emulator/store.server'
import { EMULATOR_SECRET_FILE, emulatorWebhookSecret } from '~/integrations/stripe-emulator/webhook-secret.server'
import { webhookSecret } from '~/integrations/stripe.server'
import { errorForLog, log } from '~/lib/log.server'
import { createBooking } from '~/models/booking/booking.server'
import { releaseLapsedHolds, startCheckout } from '~/models/booking/payments.server'
import {
  CLAIM_STALE_MS,
  EVENT_IN_PROGRESS,
  EVENT_NOT_APPLIED_YET,
  FUTURE_SKEW_SECONDS,
} from '~/models/booking/stripe-webhook.server'
import { createConnectedAccount } from '~/models/practice/connect.server'
import {
  createListedPractitioner,
  createUser,
  deliverEvent,
  deliverRaisedEvents,
  insertService,
  insertSlot,
  ORIGIN,
  outbox,
  raisedEvents,
  stripeEvent,
  userRow,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'
import { mockServer } from '../mocks/server'

/**
 * POST /webhooks/stripe under attack and under load: who may sign (the emulator's secret is
 * generated per installation and refused once real keys are set; signatures from the future
 * are refused), what is acknowledged without applying (objects the handlers cannot read),
 * what Stripe is asked to retry (transient failures only), and each event applied once when
 * deliveries overlap. Then every event type, each shown doing its part.
 */

const HOUR = 60 * 60 * 1000
const MINUTE = 60 * 1000
const STRIPE = 'https://api.stripe.com/v1'

let practitioner: Awaited<ReturnType<typeof createListedPractitioner>>
let serviceId: number

beforeAll(async () => {
  practitioner = await createListedPractitioner({ firstName: 'Priya', lastName: 'Sharma' })
  serviceId = insertService(practitioner.id, { name: 'Deep Session', priceCents: 6500, durationMinutes: 60 }).id
})

afterEach(() => {
  raisedEvents()
  vi.restoreAllMocks()
})

/** What the webhook logs (server/log.js), which tests read: watched, still written to the (silent) log. */
function watchLogs() {
  return { warn: vi.spyOn(log, 'warn'), error: vi.spyOn(log, 'error') }
}

function bookingRow(id: number) {
  return getDb().select().from(bookings).where(eq(bookings.id, id)).get()!
}

function slotBooked(id: number) {
  return getDb().select().from(timeSlots).where(eq(timeSlots.id, id)).get()!.isBooked
}

function eventRow(id: string) {
  return getDb().select().from(stripeEvents).where(eq(stripeEvents.id, id)).get()
}

function payoutRows(transferId: string) {
  return getDb().select().from(payouts).where(eq(payouts.stripeTransferId, transferId)).all()
}

/** A client's pending paid booking (6500 cents) and its open Checkout session. */
async function pendingBooking() {
  const client = await createUser({ firstName: 'Casey', lastName: 'Client' })
  const slot = insertSlot({ practitionerId: practitioner.id, serviceId, startTime: new Date(Date.now() + 72 * HOUR) })
  const { id } = await createBooking(client, { serviceId, timeSlotId: slot.id })
  const { url } = await startCheckout(client, id, ORIGIN)
  const session = findObject<CheckoutSession>(url.split('/').pop()!)!
  return { client, slot, id, session }
}

/** A transfer of 6175 cents to the test practitioner's account, as Stripe shapes it. */
function transfer(id: string, values: Record<string, unknown> = {}) {
  return {
    id,
    object: 'transfer',
    amount: 6175,
    amount_reversed: 0,
    currency: 'cad',
    destination: practitioner.stripeAccountId,
    transfer_group: null,
    created: Math.floor(Date.now() / 1000),
    ...values,
  }
}

/** A second connection holding SQLite's write lock, as another process mid-write would. */
function lockDatabase() {
  const other = new Database(getEnv().DATABASE_PATH)
  other.exec('BEGIN IMMEDIATE')
  return {
    release() {
      if (other.inTransaction) other.exec('ROLLBACK')
    },
    close() {
      this.release()
      other.close()
    },
  }
}

/** The app's connection gives up on a lock after `ms` instead of five seconds (restored after). */
function impatientDatabase(ms = 20) {
  getDb().$client.pragma(`busy_timeout = ${ms}`)
  return () => getDb().$client.pragma('busy_timeout = 5000')
}

describe('who may sign an event', () => {
  test('the emulator signs with a secret made for this installation; the tests sign with the same function', async () => {
    const secret = webhookSecret()
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/)
    // Kept beside the database, readable by its owner only, so a restart signs the same way.
    const file = path.join(path.dirname(getEnv().DATABASE_PATH), EMULATOR_SECRET_FILE)
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect(`whsec_${fs.readFileSync(file, 'utf8')}`).toBe(secret)
    const event = stripeEvent('transfer.created', transfer('tr_signed_1', { destination: 'acct_nobody' }))
    expect(await deliverEvent(event, { secret })).toMatchObject({ status: 200, body: { result: 'applied' } })
  })

  test('where no file can be kept beside the database, the process signs with a secret of its own', () => {
    const warn = vi.spyOn(log, 'warn')
    const databasePath = getEnv().DATABASE_PATH
    const installation = webhookSecret()
    process.env.DATABASE_PATH = '/dev/null/nowhere/app.db'
    resetEnvCache()
    try {
      const own = emulatorWebhookSecret()
      expect(own).toMatch(/^whsec_[0-9a-f]{64}$/)
      expect(own).not.toBe(installation)
      expect(emulatorWebhookSecret()).toBe(own)
      expect(warn).toHaveBeenCalledOnce()
    } finally {
      process.env.DATABASE_PATH = databasePath
      resetEnvCache()
    }
  })

  test('with real keys, only STRIPE_WEBHOOK_SECRET verifies: the emulator’s secret is refused', async () => {
    const emulators = webhookSecret()
    process.env.STRIPE_SECRET_KEY = 'sk_test_real_looking'
    process.env.STRIPE_WEBHOOK_SECRET = 'whsec_configured_for_this_test'
    resetEnvCache()
    try {
      expect(webhookSecret()).toBe('whsec_configured_for_this_test')
      const event = stripeEvent('transfer.created', transfer('tr_real_1', { destination: 'acct_nobody' }))
      expect(await deliverEvent(event, { secret: emulators })).toMatchObject({
        status: 400,
        body: { message: 'Invalid payment event signature' },
      })
      expect(eventRow(event.id)).toBeUndefined()
      expect(await deliverEvent(event, { secret: 'whsec_configured_for_this_test' })).toMatchObject({
        status: 200,
        body: { result: 'applied' },
      })
    } finally {
      delete process.env.STRIPE_SECRET_KEY
      delete process.env.STRIPE_WEBHOOK_SECRET
      resetEnvCache()
    }
  })

  test('a signature dated ahead beyond the skew, or older than Stripe’s tolerance, is refused', async () => {
    const { id, session } = await pendingBooking()
    const now = Math.floor(Date.now() / 1000)
    const paid = stripeEvent('checkout.session.completed', {
      ...session,
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_dated_1',
    })
    for (const timestamp of [now + 10 * 60, now + FUTURE_SKEW_SECONDS + 5, now - 6 * 60]) {
      expect(await deliverEvent(paid, { timestamp })).toMatchObject({
        status: 400,
        body: { message: 'Invalid payment event signature' },
      })
    }
    // Two times in one header: the SDK checks the last, so a harmless first one must not hide it.
    const ahead = signEvent(paid, { timestamp: now + 3600 }).signature
    expect((await deliverEvent(paid, { signature: `t=${now},${ahead}` })).status).toBe(400)
    expect(bookingRow(id)).toMatchObject({ status: 'pending', isPaid: false })
    expect(eventRow(paid.id)).toBeUndefined()

    // A clock a little behind ours is fine.
    expect(await deliverEvent(paid, { timestamp: now + 30 })).toMatchObject({
      status: 200,
      body: { result: 'applied' },
    })
    expect(bookingRow(id)).toMatchObject({ status: 'confirmed', isPaid: true })
  })
})

describe('events that can never apply are acknowledged, logged, and change nothing', () => {
  test('a signed transfer.created whose object lacks what its handler reads: 200, nothing written', async () => {
    const logs = watchLogs()
    const before = getDb().select().from(payouts).all().length
    const malformed = [
      { id: 'tr_bad_1', object: 'transfer', destination: practitioner.stripeAccountId },
      transfer('tr_bad_2', { amount: 'lots' }),
      transfer('tr_bad_3', { amount: 999_999_99.5 }),
      transfer('tr_bad_4', { created: null }),
    ]
    for (const object of malformed) {
      const event = stripeEvent('transfer.created', object)
      expect(await deliverEvent(event)).toMatchObject({ status: 200, body: { received: true, result: 'ignored' } })
      // Not claimed: once the cause is fixed, sending it again from Stripe applies it.
      expect(eventRow(event.id)).toBeUndefined()
    }
    expect(getDb().select().from(payouts).all()).toHaveLength(before)
    expect(logs.error).toHaveBeenCalledTimes(malformed.length)
    expect(String(logs.error.mock.calls[0]![1])).toContain('transfer.created')
  })

  test('an event without an object, or about a booking we do not have, is acknowledged', async () => {
    const bare = { id: 'evt_bare_1', object: 'event', type: 'charge.refunded', data: {} }
    expect(await deliverEvent(bare)).toMatchObject({ status: 200, body: { result: 'ignored' } })
    const { session } = await pendingBooking()
    const stranger = stripeEvent('checkout.session.completed', {
      ...session,
      payment_status: 'paid',
      payment_intent: 'pi_stranger_1',
      metadata: { bookingId: '999999' },
    })
    expect(await deliverEvent(stranger)).toMatchObject({ status: 200, body: { result: 'applied' } })
  })

  test('a refund Stripe refuses for good is logged and acknowledged; retrying could not fix it', async () => {
    const logs = watchLogs()
    const late = await latePayment()
    mockServer.use(
      http.post(`${STRIPE}/refunds`, () =>
        HttpResponse.json(
          { error: { type: 'invalid_request_error', code: 'charge_disputed', message: 'Charge is disputed' } },
          { status: 400 },
        ),
      ),
    )
    expect(await deliverEvent(late.succeeded)).toMatchObject({ status: 200, body: { result: 'ignored' } })
    expect(logs.error).toHaveBeenCalledWith(
      { err: expect.anything() },
      expect.stringContaining(`payment_intent.succeeded ${late.succeeded.id} acknowledged unapplied`),
    )
    expect(eventRow(late.succeeded.id)).toBeUndefined()
  })
})

/**
 * A client whose hold lapsed and whose time went to someone else, then paid: the payment's
 * `payment_intent.succeeded` (not yet delivered) must be refunded in full.
 */
async function latePayment() {
  const { client, slot, id, session } = await pendingBooking()
  releaseLapsedHolds(new Date(Date.now() + 31 * MINUTE))
  const other = await createUser({ firstName: 'Sam' })
  await createBooking(other, { serviceId, timeSlotId: slot.id })
  payCheckoutSession(session.id, '4242424242424242')
  const events = raisedEvents()
  return { client, id, succeeded: events.find((e) => e.type === 'payment_intent.succeeded')! }
}

/** A practitioner whose Connect onboarding just finished at Stripe, and its undelivered account.updated. */
async function onboardedAccount() {
  const user = await createUser({ isPractitioner: true, firstName: 'Nia', country: 'CA' })
  const { url } = await createConnectedAccount(user, ORIGIN)
  completeOnboarding(url.split('/').pop()!)
  const [updated] = raisedEvents().filter((e) => e.type === 'account.updated')
  return { user, updated: updated! }
}

describe('transient failures answer 503, claim nothing, and Stripe’s retry applies the event', () => {
  test('Stripe cannot be reached while the handler runs', async () => {
    const { user, updated } = await onboardedAccount()
    mockServer.use(http.get(`${STRIPE}/accounts/:id`, () => HttpResponse.error()))
    expect(await deliverEvent(updated)).toMatchObject({
      status: 503,
      body: { message: inEnglish(EVENT_NOT_APPLIED_YET) },
    })
    expect(eventRow(updated.id)).toBeUndefined()
    expect(userRow(user.id)!.onboardingComplete).toBe(false)

    mockServer.resetHandlers()
    expect(await deliverEvent(updated)).toMatchObject({ status: 200, body: { result: 'applied' } })
    expect(userRow(user.id)).toMatchObject({ onboardingComplete: true, stripeAccountStatus: 'active' })
  })

  test('Stripe answers 500 or 429', async () => {
    for (const [status, type] of [
      [500, 'api_error'],
      [429, 'rate_limit_error'],
    ] as const) {
      const { user, updated } = await onboardedAccount()
      mockServer.use(
        http.get(`${STRIPE}/accounts/:id`, () =>
          HttpResponse.json(
            { error: { type, message: 'Not now' } },
            { status, headers: { 'Stripe-Should-Retry': 'false' } },
          ),
        ),
      )
      expect((await deliverEvent(updated)).status).toBe(503)
      expect(eventRow(updated.id)).toBeUndefined()
      mockServer.resetHandlers()
      expect((await deliverEvent(updated)).status).toBe(200)
      expect(userRow(user.id)!.onboardingComplete).toBe(true)
    }
  })

  test('the database is locked by another writer when the event is claimed', async () => {
    const event = stripeEvent('transfer.created', transfer('tr_locked_1'))
    const lock = lockDatabase()
    const restore = impatientDatabase()
    try {
      expect(await deliverEvent(event)).toMatchObject({
        status: 503,
        body: { message: inEnglish(EVENT_NOT_APPLIED_YET) },
      })
    } finally {
      lock.close()
      restore()
    }
    expect(eventRow(event.id)).toBeUndefined()
    expect(payoutRows('tr_locked_1')).toHaveLength(0)
    expect(await deliverEvent(event)).toMatchObject({ status: 200, body: { result: 'applied' } })
    expect(payoutRows('tr_locked_1')).toMatchObject([{ amountCents: 6175, status: 'paid' }])
  })

  test('the handler meets SQLITE_BUSY: its claim is given up, and the retry applies it', async () => {
    const { user, updated } = await onboardedAccount()
    let lock: ReturnType<typeof lockDatabase> | undefined
    // Another writer takes the lock while the handler waits for Stripe, so its own write finds
    // it held; the writer lets go once the failure is logged, before the claim is given up.
    mockServer.use(
      http.get(
        `${STRIPE}/accounts/:id`,
        () => {
          lock = lockDatabase()
        },
        { once: true },
      ),
    )
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => lock?.release())
    const restore = impatientDatabase()
    try {
      expect(await deliverEvent(updated)).toMatchObject({
        status: 503,
        body: { message: inEnglish(EVENT_NOT_APPLIED_YET) },
      })
      // One log line (server/log.js) with the error: its message, frames and fields.
      const [fields, message] = warn.mock.calls[0] as unknown as [{ err: unknown }, string]
      expect(message).toBe(`[webhook] account.updated ${updated.id} not applied yet; Stripe will retry`)
      expect(errorForLog(fields.err)).toMatch(/code: 'SQLITE_BUSY'/)
    } finally {
      lock?.close()
      restore()
    }
    expect(eventRow(updated.id)).toBeUndefined()
    expect(userRow(user.id)!.onboardingComplete).toBe(false)
    expect(await deliverEvent(updated)).toMatchObject({ status: 200, body: { result: 'applied' } })
    expect(userRow(user.id)).toMatchObject({ onboardingComplete: true, stripeAccountStatus: 'active' })
  })
})

/** Holds Stripe's answers to one endpoint until `open()`; `started` resolves at the first call. */
function holdStripe(method: 'get' | 'post', path: string) {
  let reached!: () => void
  let open!: () => void
  const started = new Promise<void>((resolve) => (reached = resolve))
  const gate = new Promise<void>((resolve) => (open = resolve))
  let calls = 0
  mockServer.use(
    http[method](`${STRIPE}${path}`, async () => {
      calls += 1
      reached()
      await gate
      // Nothing returned: the emulator answers.
    }),
  )
  return { started, open, calls: () => calls }
}

/** What a promise has settled to within `ms`, or 'still waiting'. */
function within<T>(promise: Promise<T>, ms: number) {
  return Promise.race([promise, new Promise<'still waiting'>((resolve) => setTimeout(resolve, ms, 'still waiting'))])
}

describe('the same event delivered twice at once is applied once', () => {
  test('a late payment: the second delivery is told to come back (409); one refund, one email', async () => {
    const late = await latePayment()
    const refunds = holdStripe('post', '/refunds')
    const first = deliverEvent(late.succeeded)
    try {
      expect(await within(refunds.started, 5000)).not.toBe('still waiting')
      const second = await within(deliverEvent(late.succeeded), 2000)
      expect(second).toMatchObject({ status: 409, body: { message: inEnglish(EVENT_IN_PROGRESS) } })
      expect(eventRow(late.succeeded.id)).toMatchObject({ status: 'processing' })
    } finally {
      refunds.open()
    }
    expect(await first).toMatchObject({ status: 200, body: { result: 'applied' } })
    expect(refunds.calls()).toBe(1)
    expect(eventRow(late.succeeded.id)).toMatchObject({ status: 'done' })
    // Stripe's retry of the refused delivery finds it done.
    expect(await deliverEvent(late.succeeded)).toMatchObject({ status: 200, body: { result: 'duplicate' } })

    const refundEvents = await deliverRaisedEvents()
    expect(refundEvents.map((e) => e.type)).toEqual(['charge.refunded', 'transfer.reversed'])
    expect(bookingRow(late.id)).toMatchObject({ status: 'cancelled', isPaid: true, refundedAmountCents: 6500 })
    expect(outbox(late.client.email).filter((e) => e.subject === 'Payment refunded: Deep Session')).toHaveLength(1)
  })

  test('account.updated: one read of the account for any number of deliveries at once', async () => {
    const { user, updated } = await onboardedAccount()
    const reads = holdStripe('get', '/accounts/:id')
    const first = deliverEvent(updated)
    let others: Awaited<ReturnType<typeof deliverEvent>>[]
    try {
      expect(await within(reads.started, 5000)).not.toBe('still waiting')
      const settled = await within(Promise.all([1, 2, 3, 4].map(() => deliverEvent(updated))), 2000)
      expect(settled).not.toBe('still waiting')
      others = settled as typeof others
    } finally {
      reads.open()
    }
    expect(others.map((answer) => answer.status)).toEqual([409, 409, 409, 409])
    expect(await first).toMatchObject({ status: 200, body: { result: 'applied' } })
    expect(reads.calls()).toBe(1)
    expect(userRow(user.id)).toMatchObject({ onboardingComplete: true, stripeAccountStatus: 'active' })
  })

  test('transfer.created twice at once: one payout row', async () => {
    const event = stripeEvent('transfer.created', transfer('tr_twice_1'))
    const answers = await Promise.all([deliverEvent(event), deliverEvent(event)])
    expect(answers.map((a) => a.status)).toEqual([200, 409])
    expect(payoutRows('tr_twice_1')).toHaveLength(1)
    expect(await deliverEvent(event)).toMatchObject({ status: 200, body: { result: 'duplicate' } })
  })

  test('a claim left by a delivery that died is taken over once stale, not before', async () => {
    const fresh = stripeEvent('transfer.created', transfer('tr_claimed_1'))
    const stale = stripeEvent('transfer.created', transfer('tr_claimed_2'))
    const claim = (id: string, type: string, age: number) =>
      getDb()
        .insert(stripeEvents)
        .values({ id, type, status: 'processing', claimedAt: new Date(Date.now() - age) })
        .run()
    claim(fresh.id, fresh.type, MINUTE)
    claim(stale.id, stale.type, CLAIM_STALE_MS + MINUTE)
    expect(await deliverEvent(fresh)).toMatchObject({ status: 409, body: { message: inEnglish(EVENT_IN_PROGRESS) } })
    expect(payoutRows('tr_claimed_1')).toHaveLength(0)
    expect(await deliverEvent(stale)).toMatchObject({ status: 200, body: { result: 'applied' } })
    expect(payoutRows('tr_claimed_2')).toHaveLength(1)
    expect(eventRow(stale.id)).toMatchObject({ status: 'done' })
  })
})

describe('every event type does its part', () => {
  test('checkout.session.async_payment_succeeded confirms a booking its completed session left unpaid', async () => {
    const { client, id, session } = await pendingBooking()
    const delayed = { ...session, status: 'complete', payment_intent: 'pi_async_1' }
    const completed = stripeEvent('checkout.session.completed', { ...delayed, payment_status: 'unpaid' })
    expect(await deliverEvent(completed)).toMatchObject({ status: 200, body: { result: 'applied' } })
    expect(bookingRow(id)).toMatchObject({ status: 'pending', isPaid: false })

    const succeeded = stripeEvent('checkout.session.async_payment_succeeded', { ...delayed, payment_status: 'paid' })
    expect(await deliverEvent(succeeded)).toMatchObject({ status: 200, body: { result: 'applied' } })
    expect(bookingRow(id)).toMatchObject({ status: 'confirmed', isPaid: true, stripePaymentIntentId: 'pi_async_1' })
    expect(outbox(client.email).map((e) => e.subject)).toEqual(['Booking confirmed: Deep Session'])
  })

  test('checkout.session.async_payment_failed releases the booking and its time at once', async () => {
    const { id, slot, session } = await pendingBooking()
    const failed = stripeEvent('checkout.session.async_payment_failed', {
      ...session,
      status: 'complete',
      payment_status: 'unpaid',
    })
    expect(await deliverEvent(failed)).toMatchObject({ status: 200, body: { result: 'applied' } })
    expect(bookingRow(id)).toMatchObject({ status: 'cancelled', cancellationReason: 'payment_failed', isPaid: false })
    expect(slotBooked(slot.id)).toBe(false)
  })

  test('transfer.created records the payout; transfer.updated moves it to partially reversed', async () => {
    const created = stripeEvent('transfer.created', transfer('tr_moves_1'))
    expect(await deliverEvent(created)).toMatchObject({ status: 200, body: { result: 'applied' } })
    expect(payoutRows('tr_moves_1')).toMatchObject([
      { practitionerId: practitioner.id, amountCents: 6175, status: 'paid' },
    ])
    const updated = stripeEvent('transfer.updated', transfer('tr_moves_1', { amount_reversed: 3088 }))
    expect(await deliverEvent(updated)).toMatchObject({ status: 200, body: { result: 'applied' } })
    expect(payoutRows('tr_moves_1')).toMatchObject([{ amountCents: 6175, status: 'partially_reversed' }])
  })

  test('account.updated reads the account from Stripe, whatever its payload says', async () => {
    const { user, updated } = await onboardedAccount()
    const stalePayload = {
      ...updated,
      data: { object: { ...updated.data.object, details_submitted: false, charges_enabled: false } },
    }
    expect(userRow(user.id)).toMatchObject({ onboardingComplete: false, stripeAccountStatus: 'pending' })
    expect(await deliverEvent(stalePayload)).toMatchObject({ status: 200, body: { result: 'applied' } })
    expect(userRow(user.id)).toMatchObject({ onboardingComplete: true, stripeAccountStatus: 'active' })
  })
})
