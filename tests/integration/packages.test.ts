import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { bookings, packageHoldings, payouts, receipts, users } from '~/db/schema'
import { payCheckoutSession } from '~/integrations/stripe-emulator/payments.server'
import { findObject } from '~/integrations/stripe-emulator/store.server'
import { deleteAccount, UPCOMING_SESSIONS_BLOCK_DELETION } from '~/models/accounts/user.server'
import { removeUser } from '~/models/admin/removal.server'
import { cancelBooking, createBooking } from '~/models/booking/booking.server'
import { cancelAsPractitioner } from '~/models/booking/practitioner-cancel.server'
import { listClientPackages } from '~/models/packages/holdings.server'
import { NO_PACKAGE_SESSION, NOTHING_TO_REFUND, packageExpired } from '~/models/packages/package'
import { startPackageCheckout } from '~/models/packages/package-payments.server'
import { refundUnusedSessions } from '~/models/packages/package-refunds.server'
import { createPackage } from '~/models/packages/packages.server'
import * as bookingsApi from '~/routes/api.bookings._index'
import * as holdingRefundApi from '~/routes/api.package-holdings.$id.refund'
import * as packageApi from '~/routes/api.packages.$id._index'
import * as purchaseApi from '~/routes/api.packages.$id.purchase'
import * as packagesApi from '~/routes/api.packages._index'
import * as mineApi from '~/routes/api.packages.mine'
import * as offersApi from '~/routes/api.practitioners.$id.packages'
import { requestContext } from '../../server/request-context.js'
import {
  callApi,
  createListedPractitioner,
  createUser,
  deliverRaisedEvents,
  getRequest,
  insertService,
  insertSlot,
  jsonRequest,
  outbox,
  PASSWORD,
  raisedEvents,
  refusal,
  signIn,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'
import { pdfPages } from '../helpers/pdf'

/**
 * Packages of sessions (issue 47, docs/decisions/051-packages.md): offered, bought through the
 * payments emulator's Checkout (a 5 % destination charge), booked with, given back by the
 * cancellations that give it back, expired by an injected clock, and refunded for its unused
 * sessions, with their receipts.
 */

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

let practitioner: Awaited<ReturnType<typeof createListedPractitioner>>
let practitionerCookie: string
let serviceId: number
let slotHour = 0

/** An open slot of the service, each a different hour, `daysAhead` days from now. */
function slot(daysAhead = 5) {
  slotHour += 2
  return insertSlot({
    practitionerId: practitioner.id,
    serviceId,
    startTime: new Date(Date.now() + daysAhead * DAY + slotHour * HOUR),
  })
}

async function newClient() {
  const user = await createUser({ firstName: 'Casey', lastName: 'Client' })
  return { ...user, cookie: await signIn(user.id) }
}

/** A package of `sessions` sessions for $`price`, offered by the practitioner. */
function offer(sessions = 5, price = 200, expiresInMonths = 6) {
  return createPackage(practitioner.id, { serviceId, sessions, price, expiresInMonths, active: true })
}

/** A client who bought a package through Checkout, its events delivered. */
async function buyer(packageId: number) {
  const client = await newClient()
  const { url, holdingId } = await startPackageCheckout(client, packageId, 'http://localhost')
  payCheckoutSession(url.split('/').pop()!, '4242424242424242')
  await deliverRaisedEvents()
  return { client, holdingId }
}

function holding(id: number) {
  return getDb().select().from(packageHoldings).where(eq(packageHoldings.id, id)).get()!
}

beforeAll(async () => {
  practitioner = await createListedPractitioner({ firstName: 'Priya', lastName: 'Sharma' })
  practitionerCookie = await signIn(practitioner.id)
  serviceId = insertService(practitioner.id, { name: 'Deep Massage', priceCents: 5000, durationMinutes: 60 }).id
  raisedEvents()
})

describe('offering packages', () => {
  test('a practitioner offers, changes and deletes; a bought one is retired and stays with its holder', async () => {
    const created = await callApi(
      packagesApi.action,
      jsonRequest(
        '/api/packages',
        'POST',
        { serviceId, sessions: 5, price: 200, expiresInMonths: 6 },
        { cookie: practitionerCookie },
      ),
    )
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      serviceId,
      sessions: 5,
      price: 200,
      expiresInMonths: 6,
      active: true,
      held: false,
    })
    const id = String(created.body.id)

    const offers = await callApi(offersApi.loader, getRequest(`/api/practitioners/${practitioner.id}/packages`), {
      id: String(practitioner.id),
    })
    expect(offers.body).toContainEqual(
      expect.objectContaining({
        id: Number(id),
        pricePerSession: 40,
        savingPerSession: 10,
        serviceName: 'Deep Massage',
      }),
    )

    const bad = await callApi(
      packagesApi.action,
      jsonRequest(
        '/api/packages',
        'POST',
        { serviceId, sessions: 51, price: 200, expiresInMonths: 6 },
        { cookie: practitionerCookie },
      ),
    )
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/at most 50 sessions/)

    const patched = await callApi(
      packageApi.action,
      jsonRequest(`/api/packages/${id}`, 'PATCH', { active: false, price: 190 }, { cookie: practitionerCookie }),
      { id },
    )
    expect(patched.body).toMatchObject({ active: false, price: 190 })
    const hidden = await callApi(offersApi.loader, getRequest(`/api/practitioners/${practitioner.id}/packages`), {
      id: String(practitioner.id),
    })
    expect(hidden.body.map((o: { id: number }) => o.id)).not.toContain(Number(id))

    const deleted = await callApi(
      packageApi.action,
      jsonRequest(`/api/packages/${id}`, 'DELETE', undefined, { cookie: practitionerCookie }),
      { id },
    )
    expect(deleted.body).toEqual({ message: 'Package deleted', retired: false })

    const bought = offer()
    const { client } = await buyer(bought)
    const retired = await callApi(
      packageApi.action,
      jsonRequest(`/api/packages/${bought}`, 'DELETE', undefined, { cookie: practitionerCookie }),
      { id: String(bought) },
    )
    expect(retired.body).toEqual({ message: 'Package retired', retired: true })
    expect(listClientPackages(client.id)).toMatchObject([{ packageId: bought, remaining: 5 }])
  })
})

