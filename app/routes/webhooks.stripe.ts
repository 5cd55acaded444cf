import { handleApi, readText, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { isAppError } from '~/lib/errors'
import { counter } from '~/lib/metrics.server'
import { applyStripeEvent, verifyStripeEvent } from '~/models/booking/stripe-webhook.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/** Stripe's events are a few KB; a megabyte leaves room for the largest objects they carry. */
const STRIPE_EVENT_MAX_BYTES = 1024 * 1024

const webhookEvents = counter({
  name: 'solace_webhook_events_total',
  help: "Stripe's webhook deliveries, by event type and result: applied, duplicate, ignored (can never apply), in_progress (409), retry (503, a transient failure), failed (500), refused (not signed by Stripe: type unknown)",
  labelNames: ['type', 'result'],
})

/** What a delivery came to, for the metric: the event's outcome, or the refusal it was answered with. */
function resultOf(error: unknown) {
  if (!isAppError(error)) return 'failed'
  return error.status === 409 ? 'in_progress' : error.status === 503 ? 'retry' : 'failed'
}

/**
 * POST /webhooks/stripe: Stripe's events, signed. The raw body is what is signed, so it is
 * read as text before anything parses it. 400 for a bad signature (nothing changes); 200 for
 * an event applied, already applied, or one that can never apply (logged); 409 while another
 * delivery applies it and 503 after a transient failure, so Stripe sends it again
 * (docs/decisions/016-webhook-claims-and-retries.md). Each delivery is counted by type and result.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const payload = await readText(request, { maxBytes: STRIPE_EVENT_MAX_BYTES })
    let event: Awaited<ReturnType<typeof verifyStripeEvent>>
    try {
      event = await verifyStripeEvent(payload, request.headers.get('stripe-signature'))
    } catch (error) {
      webhookEvents.inc({ type: 'unknown', result: 'refused' })
      throw error
    }
    try {
      const result = await applyStripeEvent(event)
      webhookEvents.inc({ type: event.type, result })
      return Response.json({ received: true, result })
    } catch (error) {
      webhookEvents.inc({ type: event.type, result: resultOf(error) })
      throw error
    }
  })
}

/** Only POST here; a GET answers JSON 405 rather than Remix's HTML. */
export const loader = writeOnlyLoader('POST')
