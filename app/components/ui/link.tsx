import { createPath, parsePath, Link as RemixLink, type LinkProps } from '@remix-run/react'
import { forwardRef } from 'react'

/**
 * Remix's `Link`, cheaper on the server (docs/decisions/028-work-done-once.md). There, a link to
 * an absolute path (`/services/12`) is the anchor Remix's `Link` would render, made without
 * React Router's hooks, which resolve the path three times a link, each time turning the route
 * matches into JSON and back: `/services` has about 90 links. It keeps Remix's tree (a
 * fragment of the anchor and no prefetch links, which only an effect adds in the browser), so
 * ids from `useId` and hydration are unchanged; tests/integration/link.test.ts compares the two
 * for every kind of `to` and prop. Our routes have no basename, so the href is the path itself
 * (a lone `?` or `#` dropped, as React Router drops it). For any other `to` it is Remix's `Link`;
 * in the browser it is Remix's `Link` itself, and the build leaves this one out of its bundles.
 */
// Pure: the browser build drops it, unused there.
const ServerLink = /* @__PURE__ */ forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  const { to } = props
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//')) {
    return <RemixLink ref={ref} {...props} />
  }
  // Everything React Router's Link takes for itself; the rest are the anchor's attributes.
  const {
    discover = 'render',
    reloadDocument,
    target,
    prefetch: _prefetch,
    onClick: _onClick,
    relative: _relative,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    to: _to,
    children,
    ...attributes
  } = props
  return (
    <>
      <a
        {...attributes}
        ref={ref}
        data-discover={discover === 'render' && !reloadDocument ? 'true' : undefined}
        href={createPath(parsePath(to))}
        target={target}
      >
        {children}
      </a>
      {null}
    </>
  )
})

export const Link = import.meta.env.SSR ? ServerLink : RemixLink
