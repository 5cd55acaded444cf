/**
 * How many bytes a request body may carry before the server stops reading it
 * (docs/decisions/014-body-limits-and-unreadable-bodies.md). Every body is read through
 * `readBodyBytes`, so none is buffered past its cap: `readJson` for /api routes, `readForm`
 * for screens.
 */
import { msg } from './i18n/message'

/** A body without files: a JSON call or a plain form. The longest text field is 5,000 characters. */
export const BODY_MAX_BYTES = 256 * 1024

/** The body is longer than its cap; reading stopped there. */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The request body is larger than ${maxBytes} bytes`)
    this.name = 'BodyTooLargeError'
  }
}

/** The body could not be read to its end (the client stopped sending, or the stream failed). */
export class UnreadableBodyError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The request body could not be read', options)
    this.name = 'UnreadableBodyError'
  }
}

/**
 * "256 KB", "7.4 MB" ("256 Ko", "7,4 Mo"): a cap as a person reads it, a message put in the
 * reader's language with the message that holds it (app/lib/i18n/message.ts).
 */
export function formatBytes(bytes: number) {
  if (bytes < 1024 * 1024) return msg('common:sizes.kilobytes', { size: Math.round(bytes / 1024) })
  return msg('common:sizes.megabytes', { size: Math.round((bytes / (1024 * 1024)) * 10) / 10 })
}

function declaredLength(request: Request) {
  const value = request.headers.get('Content-Length')
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : null
}

async function cancelQuietly(body: ReadableStream<Uint8Array> | ReadableStreamDefaultReader<Uint8Array> | null) {
  // Cancelling tells the source to stop producing; a source that fails to stop is not our concern here.
  await body?.cancel().catch(() => {})
}

/**
 * Reads the whole body into memory, but never more than `maxBytes` of it. A declared
 * Content-Length over the cap is refused before anything is read; the bytes are counted as
 * they arrive too, because the header can lie or be missing (chunked encoding). Throws
 * BodyTooLargeError or UnreadableBodyError.
 */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = declaredLength(request)
  if (declared !== null && declared > maxBytes) {
    await cancelQuietly(request.body)
    throw new BodyTooLargeError(maxBytes)
  }
  if (!request.body) return new Uint8Array(0)
  if (request.bodyUsed) throw new UnreadableBodyError()

  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>
    try {
      chunk = await reader.read()
    } catch (error) {
      throw new UnreadableBodyError({ cause: error })
    }
    if (chunk.done) break
    total += chunk.value.byteLength
    if (total > maxBytes) {
      await cancelQuietly(reader)
      throw new BodyTooLargeError(maxBytes)
    }
    chunks.push(chunk.value)
  }

  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}
