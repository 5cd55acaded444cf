import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'

/**
 * A database file as the migrations before `idx` leave it (and none from `idx` on), in a folder
 * of its own, for a test of what migration `idx` and those after it do to rows already there:
 * fill it through `sqlite`, then `migrateRest()`. `remove()` closes and deletes it.
 */
export function databaseBeforeMigration(idx: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `solace-migration-${idx}-`))
  const before = path.join(dir, 'drizzle')
  fs.cpSync(path.resolve('drizzle'), before, { recursive: true })
  const journalFile = path.join(before, 'meta', '_journal.json')
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] }
  for (const entry of journal.entries.filter((e) => e.idx >= idx)) fs.rmSync(path.join(before, `${entry.tag}.sql`))
  journal.entries = journal.entries.filter((entry) => entry.idx < idx)
  fs.writeFileSync(journalFile, JSON.stringify(journal))

  const sqlite = new Database(path.join(dir, 'test.db'))
  sqlite.pragma('foreign_keys = ON')
  const db = drizzle(sqlite)
  migrate(db, { migrationsFolder: before })
  return {
    sqlite,
    /** Migration `idx` and every one after it, as a deploy runs them. */
    migrateRest: () => migrate(db, { migrationsFolder: path.resolve('drizzle') }),
    remove: () => {
      if (sqlite.open) sqlite.close()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
