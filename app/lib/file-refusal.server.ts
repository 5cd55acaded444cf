import { AppError, refusalHeaders } from './errors'
import { inRequestLanguage } from './i18n/i18n.server'

/**
 * What a file route (a calendar file, a receipt, a statement) answers: the file, or a refusal
 * as plain text with its status (a 404 for someone else's), never an HTML error page. The
 * refusal is in the reader's language (decision 052).
 */
export async function fileOrRefusal(make: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await make()
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    throw new Response(inRequestLanguage(error.message), {
      status: error.status,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', ...refusalHeaders(error) },
    })
  }
}
