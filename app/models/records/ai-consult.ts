import { z } from 'zod'
import { msg } from '~/lib/i18n/message'
import { multiLineText } from '~/lib/plain-text'

/**
 * Consulting the AI about a patient, the client-safe half: the question's rule, the texts of
 * the "Consult the AI" tab and the shape of a stored consultation. The call, the context sent
 * and the storing are in ai-consult.server.ts; the model's own disclaimer is taken out by
 * ai-disclaimer.ts; the streamed answer's wire format is ai-consult-stream.ts
 * (docs/decisions/021-ai-consultations.md).
 */

/* Texts (spec §2 "Consult the AI", §5 AI consult, §8 "Patient screens"): catalogue keys. */

export const AI_QUESTION_REQUIRED_TITLE = msg('records:errors.aiQuestionRequiredTitle')
export const AI_QUESTION_REQUIRED = msg('records:errors.aiQuestionRequired')
export const AI_CONSULT_COMPLETE = msg('records:toasts.aiConsultComplete')
/** The failure toast's fallback, and the 502 answer when the AI service fails. */
export const AI_CONSULT_FAILED = msg('records:errors.aiConsultFailed')
export const AI_NO_PATIENT_SELECTED = msg('records:errors.aiNoPatientSelected')
export const AI_ANALYZING = msg('records:ai.analyzing')
export const AI_WAIT_HINT = msg('records:ai.waitHint')
export const AI_SUMMARY_TITLE = msg('records:ai.summaryTitle')
/** The 502 answers that say more than the fallback, when it is clear what went wrong. */
export const AI_SERVICE_BUSY = msg('records:errors.aiServiceBusy')
export const AI_SERVICE_TIMEOUT = msg('records:errors.aiServiceTimeout')

/** Shown under every answer, in place of whatever disclaimer the model wrote. */
export const MEDICAL_DISCLAIMER = msg('records:ai.disclaimer')

/** The label on a demo answer (no ANTHROPIC_API_KEY: no model was asked). */
export const AI_DEMO_LABEL = msg('records:ai.demoLabel')
export const AI_DEMO_NOTICE = msg('records:ai.demoNotice')

/** 'What the assistant sees': which parts of the record are sent, and which never are. */
export const AI_CONTEXT_TITLE = msg('records:ai.contextTitle')
export const AI_CONTEXT_DISCLOSURE = msg('records:ai.contextDisclosure')

/** The example questions under the box, in the practitioner's language once shown. */
export const AI_EXAMPLE_QUESTIONS = [
  msg('records:ai.examples.history'),
  msg('records:ai.examples.nextSession'),
  msg('records:ai.examples.interactions'),
  msg('records:ai.examples.missing'),
  msg('records:ai.examples.selfCare'),
] as const

/** Consultations a practitioner may ask for in an hour. */
export const AI_CONSULTS_PER_HOUR = 20

/** The 429 answer once the hour's consultations are used up. */
export function aiRateLimited(retryAfterMs: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000))
  return msg('records:errors.aiRateLimited', { max: AI_CONSULTS_PER_HOUR, count: minutes })
}

export const AI_QUESTION_MAX_LENGTH = 2000

/** Ask AI (the tab's form, POST /api/patient-profiles/{id}/ai-consult). */
export const AiConsultSchema = z.object({
  question: multiLineText({ error: AI_QUESTION_REQUIRED })
    .min(1, AI_QUESTION_REQUIRED)
    .max(AI_QUESTION_MAX_LENGTH, msg('records:errors.aiQuestionTooLong', { max: AI_QUESTION_MAX_LENGTH })),
})

export type AiConsultInput = z.output<typeof AiConsultSchema>

/**
 * A stored consultation, as the API answers it and the tab shows it. `response` is Markdown
 * without the model's own disclaimer (show `MEDICAL_DISCLAIMER` under it); `isDemo` answers
 * were written by the local demo, not a model (label them `AI_DEMO_LABEL`).
 */
export type AiConsultation = {
  id: number
  question: string
  response: string
  summary: string | null
  model: string | null
  isDemo: boolean
  /** When it was asked (ISO 8601). */
  createdAt: string
}

/** How many earlier consultations the tab lists under the answer. */
export const AI_HISTORY_PAGE_SIZE = 10
