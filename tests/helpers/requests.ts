import { expect } from 'vitest'
import { isAppError } from '~/lib/errors'
import { CLIENT_IP_HEADER } from '~/lib/rate-limit.server'

/**
 * Request builders and answer readers for calling route modules directly
 * (`action({ request, params, context })`), the way Remix's single fetch would.
 */

export const ORIGIN = 'http://localhost'

export type RequestOptions = {
  /** A `Cookie` header (see cookies.ts). */
  cookie?: string
  /** The client address the server stamps (x-solace-client-ip), which the rate limits key on. */
  ip?: string
  method?: string
  headers?: Record<string, string>
}

export type FormFields = Record<string, string | File>

function headersFor({ cookie, ip, headers }: RequestOptions) {
  const result = new Headers(headers)
  if (cookie) result.set('Cookie', cookie)
  if (ip) result.set(CLIENT_IP_HEADER, ip)
  return result
}

function url(path: string) {
  return path.startsWith('http') ? path : `${ORIGIN}${path}`
}

/** A form post: urlencoded, or multipart as soon as a field is a File. */
export function formRequest(path: string, fields: FormFields, options: RequestOptions = {}) {
  const hasFile = Object.values(fields).some((value) => typeof value !== 'string')
  let body: FormData | URLSearchParams
  if (hasFile) {
    body = new FormData()
    for (const [key, value] of Object.entries(fields)) body.append(key, value)
  } else {
    body = new URLSearchParams(fields as Record<string, string>)
  }
  return new Request(url(path), { method: options.method ?? 'POST', body, headers: headersFor(options) })
}

/** A JSON call; a string body is sent as is (to test malformed JSON). */
export function jsonRequest(path: string, method: string, body?: unknown, options: RequestOptions = {}) {
  const headers = headersFor(options)
  if (body !== undefined) headers.set('Content-Type', 'application/json')
  return new Request(url(path), {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
}

export function getRequest(path: string, options: RequestOptions = {}) {
  return new Request(url(path), { method: 'GET', headers: headersFor(options) })
}

/** The arguments a route's loader or action receives. */
export function routeArgs(request: Request, params: Record<string, string> = {}) {
  return { request, params, context: {} }
}

/** Runs a loader or action and answers what it returned or threw (redirects are thrown Responses). */
export async function settle<T>(run: () => Promise<T> | T): Promise<T | Response> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof Response) return error
    throw error
  }
}

export type FormToast = { type: string; title: string; description?: string }
export type FormReply = {
  status: number
  result: {
    status?: string
    error?: Record<string, string[] | null>
    initialValue?: Record<string, unknown> | null
    intent?: unknown
  }
  toast: FormToast | null
}

/** A screen action's `data()` answer (`{ type: 'DataWithResponseInit', data, init }`). */
export function formReply(answer: unknown): FormReply {
  expect(answer).toMatchObject({ type: 'DataWithResponseInit' })
  const { data, init } = answer as { data: Omit<FormReply, 'status'>; init: ResponseInit | null }
  return { status: init?.status ?? 200, ...data }
}

/** Asserts a redirect Response to `location` and answers it. */
export function expectRedirect(answer: unknown, location: string, status = 302) {
  expect(answer).toBeInstanceOf(Response)
  const response = answer as Response
  expect(response.status).toBe(status)
  expect(response.headers.get('Location')).toBe(location)
  return response
}

/** Asserts a JSON Response with this status and answers its body. */
export async function jsonBody<T = Record<string, unknown>>(answer: unknown, status: number) {
  expect(answer).toBeInstanceOf(Response)
  const response = answer as Response
  expect(response.status).toBe(status)
  return (await response.json()) as T
}

/** A loader or action, as the tests call it. */
export type RouteFunction = (args: ReturnType<typeof routeArgs>) => unknown

/** An /api answer taken apart: status, headers and the parsed JSON body. */
/**
 * A JSON body as tests read it: loosely typed on purpose, so an assertion can reach into any
 * answer without a cast; the assertions themselves check the shape.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any

export type ApiAnswer<T = Json> = { status: number; headers: Headers; body: T }

/**
 * Calls a resource route's loader or action with this request (and URL params) and answers
 * its Response, returned or thrown, with the JSON body parsed.
 */
export async function callApi<T = Json>(
  fn: RouteFunction,
  request: Request,
  params: Record<string, string> = {},
): Promise<ApiAnswer<T>> {
  const answer = await settle(() => fn(routeArgs(request, params)))
  expect(answer).toBeInstanceOf(Response)
  const response = answer as Response
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as T }
}

/** The rule a model call refused with ({ status, message }); fails the test if it did not refuse. */
export async function refusal(run: () => Promise<unknown> | unknown) {
  try {
    await run()
  } catch (error) {
    if (isAppError(error)) return { status: error.status, message: error.message }
    throw error
  }
  throw new Error('expected a refusal')
}

/** A GET of a resource route, answered as `callApi` does. */
export function getApi<T = Json>(fn: RouteFunction, path: string, params: Record<string, string> = {}) {
  return callApi<T>(fn, getRequest(path), params)
}
