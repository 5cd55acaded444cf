// @ts-check
// `npm run typecheck` checks the server's plain JavaScript through its JSDoc types: tsconfig.json
// includes server.js and server/, and each file opts in with `// @ts-check` on its first line.
// A file without it is not checked, and nothing but this test would say so.
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '..')

test('server.js and every file in server/ are type-checked', () => {
  const files = [
    'server.js',
    ...fs
      .readdirSync(path.join(ROOT, 'server'))
      .filter((name) => name.endsWith('.js'))
      .map((name) => `server/${name}`),
  ]
  const unchecked = files.filter((file) => !fs.readFileSync(path.join(ROOT, file), 'utf8').startsWith('// @ts-check\n'))
  expect(unchecked).toEqual([])
  const tsconfig = fs.readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8')
  expect(tsconfig).toContain('"server.js"')
  expect(tsconfig).toContain('"server/**/*.js"')
})
