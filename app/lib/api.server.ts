import { BODY_MAX_BYTES, BodyTooLargeError, formatBytes, readBodyBytes } from './body.server'
import { AppError, isAppError, refusalHeaders } from './errors'
import { inRequestLanguage } from './i18n/i18n.server'
import { msg, type Message } from './i18n/message'
import { log } from './log.server'
import type { LoaderFunctionArgs } from '@remix-run/node'
import type { z } from 'zod'

const METHOD_NOT_ALLOWED = msg('common:api.methodNotAllowed')

/**
 * A JSON error answer in the shape every /api route uses: `{ message }`, in the language of the
 * request (a message is a catalogue key until here, app/lib/i18n/message.ts).
 */
export function jsonError(message: Message, status: number, headers?: HeadersInit) {
  return Response.json({ message: inRequestLanguage(message) }, { status, headers })
}

function firstIssue(error: z.ZodError) {
  return error.issues[0]?.message ?? msg('common:api.invalidRequest')
}

/**
 * Reads a JSON body and validates it with the form's schema; throws a 400 `{ message }`, or a
 * 413 once the body passes `maxBytes` (reading stops there, see app/lib/body.server.ts). A
 * route whose body may carry a picture inline passes `INLINE_IMAGE_BODY_MAX_BYTES`
 * (app/models/body-caps.server.ts).
 */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  { maxBytes = BODY_MAX_BYTES }: { maxBytes?: number } = {},
) {
  const text = await readText(request, { maxBytes })
  let body: unknown
  try {
    body = text ? JSON.parse(text) : {}
  } catch {
    throw jsonError(msg('common:api.invalidJson'), 400)
  }
  return parseBody(schema, body)
}

/** Validates a body already read (a route that picks its schema by what was sent); 400 `{ message }`. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown) {
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw jsonError(firstIssue(parsed.error), 400)
  return parsed.data as z.output<S>
}

/** The body as text, never more than `maxBytes` of it (413 past it); for JSON and signed payloads. */
export async function readText(request: Request, { maxBytes = BODY_MAX_BYTES }: { maxBytes?: number } = {}) {
  try {
    return new TextDecoder().decode(await readBodyBytes(request, maxBytes))
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw bodyTooLarge(error.maxBytes)
    throw jsonError(msg('common:api.unreadableBody'), 400)
  }
}

/** The 413 every /api route answers for a body over its cap. */
export function bodyTooLarge(maxBytes: number) {
  return jsonError(msg('common:api.bodyTooLarge', { size: formatBytes(maxBytes) }), 413)
}

/** Validates query parameters (an object of strings) with a schema; throws a 400 `{ message }`. */
export function readQuery<S extends z.ZodType>(request: Request, schema: S) {
  const params = Object.fromEntries(new URL(request.url).searchParams)
  const parsed = schema.safeParse(params)
  if (!parsed.success) throw jsonError(firstIssue(parsed.error), 400)
  return parsed.data as z.output<S>
}

export function requireMethod(request: Request, ...methods: string[]) {
  if (!methods.includes(request.method)) throw jsonMethodNotAllowed(methods)
}

/**
 * Runs an /api handler and turns a refused rule (AppError) into its JSON answer. Thrown
 * Responses pass through; anything else is a 500 with a generic message (logged, not leaked).
 */
export async function handleApi(run: () => Promise<Response> | Response) {
  try {
    return await run()
  } catch (error) {
    if (error instanceof Response) return error
    if (isAppError(error)) return jsonError(error.message, error.status, refusalHeaders(error))
    log.error({ err: error }, 'an /api route failed')
    return jsonError(msg('common:api.failed'), 500)
  }
}

export { AppError }
/**
 * The `action` of a read-only endpoint: any write method answers 405 JSON with `Allow: GET`
 * (Remix's own answer would be neither JSON nor carry the header).
 */
export function readOnlyAction({ request }: { request: Request }) {
  return handleApi(() => {
    requireMethod(request, 'GET')
    return jsonError(METHOD_NOT_ALLOWED, 405)
  })
}

/** A page of a list as JSON (a plain array, as the spec's client expects) with its position in headers. */
export function pagedJson<T>(
  items: T[],
  { total, page, pageCount, pageSize }: { total: number; page: number; pageCount: number; pageSize: number },
) {
  return Response.json(items, {
    headers: {
      'X-Total-Count': String(total),
      'X-Page': String(page),
      'X-Page-Count': String(pageCount),
      'X-Page-Size': String(pageSize),
    },
  })
}

/**
 * The `loader` of an endpoint that only takes writes: a GET answers 405 JSON naming the
 * methods it does take.
 */
export function writeOnlyLoader(...methods: string[]) {
  return (_args?: LoaderFunctionArgs) => jsonMethodNotAllowed(methods)
}

function jsonMethodNotAllowed(methods: string[]) {
  return new Response(JSON.stringify({ message: inRequestLanguage(METHOD_NOT_ALLOWED) }), {
    status: 405,
    headers: { Allow: methods.join(', '), 'Content-Type': 'application/json' },
  })
}
