import { Readable, Transform } from 'node:stream'
import busboy from 'busboy'
import { BODY_MAX_BYTES, BodyTooLargeError } from './body.server'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'

/**
 * Reads a multipart upload as a stream (busboy), for files too large to hold in memory: the
 * file's bytes go to `onFile` as they arrive, never gathered whole, and reading stops at the
 * caps (docs/decisions/020-patient-documents.md). Small forms use `readForm` instead.
 */

/** The body is not a multipart form, or it could not be parsed to its end. */
export class UnreadableUploadError extends Error {
  constructor(
    readonly status: 400 | 415,
    options?: { cause?: unknown },
  ) {
    super('The upload could not be read', options)
    this.name = 'UnreadableUploadError'
  }
}

/** The file passed its cap; reading stopped there. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`)
    this.name = 'FileTooLargeError'
  }
}

export type IncomingFile = {
  /** The name the sender gave, as sent (without any directory part); sanitise before use. */
  filename: string
  /** The file's bytes; fails with FileTooLargeError past the cap. */
  stream: Readable
}

export type UploadOptions<T> = {
  /** The one field whose file is read; files in other fields are skipped. */
  field: string
  maxFileBytes: number
  /** Called once, for the first file of `field`; what it answers is `file` in the result. */
  onFile: (file: IncomingFile) => Promise<T>
}

/** Every part but the file: field names and text values, few and short. */
const FIELD_LIMITS = { fields: 20, fieldSize: 10_000, parts: 30, headerPairs: 50 }

/** The body as a Node stream that fails past `maxBytes` (a length header can lie or be absent). */
function boundedBody(request: Request, maxBytes: number) {
  let received = 0
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.byteLength
      if (received > maxBytes) done(new BodyTooLargeError(maxBytes))
      else done(null, chunk)
    },
  })
  const source = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>)
  source.on('error', (error) => counter.destroy(error))
  return { stream: source.pipe(counter), stop: () => source.destroy() }
}

/**
 * Reads `request` as a multipart form: the text fields, and what `onFile` made of the file
 * (null when none was sent). Throws UnreadableUploadError (415 not multipart, 400 malformed or
 * cut short), BodyTooLargeError past the whole body's cap, FileTooLargeError past the file's,
 * or whatever `onFile` threw. On any failure the body is no longer read; whatever `onFile`
 * stored is its own to remove (its promise has settled by the time this throws).
 */
export async function readUpload<T>(
  request: Request,
  { field, maxFileBytes, onFile }: UploadOptions<T>,
): Promise<{ fields: Record<string, string>; file: T | null }> {
  const contentType = request.headers.get('Content-Type') ?? ''
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !request.body) throw new UnreadableUploadError(415)
  const maxBodyBytes = maxFileBytes + BODY_MAX_BYTES
  const declared = Number(request.headers.get('Content-Length'))
  if (Number.isFinite(declared) && declared > maxBodyBytes) throw new BodyTooLargeError(maxBodyBytes)

  let parser: busboy.Busboy
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      defParamCharset: 'utf8',
      // Busboy flags a file that reaches its limit: one byte more than we allow is too many.
      limits: { ...FIELD_LIMITS, files: 1, fileSize: maxFileBytes + 1 },
    })
  } catch (error) {
    throw new UnreadableUploadError(400, { cause: error })
  }

  const fields: Record<string, string> = {}
  let handled: Promise<T> | null = null
  const body = boundedBody(request, maxBodyBytes)

  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value) => {
      fields[name] ??= value
    })
    parser.on('file', (name, stream, info) => {
      // Stopping the parser fails the file too; that is reported as the upload's failure, and
      // must not also reach the process as an unhandled error when `onFile` never read it.
      stream.on('error', () => {})
      // A form whose file input was left empty sends a file part without a name.
      if (name !== field || handled || !info.filename) {
        stream.resume()
        return
      }
      // Busboy stops a file at `fileSize` and says so; the file then fails instead of ending short.
      stream.on('limit', () => stream.destroy(new FileTooLargeError(maxFileBytes)))
      // Browsers send a `"` in a file name as %22 (the form-data encoding rule).
      handled = onFile({ filename: info.filename.replaceAll('%22', '"'), stream })
      // A refused file stops the whole upload: nothing more is read.
      handled.catch(reject)
    })
    parser.on('error', (error) => reject(new UnreadableUploadError(400, { cause: error })))
    parser.on('close', resolve)
    body.stream.on('error', reject)
  })

  body.stream.pipe(parser)
  try {
    await parsed
    return { fields, file: handled ? await handled : null }
  } catch (error) {
    body.stop()
    body.stream.unpipe(parser)
    parser.destroy()
    // Let onFile finish its own clean-up before the caller answers.
    await (handled as Promise<T> | null)?.catch(() => undefined)
    throw error
  }
}
