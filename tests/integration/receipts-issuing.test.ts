import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { bookings, receipts, users } from '~/db/schema'
import { payCheckoutSession } from '~/integrations/stripe-emulator/payments.server'
import type { ReceiptSnapshot } from '~/models/billing/receipt'
import { cancelBooking, createBooking } from '~/models/booking/booking.server'
import { startCheckout } from '~/models/booking/payments.server'
import {
  createListedPractitioner,
  createUser,
  deliverEvent,
  deliverRaisedEvents,
  insertService,
  insertSlot,
  ORIGIN,
  raisedEvents,
} from '../helpers'

/**
 * Receipts are issued by the payment and the refund that cause them (docs/decisions/049-receipts.md):
 * numbered per practitioner with no gap or repeat however payments interleave, printing what was
 * true when issued, and never changed afterwards.
 */

const HOUR = 60 * 60 * 1000
let slotHours = 48

type Practitioner = Awaited<ReturnType<typeof createListedPractitioner>>
let practitioner: Practitioner
let serviceId: number

/** What SQLite said when `run` failed (drizzle wraps it as the cause), or null when it did not. */
function refusalOf(run: () => unknown) {
  try {
    run()
  } catch (error) {
    return String((error as Error).cause ?? error)
  }
  return null
}

function receiptsOf(practitionerId: number) {
  return getDb().select().from(receipts).where(eq(receipts.practitionerId, practitionerId)).orderBy(receipts.id).all()
}

/** A client's booking of `service` waiting on its Checkout session. */
async function pendingBooking(practitionerId: number, service: number, client?: { id: number; email: string }) {
  const who = client ?? (await createUser({ firstName: 'Casey', lastName: 'Client', timeZone: 'America/Vancouver' }))
  const slot = insertSlot({ practitionerId, serviceId: service, startTime: new Date(Date.now() + ++slotHours * HOUR) })
  const actor = { ...who, firstName: 'Casey', timeZone: 'America/Vancouver' }
  const { id } = await createBooking(actor, { serviceId: service, timeSlotId: slot.id })
  const { url } = await startCheckout(actor, id, ORIGIN)
  return { client: actor, id, sessionId: url.split('/').pop()! }
}

beforeAll(async () => {
  practitioner = await createListedPractitioner({ firstName: 'Priya', lastName: 'Sharma' })
  getDb()
    .update(users)
    .set({
      profession: 'massage_therapist',
      regulatoryBody: 'College of Massage Therapists of Ontario',
      registrationNumber: 'RMT-12345',
      businessName: 'Sharma Wellness',
      businessAddress: '12 King St W\nToronto, ON M5H 1A1',
      gstHstNumber: '123456789RT0001',
    })
    .where(eq(users.id, practitioner.id))
    .run()
  serviceId = insertService(practitioner.id, { name: 'Deep Tissue', priceCents: 10000, taxKind: 'hst13' }).id
  raisedEvents()
})

describe('a payment issues its receipt', () => {
  test('with the practitioner, the session in the client zone, the tax and the card', async () => {
    const { id, sessionId } = await pendingBooking(practitioner.id, serviceId)
    payCheckoutSession(sessionId, '5555 5555 5555 4444')
    const events = await deliverRaisedEvents()
    // Stripe delivers at least once: the same events again issue nothing more.
    for (const event of events) await deliverEvent(event)

    const issued = getDb().select().from(receipts).where(eq(receipts.bookingId, id)).all()
    expect(issued).toHaveLength(1)
    const [receipt] = issued
    expect(receipt).toMatchObject({ kind: 'receipt', feeCents: 10000, taxCents: 1300, totalCents: 11300 })
    expect(receipt!.platformFeeCents).toBe(500)
    const booking = getDb().select().from(bookings).where(eq(bookings.id, id)).get()!
    const snapshot = receipt!.snapshot as ReceiptSnapshot
    expect(snapshot).toMatchObject({
      kind: 'receipt',
      refersToNumber: null,
      client: { name: 'Casey Client' },
      practitioner: {
        name: 'Priya Sharma',
        profession: 'Registered Massage Therapist',
        regulatoryBody: 'College of Massage Therapists of Ontario',
        registrationNumber: 'RMT-12345',
        businessName: 'Sharma Wellness',
        businessAddress: '12 King St W\nToronto, ON M5H 1A1',
        gstHstNumber: '123456789RT0001',
      },
      service: { name: 'Deep Tissue', timeZone: 'America/Vancouver', durationMinutes: 60 },
      amounts: { feeCents: 10000, taxCents: 1300, taxName: 'HST 13%', totalCents: 11300 },
      paymentMethod: 'Mastercard ending in 4444',
      status: 'Paid',
    })
    const vancouver = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Vancouver',
      hour: 'numeric',
      minute: '2-digit',
    }).format(booking.startTime)
    expect(snapshot.service.time).toBe(`${vancouver} ${/P[DS]T/.exec(snapshot.service.time)![0]}`)
  })

  test('receipts are numbered 1, 2, 3… per practitioner, with no gap or repeat however payments interleave', async () => {
    const other = await createListedPractitioner({ firstName: 'Noor', lastName: 'Haddad' })
    const otherService = insertService(other.id, { name: 'Yoga', priceCents: 4500 }).id
    const before = receiptsOf(practitioner.id).length
    const pending = []
    for (let i = 0; i < 6; i++) pending.push(await pendingBooking(practitioner.id, serviceId))
    for (let i = 0; i < 4; i++) pending.push(await pendingBooking(other.id, otherService))
    for (const { sessionId } of pending) payCheckoutSession(sessionId, '4242424242424242')
    // Every payment's events delivered at once, twice each: deliveries interleave at every await.
    const events = raisedEvents()
    await Promise.all([...events, ...events].map((event) => deliverEvent(event)))

    const numbers = (id: number) => receiptsOf(id).map((r) => r.number)
    expect(
      numbers(practitioner.id)
        .slice(before)
        .sort((a, b) => a - b),
    ).toEqual([1, 2, 3, 4, 5, 6].map((n) => n + before))
    expect(numbers(other.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4])
    expect(receiptsOf(other.id)[0]!.snapshot).toMatchObject({
      practitioner: { profession: null, gstHstNumber: null },
      amounts: { taxCents: 0, taxName: null, totalCents: 4500 },
      paymentMethod: 'Visa ending in 4242',
    })
  })

  test('a free session issues none', async () => {
    const free = insertService(practitioner.id, { name: 'Intro', priceCents: 0 }).id
    const client = await createUser()
    const slot = insertSlot({
      practitionerId: practitioner.id,
      serviceId: free,
      startTime: new Date(Date.now() + 300 * HOUR),
    })
    const { id } = await createBooking(
      { ...client, timeZone: 'America/Toronto' },
      { serviceId: free, timeSlotId: slot.id },
    )
    expect(getDb().select().from(receipts).where(eq(receipts.bookingId, id)).all()).toEqual([])
  })
})

