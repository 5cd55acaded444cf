import path from 'node:path'
import { serverBuildOf, type FrontDoor, type RawRequest } from './front-door'
import type { ServerBuild } from '@remix-run/node'

/**
 * The whole app as the server answers it, built from the route table (app/routes, as
 * app/routes.ts reads it) without a Vite build: every route module is imported and put in a
 * ServerBuild. `send` answers a request with Remix's own request handler; `http` sends it over
 * a loopback socket, byte for byte, to server/app.js (the middleware server.js runs: body
 * limits, the same-origin check, Cache-Control, the error handler) in front of that handler
 * (tests/helpers/front-door.ts). Parent loaders, method checks, redirects, thrown errors and
 * their 500s behave as in production; only the HTML rendering is left out (a document
 * answer's body is the JSON of its loader data, action data and errors).
 *
 * The reliability suites (fuzz, authorization matrix) use it so that a new route is covered
 * without anyone listing it. Imports are lazy, so importing this file costs nothing.
 */

export const APP_DIR = path.resolve(import.meta.dirname, '../../app')
const ORIGIN = 'http://localhost'

type Module = Record<string, unknown> & {
  loader?: (args: unknown) => unknown
  action?: (args: unknown) => unknown
  default?: unknown
  ErrorBoundary?: unknown
}

export type AppRoute = {
  id: string
  /** The file, relative to the repository root (e.g. `app/routes/api.bookings.$id._index.ts`). */
  file: string
  parentId?: string
  path?: string
  index?: boolean
  /** The full URL pattern, e.g. `/api/bookings/:id` (`*` for a splat). */
  pattern: string
  /** The dynamic segments of the pattern (`*` for a splat). */
  params: string[]
  module: Module
  /** No component and no error boundary: Remix answers its loader's or action's Response as is. */
  isResource: boolean
}

/** What a loader or action returned or threw that Remix would turn into a 500, or a shape it cannot send. */
export type Violation = { routeId: string; kind: 'loader' | 'action'; problem: string; error?: unknown }

export type AppAnswer = {
  status: number
  headers: Headers
  text: string
  /** The parsed body when it is JSON (documents always are here), else undefined. */
  json: unknown
  /** Errors Remix reported while answering (its handleError), e.g. what became a 500. */
  errors: unknown[]
  /** Loader or action results that were neither a Response nor data Remix can send. */
  violations: Violation[]
}

export type RemixApp = {
  routes: AppRoute[]
  build: ServerBuild
  /** Sends one request to Remix's request handler and reads the whole answer. */
  send(request: Request): Promise<AppAnswer>
  /**
   * Sends one request over a loopback socket to server/app.js in front of the same build. A
   * `RawRequest` goes exactly as written (its target is not normalised).
   */
  http(request: Request | RawRequest): Promise<AppAnswer>
  /** Stops the HTTP server, if `http` started one. */
  close(): Promise<void>
}

function fullPattern(manifest: Record<string, { id: string; parentId?: string; path?: string }>, id: string) {
  const segments: string[] = []
  for (let route = manifest[id]; route; route = route.parentId ? manifest[route.parentId] : undefined) {
    if (route.path) segments.unshift(route.path)
  }
  return `/${segments.join('/')}`.replace(/\/+/g, '/')
}

function isPlainData(value: unknown): boolean {
  if (value === null || value === undefined) return value === null
  if (typeof value !== 'object') return typeof value !== 'function' && typeof value !== 'symbol'
  const proto = Object.getPrototypeOf(value)
  return Array.isArray(value) || proto === Object.prototype || proto === null || value instanceof Date
}

/** A Response, Remix's `data()` / `redirect()` shapes, or plain serialisable data. */
export function isKnownAnswer(value: unknown) {
  if (value instanceof Response) return true
  if (value && typeof value === 'object' && (value as { type?: unknown }).type === 'DataWithResponseInit') return true
  return isPlainData(value)
}

