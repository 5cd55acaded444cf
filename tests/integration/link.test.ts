/**
 * Our `<Link>` on the server (app/components/ui/link.tsx), made without React Router's hooks
 * for a link to an absolute path (docs/decisions/028-work-done-once.md). Browsers render
 * Remix's own `Link` in its place, so the server's markup must be exactly what that renders, or
 * hydration would not find it: every case here is compared with Remix's ES module build, the
 * one browsers run.
 */
import { createRequire } from 'node:module'
import { createElement, type ReactNode, useId } from 'react'
import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { Link as ours } from '~/components/ui/link'
import type * as RouterDom from 'react-router-dom'
import type * as StaticRouterServer from 'react-router-dom/server'

// Required, not imported: the CommonJS builds the server loads, whose contexts our Link reads.
const require = createRequire(import.meta.url)
const { UNSAFE_RouteContext: RouteContext } = require('react-router-dom') as typeof RouterDom
const { StaticRouter } = require('react-router-dom/server') as typeof StaticRouterServer
// The ES module build: what the browser renders (it shares React Router's contexts).
const { Link: remix } = (await import(
  // @ts-expect-error the package's ES module build has no types of its own
  '@remix-run/react/dist/esm/components.js'
)) as { Link: typeof ours }

type LinkProps = Parameters<typeof ours>[0]

/** An element whose id comes from `useId`, which depends on its place in the tree. */
function Identified() {
  return createElement('span', { id: useId() })
}

function page(Link: typeof remix, props: LinkProps) {
  const tree: ReactNode = createElement(
    'main',
    null,
    createElement(Link, props, createElement(Identified), 'text'),
    createElement(Identified),
  )
  const html = renderToString(createElement(StaticRouter, { location: '/services?page=2' }, tree))
  expect(html).toContain('<main>')
  return html
}

const cases: LinkProps[] = [
  { to: '/' },
  { to: '/services/12', className: 'hover:underline' },
  { to: '/services?category=Yoga&page=2#results' },
  { to: '/services?' },
  { to: '/practitioners/' },
  { to: '/a b/é' },
  { to: '/services', discover: 'none' },
  { to: '/services', reloadDocument: true },
  { to: '/services', prefetch: 'intent', onFocus: () => {} },
  { to: '/services', prefetch: 'render' },
  { to: '/services', target: '_blank', rel: 'noreferrer', 'aria-label': 'All services' },
  { to: '/services', replace: true, state: { from: 'x' }, preventScrollReset: true, viewTransition: true },
  { to: '/services', relative: 'path', onClick: () => {}, style: { color: 'red' } },
  // Left to Remix's Link: each must still render as before.
  { to: 'relative/path' },
  { to: '../up' },
  { to: '//cdn.example.test/x' },
  { to: 'https://example.test/x' },
  { to: { pathname: '/services', search: '?page=3' } },
]

test.each(cases)('a link to %o renders what the browser renders', (props) => {
  expect(page(ours, props)).toBe(page(remix, props))
})

test('a link to an absolute path on the server reads no route matches', () => {
  let reads = 0
  const context = {
    outlet: null,
    isDataRoute: false,
    get matches() {
      reads += 1
      return []
    },
  }
  const render = (Link: typeof remix, to: string) => {
    reads = 0
    renderToString(
      createElement(
        StaticRouter,
        { location: '/' },
        createElement(RouteContext.Provider, { value: context }, createElement(Link, { to }, 'x')),
      ),
    )
    return reads
  }
  expect(render(remix, '/services')).toBeGreaterThan(0)
  expect(render(ours, '/services')).toBe(0)
  expect(render(ours, 'relative')).toBeGreaterThan(0)
})
