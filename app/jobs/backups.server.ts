import { execFile } from 'node:child_process'
import { createReadStream, createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { promisify } from 'node:util'
import { createGunzip, createGzip } from 'node:zlib'
import Database from 'better-sqlite3'
import { getDb } from '~/db/client.server'
import { getEnv } from '~/env.server'
import { deleteObject, listObjects, putObjectStream, readObjectRange, objectSize } from '~/integrations/storage.server'

/**
 * Database backups (docs/decisions/024-backups-and-restore-drill.md): a consistent copy of the
 * database, compressed, put in the object store (the bucket in production) under rolling
 * names: one an hour kept for 2 days, one a day kept for 30. The restore drill takes the newest,
 * restores it into a fresh file and checks it.
 */

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS
const KEEP = { hourly: 2 * DAY_MS, daily: 30 * DAY_MS }

const hourlyKey = (at: Date) => `backups/hourly/${at.toISOString().slice(0, 13)}.sqlite.gz`
const dailyKey = (at: Date) => `backups/daily/${at.toISOString().slice(0, 10)}.sqlite.gz`

/** When a backup was taken, read from its name (`…/2026-11-22T20.sqlite.gz` or `…/2026-11-22.sqlite.gz`). */
function takenAt(key: string) {
  const stamp = /\/([\dT-]+)\.sqlite\.gz$/.exec(key)?.[1] ?? ''
  return new Date(stamp.includes('T') ? `${stamp}:00:00Z` : `${stamp}T00:00:00Z`)
}

async function withTempDir<T>(work: (dir: string) => Promise<T>) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'solace-backup-'))
  try {
    return await work(dir)
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}

/**
 * A consistent copy of the live database in `file`: under LiteFS its own `litefs export` (the
 * way LiteFS's documentation backs up), elsewhere SQLite's online backup API, which copies
 * while the app keeps writing.
 */
async function snapshot(file: string) {
  if (process.env.LITEFS_DIR) {
    const name = path.basename(getEnv().DATABASE_PATH)
    await promisify(execFile)('litefs', ['export', '-name', name, file])
  } else {
    await getDb().$client.backup(file)
  }
}

/**
 * Takes a backup now: this hour's (replacing one taken earlier in the hour) and, if there is
 * none yet, today's; then removes those past their keeping time. Answers the keys written.
 */
export async function backUpDatabase(now = new Date()) {
  const written = await withTempDir(async (dir) => {
    const copy = path.join(dir, 'solace.db')
    await snapshot(copy)
    const keys = [hourlyKey(now)]
    if ((await objectSize(dailyKey(now))) === null) keys.push(dailyKey(now))
    for (const key of keys) await putObjectStream(key, createReadStream(copy).pipe(createGzip()))
    return keys
  })
  for (const kind of ['hourly', 'daily'] as const) {
    for (const { key } of await listObjects(`backups/${kind}`)) {
      if (now.getTime() - takenAt(key).getTime() > KEEP[kind]) await deleteObject(key)
    }
  }
  return written
}

/** Every table's row count, by name. */
function rowCounts(db: Database.Database) {
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_fts%' ORDER BY name",
    )
    .pluck()
    .all() as string[]
  return Object.fromEntries(
    tables.map((table) => [
      table,
      db
        .prepare(`SELECT count(*) FROM "${table.replaceAll('"', '""')}"`)
        .pluck()
        .get(),
    ]),
  ) as Record<string, number>
}

export type DrillReport = {
  backup: string
  takenAt: string
  integrity: string
  tables: { table: string; backup: number; live: number | null }[]
  ok: boolean
}

/**
 * The restore drill: the newest backup, restored into a fresh file, must pass
 * `PRAGMA integrity_check` and hold every table the live database has (row counts are shown
 * side by side: the live one has moved on since). Throws when there is no backup at all.
 */
export async function restoreDrill(): Promise<DrillReport> {
  const backups = [...(await listObjects('backups/hourly')), ...(await listObjects('backups/daily'))]
  const newest = backups.sort((a, b) => takenAt(b.key).getTime() - takenAt(a.key).getTime())[0]
  if (!newest) throw new Error('There is no backup to restore: run `npm run db:backup` first.')
  return withTempDir(async (dir) => {
    const restored = path.join(dir, 'restored.db')
    const size = (await objectSize(newest.key)) ?? 0
    await pipeline(await readObjectRange(newest.key, 0, size - 1), createGunzip(), createWriteStream(restored))
    const db = new Database(restored, { readonly: true })
    try {
      const integrity = String(db.pragma('integrity_check', { simple: true }))
      const backup = rowCounts(db)
      const live = rowCounts(getDb().$client)
      const tables = Object.keys(live).map((table) => ({
        table,
        backup: backup[table] ?? -1,
        live: live[table] ?? null,
      }))
      return {
        backup: newest.key,
        takenAt: takenAt(newest.key).toISOString(),
        integrity,
        tables,
        ok: integrity === 'ok' && tables.every((t) => t.backup >= 0),
      }
    } finally {
      db.close()
    }
  })
}