describe('buying a package', () => {
  test('Checkout is a 5 % destination charge; the webhook records it once, with its receipt', async () => {
    const packageId = offer(5, 200)
    const client = await newClient()
    const answer = await callApi(
      purchaseApi.action,
      jsonRequest(`/api/packages/${packageId}/purchase`, 'POST', undefined, { cookie: client.cookie }),
      { id: String(packageId) },
    )
    expect(answer.status).toBe(200)
    const sessionId = (answer.body.url as string).split('/').pop()!
    expect(findObject(sessionId)).toMatchObject({
      amount_total: 20000,
      payment_intent_data: {
        application_fee_amount: 1000,
        transfer_data: { destination: practitioner.stripeAccountId },
      },
    })
    expect(await callApi(mineApi.loader, getRequest('/api/packages/mine', { cookie: client.cookie }))).toMatchObject({
      body: [],
    })

    payCheckoutSession(sessionId, '4242424242424242')
    const events = await deliverRaisedEvents()
    const mine = await callApi(mineApi.loader, getRequest('/api/packages/mine', { cookie: client.cookie }))
    expect(mine.body).toEqual([
      expect.objectContaining({
        packageId,
        serviceId,
        sessions: 5,
        remaining: 5,
        used: 0,
        expired: false,
        amountPaid: 200,
      }),
    ])
    const held = holding(mine.body[0].id)
    expect(held).toMatchObject({ status: 'paid', platformFeeCents: 1000, practitionerAmountCents: 19000 })
    expect(held.expiresAt!.getTime() - held.paidAt!.getTime()).toBeGreaterThan(180 * DAY)
    const issued = getDb().select().from(receipts).where(eq(receipts.packageHoldingId, held.id)).all()
    expect(issued).toMatchObject([{ kind: 'receipt', totalCents: 20000, platformFeeCents: 1000, clientId: client.id }])
    expect(issued[0]!.snapshot).toMatchObject({ package: { sessions: 5 }, paymentMethod: 'Visa ending in 4242' })
    const bought = outbox(client.email).find((email) => email.subject === 'Package bought: Deep Massage')!
    expect(bought.text).toContain('Your package of 5 sessions of Deep Massage is ready to use until')
    expect(bought.attachments.map((a) => a.contentType)).toEqual(['application/pdf'])
    // An issued receipt stays as issued, its package reference included (drizzle/0025).
    expect(() =>
      getDb()
        .update(receipts)
        .set({ packageHoldingId: held.id + 1 })
        .where(eq(receipts.id, issued[0]!.id))
        .run(),
    ).toThrow('an issued receipt cannot be changed')
    expect(
      getDb().select().from(payouts).where(eq(payouts.practitionerId, practitioner.id)).all().length,
    ).toBeGreaterThan(0)

    // Delivered again: nothing changes.
    const { deliverEvent } = await import('../helpers')
    for (const event of events) await deliverEvent(event)
    expect(getDb().select().from(receipts).where(eq(receipts.packageHoldingId, held.id)).all()).toHaveLength(1)
  })

  test('one’s own package cannot be bought; nor one no longer offered', async () => {
    const packageId = offer()
    expect(await refusal(() => startPackageCheckout(practitioner, packageId, 'http://localhost'))).toMatchObject({
      status: 400,
    })
    const client = await newClient()
    const missing = await callApi(
      purchaseApi.action,
      jsonRequest('/api/packages/999999/purchase', 'POST', undefined, { cookie: client.cookie }),
      {
        id: '999999',
      },
    )
    expect(missing.status).toBe(404)
  })
})

