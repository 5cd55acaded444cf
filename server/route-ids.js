// @ts-check
// Which of the build's routes a request is for, by Remix's route id (`routes/api.bookings.$id._index`):
// what the request log and the request metrics are labelled with, instead of the URL, whose ids
// and search terms would say what a person looked at and give every URL a series of its own.
/** @import { ServerBuild } from '@remix-run/node' */
/** @import { AgnosticRouteObject } from '@remix-run/router' */
import { matchRoutes } from '@remix-run/router'

/** The label of a request no route of the build answers (Remix's own manifest requests). */
export const NO_ROUTE = '(none)'

/**
 * The build's flat route manifest as the nested tree React Router matches. Only the fields that
 * decide matching are copied; an index route has no children.
 * @param {ServerBuild['routes']} manifest
 * @returns {AgnosticRouteObject[]}
 */
function routeTree(manifest) {
  /** @type {Map<string | undefined, ServerBuild['routes'][string][]>} */
  const byParent = new Map()
  for (const route of Object.values(manifest)) {
    const siblings = byParent.get(route.parentId) ?? []
    siblings.push(route)
    byParent.set(route.parentId, siblings)
  }
  /** @param {string | undefined} parentId @returns {AgnosticRouteObject[]} */
  const childrenOf = (parentId) =>
    (byParent.get(parentId) ?? []).map((route) => {
      const children = childrenOf(route.id)
      return route.index
        ? { id: route.id, path: route.path, index: true, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children }
    })
  return childrenOf(undefined)
}

/** @type {WeakMap<ServerBuild['routes'], AgnosticRouteObject[]>} */
const trees = new WeakMap()

/**
 * The id of the deepest route matching `pathname` in `build`, as Remix matches it: a single-fetch
 * data request (`/services.data`, `/_root.data`) is for the page it loads. The tree is made once
 * per build, and React Router keeps its ranked branches per tree (patches/, decision 028), so a
 * request costs one lookup.
 * @param {Pick<ServerBuild, 'routes'>} build
 * @param {string} pathname
 */
export function routeIdOf(build, pathname) {
  let tree = trees.get(build.routes)
  if (!tree) {
    tree = routeTree(build.routes)
    trees.set(build.routes, tree)
  }
  const page = pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length).replace(/^\/_root$/, '/') : pathname
  try {
    // A path that cannot be decoded: Express refuses it before any route runs (and React Router
    // would print a warning of its own for it).
    decodeURI(page)
  } catch {
    return NO_ROUTE
  }
  return matchRoutes(tree, page)?.at(-1)?.route.id ?? NO_ROUTE
}
