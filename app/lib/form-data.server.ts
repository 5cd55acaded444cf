import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from '@remix-run/node'
import { AppError } from './errors'

/**
 * Reads a form post, multipart or not. File parts larger than `maxFileBytes` stop the upload
 * as soon as the limit is passed (the rest is never buffered) and answer `tooLargeMessage`.
 */
export async function readFormData(
  request: Request,
  { maxFileBytes, tooLargeMessage, field }: { maxFileBytes: number; tooLargeMessage: string; field?: string },
) {
  const type = request.headers.get('Content-Type') ?? ''
  if (!type.startsWith('multipart/form-data')) return request.formData()
  try {
    return await unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: maxFileBytes }),
    )
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) throw new AppError(tooLargeMessage, 413, field)
    throw error
  }
}