describe('booking with a package', () => {
  test('confirmed at once with nothing to pay, one session used', async () => {
    const { client, holdingId } = await buyer(offer(3))
    const answer = await callApi(
      bookingsApi.action,
      jsonRequest(
        '/api/bookings',
        'POST',
        { serviceId, timeSlotId: slot().id, usePackage: true },
        { cookie: client.cookie },
      ),
    )
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({ requiresPayment: false })
    const booking = getDb().select().from(bookings).where(eq(bookings.id, answer.body.id)).get()!
    expect(booking).toMatchObject({
      status: 'confirmed',
      totalAmountCents: 0,
      isPaid: false,
      packageHoldingId: holdingId,
    })
    expect(holding(holdingId).sessionsUsed).toBe(1)
  })

  test('concurrent bookings never take more sessions than are left, nor two from the last', async () => {
    const { client, holdingId } = await buyer(offer(2))
    const slots = [slot(), slot(), slot(), slot()]
    const outcomes = await Promise.allSettled(
      slots.map((s) => createBooking(client, { serviceId, timeSlotId: s.id, usePackage: true })),
    )
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(2)
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected')
    expect(refused.map((o) => (o.reason as Error).message)).toEqual([NO_PACKAGE_SESSION, NO_PACKAGE_SESSION])
    expect(holding(holdingId)).toMatchObject({ sessionsUsed: 2 })
    const made = getDb().select().from(bookings).where(eq(bookings.packageHoldingId, holdingId)).all()
    expect(made).toHaveLength(2)
    // The slots of the refused attempts are still open.
    expect(await createBooking(client, { serviceId, timeSlotId: slots[3]!.id })).toMatchObject({
      requiresPayment: true,
    })
  })

  test('an expired package cannot be used and says so (injected clock)', async () => {
    const boughtAt = new Date(Date.now() - 40 * DAY)
    const packageId = offer(5, 200, 1)
    const { client, holdingId } = await buyer(packageId)
    // Paid 40 days ago for a month: the webhook dated it now, so its dates are moved back.
    getDb()
      .update(packageHoldings)
      .set({ paidAt: boughtAt, expiresAt: new Date(boughtAt.getTime() + 31 * DAY) })
      .where(eq(packageHoldings.id, holdingId))
      .run()
    const failed = await refusal(() => createBooking(client, { serviceId, timeSlotId: slot().id, usePackage: true }))
    expect(failed.status).toBe(409)
    const said = inEnglish(failed.message)
    expect(said).toMatch(/^Your package for this service expired on /)
    expect(failed.message).toBe(packageExpired(said.replace(/^.* expired on (.*), so.*$/, '$1')))
    expect(listClientPackages(client.id)[0]).toMatchObject({ expired: true })
    // Before its expiry (the same clock, earlier) it was usable.
    const earlier = new Date(boughtAt.getTime() + DAY)
    const s = insertSlot({
      practitionerId: practitioner.id,
      serviceId,
      startTime: new Date(earlier.getTime() + 3 * DAY),
    })
    await expect(
      createBooking(client, { serviceId, timeSlotId: s.id, usePackage: true }, earlier),
    ).resolves.toMatchObject({
      requiresPayment: false,
    })
  })
})

