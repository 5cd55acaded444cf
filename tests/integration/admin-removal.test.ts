import { eq } from 'drizzle-orm'
import { http, HttpResponse } from 'msw'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { adminAuditLog, bookings, services, timeSlots } from '~/db/schema'
import { payCheckoutSession, type Charge } from '~/integrations/stripe-emulator/payments.server'
import { findObject } from '~/integrations/stripe-emulator/store.server'
import { formatsFor } from '~/lib/i18n/formats'
import { tFor } from '~/lib/i18n/i18n.server'
import { resetAllLimits } from '~/lib/rate-limit.server'
import { UPCOMING_SESSIONS_BLOCK_DELETION, deleteAccount } from '~/models/accounts/user.server'
import { BOOKED_MEANWHILE, removalSummary, activityDetail } from '~/models/admin/admin'
import { previewUserRemoval, removeUser } from '~/models/admin/removal.server'
import { createBooking } from '~/models/booking/booking.server'
import { startCheckout } from '~/models/booking/payments.server'
import * as userApi from '~/routes/api.admin.users.$id'
import {
  callApi,
  createListedPractitioner,
  createUser,
  deliverRaisedEvents,
  insertCompletedSession,
  insertService,
  insertSlot,
  jsonRequest,
  ORIGIN,
  outbox,
  raisedEvents,
  refusal,
  signIn,
  userRow,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'
import { mockServer } from '../mocks/server'

/**
 * An admin deleting a user (docs/decisions/022-admin-actions.md): their upcoming sessions on
 * either side cancelled, the paid ones refunded in full through the usual refund (checked in the
 * payments emulator), the other party emailed, then the account deleted like a self-deletion;
 * a refund that fails stops everything. Through the model and DELETE /api/admin/users/{id}.
 */

const HOUR = 60 * 60 * 1000
const REFUNDS_URL = 'https://api.stripe.com/v1/refunds'

let admin: Awaited<ReturnType<typeof createUser>>
let adminCookie: string

beforeAll(async () => {
  admin = await createUser({ isAdmin: true, firstName: 'Ada', lastName: 'Admin' })
  adminCookie = await signIn(admin.id)
  raisedEvents()
})

beforeEach(() => resetAllLimits())

function bookingRow(id: number) {
  return getDb().select().from(bookings).where(eq(bookings.id, id)).get()!
}

async function practitionerWithService(priceCents = 6500) {
  const practitioner = await createListedPractitioner({ firstName: 'Priya', lastName: 'Removed' })
  const service = insertService(practitioner.id, { name: 'Deep Session', priceCents, durationMinutes: 60 })
  return { practitioner, service }
}

/** A client's booking of the service, `startsInHours` ahead; paid through Checkout unless `unpaid`. */
async function book(
  serviceId: number,
  practitionerId: number,
  { startsInHours = 72, unpaid = false, firstName = 'Casey' } = {},
) {
  const client = await createUser({ firstName, lastName: 'Client' })
  const slot = insertSlot({
    practitionerId,
    serviceId,
    startTime: new Date(Date.now() + startsInHours * HOUR),
    minutes: 60,
  })
  const { id } = await createBooking(client, { serviceId, timeSlotId: slot.id })
  const { url } = await startCheckout(client, id, ORIGIN)
  const sessionId = url.split('/').pop()!
  if (!unpaid) {
    payCheckoutSession(sessionId, '4242424242424242')
    await deliverRaisedEvents()
  }
  return { client, slot, id, sessionId }
}

/** Records each refund request Stripe receives (the emulator still answers it). */
function recordRefunds() {
  const sent: { body: URLSearchParams; key: string | null }[] = []
  mockServer.use(
    http.post(REFUNDS_URL, async ({ request }) => {
      sent.push({
        body: new URLSearchParams(await request.clone().text()),
        key: request.headers.get('Idempotency-Key'),
      })
    }),
  )
  return sent
}

const deleteUser = (id: number) =>
  callApi(userApi.action, jsonRequest(`/api/admin/users/${id}`, 'DELETE', undefined, { cookie: adminCookie }), {
    id: String(id),
  })

describe('deleting a practitioner with paid upcoming sessions', () => {
  test('refunds each in full, cancels them all, tells each client, then deletes the account', async () => {
    const { practitioner, service } = await practitionerWithService()
    const first = await book(service.id, practitioner.id, { firstName: 'Ana' })
    // Less than 24 hours ahead: the policy would refund nothing, a removal refunds in full.
    const soon = await book(service.id, practitioner.id, { startsInHours: 5, firstName: 'Ben' })
    const unpaid = await book(service.id, practitioner.id, { unpaid: true, firstName: 'Cleo' })
    const past = insertCompletedSession({
      clientId: first.client.id,
      practitionerId: practitioner.id,
      serviceId: service.id,
    })

    const preview = previewUserRemoval(practitioner.id).preview
    expect(preview).toEqual({ sessions: 3, refundCents: 13000, refundedClients: 2, notified: 3 })
    expect(removalSummary(preview, { t: tFor('en', 'admin'), formats: formatsFor('en') })).toBe(
      'This cancels 3 upcoming sessions and refunds $130.00 CAD to 2 clients. 3 people are emailed.',
    )

    const refunds = recordRefunds()
    const answer = await deleteUser(practitioner.id)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toEqual({
      message: 'User Deleted',
      id: practitioner.id,
      cancelledSessions: 3,
      refundAmount: 130,
      refundedClients: 2,
    })

    // Through the usual refund: in full, the transfer and our fee taken back, once per booking.
    expect(refunds.map((r) => Object.fromEntries(r.body))).toEqual([
      expect.objectContaining({ amount: '6500', reverse_transfer: 'true', refund_application_fee: 'true' }),
      expect.objectContaining({ amount: '6500', reverse_transfer: 'true', refund_application_fee: 'true' }),
    ])
    // Soonest first.
    expect(refunds.map((r) => r.key)).toEqual([`account-removal-${soon.id}`, `account-removal-${first.id}`])
    const events = await deliverRaisedEvents()
    for (const { id } of [first, soon]) {
      const intent = bookingRow(id).stripePaymentIntentId!
      const charge = events.find((e) => e.type === 'charge.refunded' && e.data.object.payment_intent === intent)
      expect(findObject<Charge>(charge!.data.object.id)).toMatchObject({ amount_refunded: 6500, refunded: true })
      expect(bookingRow(id)).toMatchObject({
        status: 'cancelled',
        cancellationReason: 'account_removed',
        refundedAmountCents: 6500,
        practitionerId: null,
      })
    }
    expect(bookingRow(unpaid.id)).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'account_removed',
      isPaid: false,
    })
    expect(findObject<{ id: string; object: string; status: string }>(unpaid.sessionId)?.status).toBe('expired')
    // The past session stays in the records, its practitioner reference cleared.
    expect(bookingRow(past.id)).toMatchObject({ status: 'completed', practitionerId: null })

    // The other party of each session is told, with the refund when there was one.
    const told = (email: string) => outbox(email).find((e) => e.subject === 'Session cancelled: Deep Session')?.text
    expect(told(first.client.email)).toContain("Priya Removed's account on Solace has been closed")
    expect(told(first.client.email)).toContain('We have refunded the full $65.00 CAD to your card.')
    expect(told(soon.client.email)).toContain('We have refunded the full $65.00 CAD to your card.')
    expect(told(unpaid.client.email)).toContain('Nothing was charged for this session.')

    expect(userRow(practitioner.id)).toBeUndefined()
    expect(getDb().select().from(services).where(eq(services.id, service.id)).get()).toBeUndefined()
    const [trail] = getDb().select().from(adminAuditLog).where(eq(adminAuditLog.targetId, practitioner.id)).all()
    expect(trail).toMatchObject({
      action: 'user_delete',
      adminId: admin.id,
      targetLabel: `Priya Removed <${practitioner.email}>`,
    })
    // Kept as values; an English-reading admin reads the same sentence as ever.
    const english = { t: tFor('en', 'admin'), formats: formatsFor('en') }
    expect(activityDetail(trail!.detail, english)).toBe(
      'practitioner; cancelled 3 upcoming session(s), refunded $130.00 CAD',
    )
  })

  test('a refund Stripe refuses stops the deletion: nothing changes, nobody is told', async () => {
    const { practitioner, service } = await practitionerWithService()
    const paid = await book(service.id, practitioner.id, { firstName: 'Dana' })
    const unpaid = await book(service.id, practitioner.id, { unpaid: true, firstName: 'Eli' })
    mockServer.use(
      http.post(REFUNDS_URL, () =>
        HttpResponse.json({ error: { type: 'api_error', message: 'Refunds are down' } }, { status: 400 }),
      ),
    )
    const answer = await deleteUser(practitioner.id)
    expect(answer).toMatchObject({
      status: 502,
      body: {
        message:
          'The refund of $65.00 CAD for "Deep Session" failed, so the account was not deleted. Please try again.',
      },
    })
    expect(userRow(practitioner.id)).toBeDefined()
    expect(bookingRow(paid.id)).toMatchObject({ status: 'confirmed', isPaid: true, refundedAmountCents: 0 })
    expect(bookingRow(unpaid.id)).toMatchObject({ status: 'pending', isPaid: false })
    expect(findObject<{ id: string; object: string; status: string }>(unpaid.sessionId)?.status).toBe('open')
    const slot = getDb().select().from(timeSlots).where(eq(timeSlots.id, paid.slot.id)).get()!
    expect(slot.isBooked).toBe(true)
    expect(raisedEvents()).toEqual([])
    expect(outbox(paid.client.email).some((e) => e.subject.startsWith('Session cancelled'))).toBe(false)
    expect(getDb().select().from(adminAuditLog).where(eq(adminAuditLog.targetId, practitioner.id)).all()).toEqual([])

    // Once refunds work again, the same deletion goes through.
    mockServer.resetHandlers()
    expect((await deleteUser(practitioner.id)).status).toBe(200)
    expect(bookingRow(paid.id).status).toBe('cancelled')
  })

  test('when a later refund fails, the earlier one’s session is cancelled (its money is back) and the rest stay', async () => {
    const { practitioner, service } = await practitionerWithService()
    const first = await book(service.id, practitioner.id, { firstName: 'Fay' })
    const second = await book(service.id, practitioner.id, { startsInHours: 96, firstName: 'Gus' })
    let calls = 0
    mockServer.use(
      http.post(REFUNDS_URL, () => {
        calls += 1
        if (calls === 2) return HttpResponse.json({ error: { type: 'api_error', message: 'down' } }, { status: 400 })
      }),
    )
    expect((await deleteUser(practitioner.id)).status).toBe(502)
    expect(bookingRow(first.id)).toMatchObject({ status: 'cancelled', cancellationReason: 'account_removed' })
    expect(outbox(first.client.email).some((e) => e.subject === 'Session cancelled: Deep Session')).toBe(true)
    expect(bookingRow(second.id)).toMatchObject({ status: 'confirmed', isPaid: true })
    expect(userRow(practitioner.id)).toBeDefined()
    await deliverRaisedEvents()
  })
})

