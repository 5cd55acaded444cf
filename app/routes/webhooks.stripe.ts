import { handleApi, readText, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { applyStripeEvent, verifyStripeEvent } from '~/models/booking/stripe-webhook.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/** Stripe's events are a few KB; a megabyte leaves room for the largest objects they carry. */
const STRIPE_EVENT_MAX_BYTES = 1024 * 1024

/**
 * POST /webhooks/stripe: Stripe's events, signed. The raw body is what is signed, so it is
 * read as text before anything parses it. 400 for a bad signature (nothing changes); 200 for
 * an event applied, already applied, or one that can never apply (logged); 409 while another
 * delivery applies it and 503 after a transient failure, so Stripe sends it again
 * (docs/decisions/016-webhook-claims-and-retries.md).
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const payload = await readText(request, { maxBytes: STRIPE_EVENT_MAX_BYTES })
    const event = await verifyStripeEvent(payload, request.headers.get('stripe-signature'))
    return Response.json({ received: true, result: await applyStripeEvent(event) })
  })
}

/** Only POST here; a GET answers JSON 405 rather than Remix's HTML. */
export const loader = writeOnlyLoader('POST')
