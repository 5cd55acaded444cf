/**
 * The server's route matching, kept between calls by our patches to @remix-run/router,
 * @remix-run/react and react-router-dom (patches/, docs/decisions/028-work-done-once.md). The
 * server loads their CommonJS builds, which are what the patches change.
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import { expect, test } from 'vitest'
import type * as RemixRouter from '@remix-run/router'
import type { AgnosticDataRouteObject } from '@remix-run/router'
import type * as StaticRouter from 'react-router-dom/server'

// Required, not imported: the CommonJS builds are the ones the server loads and we patch.
const require = createRequire(import.meta.url)
const { matchRoutes, matchPath } = require('@remix-run/router') as typeof RemixRouter
const { createStaticRouter } = require('react-router-dom/server') as typeof StaticRouter

type Route = AgnosticDataRouteObject

test('every package the server matches routes through loads the one patched copy of the router', () => {
  // patch-package patches node_modules/@remix-run/router; a second copy installed under one of
  // these (after an upgrade of one of them, say) would leave that one unpatched without a word.
  const router = require.resolve('@remix-run/router')
  for (const dependent of [
    '@remix-run/server-runtime',
    '@remix-run/node',
    '@remix-run/react',
    'react-router-dom',
    'react-router',
  ]) {
    expect(createRequire(require.resolve(dependent)).resolve('@remix-run/router'), dependent).toBe(router)
  }
  expect(fs.readFileSync(router, 'utf8')).toContain('Solace patch')
})

/** A tree shaped like the app's: a root layout, a pathless layout, params, an index and a splat. */
function appTree(extra: Route[] = []): Route[] {
  return [
    {
      id: 'root',
      path: '',
      children: [
        { id: 'routes/_index', index: true },
        { id: 'routes/services', path: 'services' },
        { id: 'routes/services.$id', path: 'services/:id' },
        {
          id: 'routes/_client',
          children: [
            { id: 'routes/_client.bookings.$id', path: 'bookings/:id' },
            { id: 'routes/_client.client-dashboard', path: 'client-dashboard' },
          ],
        },
        ...extra,
        { id: 'routes/$', path: '*' },
      ],
    },
  ]
}

const ids = (matches: ReturnType<typeof matchRoutes>) => matches?.map((m) => m.route.id)

test('a tree rebuilt with the same shape matches its own routes, with this path’s params', () => {
  const first = appTree()
  expect(ids(matchRoutes(first, '/services/12'))).toEqual(['root', 'routes/services.$id'])
  const rebuilt = appTree()
  const matches = matchRoutes(rebuilt, '/services/12')!
  expect(matches.map((m) => m.route)).toEqual([rebuilt[0], rebuilt[0]!.children![2]])
  expect(matches[1]!.route).toBe(rebuilt[0]!.children![2])
  expect(matches[1]!.params).toEqual({ id: '12' })
  expect(matchRoutes(appTree(), '/services/99')![1]!.params).toEqual({ id: '99' })
  expect(ids(matchRoutes(appTree(), '/bookings/7'))).toEqual(['root', 'routes/_client', 'routes/_client.bookings.$id'])
  expect(ids(matchRoutes(appTree(), '/'))).toEqual(['root', 'routes/_index'])
})

test('a tree of another shape is matched on its own', () => {
  const tree = appTree()
  expect(ids(matchRoutes(tree, '/practitioners'))).toEqual(['root', 'routes/$'])
  const grown = appTree([{ id: 'routes/practitioners', path: 'practitioners' }])
  expect(ids(matchRoutes(grown, '/practitioners'))).toEqual(['root', 'routes/practitioners'])
  expect(ids(matchRoutes(appTree(), '/practitioners'))).toEqual(['root', 'routes/$'])
})

test('a path nothing matches stays unmatched', () => {
  const tree: Route[] = [{ id: 'only', path: 'only' }]
  expect(matchRoutes(tree, '/other')).toBeNull()
  expect(matchRoutes(structuredClone(tree), '/other')).toBeNull()
  expect(ids(matchRoutes(tree, '/only'))).toEqual(['only'])
})

test('each call gets its own params, whatever an earlier caller did with theirs', () => {
  const tree = appTree()
  const params = matchRoutes(tree, '/services/5')![1]!.params as Record<string, string>
  params.id = 'changed by a caller'
  expect(matchRoutes(tree, '/services/5')![1]!.params).toEqual({ id: '5' })
})

test('matching a tree again does not flatten it again', () => {
  let pathReads = 0
  const tree = appTree()
  for (const route of [tree[0]!, ...tree[0]!.children!]) {
    const path = route.path
    Object.defineProperty(route, 'path', {
      get: () => {
        pathReads += 1
        return path
      },
    })
  }
  matchRoutes(tree, '/client-dashboard')
  const afterFirst = pathReads
  expect(afterFirst).toBeGreaterThan(0)
  expect(ids(matchRoutes(tree, '/client-dashboard'))).toEqual([
    'root',
    'routes/_client',
    'routes/_client.client-dashboard',
  ])
  expect(ids(matchRoutes(tree, '/services/3'))).toEqual(['root', 'routes/services.$id'])
  expect(pathReads).toBe(afterFirst)
})

test('routes without ids, or with the same id twice, are still matched', () => {
  const anonymous = [{ path: 'a', children: [{ path: ':b' }] }]
  expect(matchRoutes(anonymous, '/a/x')?.map((m) => m.pathname)).toEqual(['/a', '/a/x'])
  const twice = [
    { id: 'same', path: 'a' },
    { id: 'same', path: 'b' },
  ]
  expect(matchRoutes(twice, '/b')?.map((m) => m.route.path)).toEqual(['b'])
})

test('patterns given to matchPath are compiled right however many there are', () => {
  for (let i = 0; i < 1500; i++) {
    expect(matchPath(`/p${i}/:id`, `/p${i}/${i}`)?.params).toEqual({ id: String(i) })
  }
  expect(matchPath({ path: '/Case', caseSensitive: true }, '/case')).toBeNull()
  expect(matchPath({ path: '/Case', caseSensitive: false }, '/case')).not.toBeNull()
  expect(matchPath({ path: '/files', end: false }, '/files/a')?.pathnameBase).toBe('/files')
  expect(matchPath({ path: '/files', end: true }, '/files/a')).toBeNull()
})

test('the static router makes the data routes once per route tree', () => {
  const routes = appTree()
  const context = { basename: '/', location: { pathname: '/' }, matches: [], loaderData: {} }
  const router = (given: Route[]) =>
    createStaticRouter(given as never, context as unknown as Parameters<typeof createStaticRouter>[1])
  const first = router(routes)
  expect(router(routes).routes).toBe(first.routes)
  expect(router(appTree()).routes).not.toBe(first.routes)
  expect(first.routes[0]!.children!.map((r) => r.id)).toContain('routes/services.$id')
})
