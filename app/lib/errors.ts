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
  ) {
    super(message)
    this.name = 'AppError'
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError
}
