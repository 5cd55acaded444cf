import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { checkConfiguration, getEnv, installationSecret, InvalidConfiguration, resetEnvCache } from './env.server'

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

test('production refuses to start without a session secret, documents key or public address, naming them', () => {
  const read = withEnv({
    NODE_ENV: 'production',
    SESSION_SECRET: undefined,
    APP_URL: undefined,
    DOCUMENTS_ENCRYPTION_KEY: undefined,
  })
  expect(read).toThrowError(/SESSION_SECRET: is required in production/)
  expect(read).toThrowError(/APP_URL: is required in production/)
  expect(read).toThrowError(/DOCUMENTS_ENCRYPTION_KEY: is required in production/)
})

test('bad values are reported by name', () => {
  expect(withEnv({ PORT: 'eighty' })).toThrowError(/PORT/)
  expect(withEnv({ STRIPE_SECRET_KEY: 'nope' })).toThrowError(/STRIPE_SECRET_KEY/)
  expect(withEnv({ DOCUMENTS_ENCRYPTION_KEY: 'a'.repeat(63) })).toThrowError(/DOCUMENTS_ENCRYPTION_KEY: must be 64 hex/)
})

test('operations settings: a metrics port, a Sentry DSN, a log level, each checked and named', () => {
  expect(
    withEnv({ METRICS_PORT: '9091', SENTRY_DSN: 'https://key@o1.ingest.sentry.io/42', LOG_LEVEL: 'warn' })(),
  ).toMatchObject({ METRICS_PORT: '9091', SENTRY_DSN: 'https://key@o1.ingest.sentry.io/42', LOG_LEVEL: 'warn' })
  expect(withEnv({ METRICS_PORT: 'off' })().METRICS_PORT).toBe('off')
  expect(withEnv({ METRICS_PORT: '65536' })).toThrowError(
    /^Invalid environment configuration:\n {2}- METRICS_PORT: must be a port number \(1-65535\) or off$/,
  )
  expect(withEnv({ PORT: '9091', METRICS_PORT: '9091' })).toThrowError(/METRICS_PORT: must not be PORT/)
  expect(withEnv({ SENTRY_DSN: 'https://o1.ingest.sentry.io/42' })).toThrowError(/SENTRY_DSN: must be a Sentry DSN/)
  expect(withEnv({ LOG_LEVEL: 'silent' })).toThrowError(/LOG_LEVEL/)
})

test('what stops the server names every variable at fault', () => {
  withEnv({ METRICS_PORT: 'ninety', LOG_LEVEL: 'loud', PORT: 'eighty' })
  let error: unknown
  try {
    checkConfiguration()
  } catch (thrown) {
    error = thrown
  }
  expect(error).toBeInstanceOf(InvalidConfiguration)
  expect((error as InvalidConfiguration).variables.sort()).toEqual(['LOG_LEVEL', 'METRICS_PORT', 'PORT'])
})

test('defaults: port 3000, the local database, a generated secret outside production', () => {
  const env = withEnv({ NODE_ENV: 'development', PORT: undefined, SESSION_SECRET: undefined })()
  expect(env.PORT).toBe(3000)
  expect(env.SESSION_SECRET).toMatch(/^[a-f0-9]{64}$/)
  expect(getEnv().SESSION_SECRET).toBe(env.SESSION_SECRET)
})

test('production refuses emulated payments unless they are allowed on purpose', () => {
  const production = {
    NODE_ENV: 'production',
    SESSION_SECRET: 'x'.repeat(32),
    APP_URL: 'https://solace.example',
    DOCUMENTS_ENCRYPTION_KEY: 'ab'.repeat(32),
  }
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

test('an installation secret is made once beside the database, readable by its owner only, and differs per installation', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'solace-secret-'))
  try {
    const here = path.join(root, 'here', 'app.db')
    const secret = installationSecret('.some-secret', here)
    expect(secret).toMatch(/^[a-f0-9]{64}$/)
    const file = path.join(root, 'here', '.some-secret')
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect(fs.readFileSync(file, 'utf8')).toBe(secret)
    expect(installationSecret('.some-secret', here)).toBe(secret)
    expect(installationSecret('.some-secret', path.join(root, 'elsewhere', 'app.db'))).not.toBe(secret)
    // No draft is left behind.
    expect(fs.readdirSync(path.join(root, 'here'))).toEqual(['.some-secret'])
  } finally {
    fs.rmSync(root, { recursive: true, force: true })
  }
})

test('video rooms: ICE server lists are URLs of their scheme, and TURN needs its secret', () => {
  expect(withEnv({ STUN_URLS: undefined, TURN_URLS: undefined })()).toMatchObject({ STUN_URLS: [], TURN_URLS: [] })
  expect(
    withEnv({
      STUN_URLS: 'stun:a.example.com:3478, stun:b.example.com',
      TURN_URLS: 'turns:t.example.com:5349',
      TURN_SECRET: 'x'.repeat(32),
    })(),
  ).toMatchObject({
    STUN_URLS: ['stun:a.example.com:3478', 'stun:b.example.com'],
    TURN_URLS: ['turns:t.example.com:5349'],
  })
  expect(withEnv({ STUN_URLS: 'https://stun.example.com' })).toThrowError(
    /STUN_URLS: must be comma-separated stun: URLs/,
  )
  expect(withEnv({ TURN_URLS: 'turn:t.example.com:3478', TURN_SECRET: undefined })).toThrowError(
    /TURN_SECRET: is required with TURN_URLS/,
  )
})
