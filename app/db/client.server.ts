import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3'
import { getEnv } from '~/env.server'
import * as schema from './schema'

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database }
/** A transaction handle, usable wherever a query takes `Db | Tx`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * `npm run bench` counts the SQL statements each page runs: with SOLACE_COUNT_SQL=1 (read once,
 * at start) better-sqlite3 reports every statement it executes. Off, nothing is counted.
 */
const countingSql = process.env.SOLACE_COUNT_SQL === '1'
let sqlStatements = 0

/** Statements executed since start when counting is on (the bench's debug hook), else undefined. */
export function sqlStatementCount() {
  return countingSql ? sqlStatements : undefined
}

/**
 * One connection per process. better-sqlite3 is synchronous, so a transaction with no `await`
 * inside runs without interleaving; WAL lets readers go on while one writer commits.
 */
function open(): Db {
  const { DATABASE_PATH: file, DATABASE_READ_ONLY: readonly } = getEnv()
  if (readonly) {
    // A replica's copy: any write, even of a pragma, fails loudly (tests/replica).
    const sqlite = new Database(file, { readonly: true, fileMustExist: true })
    sqlite.pragma('busy_timeout = 5000')
    return drizzle(sqlite, { schema })
  }
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
  const sqlite = new Database(file, countingSql ? { verbose: () => (sqlStatements += 1) } : undefined)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('foreign_keys = ON')
  // FULL: a confirmed payment or booking must survive a power cut, and our writes are few.
  sqlite.pragma('synchronous = FULL')
  return drizzle(sqlite, { schema })
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
