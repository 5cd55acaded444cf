import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3'
import { LRUCache } from 'lru-cache'
import { getEnv } from '~/env.server'
import * as schema from './schema'

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database }
/** A transaction handle, usable wherever a query takes `Db | Tx`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** How long a statement waits for another connection's lock before SQLite answers SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000

/**
 * One connection per process. better-sqlite3 is synchronous, so a transaction with no `await`
 * inside runs without interleaving; WAL lets readers go on while one writer commits.
 */
function open(): Db {
  const { DATABASE_PATH: file, DATABASE_READ_ONLY: readonly } = getEnv()
  if (readonly) {
    // A replica's copy: any write, even of a pragma, fails loudly (tests/replica).
    const sqlite = new Database(file, { readonly: true, fileMustExist: true })
    sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
    return withDrizzle(sqlite)
  }
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
  const sqlite = new Database(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
  sqlite.pragma('foreign_keys = ON')
  // FULL: a confirmed payment or booking must survive a power cut, and our writes are few.
  sqlite.pragma('synchronous = FULL')
  return withDrizzle(sqlite)
}

/** Statements kept, the least recently used dropped first. */
const KEPT_STATEMENTS = 256
const drizzleViews = new WeakMap<Db, Database.Database>()

/**
 * The connection as drizzle sees it: every query drizzle runs asks this `prepare` for its
 * statement, kept or new, so tests spy on it to count the queries a model function runs.
 */
export function drizzleConnection(db: Db = getDb()) {
  const view = drizzleViews.get(db)
  if (!view) throw new Error('not a database opened by getDb')
  return view
}

/**
 * Drizzle over the connection, with the statements it prepares kept by their SQL text
 * (docs/decisions/028-work-done-once.md): drizzle prepares a statement for every query it
 * runs, and SQLite compiling one cost more than running most of ours. Only drizzle's queries
 * share statements: it turns raw mode on when it wants rows as arrays and never binds or
 * iterates, so a kept statement, with raw mode off again, behaves as a freshly prepared one.
 * `$client` stays the connection itself, for code that prepares and keeps statements of its own.
 */
function withDrizzle(sqlite: Database.Database): Db {
  const kept = new LRUCache<string, Database.Statement>({ max: KEPT_STATEMENTS })
  const client: Database.Database = Object.create(sqlite)
  client.prepare = ((source: string) => {
    const statement = kept.get(source)
    if (statement && !statement.busy) {
      if (statement.reader) statement.raw(false)
      return statement
    }
    const prepared = sqlite.prepare(source)
    kept.set(source, prepared)
    return prepared
  }) as Database.Database['prepare']
  const db = Object.assign(drizzle(client, { schema }), { $client: sqlite })
  drizzleViews.set(db, client)
  return db
}

const globalForDb = globalThis as unknown as { __solaceDb?: Db }

/** The database, opened on first use (the dev server keeps it across reloads). */
export function getDb(): Db {
  globalForDb.__solaceDb ??= open()
  return globalForDb.__solaceDb
}

/** Closes the connection; tests use it between files, scripts at exit. */
export function closeDb() {
  globalForDb.__solaceDb?.$client.close()
  globalForDb.__solaceDb = undefined
}

/** Throws unless the database answers a trivial query (the health check). */
export function pingDatabase() {
  getDb().$client.prepare('select 1').get()
}

/**
 * Throws unless this connection could write now (the health check, on the primary): it takes the
 * write lock (`BEGIN IMMEDIATE`, which LiteFS grants only on the primary) and gives it back
 * without writing anything. Another writer holding the lock longer than `waitMs` fails it with
 * SQLITE_BUSY, under Fly's 5 s check timeout.
 */
export function probeWrite(waitMs = 1000) {
  const sqlite = getDb().$client
  sqlite.pragma(`busy_timeout = ${waitMs}`)
  try {
    sqlite.exec('BEGIN IMMEDIATE')
    sqlite.exec('ROLLBACK')
  } finally {
    sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
  }
}
