/**
 * Remix's server render keeps its route tree per build (our patch to @remix-run/react's
 * CommonJS `RemixServer`: patches/, docs/decisions/028-work-done-once.md). Rendered through
 * the real entry and server: a build's tree is made for its first page and then reused.
 */
import { createRequire } from 'node:module'
import path from 'node:path'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import * as publicLayout from '~/routes/_public'
import * as home from '~/routes/_public._index'
import { frontDoorBuild, rawRequest, startFrontDoor, type FrontDoor } from '../helpers'

// The module the server's RemixServer calls through its exports object, which a spy can wrap.
const require = createRequire(import.meta.url)
const routes = require(path.join(path.dirname(require.resolve('@remix-run/react')), 'routes.js')) as {
  createServerRoutes: (...args: unknown[]) => unknown
}

let door: FrontDoor

beforeAll(async () => {
  const build = await frontDoorBuild([
    { id: 'routes/_public', module: publicLayout },
    { id: 'routes/_public._index', parentId: 'routes/_public', index: true, module: home },
  ])
  door = await startFrontDoor(build)
})

afterAll(() => door.close())

test("a build's server route tree is made once, not for every page rendered", async () => {
  const made = vi.spyOn(routes, 'createServerRoutes')
  for (let i = 0; i < 3; i++) {
    expect((await rawRequest(door.port, { path: '/' })).status).toBe(200)
  }
  expect(made.mock.calls.length).toBeLessThanOrEqual(1)
  made.mockRestore()
})
