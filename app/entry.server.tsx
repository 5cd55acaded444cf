import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable, type EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { lazyComponentsLoaded } from '~/components/lazy-component'
import { closeDb } from '~/db/client.server'
import { startMaintenance, stopMaintenance } from '~/lib/maintenance.server'
import { NonceProvider } from '~/lib/nonce'

startMaintenance()

// Read by server/app.js from the build: the render cache compares the catalogue's version on
// every request it answers (docs/decisions/027-render-cache.md); the bench counts statements.
export { catalogueVersion } from '~/models/marketplace/catalogue-version.server'
export { sqlStatementCount } from '~/db/client.server'

/** server.js calls this once the HTTP server has answered its last request: sweepers off, database closed. */
export function shutdown() {
  stopMaintenance()
  closeDb()
}

const ABORT_DELAY = 5_000

export const streamTimeout = ABORT_DELAY

type LoadContext = { cspNonce?: string }

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: LoadContext,
) {
  const nonce = loadContext.cspNonce ?? ''
  // Resolved from the first request on: every lazy component is then rendered in place.
  await lazyComponentsLoaded()
  // Bots and no-JS browsers get the whole document at once; others get it streamed.
  const readyEvent = isbot(request.headers.get('user-agent') ?? '') ? 'onAllReady' : 'onShellReady'

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true
          const body = new PassThrough()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
    setTimeout(abort, ABORT_DELAY)
  })
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return
  console.error(error)
}
