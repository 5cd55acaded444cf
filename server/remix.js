// @ts-check
// Remix behind Express: what @remix-run/express's adapter does, plus what it cannot — count the
// body as it streams in, and mark private answers.
/** @import { AppLoadContext, ServerBuild } from '@remix-run/node' */
/** @import { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express' */
import { createRequestHandler, writeReadableStreamToWritable } from '@remix-run/node'
import { closeAfterAnswer, limitedBody, refuseTooLarge } from './body-limit.js'
import { cacheControlFor } from './private-cache.js'

/**
 * @param {ExpressRequest} req
 * @param {boolean} trustProxy
 */
function requestUrl(req, trustProxy) {
  // The host the client asked for, with its port; behind our proxy, the one it received.
  const forwarded = trustProxy ? req.get('X-Forwarded-Host')?.split(',')[0]?.trim() : undefined
  const host = forwarded || req.get('host') || 'localhost'
  try {
    return new URL(`${req.protocol}://${host}${req.originalUrl}`)
  } catch {
    throw Object.assign(new Error(`Unusable request target ${host} ${req.originalUrl}`), { status: 400 })
  }
}

/**
 * @param {ExpressRequest} req
 * @param {ExpressResponse} res
 * @param {{ body: ReadableStream<Uint8Array> | undefined, trustProxy: boolean }} options
 */
function remixRequest(req, res, { body, trustProxy }) {
  const url = requestUrl(req, trustProxy)

  // Loaders and actions see the request aborted when the client leaves before the answer.
  /** @type {AbortController | null} */
  let controller = new AbortController()
  res.on('finish', () => (controller = null))
  res.on('close', () => controller?.abort())

  const headers = new Headers()
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value)
  }
  /** @type {RequestInit} */
  const init = { method: req.method, headers, signal: controller.signal }
  if (body) Object.assign(init, { body, duplex: 'half' })
  return new Request(url.href, init)
}

/**
 * Sends Remix's answer through Express.
 * @param {ExpressRequest} req
 * @param {ExpressResponse} res
 * @param {Response} response
 */
export async function send(req, res, response) {
  res.statusMessage = response.statusText
  res.status(response.status)
  // The app's header replaces one set before it (helmet's X-Content-Type-Options, say), so no
  // header goes out twice; only cookies add up, one Set-Cookie each, and Vary keeps what the
  // render cache said (server/render-cache.js) beside what the app adds.
  for (const [key, value] of response.headers.entries()) {
    if (key === 'set-cookie') res.append(key, value)
    else if (key === 'vary') res.setHeader(key, mergedVary(res.getHeader('vary')?.toString(), value))
    else res.setHeader(key, value)
  }
  const cacheControl = cacheControlFor({
    cookieHeader: req.headers.cookie,
    setsCookie: res.hasHeader('set-cookie'),
    cacheControl: res.getHeader('cache-control')?.toString(),
  })
  if (cacheControl) res.set('Cache-Control', cacheControl)
  // A body the client is still sending is not drained: the connection ends with this answer.
  closeAfterAnswer(req, res)
  if (!response.body) res.end()
  else if (isPage(response)) {
    const page = await wholeBody(response.body)
    // The render cache keeps a page it may answer with again, headers and bytes as they go out
    // (server/render-cache.js); it put `keepPage` there when the request was one it could answer.
    res.locals.keepPage?.(res, page)
    res.end(page)
  } else await writeReadableStreamToWritable(response.body, res)
}

/**
 * One Vary with the fields of both, each once.
 * @param {string | undefined} before @param {string} added
 */
function mergedVary(before, added) {
  const fields = [...(before ?? '').split(','), ...added.split(',')].map((field) => field.trim()).filter(Boolean)
  const seen = new Set()
  return fields.filter((field) => !seen.has(field.toLowerCase()) && seen.add(field.toLowerCase())).join(', ')
}

/**
 * An HTML page: rendered whole (no deferred data), tens of kilobytes.
 * @param {Response} response
 */
const isPage = (response) => response.headers.get('content-type')?.startsWith('text/html') ?? false

/**
 * A page's body in one buffer, so the compressor runs one zlib job per page. Pages come from
 * app/entry.server.tsx in one buffer already; sent chunk by chunk, React's few hundred small
 * writes cost about 10 ms of CPU to compress for a 16 KB page, against 0.1 ms in one go
 * (decision 028).
 * @param {ReadableStream<Uint8Array>} body
 */
async function wholeBody(body) {
  /** @type {Uint8Array[]} */
  const chunks = []
  // Node's web streams are async iterable, which the DOM library's type does not say.
  const chunksOfBody = /** @type {AsyncIterable<Uint8Array>} */ (/** @type {unknown} */ (body))
  for await (const chunk of chunksOfBody) chunks.push(chunk)
  return Buffer.concat(chunks)
}

/**
 * The Express handler that answers with Remix. `maxBodyBytes` bounds every body, declared or
 * chunked; past it the answer is 413 whatever the app made of the cut-off stream.
 * @param {{
 *   build: ServerBuild | (() => Promise<ServerBuild>)
 *   mode?: string
 *   getLoadContext?: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext | Promise<AppLoadContext>
 *   maxBodyBytes: number
 *   trustProxy?: boolean
 * }} options
 * @returns {RequestHandler}
 */
export function remixHandler({ build, mode, getLoadContext, maxBodyBytes, trustProxy = false }) {
  const handleRequest = createRequestHandler(build, mode)
  return async (req, res, next) => {
    try {
      const body = req.method === 'GET' || req.method === 'HEAD' ? null : limitedBody(req, maxBodyBytes)
      const request = remixRequest(req, res, { body: body?.stream, trustProxy })
      const response = await handleRequest(request, await getLoadContext?.(req, res))
      if (body?.state.tooLarge) {
        await response.body?.cancel().catch(() => {})
        return refuseTooLarge(req, res, maxBodyBytes)
      }
      await send(req, res, response)
    } catch (error) {
      next(error)
    }
  }
}
