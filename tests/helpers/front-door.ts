import net, { type AddressInfo } from 'node:net'
import { createApp } from '../../server/app.js'
import type { ServerBuild } from '@remix-run/node'

/**
 * The server's front door under test: the real Express app of server/app.js (every middleware,
 * the Remix adapter, the error handler) in front of a Remix build made of the route modules a
 * test names, rendered by the real app/entry.server.tsx. Requests go over a loopback socket
 * byte for byte, so a test can send what no fetch client would: a raw `..` in a path, a lying
 * Content-Length, a chunked body that never ends.
 */

type RouteModule = Record<string, unknown>

export type FrontDoorRoute = {
  id: string
  parentId?: string
  /** The route's own path segment (relative to its parent); none for a layout. */
  path?: string
  index?: boolean
  module: RouteModule
}

/** A route as a test build needs it: where it sits and its (imported) module. */
export type BuildRoute = { id: string; parentId?: string; path?: string; index?: boolean; module: RouteModule }

/**
 * A ServerBuild of these routes with this entry module, shaped as the Remix Vite plugin makes
 * it, for tests that serve route modules without a Vite build.
 */
export function serverBuildOf(routes: BuildRoute[], entryModule: unknown): ServerBuild {
  return {
    mode: 'production',
    entry: { module: entryModule },
    routes: Object.fromEntries(
      routes.map((route) => [
        route.id,
        {
          id: route.id,
          parentId: route.parentId,
          path: route.path,
          index: route.index,
          caseSensitive: undefined,
          module: route.module,
        },
      ]),
    ),
    assets: {
      entry: { module: '/entry.client.js', imports: [] },
      url: '/manifest.js',
      version: 'test',
      routes: Object.fromEntries(
        routes.map((route) => [
          route.id,
          {
            id: route.id,
            parentId: route.parentId,
            path: route.path,
            index: route.index,
            module: `/${route.id}.js`,
            hasLoader: Boolean(route.module.loader),
            hasAction: Boolean(route.module.action),
            hasClientAction: false,
            hasClientLoader: false,
            hasErrorBoundary: Boolean(route.module.ErrorBoundary),
            imports: [],
          },
        ]),
      ),
    },
    publicPath: '/build/',
    assetsBuildDirectory: 'build/client',
    future: {
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_singleFetch: true,
      v3_lazyRouteDiscovery: true,
      v3_routeConfig: true,
      unstable_optimizeDeps: false,
    },
    isSpaMode: false,
  } as unknown as ServerBuild
}

/** A ServerBuild of these routes (plus `root`), rendered by the real app/entry.server.tsx. */
export async function frontDoorBuild(routes: FrontDoorRoute[]): Promise<ServerBuild> {
  const [entry, root] = await Promise.all([import('~/entry.server'), import('~/root')])
  const all: FrontDoorRoute[] = [{ id: 'root', path: '', module: root }, ...routes]
  return serverBuildOf(
    all.map((route) => ({ ...route, parentId: route.id === 'root' ? undefined : (route.parentId ?? 'root') })),
    entry,
  )
}

export type FrontDoor = { port: number; close(): Promise<void> }

/**
 * Serves the build through server/app.js on a free loopback port (with the render caches on when
 * asked: the anonymous one, the per-person one with an injected clock).
 */
export async function startFrontDoor(
  build: ServerBuild,
  {
    trustProxy = false,
    renderCache = false,
    privateRenderCache = false,
  }: { trustProxy?: boolean; renderCache?: boolean; privateRenderCache?: boolean | { now?: () => number } } = {},
): Promise<FrontDoor> {
  const app = createApp({
    isProduction: false,
    trustProxy,
    build,
    mode: 'production',
    renderCache,
    privateRenderCache,
  })
  const server = app.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type RawAnswer = {
  status: number
  headers: Record<string, string>
  body: string
  /** The body's bytes as they came (a compressed one, say). */
  bytes: Buffer
  /** Body bytes the client managed to send before the server answered or hung up. */
  sent: number
}

const CRLF = Buffer.from('\r\n')

function decodeChunked(raw: Buffer) {
  const parts: Buffer[] = []
  let offset = 0
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', offset)
    if (lineEnd < 0) break
    const size = Number.parseInt(raw.subarray(offset, lineEnd).toString('latin1'), 16)
    if (!size) break
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size))
    offset = lineEnd + 2 + size + 2
  }
  return Buffer.concat(parts)
}

