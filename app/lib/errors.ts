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
