import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import {
  dockerIgnore,
  finalStage,
  installsBesideLockfile,
  litefsCommands,
  missingBeforeInstall,
  readFlyToml,
} from '../../scripts/check-image.js'

/**
 * `npm run check:image` (scripts/check-image.js) reads what the image holds and runs from the
 * Dockerfile, .dockerignore, litefs.yml and fly.toml themselves. Its whole run needs a build and
 * runs last in `npm test`; here, that it reads those files as Docker, LiteFS and Fly do.
 */

const ROOT = path.resolve(import.meta.dirname, '../..')
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8')

test('the final stage: its COPY lines, and the environment it inherits from the stage it is built on', () => {
  const stage = finalStage(read('Dockerfile'))
  expect(stage.workdir).toBe('/app')
  expect(stage.entrypoint).toEqual(['litefs', 'mount'])
  expect(stage.env).toMatchObject({ NODE_ENV: 'production', LITEFS_DIR: '/litefs', DATABASE_PATH: '/litefs/solace.db' })
  const sources = stage.copies.filter((copy) => copy.from === 'build').flatMap((copy) => copy.sources)
  expect(sources).toEqual(expect.arrayContaining(['/app/node_modules', '/app/build', '/app/server', '/app/server.js']))
  expect(stage.copies.find((copy) => copy.sources.includes('/app/server.js'))).toMatchObject({
    dest: '/app',
    intoDir: true,
  })
})

test('a COPY removed from the Dockerfile is gone from what the check assembles', () => {
  const without = read('Dockerfile').replace(/^COPY --from=build \/app\/server \.\/server\n/m, '')
  const sources = finalStage(without).copies.flatMap((copy) => copy.sources)
  expect(sources).not.toContain('/app/server')
  expect(sources).toContain('/app/scripts')
})

test("the image's npm install sees the dependency patches its postinstall applies", () => {
  const packageJson = JSON.parse(read('package.json')) as { scripts: Record<string, string> }
  expect(packageJson.scripts.postinstall).toContain('patch-package')
  expect(missingBeforeInstall(read('Dockerfile'), packageJson)).toEqual([])
  const without = read('Dockerfile').replace(/^COPY patches \.\/patches\n/m, '')
  expect(without).not.toBe(read('Dockerfile'))
  expect(missingBeforeInstall(without, packageJson)).toEqual(['patches'])
  expect(missingBeforeInstall('FROM node\nCOPY . .\nRUN npm ci\n', packageJson)).toEqual([])
  expect(missingBeforeInstall('FROM node\nRUN npm ci\n', { scripts: {} })).toEqual([])
})

test('the image installs exactly the lockfile: npm ci, never npm install', () => {
  expect(installsBesideLockfile(read('Dockerfile'))).toEqual([])
  expect(installsBesideLockfile('FROM node\nRUN npm install --include=dev && npm run build\n')).toEqual([
    'npm install --include=dev && npm run build',
  ])
  expect(installsBesideLockfile('FROM node\nRUN npm i\nRUN npm ci --omit=dev\n')).toEqual(['npm i'])
})

test('.dockerignore: patterns anchored at the context, directories with all they hold, `!` re-includes', () => {
  const ignored = dockerIgnore(read('.dockerignore'))
  expect(ignored('node_modules/zod/package.json')).toBe(true)
  expect(ignored('data/solace.db')).toBe(true)
  expect(ignored('build-e2e/server/index.js')).toBe(true)
  expect(ignored('server/app.js')).toBe(false)
  expect(ignored('drizzle/meta/_journal.json')).toBe(false)
  const custom = dockerIgnore('*.md\n!README.md\n')
  expect([custom('NOTES.md'), custom('README.md'), custom('docs/a.md')]).toEqual([true, false, false])
})

test("litefs.yml's commands and fly.toml's stop settings, environment and metrics", () => {
  expect(litefsCommands(read('litefs.yml'))).toEqual(['node ./scripts/migrate.js', 'node ./server.js'])
  const fly = readFlyToml(read('fly.toml'))
  expect(fly.top).toMatchObject({ kill_signal: 'SIGINT', kill_timeout: '10s' })
  expect(fly.env).toMatchObject({ NODE_ENV: 'production', PRIMARY_REGION: 'yyz' })
  expect(fly.metrics).toEqual({ port: '9091', path: '/metrics' })
})
