import { Writable } from 'node:stream'
import { RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { PageCataloguesContext } from '~/components/i18n/page-catalogues'
import { lazyComponentsLoaded } from '~/components/lazy-component'
import { closeDb } from '~/db/client.server'
import { stopMaintenance } from '~/jobs/maintenance.server'
import { settleAfterResponse } from '~/lib/after-response.server'
import { errorReportingOrigin } from '~/lib/error-reporting.server'
import { pageCatalogues, pageI18n } from '~/lib/i18n/i18n.server'
import { requestLanguage } from '~/lib/i18n/language.server'
import { isLanguage } from '~/lib/i18n/languages'
import { log, logRequestError } from '~/lib/log.server'
import { ScriptMarkProvider } from '~/lib/script-mark'
import {
  allowMarkedScripts,
  contentSecurityPolicy,
  contentSecurityPolicyHeader,
  newScriptMark,
} from '../server/content-security-policy.js'
import type { EntryContext } from '@remix-run/node'

// Read by server/app.js from the build: the render cache compares the catalogue's version on
// every request it answers (docs/decisions/027-render-cache.md).
export { catalogueVersion } from '~/models/marketplace/catalogue-version.server'

// Read by server/app.js too: the per-person render cache of the pages a signed-in person lives in
// checks the signed-in pages' data version and the session's row on every request it could
// answer (docs/decisions/054-signed-in-pages-kept-per-person.md).
export { privateVersion } from '~/models/accounts/private-version.server'
export { sessionForKeptPage } from '~/models/accounts/session.server'

/**
 * The sweepers (app/jobs/maintenance.server.ts): server.js starts them once it has loaded the
 * build. Importing the build starts nothing, so a test that imports it runs no sweeper.
 */
export { startMaintenance } from '~/jobs/maintenance.server'

/**
 * server.js checks the settings first (app/env.server.ts): in production a bad one stops the
 * process before it listens, naming the variable, so a deploy fails instead of serving 500s.
 */
export { checkConfiguration } from '~/env.server'

/** Where server.js sends error reports (SENTRY_DSN), or null: docs/decisions/040-operations-you-can-see.md. */
export { errorReportingConfig } from '~/lib/error-reporting.server'

/**
 * server.js calls this as it starts to stop: the video rooms' event streams end (each stay in a
 * room closed), so they do not hold the server's close open; the browsers reconnect to the next
 * machine that answers.
 */
export { closeAllRooms } from '~/models/sessions/signaling.server'

/**
 * server.js calls this once the HTTP server has answered its last request: sweepers off, the
 * work requests left running after their answers (an email, say) finished, database closed.
 */
export async function shutdown() {
  stopMaintenance()
  await settleAfterResponse()
  closeDb()
}

const ABORT_DELAY = 5_000

export const streamTimeout = ABORT_DELAY

/**
 * The page rendered whole into one buffer. Nothing on a page is deferred, and the server sends a
 * page in one piece anyway (server/remix.js), so there is nothing to stream: waiting for
 * `onAllReady` and collecting React's writes saves a PassThrough, its conversion to a web stream
 * and the reading back (decision 028). Bots and browsers without JavaScript get the same page.
 * Its Content Security Policy allows the inline scripts the app wrote by their hashes, found by
 * this render's mark, which then leaves the page (decision 033): the page is the same bytes for
 * every visitor who gets it.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  // Resolved from the first request on: every lazy component is then rendered in place.
  await lazyComponentsLoaded()

  const mark = newScriptMark()
  // The page's language, as the root loader decided it (a page whose root failed: the visitor's).
  const rootData = remixContext.staticHandlerContext.loaderData?.root as { language?: unknown } | undefined
  const language = isLanguage(rootData?.language) ? rootData.language : requestLanguage(request)
  const { i18n, namespacesRead } = pageI18n(language)
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const chunks: Buffer[] = []
    const page = new Writable({
      // React aborts on its destination's 'close', ending it a second time (an error built and
      // dropped on every page); this buffer never closes early, so it does not emit it.
      emitClose: false,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk)
        done()
      },
      final(done) {
        clearTimeout(abortTimer)
        const { page: html, scriptHashes } = allowMarkedScripts(Buffer.concat(chunks), mark)
        const isProduction = process.env.NODE_ENV === 'production'
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
        // A page's language follows the browser's Accept-Language when nothing else decides it.
        if (!/accept-language/i.test(responseHeaders.get('Vary') ?? ''))
          responseHeaders.append('Vary', 'Accept-Language')
        // A page reporting its errors (SENTRY_DSN) may send them to the service's origin.
        const reportTo = errorReportingOrigin()
        responseHeaders.set(
          contentSecurityPolicyHeader(isProduction),
          contentSecurityPolicy({ isProduction, scriptHashes, connectSources: reportTo ? [reportTo] : [] }),
        )
        resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }))
        done()
      },
    })
    const { pipe, abort } = renderToPipeableStream(
      <ScriptMarkProvider value={mark}>
        <I18nextProvider i18n={i18n}>
          <PageCataloguesContext.Provider value={() => pageCatalogues(language, namespacesRead)}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={mark} />
          </PageCataloguesContext.Provider>
        </I18nextProvider>
      </ScriptMarkProvider>,
      {
        nonce: mark,
        onShellReady() {
          shellRendered = true
        },
        onAllReady() {
          pipe(page)
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer)
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) log.error({ err: error }, 'rendering the page failed')
        },
      },
    )
    const abortTimer = setTimeout(abort, ABORT_DELAY)
  })
}

export function handleError(error: unknown, { request }: { request: Request }) {
  logRequestError(error, request)
}
