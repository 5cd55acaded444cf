import { http, HttpResponse, type HttpResponseResolver } from 'msw'
import qs from 'qs'
import {
  cancelPaymentIntent,
  createAccount,
  createAccountLink,
  createCheckoutSession,
  createPaymentIntent,
  createRefund,
  EmulatorError,
  expireCheckoutSession,
  mustFind,
  readCheckoutSession,
  type Account,
  type Charge,
  type PaymentIntent,
  type Transfer,
} from './payments.server'
import { objectForKey, rememberKey, type StripeObject } from './store.server'

/**
 * msw handlers that answer the Stripe API calls the app makes, in Stripe's wire format (form
 * encoded requests, JSON answers, `{ error }` bodies). Used by the running app in emulated
 * mode and by the tests' msw server.
 */
const API = 'https://api.stripe.com/v1'

type Params = Record<string, unknown>

async function formBody(request: Request): Promise<Params> {
  return qs.parse(await request.text(), { depth: 5 }) as Params
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)
const int = (value: unknown) => (value === undefined || value === '' ? null : Number(value))
const bool = (value: unknown) => value === 'true'
const record = (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, string>) : {})

function transferData(value: unknown) {
  const destination = text(record(value).destination)
  return destination ? { destination } : null
}

/** Runs a handler, answering as Stripe does on errors and replaying idempotent POSTs. */
function answer(run: (request: Request, params: { id: string }) => Promise<unknown> | unknown): HttpResponseResolver {
  return async ({ request, params }) => {
    const key = request.method === 'POST' ? request.headers.get('idempotency-key') : null
    const replay = key ? objectForKey(key) : undefined
    if (replay) return HttpResponse.json(replay)
    try {
      const result = (await run(request, params as { id: string })) as StripeObject
      if (key && typeof result.id === 'string') rememberKey(key, result.id)
      return HttpResponse.json(result)
    } catch (error) {
      if (!(error instanceof EmulatorError)) throw error
      const type = error.status === 402 ? 'card_error' : 'invalid_request_error'
      return HttpResponse.json({ error: { type, code: error.code, message: error.message } }, { status: error.status })
    }
  }
}

export const stripeEmulatorHandlers = [
  http.post(
    `${API}/checkout/sessions`,
    answer(async (request) => {
      const body = await formBody(request)
      const items = (
        Array.isArray(body.line_items) ? body.line_items : Object.values(record(body.line_items))
      ) as Params[]
      const lines = items.map((item) => {
        const price = record(item.price_data) as Params
        return {
          name: text(record(price.product_data).name) ?? 'Item',
          description: text(record(price.product_data).description),
          amount: (int(price.unit_amount) ?? 0) * (int(item.quantity) ?? 1),
        }
      })
      const intentData = record(body.payment_intent_data) as Params
      const successUrl = text(body.success_url)
      const cancelUrl = text(body.cancel_url)
      if (!successUrl || !cancelUrl) throw new EmulatorError('success_url and cancel_url are required')
      return createCheckoutSession({
        amount_total: lines.reduce((sum, line) => sum + line.amount, 0),
        currency: text(record(items[0]?.price_data).currency) ?? 'cad',
        expires_at: int(body.expires_at) ?? Math.floor(Date.now() / 1000) + 24 * 3600,
        metadata: record(body.metadata),
        client_reference_id: text(body.client_reference_id),
        customer_email: text(body.customer_email),
        success_url: successUrl,
        cancel_url: cancelUrl,
        payment_intent_data: {
          application_fee_amount: int(intentData.application_fee_amount),
          transfer_data: transferData(intentData.transfer_data),
          metadata: record(intentData.metadata),
          transfer_group: text(intentData.transfer_group),
        },
        line_items_summary: lines,
      })
    }),
  ),
  http.get(
    `${API}/checkout/sessions/:id`,
    answer((_request, { id }) => readCheckoutSession(id)),
  ),
  http.post(
    `${API}/checkout/sessions/:id/expire`,
    answer((_request, { id }) => expireCheckoutSession(id)),
  ),

  http.post(
    `${API}/payment_intents`,
    answer(async (request) => {
      const body = await formBody(request)
      return createPaymentIntent({
        amount: int(body.amount) ?? 0,
        currency: text(body.currency) ?? 'cad',
        metadata: record(body.metadata),
        application_fee_amount: int(body.application_fee_amount),
        transfer_data: transferData(body.transfer_data),
        transfer_group: text(body.transfer_group),
      })
    }),
  ),
  http.get(
    `${API}/payment_intents/:id`,
    answer((_request, { id }) => mustFind<PaymentIntent>(id, 'payment_intent')),
  ),
  http.post(
    `${API}/payment_intents/:id/cancel`,
    answer((_request, { id }) => cancelPaymentIntent(id)),
  ),
  http.get(
    `${API}/charges/:id`,
    answer((_request, { id }) => mustFind<Charge>(id, 'charge')),
  ),
  http.get(
    `${API}/transfers/:id`,
    answer((_request, { id }) => mustFind<Transfer>(id, 'transfer')),
  ),

  http.post(
    `${API}/refunds`,
    answer(async (request) => {
      const body = await formBody(request)
      return createRefund({
        payment_intent: text(body.payment_intent) ?? undefined,
        charge: text(body.charge) ?? undefined,
        amount: int(body.amount) ?? undefined,
        reverse_transfer: bool(body.reverse_transfer),
        metadata: record(body.metadata),
      })
    }),
  ),

  http.post(
    `${API}/accounts`,
    answer(async (request) => {
      const body = await formBody(request)
      return createAccount({
        country: text(body.country) ?? undefined,
        email: text(body.email) ?? undefined,
        metadata: record(body.metadata),
      })
    }),
  ),
  http.get(
    `${API}/accounts/:id`,
    answer((_request, { id }) => mustFind<Account>(id, 'account')),
  ),
  http.post(
    `${API}/account_links`,
    answer(async (request) => {
      const body = await formBody(request)
      const account = text(body.account)
      const returnUrl = text(body.return_url)
      const refreshUrl = text(body.refresh_url)
      if (!account || !returnUrl || !refreshUrl)
        throw new EmulatorError('account, return_url and refresh_url are required')
      return createAccountLink({ account, return_url: returnUrl, refresh_url: refreshUrl })
    }),
  ),
]
