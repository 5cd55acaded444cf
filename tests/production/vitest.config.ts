import path from 'node:path'
import { defineConfig } from 'vitest/config'

/**
 * What production tells and refuses (tests/production/*.test.ts) runs the production build, so
 * `npm test` runs it after `npm run build`, beside the replica harness.
 */
export default defineConfig({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, '../../app') } },
  test: {
    name: 'production',
    root: path.resolve(import.meta.dirname, '../..'),
    include: ['tests/production/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