describe('deleting a client', () => {
  test('refunds their paid session, frees the practitioner’s time and tells the practitioner', async () => {
    const { practitioner, service } = await practitionerWithService()
    const { client, id, slot } = await book(service.id, practitioner.id, { firstName: 'Hana' })
    const refunds = recordRefunds()
    expect(await removeUser(admin, client.id)).toMatchObject({ cancelledSessions: 1, refundAmount: 65 })
    expect(refunds).toHaveLength(1)
    await deliverRaisedEvents()
    expect(bookingRow(id)).toMatchObject({ status: 'cancelled', clientId: null, refundedAmountCents: 6500 })
    expect(getDb().select().from(timeSlots).where(eq(timeSlots.id, slot.id)).get()!.isBooked).toBe(false)
    const email = outbox(practitioner.email).find((e) => e.subject === 'Session cancelled: Deep Session')
    expect(email?.text).toContain(
      "Hana Client's account on Solace has been closed. The time is open for booking again.",
    )
    expect(email?.text).toContain('The client was refunded the full $65.00 CAD')
    expect(userRow(client.id)).toBeUndefined()
  })

  test('with nothing upcoming: nothing to refund, deleted at once', async () => {
    const client = await createUser()
    expect(previewUserRemoval(client.id).preview).toEqual({
      sessions: 0,
      refundCents: 0,
      refundedClients: 0,
      notified: 0,
    })
    expect(await removeUser(admin, client.id)).toMatchObject({ cancelledSessions: 0, refundAmount: 0 })
    expect(userRow(client.id)).toBeUndefined()
  })
})

