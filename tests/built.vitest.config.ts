import { defineConfig } from 'vitest/config'

/**
 * The two harnesses that run the production build (the replica's and production's), in one
 * Vitest run after `npm run build` (`npm run test:built`, part of `npm run test:e2e`): one
 * start of Vitest instead of two, and the two files side by side, each mostly waiting for the
 * servers it started. Each still runs alone with its own config (`test:replica`, `test:production`).
 */
export default defineConfig({
  test: { projects: ['tests/replica/vitest.config.ts', 'tests/production/vitest.config.ts'] },
})
