import path from 'node:path'
import { defineConfig } from 'vitest/config'

/**
 * Every screen in each language (tests/languages/*.test.ts) runs the production build, so
 * `npm test` runs it after `npm run build`, beside the replica and production harnesses.
 */
export default defineConfig({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, '../../app') } },
  test: {
    name: 'languages',
    root: path.resolve(import.meta.dirname, '../..'),
    include: ['tests/languages/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})
