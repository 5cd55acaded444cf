import { http, HttpResponse } from 'msw'
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

/** Stripe is answered by the same emulator the offline app runs on. */
export const handlers = [...emailHandlers, ...stripeEmulatorHandlers]
