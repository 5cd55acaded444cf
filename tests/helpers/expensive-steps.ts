import diagnostics_channel from 'node:diagnostics_channel'
import { EXPENSIVE_STEP_CHANNEL, RATE_LIMIT_CHANNEL, type ExpensiveStep } from '~/lib/expensive-steps.server'

export type StepEvent = { kind: 'limit'; key: string } | { kind: 'step'; step: ExpensiveStep }

/**
 * Records, in order, the expensive steps the app takes and the rate limits it consults
 * (app/lib/expensive-steps.server.ts) until `stop()`.
 */
export function recordExpensiveSteps() {
  const events: StepEvent[] = []
  const onStep = (message: unknown) => events.push({ kind: 'step', step: (message as { step: ExpensiveStep }).step })
  const onLimit = (message: unknown) => events.push({ kind: 'limit', key: (message as { key: string }).key })
  diagnostics_channel.subscribe(EXPENSIVE_STEP_CHANNEL, onStep)
  diagnostics_channel.subscribe(RATE_LIMIT_CHANNEL, onLimit)
  return {
    events,
    steps: () => events.flatMap((event) => (event.kind === 'step' ? [event.step] : [])),
    /** The expensive steps taken before any rate limit was consulted. */
    beforeAnyLimit: () => {
      const firstLimit = events.findIndex((event) => event.kind === 'limit')
      return (firstLimit < 0 ? events : events.slice(0, firstLimit)).flatMap((event) =>
        event.kind === 'step' ? [event.step] : [],
      )
    },
    clear: () => events.splice(0),
    stop: () => {
      diagnostics_channel.unsubscribe(EXPENSIVE_STEP_CHANNEL, onStep)
      diagnostics_channel.unsubscribe(RATE_LIMIT_CHANNEL, onLimit)
    },
  }
}
