import Stripe from 'stripe'
import { getEnv } from '~/env.server'
import { log, logLine } from '~/lib/log.server'
import { newId, nowSeconds, type StripeObject } from './store.server'
import { emulatorWebhookSecret } from './webhook-secret.server'

/**
 * Events the emulator raises, queued until delivered. In the running app they are posted,
 * signed, to our own /webhooks/stripe (retried with backoff like Stripe does); tests take them
 * from the queue and deliver them as they please: twice, out of order, or with a bad signature.
 */
type EmittedEvent = {
  id: string
  object: 'event'
  type: string
  created: number
  livemode: false
  data: { object: StripeObject }
}

const state = ((
  globalThis as unknown as { __solaceEmulatorEvents?: { queue: EmittedEvent[]; autoDeliver: boolean } }
).__solaceEmulatorEvents ??= { queue: [], autoDeliver: false })

export function emitEvent(type: string, object: StripeObject) {
  state.queue.push({
    id: newId('evt'),
    object: 'event',
    type,
    created: nowSeconds(),
    livemode: false,
    data: { object: structuredClone(object) },
  })
  if (state.autoDeliver) setTimeout(() => void deliverPendingEvents(), 0)
}

/** Empties the queue and returns what was in it (tests deliver these themselves). */
export function takeEvents() {
  return state.queue.splice(0)
}

/**
 * The body and Stripe-Signature header Stripe would send for an event: signed with the
 * emulator's secret at the current time, unless told otherwise (tests forge and age them).
 */
export function signEvent(event: unknown, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event)
  const secret = options.secret ?? emulatorWebhookSecret()
  return {
    payload,
    signature: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: options.timestamp }),
  }
}

function webhookUrl() {
  // Our own process, straight to the port it listens on: the request that raised the event
  // ran on this (the primary) instance, and a proxy in between would add nothing.
  return `http://127.0.0.1:${getEnv().PORT}/webhooks/stripe`
}

async function post(event: EmittedEvent) {
  const { payload, signature } = signEvent(event)
  const response = await fetch(webhookUrl(), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  })
  if (!response.ok) throw new Error(`webhook answered ${response.status}`)
}

async function postWithRetries(event: EmittedEvent, attempt = 0): Promise<void> {
  try {
    await post(event)
  } catch (error) {
    if (attempt >= 5) return log.error({ err: error }, logLine`[payments emulator] gave up delivering ${event.type}`)
    await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt))
    return postWithRetries(event, attempt + 1)
  }
}

/** Delivers every queued event in order; the caller waits for the first attempt of each. */
export async function deliverPendingEvents() {
  for (const event of takeEvents()) {
    try {
      await post(event)
    } catch {
      void postWithRetries(event, 1)
    }
  }
}

/** The running app delivers events by itself as they are raised. */
export function deliverEventsAutomatically() {
  state.autoDeliver = true
}
