import Anthropic, {
  AnthropicError,
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from '@anthropic-ai/sdk'
import { aiIsDemo, getEnv } from '~/env.server'
import { announceExpensiveStep } from '~/lib/expensive-steps.server'
import { jsonFieldStream } from '~/lib/json-field-stream'
import { log, logLine } from '~/lib/log.server'

/**
 * The only place that talks to Anthropic (docs/decisions/021-ai-consultations.md). One call:
 * `askForConsultation` sends a system prompt and the user's content through the real SDK,
 * forces the answer into a tool call with two strings (`response`, `summary`) so it can be
 * parsed without guessing, streams `response` as the model writes it, and resolves to both.
 *
 * With no ANTHROPIC_API_KEY the same SDK calls are answered by the demo (ai-demo/, msw inside
 * this process, as the payments emulator answers Stripe), with a key that never leaves it.
 * Tests install the same handlers in their own msw server instead.
 *
 * What is sent is health data: nothing here logs a prompt or an answer, and the SDK's own
 * logger is given only its message, never the request or response it would print with it.
 */

export const ANTHROPIC_API = 'https://api.anthropic.com'
/** The demo's API key. It only ever reaches the local demo handlers, which check no key. */
export const DEMO_API_KEY = 'sk-ant-demo-local-only'
/** The tool the model must call with its answer. */
export const CONSULTATION_TOOL = 'record_consultation'
/** Room for a concise answer and summary; a longer one is cut off and counted as a failure. */
const MAX_TOKENS = 4096

const consultationTool: Anthropic.Tool = {
  name: CONSULTATION_TOOL,
  description: 'Record your answer to the practitioner’s question, and a short summary of the patient record.',
  input_schema: {
    type: 'object',
    properties: {
      response: { type: 'string', description: 'Your answer to the question, in concise Markdown.' },
      summary: {
        type: 'string',
        description: 'A summary of the patient record in two to four plain sentences, as it bears on the question.',
      },
    },
    required: ['response', 'summary'],
  },
  // Stream the tool's input as it is written, so the answer shows while the model writes it.
  eager_input_streaming: true,
}

export type ConsultationAnswer = {
  response: string
  summary: string
  /** The model that answered, as the API names it. */
  model: string
  /** Answered by the local demo, not a model. */
  isDemo: boolean
}

/** What went wrong, as far as the practitioner is concerned. */
export type AiFailure = 'timeout' | 'busy' | 'unavailable' | 'malformed' | 'refused'

/** Any failure of the AI service: timeout, rate limit, overload, network, an unusable answer. */
export class AiServiceError extends Error {
  constructor(
    readonly kind: AiFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'AiServiceError'
  }
}

/** The SDK's logger, given only its own message: the arguments after it can hold the prompt. */
const quietLogger = {
  error: (message: unknown) => log.error(logLine`[ai] ${String(message)}`),
  warn: (message: unknown) => log.warn(logLine`[ai] ${String(message)}`),
  info: () => {},
  debug: () => {},
}

const globalForAi = globalThis as unknown as { __solaceAi?: { config: string; client: Anthropic } }

async function aiClient() {
  const env = getEnv()
  const demo = aiIsDemo()
  if (demo && env.NODE_ENV !== 'test') {
    const { startAiDemo } = await import('./ai-demo/server.server')
    startAiDemo()
  }
  const apiKey = env.ANTHROPIC_API_KEY ?? DEMO_API_KEY
  const config = [apiKey, env.ANTHROPIC_MAX_RETRIES, env.ANTHROPIC_TIMEOUT_MS].join('|')
  if (globalForAi.__solaceAi?.config !== config) {
    const client = new Anthropic({
      apiKey,
      // The demo answers only the real address; with a key, ANTHROPIC_BASE_URL (a gateway) is honoured.
      ...(demo ? { baseURL: ANTHROPIC_API } : {}),
      // The SDK retries 408, 409, 429, 5xx, 529 (overloaded) and network errors with backoff,
      // honouring retry-after; the whole consultation is still bounded by ANTHROPIC_TIMEOUT_MS.
      maxRetries: env.ANTHROPIC_MAX_RETRIES,
      timeout: env.ANTHROPIC_TIMEOUT_MS,
      // Set here so that ANTHROPIC_LOG=debug cannot print requests (health data) to the log.
      logLevel: 'warn',
      logger: quietLogger,
    })
    globalForAi.__solaceAi = { config, client }
  }
  return globalForAi.__solaceAi.client
}

function answerOf(message: Anthropic.Message, isDemo: boolean): ConsultationAnswer {
  if (message.stop_reason === 'max_tokens') {
    throw new AiServiceError('malformed', 'The answer was cut off at the token limit')
  }
  const call = message.content.find((block) => block.type === 'tool_use' && block.name === CONSULTATION_TOOL)
  const input = (call && call.type === 'tool_use' ? call.input : null) as {
    response?: unknown
    summary?: unknown
  } | null
  if (typeof input?.response !== 'string' || !input.response.trim()) {
    throw new AiServiceError('malformed', `No usable answer (stop reason ${message.stop_reason})`)
  }
  const summary = typeof input.summary === 'string' ? input.summary.trim() : ''
  return { response: input.response, summary, model: message.model, isDemo }
}

function asServiceError(error: unknown, timedOut: boolean): unknown {
  if (error instanceof AiServiceError) return error
  if (timedOut || error instanceof APIConnectionTimeoutError) {
    return new AiServiceError('timeout', 'No complete answer in time')
  }
  if (error instanceof APIUserAbortError || error instanceof APIConnectionError) {
    return new AiServiceError('unavailable', 'Could not reach the AI service')
  }
  if (error instanceof APIError) {
    // A status, or for an error event inside the stream (no status), the error's type.
    const status = error.status
    const busy =
      status === 429 || status === 529 || error.type === 'overloaded_error' || error.type === 'rate_limit_error'
    const kind: AiFailure = busy ? 'busy' : status !== undefined && status < 500 ? 'refused' : 'unavailable'
    return new AiServiceError(kind, `The AI service answered ${status ?? error.type ?? 'an error'}`, status)
  }
  // The stream ended early, or sent something that is not JSON.
  if (error instanceof AnthropicError || error instanceof SyntaxError) {
    return new AiServiceError('malformed', 'The AI service sent an unusable answer')
  }
  return error
}

/**
 * Asks the model; calls `onResponseText` with each new piece of the response while it is
 * written (the pieces add up to the resolved `response`) and resolves to the response, the
 * summary and the model's name. Any failure of the service throws an `AiServiceError`.
 */
export async function askForConsultation({
  system,
  content,
  onResponseText,
}: {
  system: string
  content: string
  onResponseText?: (text: string) => void
}): Promise<ConsultationAnswer> {
  const env = getEnv()
  const isDemo = aiIsDemo()
  announceExpensiveStep('AI call')
  const client = await aiClient()
  // The SDK's own timeout stops waiting for the answer to start; this one bounds the whole
  // answer. It aborts the request and also stops waiting by itself: a body that ignores the
  // abort (an in-process answer) cannot hold the consultation past it.
  const deadline = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      deadline.abort()
      reject(new AiServiceError('timeout', 'No complete answer in time'))
    }, env.ANTHROPIC_TIMEOUT_MS)
  })
  const reader = jsonFieldStream('response')
  let streamed = ''
  try {
    const stream = client.messages.stream(
      {
        model: env.ANTHROPIC_MODEL,
        max_tokens: MAX_TOKENS,
        system,
        messages: [{ role: 'user', content }],
        tools: [consultationTool],
        tool_choice: { type: 'tool', name: CONSULTATION_TOOL, disable_parallel_tool_use: true },
      },
      { signal: deadline.signal },
    )
    stream.on('inputJson', (partialJson) => {
      const text = reader.push(partialJson)
      if (!text) return
      streamed += text
      onResponseText?.(text)
    })
    const answer = answerOf(await Promise.race([stream.finalMessage(), timedOut]), isDemo)
    if (answer.response.startsWith(streamed)) {
      const rest = answer.response.slice(streamed.length)
      if (rest) onResponseText?.(rest)
    } else {
      log.warn('[ai] the streamed answer differs from the final one; the final one is stored')
    }
    return answer
  } catch (error) {
    const failure = asServiceError(error, deadline.signal.aborted)
    if (failure instanceof AiServiceError) {
      log.warn(logLine`[ai] consultation failed: ${failure.kind} (${failure.message})`)
    }
    throw failure
  } finally {
    clearTimeout(timer)
  }
}
