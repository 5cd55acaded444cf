import { http, HttpResponse } from 'msw'
import { aiDemoHandlers } from '~/integrations/ai-demo/handlers.server'
import { stripeEmulatorHandlers } from '~/integrations/stripe-emulator/handlers.server'

/**
 * Answers for every outside HTTP API the app calls. Tests fail on any request these do not
 * cover (onUnhandledRequest: 'error'), so nothing in a test reaches the network.
 */
export const emailHandlers = [
  http.post('https://api.resend.com/emails', async ({ request }) => {
    const auth = request.headers.get('authorization')
    if (!auth?.startsWith('Bearer ')) return HttpResponse.json({ message: 'Missing API key' }, { status: 401 })
    return HttpResponse.json({ id: `email_${crypto.randomUUID()}` })
  }),
]

/**
 * The emulator posts its events to our own webhook (http://127.0.0.1:$PORT/webhooks/stripe, as
 * the running app does, e.g. from the test onboarding and checkout pages): the real route
 * answers them, signature check, claim and handler included. Imported when called, so loading
 * the mocks reads no configuration before the test setup has set it.
 */
export const ownWebhookHandlers = [
  http.post(/^http:\/\/127\.0\.0\.1:\d+\/webhooks\/stripe$/, async ({ request }) => {
    const webhook = await import('~/routes/webhooks.stripe')
    return webhook.action({ request, params: {}, context: {} })
  }),
]

/** Stripe and Anthropic are answered by the same stand-ins the offline app runs on. */
export const handlers = [...emailHandlers, ...stripeEmulatorHandlers, ...aiDemoHandlers, ...ownWebhookHandlers]