describe('cancelling a package booking', () => {
  test('within the free window the session comes back; later it is used', async () => {
    const { client, holdingId } = await buyer(offer(3))
    const early = await createBooking(client, { serviceId, timeSlotId: slot(5).id, usePackage: true })
    const late = await createBooking(client, { serviceId, timeSlotId: slot(5).id, usePackage: true })
    expect(holding(holdingId).sessionsUsed).toBe(2)
    await cancelBooking(client, early.id)
    expect(holding(holdingId).sessionsUsed).toBe(1)
    // 23 hours before the late one starts: past the free window.
    const lateRow = getDb().select().from(bookings).where(eq(bookings.id, late.id)).get()!
    await cancelBooking(client, late.id, new Date(lateRow.startTime.getTime() - 23 * HOUR))
    expect(holding(holdingId).sessionsUsed).toBe(1)
  })

  test('a practitioner’s cancellation always gives it back', async () => {
    const { client, holdingId } = await buyer(offer(3))
    const booked = await createBooking(client, { serviceId, timeSlotId: slot(1).id, usePackage: true })
    const row = getDb().select().from(bookings).where(eq(bookings.id, booked.id)).get()!
    await cancelAsPractitioner(
      practitioner,
      booked.id,
      { reason: 'I am unwell.', keepSlotClosed: false },
      new Date(row.startTime.getTime() - HOUR),
    )
    expect(holding(holdingId).sessionsUsed).toBe(0)
  })
})

describe('refunding unused sessions', () => {
  test('the practitioner refunds the unused share, fee and transfer reversed, with a refund receipt', async () => {
    const { client, holdingId } = await buyer(offer(4, 200))
    await createBooking(client, { serviceId, timeSlotId: slot().id, usePackage: true })
    const other = await createUser({ isPractitioner: true })
    const stranger = await callApi(
      holdingRefundApi.action,
      jsonRequest(`/api/package-holdings/${holdingId}/refund`, 'POST', undefined, { cookie: await signIn(other.id) }),
      { id: String(holdingId) },
    )
    expect(stranger.status).toBe(404)

    const answer = await callApi(
      holdingRefundApi.action,
      jsonRequest(`/api/package-holdings/${holdingId}/refund`, 'POST', undefined, { cookie: practitionerCookie }),
      { id: String(holdingId) },
    )
    expect(answer.body).toEqual({ id: holdingId, sessionsRefunded: 3, refundAmount: 150 })
    expect(holding(holdingId)).toMatchObject({ sessionsRefunded: 3, refundedAmountCents: 15000 })
    const events = raisedEvents()
    expect(events.map((e) => e.type)).toEqual(['charge.refunded', 'transfer.reversed'])
    // The provider's own event after ours changes nothing.
    const { deliverEvent } = await import('../helpers')
    for (const event of events) await deliverEvent(event)
    const refundsIssued = getDb()
      .select()
      .from(receipts)
      .where(and(eq(receipts.packageHoldingId, holdingId), eq(receipts.kind, 'refund')))
      .all()
    expect(refundsIssued).toMatchObject([{ totalCents: -15000, platformFeeCents: -750 }])
    expect(outbox(client.email).map((email) => email.subject)).toContain('Package refunded: Deep Massage')
    expect(outbox(client.email).find((email) => email.subject === 'Package refunded: Deep Massage')!.text).toMatch(
      /\$\d+\.\d{2} CAD for the unused sessions of your Deep Massage package is being refunded to your card\./,
    )
    expect(listClientPackages(client.id)[0]).toMatchObject({ remaining: 0 })
    expect(await refusal(() => refundUnusedSessions(practitioner.id, holdingId))).toEqual({
      status: 409,
      message: NOTHING_TO_REFUND,
    })
    await expect(createBooking(client, { serviceId, timeSlotId: slot().id, usePackage: true })).rejects.toThrow(
      NO_PACKAGE_SESSION,
    )
  })

  test('a client or a practitioner deleting their own account has the unused sessions refunded first', async () => {
    const { client, holdingId } = await buyer(offer(4, 200))
    await createBooking(client, { serviceId, timeSlotId: slot().id, usePackage: true })
    const request = new Request('http://localhost/customer-settings', { method: 'POST' })
    // A session still to come refuses the deletion, and nothing is refunded.
    expect(await refusal(() => deleteAccount(request, client.id, PASSWORD))).toEqual({
      status: 409,
      message: UPCOMING_SESSIONS_BLOCK_DELETION,
    })
    expect(holding(holdingId)).toMatchObject({ sessionsRefunded: 0 })
    const [booked] = getDb().select().from(bookings).where(eq(bookings.packageHoldingId, holdingId)).all()
    await cancelBooking(client, booked!.id)
    await deleteAccount(request, client.id, PASSWORD)
    expect(holding(holdingId)).toMatchObject({ sessionsRefunded: 4, refundedAmountCents: 20000, clientId: null })

    // A practitioner leaving refunds what they sold and was not used.
    const seller = await createListedPractitioner()
    const sellersService = insertService(seller.id, { name: 'Coaching', priceCents: 8000 }).id
    const sold = createPackage(seller.id, {
      serviceId: sellersService,
      sessions: 3,
      price: 210,
      expiresInMonths: 6,
      active: true,
    })
    const { holdingId: soldHolding } = await buyer(sold)
    await deleteAccount(request, seller.id, PASSWORD)
    expect(holding(soldHolding)).toMatchObject({ sessionsRefunded: 3, refundedAmountCents: 21000 })
  })

  test('an admin deleting a client refunds their unused sessions, upcoming package sessions included', async () => {
    const { client, holdingId } = await buyer(offer(5, 250))
    await createBooking(client, { serviceId, timeSlotId: slot().id, usePackage: true })
    const admin = await createUser({ isAdmin: true })
    const removed = await removeUser(admin, client.id)
    expect(removed.refundAmount).toBe(250)
    expect(holding(holdingId)).toMatchObject({
      sessionsUsed: 0,
      sessionsRefunded: 5,
      refundedAmountCents: 25000,
      clientId: null,
    })
  })
})

