import os from 'node:os'
import path from 'node:path'
import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

const isVitest = Boolean(process.env.VITEST)

export default defineConfig({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  build: { cssMinify: true },
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
})