describe('a refund issues a refund receipt', () => {
  test('cancelled in time: refund receipt referring to the original, amounts negative, tax returned', async () => {
    const { client, id, sessionId } = await pendingBooking(practitioner.id, serviceId)
    payCheckoutSession(sessionId, '4242424242424242')
    await deliverRaisedEvents()
    await cancelBooking(client, id)
    const events = await deliverRaisedEvents()
    for (const event of events) await deliverEvent(event)

    const [paid, refund, ...more] = getDb()
      .select()
      .from(receipts)
      .where(eq(receipts.bookingId, id))
      .orderBy(receipts.id)
      .all()
    expect(more).toEqual([])
    expect(refund).toMatchObject({
      kind: 'refund',
      refersToId: paid!.id,
      number: paid!.number + 1,
      feeCents: -10000,
      taxCents: -1300,
      totalCents: -11300,
      platformFeeCents: -500,
    })
    expect(refund!.snapshot).toMatchObject({
      kind: 'refund',
      refersToNumber: paid!.number,
      status: 'Refunded',
      amounts: { feeCents: 10000, taxCents: 1300, totalCents: 11300, taxName: 'HST 13%' },
      paymentMethod: 'Visa ending in 4242',
      practitioner: { registrationNumber: 'RMT-12345' },
    })
  })
})

describe('an issued receipt never changes', () => {
  test('a later profile change leaves it as issued; the database refuses to rewrite or delete it', async () => {
    const { id, sessionId } = await pendingBooking(practitioner.id, serviceId)
    payCheckoutSession(sessionId, '4242424242424242')
    await deliverRaisedEvents()
    const issued = getDb().select().from(receipts).where(eq(receipts.bookingId, id)).get()!
    getDb()
      .update(users)
      .set({ registrationNumber: 'RMT-99999', lastName: 'Sharma-Lee' })
      .where(eq(users.id, practitioner.id))
      .run()
    const after = getDb().select().from(receipts).where(eq(receipts.id, issued.id)).get()!
    expect(after.snapshot).toEqual(issued.snapshot)

    const db = getDb()
    expect(
      refusalOf(() =>
        db.run(sql`UPDATE receipts SET total_cents = 1, fee_cents = 1, tax_cents = 0 WHERE id = ${issued.id}`),
      ),
    ).toMatch(/cannot be changed/)
    expect(refusalOf(() => db.run(sql`UPDATE receipts SET snapshot = '{}' WHERE id = ${issued.id}`))).toMatch(
      /cannot be changed/,
    )
    expect(refusalOf(() => db.run(sql`UPDATE receipts SET number = 999 WHERE id = ${issued.id}`))).toMatch(
      /cannot be changed/,
    )
    expect(refusalOf(() => db.run(sql`DELETE FROM receipts WHERE id = ${issued.id}`))).toMatch(/cannot be deleted/)
    // Its file is stored once (the payment's confirmation email made it), then kept.
    expect(issued.pdf?.subarray(0, 5).toString()).toBe('%PDF-')
    expect(refusalOf(() => db.run(sql`UPDATE receipts SET pdf = NULL WHERE id = ${issued.id}`))).toMatch(
      /cannot be changed/,
    )
    expect(
      refusalOf(() => db.run(sql`UPDATE receipts SET pdf = ${Buffer.from('%PDF-2')} WHERE id = ${issued.id}`)),
    ).toMatch(/cannot be changed/)
  })
})
