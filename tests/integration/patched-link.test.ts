/**
 * Remix's `<Link>` on the server, made without React Router's hooks by our patch to
 * @remix-run/react's CommonJS build (patches/, docs/decisions/028-work-done-once.md). Browsers
 * run the unpatched ES module build, so the server's markup must be exactly what that build
 * renders, or hydration would not find it: every case here is compared with it.
 */
import { createRequire } from 'node:module'
import { createElement, type ReactNode, useId } from 'react'
import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import type * as Remix from '@remix-run/react'
import type * as RouterDom from 'react-router-dom'
import type * as StaticRouterServer from 'react-router-dom/server'

// Required, not imported: the CommonJS builds are the ones the server loads and we patch.
const require = createRequire(import.meta.url)
const patched = (require('@remix-run/react') as typeof Remix).Link
const { UNSAFE_RouteContext: RouteContext } = require('react-router-dom') as typeof RouterDom
const { StaticRouter } = require('react-router-dom/server') as typeof StaticRouterServer
// The ES module build, unpatched: what the browser renders (it shares React Router's contexts).
const { Link: unpatched } = (await import(
  // @ts-expect-error the package's ES module build has no types of its own
  '@remix-run/react/dist/esm/components.js'
)) as typeof Remix

type LinkProps = Parameters<typeof patched>[0]

/** An element whose id comes from `useId`, which depends on its place in the tree. */
function Identified() {
  return createElement('span', { id: useId() })
}

function page(Link: typeof patched, props: LinkProps, basename = '/') {
  const tree: ReactNode = createElement(
    'main',
    null,
    createElement(Link, props, createElement(Identified), 'text'),
    createElement(Identified),
  )
  const location = `${basename === '/' ? '' : basename}/services?page=2`
  const html = renderToString(createElement(StaticRouter, { location, basename }, tree))
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
  // Not taken by the patch: each must still render as before.
  { to: 'relative/path' },
  { to: '../up' },
  { to: '//cdn.example.test/x' },
  { to: 'https://example.test/x' },
  { to: { pathname: '/services', search: '?page=3' } },
]

test.each(cases)('a link to %o renders what the browser renders', (props) => {
  expect(page(patched, props)).toBe(page(unpatched, props))
})

test('under a basename the link renders what the browser renders', () => {
  for (const props of cases) expect(page(patched, props, '/app')).toBe(page(unpatched, props, '/app'))
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
  const render = (Link: typeof patched, to: string) => {
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
  expect(render(unpatched, '/services')).toBeGreaterThan(0)
  expect(render(patched, '/services')).toBe(0)
  expect(render(patched, 'relative')).toBeGreaterThan(0)
})
