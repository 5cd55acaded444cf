import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

/**
 * Remix's Vite plugin treats `*.client.*` modules as browser-only and `*.server.*` as
 * server-only: a route file named so loses its loader or its UI in one of the builds, which
 * tests importing the module directly would never notice.
 */
test('no route file is named like a client-only or server-only module', () => {
  const files = fs.readdirSync(path.join(import.meta.dirname, 'routes'), { recursive: true }).map(String)
  expect(files.filter((file) => /\.(client|server)\.[cm]?[jt]sx?$/.test(file))).toEqual([])
})
