import { BODY_MAX_BYTES } from '~/lib/body.server'
import { IMAGE_DATA_URL_MAX_LENGTH, IMAGE_MAX_BYTES } from '~/models/images/image'
import { DOCUMENT_MAX_BYTES } from '~/models/records/document'

/*
 * The body caps that follow from what a model accepts (docs/decisions/014-body-limits-and-unreadable-bodies.md):
 * a picture or a document plus the text fields around it. They are here, not beside
 * BODY_MAX_BYTES in app/lib/body.server.ts, because lib knows no model's sizes.
 */

/** A JSON body that may carry a picture inline as a `data:` URL (5 MB as base64), plus its text fields. */
export const INLINE_IMAGE_BODY_MAX_BYTES = IMAGE_DATA_URL_MAX_LENGTH + BODY_MAX_BYTES

/** A form with one picture upload (`IMAGE_MAX_BYTES`), plus its text fields. */
export const IMAGE_UPLOAD_MAX_BYTES = IMAGE_MAX_BYTES + BODY_MAX_BYTES

/**
 * The largest cap any route uses. `server/body-limit.js` refuses bigger bodies before the app
 * sees them, and a test keeps its limit above this one: a new, larger cap goes in this list.
 */
export const LARGEST_BODY_MAX_BYTES = Math.max(
  BODY_MAX_BYTES,
  INLINE_IMAGE_BODY_MAX_BYTES,
  IMAGE_UPLOAD_MAX_BYTES,
  DOCUMENT_MAX_BYTES + BODY_MAX_BYTES,
)
