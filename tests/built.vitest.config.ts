import { defineConfig } from 'vitest/config'

/**
 * The harnesses that run the production build (the replica's, production's, and every screen in
 * each language), in one Vitest run after `npm run build` (`npm run test:built`, part of `npm run
 * test:e2e`): one start of Vitest instead of three, the files side by side where the cores
 * allow, each mostly waiting for the servers it started. Each still runs alone with its own config (`test:replica`,
 * `test:production`, `vitest run --config tests/languages/vitest.config.ts`).
 */
export default defineConfig({
  test: {
    projects: [
      'tests/replica/vitest.config.ts',
      'tests/production/vitest.config.ts',
      'tests/languages/vitest.config.ts',
    ],
  },
})
