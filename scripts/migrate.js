// @ts-check
// Applies pending migrations from drizzle/ to DATABASE_PATH (default ./data/solace.db).
// Plain JS so production (`npm start`, the Docker image, LiteFS's exec) runs it without a build.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** @param {string} databasePath */
export function migrateDatabase(databasePath) {
  fs.mkdirSync(path.dirname(path.resolve(databasePath)), { recursive: true })
  const sqlite = new Database(databasePath)
  try {
    sqlite.pragma('journal_mode = WAL')
    sqlite.pragma('foreign_keys = ON')
    migrate(drizzle(sqlite), { migrationsFolder: path.join(root, 'drizzle') })
  } finally {
    sqlite.close()
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const databasePath = process.env.DATABASE_PATH || './data/solace.db'
  migrateDatabase(databasePath)
  console.log(`Database ready at ${databasePath}`)
}
