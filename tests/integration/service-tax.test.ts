import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { bookings, services } from '~/db/schema'
import { payCheckoutSession } from '~/integrations/stripe-emulator/payments.server'
import { findObject } from '~/integrations/stripe-emulator/store.server'
import { cancelBooking, createBooking } from '~/models/booking/booking.server'
import { preparePaymentIntent, startCheckout } from '~/models/booking/payments.server'
import { getEarningsSummary } from '~/models/practice/earnings.server'
import { FREE_SESSION_NO_TAX, TAX_NEEDS_NUMBER } from '~/models/practice/service-form'
import * as servicePage from '~/routes/_public.services.$id'
import * as bookingApi from '~/routes/api.bookings.$id._index'
import * as serviceByIdApi from '~/routes/api.services.$id'
import * as servicesApi from '~/routes/api.services._index'
import * as screen from '~/routes/practitioner.services'
import {
  callApi,
  createListedPractitioner,
  createUser,
  deliverRaisedEvents,
  expectRedirect,
  formReply,
  formRequest,
  getRequest,
  insertService,
  insertSlot,
  jsonRequest,
  ORIGIN,
  raisedEvents,
  routeArgs,
  settle,
  signIn,
  updateUserRow,
} from '../helpers'
import { inEnglish } from '../helpers/i18n'

/**
 * Tax per service (issue 44): the practitioner says which tax a service charges, only with a
 * GST/HST number and never on a free session; a booking copies it and pays fee + tax, our 5 %
 * being of the fee alone; Checkout charges and itemises the total; the API and the pages say it.
 */

const HOUR = 60 * 60 * 1000
const GST_NUMBER = '123456789RT0001'

type Practitioner = Awaited<ReturnType<typeof createListedPractitioner>> & { cookie: string }

async function practitioner(withNumber: boolean): Promise<Practitioner> {
  const user = await createListedPractitioner()
  if (withNumber) updateUserRow(user.id, { gstHstNumber: GST_NUMBER })
  return { ...user, cookie: await signIn(user.id) }
}

const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Career Coaching',
  description: 'An hour on what comes next.',
  category: 'Other',
  price: 115,
  duration: 60,
  ...overrides,
})

const post = (cookie: string, data: unknown) =>
  callApi(servicesApi.action, jsonRequest('/api/services', 'POST', data, { cookie }))
const patch = (cookie: string, id: number, data: unknown) =>
  callApi(serviceByIdApi.action, jsonRequest(`/api/services/${id}`, 'PATCH', data, { cookie }), { id: String(id) })
const serviceRow = (id: number) => getDb().select().from(services).where(eq(services.id, id)).get()!
const bookingRow = (id: number) => getDb().select().from(bookings).where(eq(bookings.id, id)).get()!

async function newClient() {
  const user = await createUser({ firstName: 'Casey', lastName: 'Client' })
  return { ...user, cookie: await signIn(user.id) }
}

