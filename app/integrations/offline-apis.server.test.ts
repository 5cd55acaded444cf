import Anthropic from '@anthropic-ai/sdk'
import Stripe from 'stripe'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { mockServer } from '../../tests/mocks/server'
import { aiDemoHandlers, DEMO_MODEL } from './ai-demo/handlers.server'
import { DEMO_API_KEY } from './ai.server'
import { answerOffline, stopOfflineApis } from './offline-apis.server'
import { stripeEmulatorHandlers } from './stripe-emulator/handlers.server'
import { EMULATED_SECRET_KEY } from './stripe.server'

/**
 * The running app's one msw server: the payments emulator and the demo AI both answer on it,
 * whichever starts first (a second msw server in one process silently takes the first one's
 * place). The tests' own msw server is stopped here so that this one is the only one, as in
 * the app.
 */

beforeAll(() => mockServer.close())
afterAll(() => {
  stopOfflineApis()
  mockServer.listen({ onUnhandledRequest: 'error' })
})

test('the payments emulator and the demo AI answer side by side, each installed once', async () => {
  expect(answerOffline('payments', stripeEmulatorHandlers)).toBe(true)
  expect(answerOffline('ai-demo', aiDemoHandlers)).toBe(true)
  expect(answerOffline('payments', stripeEmulatorHandlers)).toBe(false)

  const stripe = new Stripe(EMULATED_SECRET_KEY, { maxNetworkRetries: 0 })
  const intent = await stripe.paymentIntents.create({ amount: 4500, currency: 'cad' })
  expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ id: intent.id, amount: 4500 })

  const anthropic = new Anthropic({ apiKey: DEMO_API_KEY, maxRetries: 0 })
  const message = await anthropic.messages.create({
    model: 'claude-test',
    max_tokens: 100,
    messages: [{ role: 'user', content: 'Hello' }],
  })
  expect(message.model).toBe(DEMO_MODEL)

  // Still the first one's after the second arrived.
  expect((await stripe.paymentIntents.retrieve(intent.id)).id).toBe(intent.id)
})
