import { log } from '~/lib/log.server'
import { answerOffline } from '../offline-apis.server'
import { aiDemoHandlers } from './handlers.server'

/**
 * The demo AI (no ANTHROPIC_API_KEY): the Anthropic API is answered inside this process by the
 * demo handlers, on the process's one msw server (shared with the payments emulator).
 */
export function startAiDemo() {
  if (answerOffline('ai-demo', aiDemoHandlers)) {
    log.info('[ai] demo answers: no ANTHROPIC_API_KEY set, no AI model is asked')
  }
}