describe('the service’s tax, through the API', () => {
  test('left out it is none on create (the spec’s client), and the answer names it', async () => {
    const { cookie } = await practitioner(false)
    const answer = await post(cookie, body())
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({ taxKind: 'none', taxName: null, price: 115 })
  })

  test('a tax needs the practitioner’s GST/HST number; with it the service charges it', async () => {
    const without = await practitioner(false)
    const refused = await post(without.cookie, body({ taxKind: 'hst13' }))
    expect(refused).toMatchObject({ status: 400, body: { message: inEnglish(TAX_NEEDS_NUMBER) } })

    const { cookie } = await practitioner(true)
    const answer = await post(cookie, body({ taxKind: 'hst13' }))
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({ taxKind: 'hst13', taxName: 'HST 13%' })
    expect(serviceRow(answer.body.id).taxKind).toBe('hst13')
    expect((await post(cookie, body({ taxKind: 'vat20' }))).status).toBe(400)
  })

  test('a free session has no tax; left out, an edit keeps the tax, and making it free drops it', async () => {
    const { cookie } = await practitioner(true)
    expect(await post(cookie, body({ price: 0, taxKind: 'gst5' }))).toMatchObject({
      status: 400,
      body: { message: inEnglish(FREE_SESSION_NO_TAX) },
    })
    const { id } = (await post(cookie, body({ taxKind: 'gst5' }))).body
    expect((await patch(cookie, id, body({ price: 120 }))).body).toMatchObject({ price: 120, taxKind: 'gst5' })
    expect((await patch(cookie, id, body({ price: 0, taxKind: 'gst5' }))).body).toEqual({
      message: inEnglish(FREE_SESSION_NO_TAX),
    })
    expect(serviceRow(id)).toMatchObject({ priceCents: 12000, taxKind: 'gst5' })
    expect((await patch(cookie, id, body({ price: 0 }))).body).toMatchObject({ price: 0, taxKind: 'none' })
    expect((await patch(cookie, id, body({ taxKind: 'none' }))).body).toMatchObject({ taxKind: 'none' })
  })

  test('GET /api/services/:id and the listings say the tax', async () => {
    const owner = await practitioner(true)
    const id = insertService(owner.id, { name: 'Taxed Listing', priceCents: 11500, taxKind: 'hst13' }).id
    const detail = await callApi(serviceByIdApi.loader, getRequest(`/api/services/${id}`), { id: String(id) })
    expect(detail.body).toMatchObject({ price: 115, taxKind: 'hst13', taxName: 'HST 13%' })
    const listed = await callApi(servicesApi.loader, getRequest('/api/services?search=Taxed%20Listing'))
    expect(listed.body).toEqual([expect.objectContaining({ id, price: 115, taxKind: 'hst13', taxName: 'HST 13%' })])
    const mine = await callApi(servicesApi.loader, getRequest('/api/services?scope=mine', { cookie: owner.cookie }))
    expect(mine.body).toEqual([expect.objectContaining({ id, taxKind: 'hst13', taxName: 'HST 13%' })])
  })
})

describe('the My Services form', () => {
  const fields = (overrides: Record<string, string> = {}) => ({
    intent: 'create-service',
    name: 'Form Coaching',
    description: 'Plain form.',
    category: 'Other',
    price: '80',
    duration: '60',
    details: '',
    meetingLink: '',
    isActive: 'on',
    ...overrides,
  })
  const submit = (cookie: string, form: Record<string, string>) =>
    settle(() => screen.action(routeArgs(formRequest('/practitioner/services?new=1', form, { cookie }))))

  test('the Tax select without a number is refused on its field, with the message; with one it is saved', async () => {
    const without = await practitioner(false)
    const page = (await screen.loader(routeArgs(getRequest('/practitioner/services', { cookie: without.cookie })))) as {
      hasGstHstNumber: boolean
    }
    expect(page.hasGstHstNumber).toBe(false)
    const refused = formReply(await submit(without.cookie, fields({ taxKind: 'gst5' })))
    expect(refused.status).toBe(400)
    expect(refused.result.error).toMatchObject({ taxKind: [TAX_NEEDS_NUMBER] })
    // "No tax" is the select's first option and works without the number.
    expectRedirect(await submit(without.cookie, fields({ taxKind: 'none', name: 'Untaxed' })), '/practitioner/services')

    const owner = await practitioner(true)
    const free = formReply(await submit(owner.cookie, fields({ price: '0', taxKind: 'hst15' })))
    expect(free.result.error).toMatchObject({ taxKind: [FREE_SESSION_NO_TAX] })
    expectRedirect(await submit(owner.cookie, fields({ taxKind: 'hst15' })), '/practitioner/services')
    const saved = getDb().select().from(services).where(eq(services.practitionerId, owner.id)).all()
    expect(saved.map((s) => [s.name, s.taxKind])).toEqual([['Form Coaching', 'hst15']])
  })
})

