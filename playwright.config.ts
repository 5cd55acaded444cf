import { defineConfig, devices } from '@playwright/test'

/**
 * End-to-end flows against the production build, each run twice: with JavaScript and
 * without. The server runs on its own freshly seeded SQLite file with emulated payments,
 * and is stopped when the run ends.
 */
const PORT = Number(process.env.E2E_PORT ?? 3310)
export const BASE_URL = `http://localhost:${PORT}`
const E2E_DIR = `tests/.tmp/e2e-${PORT}`
export const E2E_DATABASE = `${E2E_DIR}/solace.db`

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    // Debian's Chromium; Playwright's own browser download is not available here.
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  },
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: { baseURL: BASE_URL, trace: 'retain-on-failure' },
  projects: [
    { name: 'js', use: { ...chromium, javaScriptEnabled: true } },
    { name: 'no-js', use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: {
    command: `rm -rf ${E2E_DIR} && npm run --silent db:seed && node server.js`,
    url: `${BASE_URL}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      BUILD_DIR: process.env.BUILD_DIR ?? 'build',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      APP_URL: BASE_URL,
      DATABASE_PATH: E2E_DATABASE,
      SESSION_SECRET: 'e2e-session-secret-for-local-tests-only-0123456789',
      ALLOW_EMULATED_PAYMENTS: 'true',
      // Every browser here shares one address; the limits themselves are tested in Vitest.
      RATE_LIMIT_FACTOR: '20',
    },
  },
})