describe('the one deletion path', () => {
  test('self-deletion still checks the password and refuses while a session is upcoming', async () => {
    const { practitioner, service } = await practitionerWithService(0)
    const slot = insertSlot({
      practitionerId: practitioner.id,
      serviceId: service.id,
      startTime: new Date(Date.now() + 48 * HOUR),
    })
    const client = await createUser()
    await createBooking(client, { serviceId: service.id, timeSlotId: slot.id })
    const request = new Request('http://localhost/api/auth/delete-account', { method: 'DELETE' })
    const wrong = await refusal(() => deleteAccount(request, client.id, 'wrong-password'))
    expect({ ...wrong, message: inEnglish(wrong.message) }).toEqual({ status: 400, message: 'Incorrect password' })
    expect(await refusal(() => deleteAccount(request, client.id, client.password))).toEqual({
      status: 409,
      message: UPCOMING_SESSIONS_BLOCK_DELETION,
    })
    expect(userRow(client.id)).toBeDefined()
  })

  test('a session booked while the refunds run stops the admin’s deletion (409) after cancelling what it counted', async () => {
    const { practitioner, service } = await practitionerWithService()
    const paid = await book(service.id, practitioner.id, { firstName: 'Ivy' })
    const late = await createUser({ firstName: 'Late' })
    const lateSlot = insertSlot({
      practitionerId: practitioner.id,
      serviceId: service.id,
      startTime: new Date(Date.now() + 120 * HOUR),
    })
    // Someone books in the middle of the refunds.
    mockServer.use(
      http.post(REFUNDS_URL, async () => {
        await createBooking(late, { serviceId: service.id, timeSlotId: lateSlot.id })
      }),
    )
    expect(await refusal(() => removeUser(admin, practitioner.id))).toEqual({ status: 409, message: BOOKED_MEANWHILE })
    expect(userRow(practitioner.id)).toBeDefined()
    expect(bookingRow(paid.id).status).toBe('cancelled')
    await deliverRaisedEvents()
  })
})
