import { signEvent, takeEvents } from '~/integrations/stripe-emulator/events.server'
import * as webhook from '~/routes/webhooks.stripe'
import { callApi, ORIGIN } from './requests'

type Event = ReturnType<typeof takeEvents>[number]

/**
 * A webhook POST as Stripe sends it: the raw JSON body and its Stripe-Signature header, signed
 * with the emulator's secret now, or with another `secret`, at another `timestamp` (seconds),
 * or with the header replaced by `signature` (null: none).
 */
export function webhookRequest(
  event: unknown,
  options: { secret?: string; timestamp?: number; signature?: string | null } = {},
) {
  const { payload, signature } = signEvent(event, options)
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  const sent = options.signature === undefined ? signature : options.signature
  if (sent !== null) headers['Stripe-Signature'] = sent
  return new Request(`${ORIGIN}/webhooks/stripe`, { method: 'POST', headers, body: payload })
}

/** Delivers one event to /webhooks/stripe and answers the webhook's reply. */
export function deliverEvent(event: unknown, options?: Parameters<typeof webhookRequest>[1]) {
  return callApi<{ received?: boolean; result?: string; message?: string }>(
    webhook.action,
    webhookRequest(event, options),
  )
}

/** The events the payments emulator raised since the last call, in the order it raised them. */
export function raisedEvents(): Event[] {
  return takeEvents()
}

/** Delivers every raised event in order and answers them (for delivering again or reordering). */
export async function deliverRaisedEvents() {
  const events = takeEvents()
  for (const event of events) {
    const reply = await deliverEvent(event)
    if (reply.status !== 200) throw new Error(`webhook refused ${event.type}: ${JSON.stringify(reply.body)}`)
  }
  return events
}

let madeEvents = 0

/** An event as Stripe would send it, for types and states the emulator does not raise itself. */
export function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_test_${++madeEvents}`) {
  return { id, object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } }
}
