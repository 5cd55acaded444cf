import os from 'node:os'
import path from 'node:path'
import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Rollup } from 'vite'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

const isVitest = Boolean(process.env.VITEST)

/**
 * Every page runs the browser's entry and the root route; every public page also runs the public
 * layout. Rollup's own split would put these modules (React, Remix, i18next and our shell) in
 * twenty small chunks; gzipped one by one they weigh about 8 KB more than as one file, so they
 * are one chunk here (docs/decisions/053-public-pages-javascript.md).
 */
const FIRST_LOAD_ROOTS = ['/app/entry.client.tsx', '/app/root.tsx', '/app/routes/_public.tsx']

/**
 * Our own modules that three of the pages under the JavaScript budget or more import (cards,
 * badges, inputs, names of categories...) go with them: the pages that set the budget load most
 * of them anyway, and a chunk of a few hundred bytes costs a quarter more gzipped on its own.
 * These are the pages `tests/e2e/js-budget.spec.ts` measures.
 */
const PUBLIC_PAGE =
  /\/app\/routes\/_public\.(_index|services\._index|practitioners\._index|services\.\$id|service-details\.\$id|practitioners\.\$id|login|signup|contact|forgot-password|launching-soon)\.tsx$/
const SHARED_BY_PUBLIC_PAGES = 3

/**
 * Modules the roots reach only through react-i18next's index, which also exports `<Trans>` and
 * its HTML parser: the signed-in screens that use `<Trans>` load them, public pages do not. They
 * are named a chunk of their own, or Rollup would put them with the index that imports them.
 */
const NOT_FIRST_LOAD =
  /\/node_modules\/(react-i18next\/dist\/es\/(Trans|TransWithoutContext|Translation|withTranslation|withSSR|useSSR)\.js$|html-parse-stringify\/|void-elements\/)/

/** The modules `starts` import statically, themselves included. */
function staticImports(starts: string[], getModuleInfo: Rollup.GetModuleInfo, follow: (id: string) => boolean) {
  const found = new Set<string>()
  const stack = [...starts]
  while (stack.length > 0) {
    const next = stack.pop()!
    if (found.has(next) || !follow(next)) continue
    found.add(next)
    stack.push(...(getModuleInfo(next)?.importedIds ?? []))
  }
  return found
}

/** The `first-load` chunk: what every page runs, and what most public pages share. */
function firstLoadChunk(): Rollup.ManualChunksOption {
  let firstLoad: Set<string> | null = null
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!firstLoad) {
      const ids = [...getModuleIds()]
      const file = (m: string) => m.split('?')[0]!
      const roots = ids.filter((m) => FIRST_LOAD_ROOTS.some((root) => file(m).endsWith(root)))
      firstLoad = staticImports(roots, getModuleInfo, (m) => !NOT_FIRST_LOAD.test(m))
      const pagesImporting = new Map<string, number>()
      for (const page of ids.filter((m) => PUBLIC_PAGE.test(file(m)))) {
        for (const m of staticImports([page], getModuleInfo, (m) => !m.includes('/node_modules/'))) {
          pagesImporting.set(m, (pagesImporting.get(m) ?? 0) + 1)
        }
      }
      const framework = new Set([...firstLoad].filter((m) => m.includes('/node_modules/')))
      for (const [m, count] of pagesImporting) {
        if (count < SHARED_BY_PUBLIC_PAGES || !getModuleInfo(m)?.isIncluded) continue
        // Not a module that would bring a library with it (a schema module brings zod).
        const brings = staticImports([m], getModuleInfo, () => true)
        if ([...brings].every((dep) => !dep.includes('/node_modules/') || framework.has(dep))) firstLoad.add(m)
      }
    }
    if (NOT_FIRST_LOAD.test(id)) return 'trans'
    // The routes themselves stay entries of their own, as Remix's manifest names them.
    if (getModuleInfo(id)?.isEntry) return undefined
    return firstLoad.has(id) ? 'first-load' : undefined
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  build: {
    cssMinify: true,
    // The browser's code only (the server's stays unminified, its own chunks). Terser takes 4%
    // more off gzipped JavaScript than esbuild (5 KB of a page's first load).
    ...(isSsrBuild
      ? {}
      : {
          minify: 'terser' as const,
          terserOptions: { compress: { passes: 2 } },
          rollupOptions: {
            output: { manualChunks: firstLoadChunk() },
            treeshake: { moduleSideEffects: (id: string) => !NOT_FIRST_LOAD.test(id) },
          },
        }),
  },
  plugins: [
    tailwindcss(),
    // Remix's plugin is for the app build and dev server; unit tests import modules directly.
    !isVitest &&
      remix({
        ignoredRouteFiles: ['**/*.test.{ts,tsx}', '**/.*'],
        // BUILD_DIR lets parallel checkouts or test runs build side by side.
        buildDirectory: process.env.BUILD_DIR ?? 'build',
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_singleFetch: true,
          v3_lazyRouteDiscovery: true,
          v3_routeConfig: true,
        },
      }),
  ],
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.{ts,js}', 'tests/integration/**/*.test.ts'],
    globalSetup: ['./tests/setup/vitest.global.ts'],
    setupFiles: ['./tests/setup/vitest.setup.ts'],
    environment: 'node',
    pool: 'forks',
    // Two files per core: a file's process spends much of its start waiting for the modules the
    // main process transforms, and a second one uses that time (126 s instead of 178 s on two
    // cores, decision 046).
    maxWorkers: os.availableParallelism() * 2,
    minWorkers: 1,
    testTimeout: 20_000,
  },
}))