describe('booking and paying for a taxed service', () => {
  let owner: Practitioner
  let serviceId: number

  beforeAll(async () => {
    owner = await practitioner(true)
    serviceId = insertService(owner.id, { name: 'TCM Consultation', priceCents: 11500, taxKind: 'hst13' }).id
    raisedEvents()
  })

  async function book(startsInHours = 72) {
    const client = await newClient()
    const slot = insertSlot({
      practitionerId: owner.id,
      serviceId,
      startTime: new Date(Date.now() + startsInHours * HOUR),
    })
    const { id, requiresPayment } = await createBooking(client, { serviceId, timeSlotId: slot.id })
    return { client, id, requiresPayment }
  }

  test('the booking copies the tax: total = fee + tax, our 5 % of the fee, the rest and the tax theirs', async () => {
    const { id, requiresPayment } = await book()
    expect(requiresPayment).toBe(true)
    expect(bookingRow(id)).toMatchObject({
      totalAmountCents: 12995,
      taxCents: 1495,
      taxKind: 'hst13',
      platformFeeCents: 575,
      practitionerAmountCents: 12420,
    })
  })

  test('Checkout charges the total in two lines, the session and its tax; the application fee is ours', async () => {
    const { client, id } = await book()
    const { url } = await startCheckout(client, id, ORIGIN)
    const session = findObject<{
      id: string
      object: string
      amount_total: number
      line_items_summary: { name: string; amount: number }[]
      payment_intent_data: { application_fee_amount: number }
    }>(url.split('/').pop()!)!
    expect(session.amount_total).toBe(12995)
    expect(session.line_items_summary).toMatchObject([
      { name: 'TCM Consultation', amount: 11500 },
      { name: 'HST 13%', amount: 1495 },
    ])
    expect(session.payment_intent_data.application_fee_amount).toBe(575)
  })

  test('the embedded form’s PaymentIntent is for the total too', async () => {
    const { client, id } = await book()
    const { clientSecret } = await preparePaymentIntent(client, id)
    const intent = findObject<{ id: string; object: string; amount: number; application_fee_amount: number }>(
      clientSecret.split('_secret')[0]!,
    )!
    expect(intent).toMatchObject({ amount: 12995, application_fee_amount: 575 })
  })

  test('GET /api/bookings/:id adds the tax and its name, every other field as before', async () => {
    const { client, id } = await book()
    const answer = await callApi(bookingApi.loader, getRequest(`/api/bookings/${id}`, { cookie: client.cookie }), {
      id: String(id),
    })
    expect(answer.body).toMatchObject({
      totalAmount: 129.95,
      tax: 14.95,
      taxName: 'HST 13%',
      platformFee: 5.75,
      practitionerAmount: 124.2,
      service: { name: 'TCM Consultation', price: 129.95 },
    })
  })

  test('the booking page words the fee, the tax and the total on the server', async () => {
    const page = (await servicePage.loader(
      routeArgs(getRequest(`/services/${serviceId}`), { id: String(serviceId) }),
    )) as {
      bookLabel: string
      taxLine: string | null
    }
    expect(page).toMatchObject({
      bookLabel: 'Book & Pay $129.95 CAD',
      taxLine: 'Fee $115.00 CAD · HST 13% $14.95 CAD · Total $129.95 CAD',
    })
  })

  test('earnings count the tax the practitioner collects; a full refund takes it all back, a partial one in proportion', async () => {
    const { client, id } = await book()
    const { url } = await startCheckout(client, id, ORIGIN)
    payCheckoutSession(url.split('/').pop()!, '4242424242424242')
    await deliverRaisedEvents()
    expect(bookingRow(id).isPaid).toBe(true)
    expect(getEarningsSummary(owner.id).totalEarningsCents).toBe(12420)

    // A partial refund (set directly: the policy refunds all or nothing) takes back the same share of theirs.
    getDb().update(bookings).set({ refundedAmountCents: 6497 }).where(eq(bookings.id, id)).run()
    expect(getEarningsSummary(owner.id).totalEarningsCents).toBe(12420 - Math.floor((6497 * 12420) / 12995))
    getDb().update(bookings).set({ refundedAmountCents: 0 }).where(eq(bookings.id, id)).run()

    // Cancelled in time: the whole total, tax included, goes back, and with it their share.
    const cancelled = await cancelBooking(client, id)
    expect(cancelled.refundAmount).toBe(129.95)
    await deliverRaisedEvents()
    expect(bookingRow(id).refundedAmountCents).toBe(12995)
    expect(getEarningsSummary(owner.id).totalEarningsCents).toBe(0)
  })
})
