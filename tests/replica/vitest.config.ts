import path from 'node:path'
import { defineConfig } from 'vitest/config'

/**
 * The replica harness (tests/replica/replica.test.ts) runs the production build, so `npm test`
 * runs it after `npm run build`, apart from the unit and integration files.
 */
export default defineConfig({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, '../../app') } },
  test: {
    name: 'replica',
    root: path.resolve(import.meta.dirname, '../..'),
    include: ['tests/replica/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
