import { BODY_MAX_BYTES, BodyTooLargeError, readBodyBytes } from './body.server'
import { AppError } from './errors'
import { msg } from './i18n/message'

/**
 * How every screen action reads its form (docs/decisions/014-body-limits-and-unreadable-bodies.md).
 * A body that is not a form, cannot be parsed or passes its cap is answered here, so an action
 * never fails with a 500 because of what a client sent.
 */

export const UNREADABLE_FORM = msg('common:forms.unreadable')
export const FORM_TOO_LARGE = msg('common:forms.tooLarge')

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])

/** A form with a file upload: the cap of its file, and what to say (on which field) past it. */
export type UploadLimit = { maxBytes: number; tooLargeMessage: string; field?: string }

/**
 * A refusal the page's error boundary shows: `{ message }` with the status. Thrown, it passes
 * through `refused()` untouched (only rules' AppErrors become form errors).
 */
function unreadable(status: number, message = UNREADABLE_FORM) {
  return Response.json({ message }, { status })
}

function mediaType(request: Request) {
  return (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase()
}

/**
 * Reads a form post: url-encoded, or multipart with an optional file upload. Answers (throws)
 * 415 for a body that is not a form, 400 for one that cannot be parsed (a truncated upload, a
 * missing boundary), and 413 past the cap: `maxBytes` for the text fields, plus the upload's
 * cap. Reading stops at the cap. With an upload, a body past the cap is the upload's fault and
 * is refused as an AppError with its message, on its field, so the form shows it like any
 * other rule; without one, as a 413 page.
 */
export async function readForm(
  request: Request,
  { maxBytes = BODY_MAX_BYTES, upload }: { maxBytes?: number; upload?: UploadLimit } = {},
): Promise<FormData> {
  const type = mediaType(request)
  if (!FORM_TYPES.has(type)) throw unreadable(415)

  // Only a multipart body can carry the file, so only it gets the upload's allowance.
  const withFile = type === 'multipart/form-data' ? upload : undefined
  let bytes: Uint8Array<ArrayBuffer>
  try {
    bytes = await readBodyBytes(request, maxBytes + (withFile?.maxBytes ?? 0))
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw unreadable(400)
    if (withFile) throw new AppError(withFile.tooLargeMessage, 413, withFile.field)
    throw unreadable(413, FORM_TOO_LARGE)
  }

  if (type === 'application/x-www-form-urlencoded') {
    const form = new FormData()
    for (const [name, value] of new URLSearchParams(new TextDecoder().decode(bytes))) form.append(name, value)
    return form
  }
  try {
    // The bytes are already in memory and counted: undici's parser refuses a truncated body
    // or a missing boundary, where a lenient parser would answer an empty form.
    return await new Response(bytes, { headers: { 'Content-Type': request.headers.get('Content-Type')! } }).formData()
  } catch {
    throw unreadable(400)
  }
}
