import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, inject } from 'vitest'
import { mockServer } from '../mocks/server'

/**
 * Every test file gets its own freshly migrated SQLite file: a copy of the template the global
 * setup migrated once (vitest.global.ts). Vitest runs each file in its own process with
 * `pool: 'forks'`, so the app's cached connection and env are per file too.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solace-test-'))
process.env.DATABASE_PATH = path.join(dir, 'test.db')
process.env.NODE_ENV = 'test'
process.env.SESSION_SECRET ??= 'test-session-secret-for-local-tests-only-0123456789'
// Cheap password hashing in tests (production always uses the full cost).
process.env.PASSWORD_HASH_COST = '12'
delete process.env.STRIPE_SECRET_KEY
delete process.env.ANTHROPIC_API_KEY
delete process.env.RESEND_API_KEY

fs.copyFileSync(inject('templateDatabase'), process.env.DATABASE_PATH)

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }))
afterEach(() => mockServer.resetHandlers())
afterAll(async () => {
  mockServer.close()
  const { closeDb } = await import('~/db/client.server')
  closeDb()
  fs.rmSync(dir, { recursive: true, force: true })
})
