// @ts-check
// The last word on any error Express sees: a short answer, never a stack trace.
/** @import { NextFunction, Request, Response } from 'express' */
import { STATUS_CODES } from 'node:http'
import { closeAfterAnswer } from './body-limit.js'
import { log } from './log.js'
import { isApiRequest } from './security.js'

const UNEXPECTED = 'Something went wrong. Please try again.'

/** @param {unknown} error */
function statusOf(error) {
  // Anything may be thrown; an Error from Express or a body parser says its status here.
  const fields = /** @type {{ status?: unknown, statusCode?: unknown } | null | undefined} */ (error)
  const status = Number(fields?.status ?? fields?.statusCode)
  return Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500
}

/**
 * @param {unknown} error
 * @param {number} status
 */
function messageFor(error, status) {
  if (status >= 500) return UNEXPECTED
  // Express could not decode a percent-escape in the path (`/api/services/%E0%A4%A`).
  if (error instanceof URIError) return 'The address of this request is not valid.'
  return STATUS_CODES[status] ?? 'The request was refused.'
}

/**
 * Express's own error page prints the stack outside production and is HTML even for /api.
 * This answers JSON `{ message }` for /api and plain text elsewhere, and logs only what is a
 * fault of ours (5xx), which is then reported (server/log.js).
 * @param {unknown} error
 * @param {Request} req
 * @param {Response} res
 * @param {NextFunction} next
 */
export function errorHandler(error, req, res, next) {
  const status = statusOf(error)
  if (status >= 500) log.error({ err: error }, `${req.method} request failed`)
  // Part of an answer has gone out already: Express's default ends the connection, nothing more.
  if (res.headersSent) return next(error)
  const message = messageFor(error, status)
  closeAfterAnswer(req, res)
  if (isApiRequest(req.originalUrl)) res.status(status).json({ message })
  else res.status(status).type('text/plain').send(message)
}