function describeError(error: unknown) {
  if (error instanceof Error) return `${error.name}: ${error.message}`
  return String(error)
}

let cached: Promise<RemixApp> | undefined

/** The app's route table with each module imported, and a Remix request handler over it (made once per test file). */
export function remixApp(): Promise<RemixApp> {
  cached ??= build()
  return cached
}

async function build(): Promise<RemixApp> {
  const [{ UNSAFE_flatRoutes: flatRoutes }, { createRequestHandler }] = await Promise.all([
    import('@remix-run/dev'),
    import('@remix-run/node'),
  ])
  const manifest: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; file: string }> = {
    root: { id: 'root', path: '', file: 'root.tsx' },
    ...flatRoutes(APP_DIR, ['**/*.test.{ts,tsx}', '**/.*'], 'routes'),
  }

  let current: { errors: unknown[]; violations: Violation[] } = { errors: [], violations: [] }

  const wrap = (routeId: string, kind: 'loader' | 'action', fn: (args: unknown) => unknown) => {
    return async (args: unknown) => {
      let value: unknown
      try {
        value = await fn(args)
      } catch (thrown) {
        const known =
          thrown instanceof Response ||
          (thrown && typeof thrown === 'object' && (thrown as { type?: unknown }).type === 'DataWithResponseInit')
        if (!known) current.violations.push({ routeId, kind, problem: `threw ${describeError(thrown)}`, error: thrown })
        throw thrown
      }
      if (!isKnownAnswer(value)) {
        current.violations.push({ routeId, kind, problem: `returned ${Object.prototype.toString.call(value)}` })
      }
      return value
    }
  }

  const routes: AppRoute[] = await Promise.all(
    Object.values(manifest).map(async (entry) => {
      const imported = (await import(/* @vite-ignore */ path.join(APP_DIR, entry.file))) as Module
      const module: Module = { ...imported }
      if (imported.loader) module.loader = wrap(entry.id, 'loader', imported.loader)
      if (imported.action) module.action = wrap(entry.id, 'action', imported.action)
      const pattern = fullPattern(manifest, entry.id)
      return {
        id: entry.id,
        file: path.posix.join('app', entry.file),
        parentId: entry.id === 'root' ? undefined : (entry.parentId ?? 'root'),
        path: entry.path,
        index: entry.index,
        pattern,
        // A param may end in a literal (`:id.pdf`, from `$id[.pdf]`): its name is up to the literal.
        params: pattern
          .split('/')
          .filter((s) => s.startsWith(':') || s === '*')
          .map((s) => (s === '*' ? s : /^:([\w-]+)/.exec(s)![1]!)),
        module,
        isResource: module.default == null && module.ErrorBoundary == null,
      }
    }),
  )

  const serverBuild = serverBuildOf(routes, {
    // The document's body is its data as JSON: what the page would have rendered from.
    default(_request: Request, status: number, headers: Headers, context: EntryContextLike) {
      const { loaderData, actionData, errors } = context.staticHandlerContext
      headers.set('Content-Type', 'application/json; charset=utf-8')
      return new Response(JSON.stringify({ loaderData, actionData, errors: serialiseErrors(errors) }), {
        status,
        headers,
      })
    },
    handleError(error: unknown) {
      current.errors.push(error)
    },
  })

  const handler = createRequestHandler(serverBuild, 'production')

  async function send(request: Request): Promise<AppAnswer> {
    current = { errors: [], violations: [] }
    const controller = new AbortController()
    const signalled = new Request(request, { signal: controller.signal })
    const response = await handler(signalled, {})
    const text = await response.text()
    // Ends Remix's stream timers for this request (they wait for deferred data otherwise).
    controller.abort()
    let json: unknown
    if ((response.headers.get('Content-Type') ?? '').includes('json')) {
      try {
        json = JSON.parse(text)
      } catch {
        json = undefined
      }
    }
    return { status: response.status, headers: response.headers, text, json, ...current }
  }

  let door: Promise<FrontDoor> | undefined

  async function http(input: Request | RawRequest): Promise<AppAnswer> {
    const { startFrontDoor, rawRequest } = await import('./front-door')
    door ??= startFrontDoor(serverBuild)
    const { port } = await door
    const raw = input instanceof Request ? await toRaw(input) : input
    current = { errors: [], violations: [] }
    const answer = await rawRequest(port, raw)
    const headers = new Headers()
    for (const [name, value] of Object.entries(answer.headers)) headers.set(name, value)
    let json: unknown
    if ((headers.get('Content-Type') ?? '').includes('json')) {
      try {
        json = JSON.parse(answer.body)
      } catch {
        json = undefined
      }
    }
    return { status: answer.status, headers, text: answer.body, json, ...current }
  }

  async function close() {
    if (door) await (await door).close()
    door = undefined
  }

  return { routes, build: serverBuild, send, http, close }
}

