import diagnostics_channel from 'node:diagnostics_channel'

/**
 * Nothing anonymous may reach an expensive step (a password hash, an image decode, an email,
 * a call to the AI) before the cheap checks and a rate limit have passed. The steps announce
 * themselves on one channel and the rate limits on another, so a test can tell, request by
 * request, whether a step came before any limit (the fuzz suite does so for every route, so a
 * new route is held to the rule without anyone remembering it). Nothing subscribes in
 * production, and a channel nobody listens to costs nothing to publish on.
 */
export type ExpensiveStep = 'password hash' | 'image decode' | 'email' | 'AI call'

export const EXPENSIVE_STEP_CHANNEL = 'solace:expensive-step'
export const RATE_LIMIT_CHANNEL = 'solace:rate-limit'

const expensiveSteps = diagnostics_channel.channel(EXPENSIVE_STEP_CHANNEL)
const rateLimits = diagnostics_channel.channel(RATE_LIMIT_CHANNEL)

export function announceExpensiveStep(step: ExpensiveStep) {
  if (expensiveSteps.hasSubscribers) expensiveSteps.publish({ step })
}

export function announceRateLimit(key: string) {
  if (rateLimits.hasSubscribers) rateLimits.publish({ key })
}