describe('a French client’s package', () => {
  test('Checkout, the emails and their receipts speak French', async () => {
    const client = await newClient()
    getDb().update(users).set({ language: 'fr' }).where(eq(users.id, client.id)).run()
    const packageId = offer(5, 200, 6)
    // Bought signed in: the request is in the client's language (their choice, whatever the browser says).
    const { url, holdingId } = await requestContext.run(
      { id: 'test', method: 'POST', route: null, pathname: '/', userId: client.id, language: 'fr' },
      () => startPackageCheckout(client, packageId, 'http://localhost'),
    )
    const sessionId = url.split('/').pop()!
    expect(JSON.stringify(findObject(sessionId))).toContain('Deep Massage\u00a0: forfait de 5 séances')
    payCheckoutSession(sessionId, '4242424242424242')
    await deliverRaisedEvents()

    const n = '\u00a0'
    const bought = outbox(client.email).find((email) => email.subject === `Forfait acheté${n}: Deep Massage`)!
    expect(bought.text).toContain('Bonjour Casey,')
    expect(bought.text).toMatch(
      /Votre forfait de 5 séances de Deep Massage peut être utilisé jusqu’au \d{1,2} \S+ \d{4}\./,
    )
    expect(bought.text).toContain('Votre reçu est joint à ce courriel.')
    const receipt = bought.attachments[0]!
    expect(receipt.filename).toMatch(/^recu-\d{4}\.pdf$/)
    const [page] = await pdfPages(Buffer.from(receipt.content, 'base64'))
    expect(page).toContain('Deep Massage : forfait de 5 séances')
    expect(page).toMatch(/Forfait de 5 séances de 60 minutes, valide jusqu’au \d{1,2} \S+ \d{4}/)
    expect(page).toContain('Montant payé : 200,00 $ par Visa se terminant par 4242')

    await refundUnusedSessions(practitioner.id, holdingId)
    const refunded = outbox(client.email).find((email) => email.subject === `Forfait remboursé${n}: Deep Massage`)!
    expect(refunded.text).toContain(
      `Un montant de 200,00${n}$ pour les séances inutilisées de votre forfait Deep Massage est en cours de remboursement sur votre carte.`,
    )
    expect(refunded.attachments[0]!.filename).toMatch(/^recu-remboursement-\d{4}\.pdf$/)
    const [refundPage] = await pdfPages(Buffer.from(refunded.attachments[0]!.content, 'base64'))
    expect(refundPage).toContain('REÇU DE REMBOURSEMENT')
    expect(refundPage).toContain('Remboursé')
  })
})
