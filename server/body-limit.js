// @ts-check
// The server's own cap on request bodies, in front of the app's per-route caps
// (docs/decisions/014-body-limits-and-unreadable-bodies.md).
/** @import { IncomingMessage } from 'node:http' */
/** @import { Socket } from 'node:net' */
/** @import { Request, RequestHandler, Response } from 'express' */
import { visitorLanguage } from './language.js'
import { isApiRequest } from './security.js'

/**
 * No route takes a larger body: the largest cap in the app (LARGEST_BODY_MAX_BYTES in
 * app/models/body-caps.server.ts, a 10 MB document plus its fields) fits under it, and a test keeps
 * it so. The app refuses at its own, smaller caps; this one catches what gets past them.
 */
export const SERVER_BODY_MAX_BYTES = 11 * 1024 * 1024

/**
 * The refusal in the visitor's language (the account's is not known this early). The app's
 * catalogues are not in the server's image, so the words are here, the same as
 * `common:api.bodyTooLarge` and `common:sizes.megabytes` (a test keeps them so).
 */
export const TOO_LARGE = {
  en: (/** @type {number} */ megabytes) => `The request body is too large (at most ${megabytes} MB).`,
  fr: (/** @type {number} */ megabytes) => `Le corps de la requête est trop volumineux (au plus ${megabytes} Mo).`,
}

const LINGER_MS = 1000
const LINGER_MAX_BYTES = 4 * 1024 * 1024

/**
 * For an answer sent before the request's body was read to its end: the connection closes
 * after it. Closing a socket with bytes still unread makes the kernel reset the connection,
 * and a client still sending can then lose the answer before reading it (a browser would show
 * "connection reset" instead of our 413). So, like nginx's lingering close, what still arrives
 * is read and dropped for a moment, bounded in time and bytes, before the socket closes.
 * @param {Request} req
 * @param {Response} res
 */
export function closeAfterAnswer(req, res) {
  if (req.complete) return
  res.set('Connection', 'close')
  const socket = req.socket
  let dropped = 0
  req.on('data', (/** @type {Buffer} */ chunk) => {
    dropped += chunk.length
    if (dropped > LINGER_MAX_BYTES) socket.destroy()
  })
  req.resume()
  // Node ends a `Connection: close` socket with destroySoon() once the answer is written.
  /** @this {Socket} */
  socket.destroySoon = function lingeringDestroySoon() {
    this.end()
    setTimeout(() => this.destroy(), LINGER_MS).unref()
  }
}

/**
 * Answers 413 for a body over `maxBytes`: JSON `{ message }` for /api, plain text otherwise.
 * The connection closes afterwards, so the rest of the body is never read.
 * @param {Request} req
 * @param {Response} res
 * @param {number} maxBytes
 */
export function refuseTooLarge(req, res, maxBytes) {
  const language = visitorLanguage({
    cookie: req.headers.cookie ?? null,
    acceptLanguage: req.headers['accept-language'] ?? null,
  })
  const message = TOO_LARGE[language](Math.round(maxBytes / (1024 * 1024)))
  closeAfterAnswer(req, res)
  if (isApiRequest(req.originalUrl)) res.status(413).json({ message })
  else res.status(413).type('text/plain').send(message)
}

/**
 * Refuses a request whose declared Content-Length is over the cap before any of it is read.
 * @param {number} maxBytes
 * @returns {RequestHandler}
 */
export function declaredBodyLimit(maxBytes) {
  return (req, res, next) => {
    const declared = req.headers['content-length']
    if (declared !== undefined && Number(declared) > maxBytes) return refuseTooLarge(req, res, maxBytes)
    next()
  }
}

/**
 * The request's body as a web stream that stops at `maxBytes`, counting as it goes (chunked
 * bodies declare no length). Past the cap the stream fails and `state.tooLarge` says why.
 * Cancelling it only stops reading: the socket stays open for the answer, and the caller
 * closes the connection after answering while the body is incomplete (`req.complete`), instead
 * of letting Node drain an unread body of any size.
 * @param {IncomingMessage} req
 * @param {number} maxBytes
 */
export function limitedBody(req, maxBytes) {
  const state = { received: 0, tooLarge: false, ended: false }
  /** @type {ReadableStreamDefaultController<Uint8Array>} */
  let controller
  let settled = false

  function stop() {
    req.off('data', onData)
    req.off('end', onEnd)
    req.off('error', onError)
    req.off('close', onClose)
    req.pause()
  }
  /** @param {() => void} finish */
  function settle(finish) {
    if (settled) return
    settled = true
    stop()
    finish()
  }
  /** @param {Buffer} chunk */
  function onData(chunk) {
    state.received += chunk.length
    if (state.received > maxBytes) {
      state.tooLarge = true
      settle(() => controller.error(new Error(`The request body is larger than ${maxBytes} bytes`)))
      return
    }
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
    // (desiredSize is null only for a failed stream, and failing it stops the reading first.)
    if ((controller.desiredSize ?? 0) <= 0) req.pause()
  }
  function onEnd() {
    state.ended = true
    settle(() => controller.close())
  }
  /** @param {Error} error */
  function onError(error) {
    settle(() => controller.error(error))
  }
  function onClose() {
    // Closed before its end: the client went away mid-body.
    if (!state.ended) settle(() => controller.error(new Error('The request body was cut off')))
  }

  /** @type {ReadableStream<Uint8Array>} */
  const stream = new ReadableStream(
    {
      start(c) {
        controller = c
        req.on('data', onData)
        req.once('end', onEnd)
        req.once('error', onError)
        req.once('close', onClose)
      },
      pull() {
        req.resume()
      },
      cancel() {
        settled = true
        stop()
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  )
  return { stream, state }
}
