import { afterEach, expect, test } from 'vitest'
import { getEnv, resetEnvCache } from './env.server'

const saved = { ...process.env }

afterEach(() => {
  process.env = { ...saved }
  resetEnvCache()
})

function withEnv(values: Record<string, string | undefined>) {
  process.env = { ...saved, ...values }
  resetEnvCache()
  return getEnv
}

test('production refuses to start without a session secret or public address, naming them', () => {
  const read = withEnv({ NODE_ENV: 'production', SESSION_SECRET: undefined, APP_URL: undefined })
  expect(read).toThrowError(/SESSION_SECRET: is required in production/)
  expect(read).toThrowError(/APP_URL: is required in production/)
})

test('bad values are reported by name', () => {
  expect(withEnv({ PORT: 'eighty' })).toThrowError(/PORT/)
  expect(withEnv({ STRIPE_SECRET_KEY: 'nope' })).toThrowError(/STRIPE_SECRET_KEY/)
})

test('defaults: port 3000, the local database, a generated secret outside production', () => {
  const env = withEnv({ NODE_ENV: 'development', PORT: undefined, SESSION_SECRET: undefined })()
  expect(env.PORT).toBe(3000)
  expect(env.SESSION_SECRET).toMatch(/^[a-f0-9]{64}$/)
  expect(getEnv().SESSION_SECRET).toBe(env.SESSION_SECRET)
})

test('production refuses emulated payments unless they are allowed on purpose', () => {
  const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), APP_URL: 'https://solace.example' }
  expect(withEnv({ ...production, STRIPE_SECRET_KEY: undefined })).toThrowError(
    /STRIPE_SECRET_KEY: is required in production/,
  )
  expect(
    withEnv({ ...production, STRIPE_SECRET_KEY: undefined, ALLOW_EMULATED_PAYMENTS: 'true' })().ALLOW_EMULATED_PAYMENTS,
  ).toBe(true)
  expect(withEnv({ ...production, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: undefined })).toThrowError(
    /STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY/,
  )
})
