import { AppError, isAppError } from './errors'
import type { LoaderFunctionArgs } from '@remix-run/node'
import type { z } from 'zod'

const METHOD_NOT_ALLOWED = 'Method not allowed'

/** A JSON error answer in the shape every /api route uses: `{ message }`. */
export function jsonError(message: string, status: number) {
  return Response.json({ message }, { status })
}

function firstIssue(error: z.ZodError) {
  return error.issues[0]?.message ?? 'Invalid request'
}

/** Reads a JSON body and validates it with the form's schema; throws a 400 `{ message }`. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S) {
  let body: unknown
  try {
    const text = await request.text()
    body = text ? JSON.parse(text) : {}
  } catch {
    throw jsonError('The request body must be valid JSON', 400)
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw jsonError(firstIssue(parsed.error), 400)
  return parsed.data as z.output<S>
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
    if (isAppError(error)) return jsonError(error.message, error.status)
    console.error(error)
    return jsonError('Something went wrong. Please try again.', 500)
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
  return new Response(JSON.stringify({ message: METHOD_NOT_ALLOWED }), {
    status: 405,
    headers: { Allow: methods.join(', '), 'Content-Type': 'application/json' },
  })
}
