import Database from 'better-sqlite3'
import { DrizzleQueryError } from 'drizzle-orm'
import Stripe from 'stripe'
import { expect, test } from 'vitest'
import { AppError } from './errors'
import { isTransientFailure } from './transient-failure.server'

const sqlite = (code: string) => new Database.SqliteError('database error', code)

test('the database busy, locked or unavailable is worth another try, even wrapped by drizzle', () => {
  for (const code of [
    'SQLITE_BUSY',
    'SQLITE_BUSY_SNAPSHOT',
    'SQLITE_LOCKED',
    'SQLITE_IOERR_FSYNC',
    'SQLITE_FULL',
    'SQLITE_READONLY_DBMOVED',
  ]) {
    expect(isTransientFailure(sqlite(code)), code).toBe(true)
    expect(isTransientFailure(new DrizzleQueryError('UPDATE x', [], sqlite(code))), code).toBe(true)
  }
})

test('a constraint or a bad statement fails the same way every time', () => {
  for (const code of ['SQLITE_CONSTRAINT_NOTNULL', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_ERROR', 'SQLITE_MISMATCH']) {
    expect(isTransientFailure(sqlite(code)), code).toBe(false)
    expect(isTransientFailure(new DrizzleQueryError('INSERT x', [], sqlite(code))), code).toBe(false)
  }
})

test('Stripe unreachable, failing or rate-limiting is worth another try; Stripe refusing is not', () => {
  const { errors } = Stripe
  expect(isTransientFailure(new errors.StripeConnectionError({ message: 'socket hang up' }))).toBe(true)
  expect(isTransientFailure(new errors.StripeAPIError({ message: 'oops', statusCode: 500 }))).toBe(true)
  expect(isTransientFailure(new errors.StripeRateLimitError({ message: 'slow down', statusCode: 429 }))).toBe(true)
  expect(isTransientFailure(new errors.StripeInvalidRequestError({ message: 'lock_timeout', statusCode: 429 }))).toBe(
    true,
  )
  expect(isTransientFailure(new errors.StripeInvalidRequestError({ message: 'gateway', statusCode: 503 }))).toBe(true)

  expect(isTransientFailure(new errors.StripeInvalidRequestError({ message: 'No such', statusCode: 404 }))).toBe(false)
  expect(isTransientFailure(new errors.StripeCardError({ message: 'declined', statusCode: 402 }))).toBe(false)
  expect(isTransientFailure(new errors.StripeIdempotencyError({ message: 'reused key', statusCode: 400 }))).toBe(false)
})

test('our own refusals and bugs are not retried', () => {
  expect(isTransientFailure(new AppError('Booking not found', 404))).toBe(false)
  expect(isTransientFailure(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false)
  expect(isTransientFailure('SQLITE_BUSY')).toBe(false)
  expect(isTransientFailure(null)).toBe(false)
  // A lookalike that is not SQLite's error does not pass for one.
  expect(isTransientFailure(Object.assign(new Error('busy'), { code: 'SQLITE_BUSY' }))).toBe(false)
})
