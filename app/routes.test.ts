import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

/**
 * Remix's Vite plugin treats `*.client.*` modules as browser-only and `*.server.*` as
 * server-only: a route file named so loses its loader or its UI in one of the builds, which
 * tests importing the module directly would never notice. The route files are the files in
 * app/routes and each folder route's `route.*` or `index.*`; a folder's other files are its
 * route's own modules, where `.server` is what keeps a loader's code out of the browser.
 */
test('no route file is named like a client-only or server-only module', () => {
  const routes = path.join(import.meta.dirname, 'routes')
  const files = fs.readdirSync(routes, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? fs
          .readdirSync(path.join(routes, entry.name))
          .filter((name) => /^(route|index)\./.test(name))
          .map((name) => `${entry.name}/${name}`)
      : [entry.name],
  )
  expect(files.filter((file) => /\.(client|server)\.[cm]?[jt]sx?$/.test(file))).toEqual([])
})
