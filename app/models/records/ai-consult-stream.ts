import { AI_CONSULT_FAILED, type AiConsultation } from './ai-consult'

/**
 * The streamed answer of POST /api/patient-profiles/{id}/ai-consult, both ends of the wire in
 * one place: the route writes it with `consultEvent`, the tab reads it with
 * `readAiConsultAnswer`. Client-safe.
 *
 * Asked with `Accept: text/event-stream`, the route answers refusals (400, 404, 429) and a
 * failure before the answer starts (502) as JSON `{ message }` with their status, like any
 * /api call. Once the answer starts it is a `text/event-stream` of:
 *   event: delta  data: {"text":"…"}           the next piece of the response (Markdown)
 *   event: done   data: {AiConsultation}        the stored consultation, last
 *   event: error  data: {"message":"…","status":502}   the AI failed midway; nothing was stored
 * The deltas add up to the stored `response` (the model's own disclaimer is already left out);
 * `done` carries it whole, with the summary, and is the one to keep.
 */

export const EVENT_STREAM = 'text/event-stream'

export type AiConsultEvent =
  | { type: 'delta'; text: string }
  | { type: 'done'; consultation: AiConsultation }
  | { type: 'error'; message: string; status: number }

/** One event in the wire format (a JSON `data` line never holds a raw newline). */
export function consultEvent(event: AiConsultEvent): string {
  const data =
    event.type === 'delta'
      ? { text: event.text }
      : event.type === 'done'
        ? event.consultation
        : { message: event.message, status: event.status }
  return `event: ${event.type}\ndata: ${JSON.stringify(data)}\n\n`
}

/** The consultation failed: `message` is for the error toast, `status` the HTTP status. */
export class AiConsultError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
    this.name = 'AiConsultError'
  }
}

function parseEvent(block: string): AiConsultEvent | null {
  let type = 'message'
  const data: string[] = []
  for (const line of block.split(/\r?\n/)) {
    if (line.startsWith('event:')) type = line.slice(6).trim()
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''))
  }
  if (!data.length) return null
  const body = JSON.parse(data.join('\n')) as Record<string, unknown>
  if (type === 'delta') return { type, text: String(body.text ?? '') }
  if (type === 'done') return { type, consultation: body as AiConsultation }
  if (type === 'error') return { type, message: String(body.message || AI_CONSULT_FAILED), status: Number(body.status) }
  return null
}

/**
 * Reads the answer of a streamed Ask AI (`fetch(url, { method: 'POST', headers: { Accept:
 * 'text/event-stream', 'Content-Type': 'application/json' }, body: JSON.stringify({ question })
 * })`): calls `onText` with each piece of the response as it arrives and resolves to the stored
 * consultation. A refusal or failure rejects with an `AiConsultError` carrying the server's
 * message (`AI_CONSULT_FAILED` when it gave none).
 */
export async function readAiConsultAnswer(
  response: Response,
  { onText }: { onText?: (text: string) => void } = {},
): Promise<AiConsultation> {
  if (!response.ok || !response.headers.get('Content-Type')?.startsWith(EVENT_STREAM) || !response.body) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null
    const message = typeof body?.message === 'string' && body.message ? body.message : AI_CONSULT_FAILED
    if (!response.ok) throw new AiConsultError(message, response.status)
    // An answer that is not a stream: the plain JSON consultation (a server without streaming).
    if (body && typeof (body as AiConsultation).response === 'string') return body as AiConsultation
    throw new AiConsultError(AI_CONSULT_FAILED, 502)
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (value) buffer += value
    for (let end = buffer.search(/\r?\n\r?\n/); end >= 0; end = buffer.search(/\r?\n\r?\n/)) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '')
      const event = parseEvent(block)
      if (event?.type === 'delta') onText?.(event.text)
      else if (event?.type === 'done') {
        await reader.cancel().catch(() => {})
        return event.consultation
      } else if (event?.type === 'error') {
        await reader.cancel().catch(() => {})
        throw new AiConsultError(event.message, event.status || 502)
      }
    }
    if (done) throw new AiConsultError(AI_CONSULT_FAILED, 502)
  }
}
