/**
 * A rule said no. Models throw it with the message a person should read and the HTTP status
 * an API client should get; screens show the message, /api routes answer `{ message }`.
 * `field` names the form field the message belongs to, when there is one.
 */
export class AppError extends Error {
  constructor(
    message: string,
    readonly status: number = 400,
    readonly field?: string,
    /** For a 429: when trying again can succeed, sent as the Retry-After header. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

/** The headers a refusal is answered with, screen or /api alike: Retry-After for a 429. */
export function refusalHeaders(error: AppError): Record<string, string> | undefined {
  return error.retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(error.retryAfterSeconds) }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError
}

/**
 * What a file route (a calendar file, a receipt, a statement) answers: the file, or a refusal
 * as plain text with its status (a 404 for someone else's), never an HTML error page.
 */
export async function fileOrRefusal(make: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await make()
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    throw new Response(error.message, {
      status: error.status,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', ...refusalHeaders(error) },
    })
  }
}