/** A fetch Request as the bytes a client sends: its target, headers and (serialised) body. */
async function toRaw(request: Request): Promise<RawRequest> {
  const url = new URL(request.url)
  const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined
  const headers: Record<string, string> = {}
  request.headers.forEach((value, name) => (headers[name] = value))
  return { method: request.method, path: `${url.pathname}${url.search}`, headers, body }
}

type EntryContextLike = {
  staticHandlerContext: { loaderData: unknown; actionData: unknown; errors: Record<string, unknown> | null }
}

function serialiseErrors(errors: Record<string, unknown> | null) {
  if (!errors) return null
  return Object.fromEntries(
    Object.entries(errors).map(([id, error]) => {
      if (error && typeof error === 'object' && 'status' in error && 'data' in error) {
        const { status, data } = error as { status: number; data: unknown }
        return [id, { status, data }]
      }
      return [id, { message: error instanceof Error ? error.message : String(error) }]
    }),
  )
}

/** A URL for a route pattern with these values for its dynamic segments (encoded unless `raw`). */
export function urlFor(pattern: string, values: Record<string, string>, { raw = false } = {}) {
  const filled = pattern
    .split('/')
    .map((segment) => {
      if (segment === '*') return values['*'] ?? ''
      if (!segment.startsWith(':')) return segment
      // `:id`, `:id?`, or `:id.pdf` (a param and a literal after it).
      const [, name, suffix] = /^:([\w-]+)\??(.*)$/.exec(segment)!
      const value = values[name!] ?? ''
      return (raw ? value : encodeURIComponent(value)) + suffix
    })
    .join('/')
  return `${ORIGIN}${filled || '/'}`
}

/**
 * Uploads a small PNG as a practitioner's profile picture through the profile screen (multipart,
 * over HTTP, as a browser posts it) and answers the stored image's file name.
 */
export async function uploadProfilePicture(app: RemixApp, practitioner: { id: number }, cookie: string) {
  const [{ default: sharp }, { eq }, { getDb }, { users }] = await Promise.all([
    import('sharp'),
    import('drizzle-orm'),
    import('~/db/client.server'),
    import('~/db/schema'),
  ])
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
    .png()
    .toBuffer()
  const row = getDb().select().from(users).where(eq(users.id, practitioner.id)).get()!
  const form = new FormData()
  form.set('firstName', row.firstName)
  form.set('lastName', row.lastName)
  form.set('title', row.title ?? 'Coach')
  form.set('bio', row.bio ?? 'A practitioner.')
  form.set('profilePictureFile', new File([png], 'me.png', { type: 'image/png' }))
  const answer = await app.http(
    new Request('http://localhost/practitioner/profile', { method: 'POST', body: form, headers: { Cookie: cookie } }),
  )
  if (answer.status !== 302) throw new Error(`the upload was refused: ${answer.status} ${answer.text.slice(0, 300)}`)
  const url = getDb().select().from(users).where(eq(users.id, practitioner.id)).get()!.profileImageUrl
  if (!url?.startsWith('/uploads/images/')) throw new Error(`no uploaded picture (${url})`)
  return url.split('/').pop()!
}
