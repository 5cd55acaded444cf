import { setupServer } from 'msw/node'
import type { RequestHandler } from 'msw'

/**
 * The one msw server of the running app, shared by every offline stand-in (the payments
 * emulator, the demo AI). msw patches Node's request functions once per process: a second
 * `setupServer(...).listen()` takes over the interception and the first server's handlers stop
 * answering (with msw 2.15, the payments emulator's calls then went out to the network). So
 * each stand-in adds its handlers here instead of starting a server of its own. Requests no
 * handler matches pass through untouched. Tests never start it: their own msw server
 * (tests/mocks/server.ts) carries the same handlers.
 */

type OfflineApis = { server: ReturnType<typeof setupServer>; installed: Set<string> }

const globalForOffline = globalThis as unknown as { __solaceOfflineApis?: OfflineApis }

/**
 * Adds `handlers` under `name` to the shared server (started on first use); answers false when
 * that name was already installed, so a stand-in started twice (a dev reload) answers once.
 */
export function answerOffline(name: string, handlers: RequestHandler[]) {
  let state: OfflineApis | undefined = globalForOffline.__solaceOfflineApis
  if (!state) {
    const server = setupServer()
    server.listen({ onUnhandledRequest: 'bypass' })
    // msw keeps a copy of every answer (a tee of its body) for its lifecycle events, which
    // nobody reads here: read it to the end, so it holds no memory and a client cancelling its
    // own half (the Anthropic SDK on a timeout) is not left waiting for this one.
    server.events.on('response:mocked', ({ response }) => void response.arrayBuffer().catch(() => {}))
    state = { server, installed: new Set<string>() }
    globalForOffline.__solaceOfflineApis = state
  }
  if (state.installed.has(name)) return false
  state.installed.add(name)
  // Runtime handlers: only `resetHandlers` would drop them, and the app never calls it.
  state.server.use(...handlers)
  return true
}

/** Stops the shared server and forgets what was installed (tests of this module only). */
export function stopOfflineApis() {
  globalForOffline.__solaceOfflineApis?.server.close()
  globalForOffline.__solaceOfflineApis = undefined
}
