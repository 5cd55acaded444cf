import { handleApi, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { applyStripeEvent, verifyStripeEvent } from '~/models/booking/stripe-webhook.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * POST /webhooks/stripe: Stripe's events, signed. The raw body is what is signed, so it is
 * read as text before anything parses it. 400 for a bad signature (nothing changes); 500 when
 * applying failed, so Stripe retries.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const event = await verifyStripeEvent(await request.text(), request.headers.get('stripe-signature'))
    return Response.json({ received: true, result: await applyStripeEvent(event) })
  })
}

/** Only POST here; a GET answers JSON 405 rather than Remix's HTML. */
export const loader = writeOnlyLoader('POST')
