import { randomBytes } from 'node:crypto'
import { http, HttpResponse, type HttpResponseResolver } from 'msw'
import { answerLanguage, demoConsultation } from './answer.server'

/**
 * msw handlers that answer the Anthropic Messages API in its wire format, streaming included,
 * with the demo's answer (answer.server.ts). Used by the running app when no ANTHROPIC_API_KEY
 * is set (server.server.ts) and by the tests' msw server (tests/mocks/handlers.ts).
 *
 * A streamed answer is the API's server-sent events: message_start, content_block_start (the
 * tool_use block), ping, content_block_delta events carrying the tool input as
 * `input_json_delta` fragments cut at arbitrary points (inside words and escapes, as the API
 * does), content_block_stop, message_delta (stop reason, output tokens) and message_stop.
 */

export const MESSAGES_URL = 'https://api.anthropic.com/v1/messages'
/** What the demo reports as the model, so a stored demo answer never names a real one. */
export const DEMO_MODEL = 'solace-demo'

/** The pause between streamed fragments, so the app streams visibly; none in tests. */
const FRAGMENT_PAUSE_MS = process.env.NODE_ENV === 'test' ? 0 : 15

type MessagesRequest = {
  model?: unknown
  max_tokens?: unknown
  stream?: unknown
  messages?: unknown
  tools?: { name?: unknown }[]
  tool_choice?: { type?: unknown; name?: unknown }
  system?: unknown
}

const id = (prefix: string) => `${prefix}_demo${randomBytes(12).toString('hex')}`

/** An error in the API's shape (`{ type: 'error', error: { type, message } }`). */
export function anthropicError(status: number, type: string, message: string, headers: Record<string, string> = {}) {
  return HttpResponse.json(
    { type: 'error', error: { type, message }, request_id: id('req') },
    { status, headers: { 'request-id': id('req'), ...headers } },
  )
}

/** The text of the user's turns (a string, or text blocks). */
function userText(messages: unknown) {
  if (!Array.isArray(messages)) return ''
  return messages
    .filter((m) => m?.role === 'user')
    .map((m) => {
      if (typeof m.content === 'string') return m.content
      if (!Array.isArray(m.content)) return ''
      return m.content
        .map((b: { type?: string; text?: string }) => (b.type === 'text' ? (b.text ?? '') : ''))
        .join('\n')
    })
    .join('\n')
}

/** The system prompt's text (a string, or text blocks). */
function systemText(system: unknown) {
  if (typeof system === 'string') return system
  if (!Array.isArray(system)) return ''
  return system.map((b: { type?: string; text?: string }) => (b.type === 'text' ? (b.text ?? '') : '')).join('\n')
}

/** Cuts text into fragments of 1 to 24 characters, varied but the same every time. */
function fragments(text: string) {
  const out: string[] = []
  for (let i = 0, n = 0; i < text.length; n += 1) {
    const size = 1 + ((n * 7 + 3) % 24)
    out.push(text.slice(i, i + size))
    i += size
  }
  return out
}

function sse(event: string, data: unknown) {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`
}

function streamOf(events: string[]) {
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = events.shift()
      if (next === undefined) return controller.close()
      if (FRAGMENT_PAUSE_MS) await new Promise((resolve) => setTimeout(resolve, FRAGMENT_PAUSE_MS))
      controller.enqueue(encoder.encode(next))
    },
  })
}

const answerMessages: HttpResponseResolver = async ({ request }) => {
  if (!request.headers.get('x-api-key') && !request.headers.get('authorization')) {
    return anthropicError(401, 'authentication_error', 'An x-api-key or Authorization header is required')
  }
  if (!request.headers.get('anthropic-version')) {
    return anthropicError(400, 'invalid_request_error', 'anthropic-version: header is required')
  }
  let body: MessagesRequest
  try {
    body = (await request.json()) as MessagesRequest
  } catch {
    return anthropicError(400, 'invalid_request_error', 'The request body is not valid JSON.')
  }
  if (typeof body.model !== 'string' || typeof body.max_tokens !== 'number' || !Array.isArray(body.messages)) {
    return anthropicError(400, 'invalid_request_error', 'model, max_tokens and messages are required')
  }
  const prompt = userText(body.messages)
  const answer = demoConsultation(prompt, answerLanguage(systemText(body.system)))
  const toolName =
    body.tool_choice?.type === 'tool' && typeof body.tool_choice.name === 'string'
      ? body.tool_choice.name
      : typeof body.tools?.[0]?.name === 'string'
        ? body.tools[0].name
        : null
  const inputTokens = Math.ceil(prompt.length / 4)
  const json = JSON.stringify(answer)
  const outputTokens = Math.ceil(json.length / 4)
  const block = toolName
    ? { type: 'tool_use', id: id('toolu'), name: toolName, input: answer, caller: { type: 'direct' } }
    : { type: 'text', text: answer.response, citations: null }
  const usage = {
    input_tokens: inputTokens,
    output_tokens: outputTokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    cache_creation: null,
    server_tool_use: null,
    service_tier: 'standard',
  }
  const message = {
    id: id('msg'),
    type: 'message',
    role: 'assistant',
    model: DEMO_MODEL,
    content: [block],
    stop_reason: toolName ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    stop_details: null,
    container: null,
    usage,
  }
  const headers = { 'request-id': id('req') }
  if (body.stream !== true) return HttpResponse.json(message, { headers })

  const start = toolName ? { ...block, input: {} } : { ...block, text: '' }
  const deltas = toolName
    ? ['', ...fragments(json)].map((partial_json) => ({ type: 'input_json_delta', partial_json }))
    : fragments(answer.response).map((text) => ({ type: 'text_delta', text }))
  const events = [
    sse('message_start', {
      type: 'message_start',
      message: { ...message, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } },
    }),
    sse('content_block_start', { type: 'content_block_start', index: 0, content_block: start }),
    sse('ping', { type: 'ping' }),
    ...deltas.map((delta) => sse('content_block_delta', { type: 'content_block_delta', index: 0, delta })),
    sse('content_block_stop', { type: 'content_block_stop', index: 0 }),
    sse('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: message.stop_reason, stop_sequence: null },
      usage: { output_tokens: outputTokens },
    }),
    sse('message_stop', { type: 'message_stop' }),
  ]
  return new HttpResponse(streamOf(events), {
    headers: { ...headers, 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' },
  })
}

export const aiDemoHandlers = [http.post(MESSAGES_URL, answerMessages)]
