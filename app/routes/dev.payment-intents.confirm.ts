import { paymentsAreEmulated } from '~/env.server'
import { deliverPendingEvents } from '~/integrations/stripe-emulator/events.server'
import { confirmPaymentIntent, EmulatorError } from '~/integrations/stripe-emulator/payments.server'
import { writeOnlyLoader } from '~/lib/api.server'
import { readForm } from '~/lib/form-data.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { appOrigin } from '~/lib/url.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * Emulated payments only: what Stripe.js's confirmPayment does for the emulated card form.
 * The intent is confirmed, its events reach our webhook, and the answer is the return URL
 * with the parameters Stripe adds to it.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (!paymentsAreEmulated()) throw new Response('Not Found', { status: 404 })
  const form = await readForm(request)
  const clientSecret = String(form.get('clientSecret') ?? '')
  const intentId = clientSecret.split('_secret_')[0] ?? ''
  try {
    const intent = confirmPaymentIntent(intentId, String(form.get('cardNumber') ?? ''))
    await deliverPendingEvents()
    const query = new URLSearchParams({
      payment_intent: intent.id,
      payment_intent_client_secret: clientSecret,
      redirect_status: 'succeeded',
    })
    return Response.json({ redirectTo: `${appOrigin(request)}/payment-success?${query}` })
  } catch (error) {
    await deliverPendingEvents()
    // A declined card is an answer for the form, not a failed request.
    if (error instanceof EmulatorError) return Response.json({ error: inRequestLanguage(error.shown) })
    throw error
  }
}

export const loader = writeOnlyLoader('POST')