function parseAnswer(raw: Buffer, sent: number): RawAnswer {
  const headEnd = raw.indexOf('\r\n\r\n')
  if (headEnd < 0) throw new Error(`no HTTP answer (got ${raw.length} bytes)`)
  const [statusLine, ...lines] = raw.subarray(0, headEnd).toString('latin1').split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    const name = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value
  }
  const rest = raw.subarray(headEnd + 4)
  const body = headers['transfer-encoding'] === 'chunked' ? decodeChunked(rest) : rest
  return { status: Number(statusLine!.split(' ')[1]), headers, body: body.toString('utf8'), bytes: body, sent }
}

export type RawRequest = {
  method?: string
  /** The request target exactly as sent: nothing normalises or encodes it. */
  path: string
  headers?: Record<string, string>
  /** A body sent whole, with its Content-Length (unless the headers already give one). */
  body?: string | Uint8Array
  /**
   * A body sent chunked, piece by piece, for as long as the server reads: the sending stops
   * when the server answers or hangs up, and `sent` says how far it got.
   */
  stream?: Iterable<Uint8Array>
}

/**
 * One request over a fresh loopback connection (`Connection: close`), answered once the server
 * ends it. Undici's fetch and Node's http client would normalise the path and frame the body
 * themselves; msw, which intercepts both in tests, never sees a raw socket.
 */
export function rawRequest(port: number, request: RawRequest): Promise<RawAnswer> {
  const { method = 'GET', path, headers = {}, body, stream } = request
  const head: Record<string, string> = { host: `127.0.0.1:${port}`, connection: 'close', ...headers }
  const bytes = typeof body === 'string' ? Buffer.from(body) : body ? Buffer.from(body) : undefined
  if (bytes && !Object.keys(head).some((name) => name.toLowerCase() === 'content-length')) {
    head['content-length'] = String(bytes.length)
  }
  if (stream) head['transfer-encoding'] = 'chunked'
  const headText = `${method} ${path} HTTP/1.1\r\n${Object.entries(head)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`

  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    const received: Buffer[] = []
    let sent = 0
    let answered = false
    let finished = false

    const finish = () => {
      if (finished) return
      finished = true
      try {
        resolve(parseAnswer(Buffer.concat(received), sent))
      } catch (error) {
        reject(error)
      }
    }
    socket.on('data', (data) => {
      answered = true
      received.push(data)
    })
    socket.on('end', finish)
    socket.on('close', finish)
    // Writing into a connection the server closed after answering: the answer is what counts.
    socket.on('error', () => {})

    socket.write(headText)
    if (bytes) {
      socket.write(bytes)
      sent = bytes.length
    }
    if (!stream) return
    const chunks = stream[Symbol.iterator]()
    const pump = () => {
      while (!answered && !socket.destroyed) {
        const next = chunks.next()
        if (next.done) {
          socket.write('0\r\n\r\n')
          return
        }
        sent += next.value.byteLength
        const framed = Buffer.concat([Buffer.from(`${next.value.byteLength.toString(16)}\r\n`), next.value, CRLF])
        if (!socket.write(framed)) return void socket.once('drain', pump)
      }
    }
    pump()
  })
}

/** `count` chunks of `chunkBytes` each, made only as they are asked for; `made()` says how many were. */
export function lazyChunks(count: number, chunkBytes: number, fill = 0x61) {
  let made = 0
  const chunk = new Uint8Array(chunkBytes).fill(fill)
  return {
    made: () => made,
    *[Symbol.iterator]() {
      for (let i = 0; i < count; i += 1) {
        made += 1
        yield chunk
      }
    },
  }
}
