import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { getEnv } from '~/env.server'

/**
 * The emulator's side of "Stripe": its objects (sessions, intents, charges, accounts...) as JSON
 * in a SQLite file of its own beside the app's database, never in the app's tables, so the app
 * only knows what the API and the events tell it, as with the real service. Tests keep it in
 * memory.
 */
export type StripeObject = { id: string; object: string; [key: string]: unknown }

const globalForStore = globalThis as unknown as { __solaceStripeEmulatorDb?: Database.Database }

function db() {
  if (!globalForStore.__solaceStripeEmulatorDb) {
    const { NODE_ENV, DATABASE_PATH } = getEnv()
    let file = ':memory:'
    if (NODE_ENV !== 'test') {
      const dir = path.dirname(path.resolve(DATABASE_PATH))
      fs.mkdirSync(dir, { recursive: true })
      file = path.join(dir, 'stripe-emulator.db')
    }
    const sqlite = new Database(file)
    sqlite.pragma('journal_mode = WAL')
    sqlite.exec(`CREATE TABLE IF NOT EXISTS objects (id TEXT PRIMARY KEY, data TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS idempotency_keys (key TEXT PRIMARY KEY, object_id TEXT NOT NULL);`)
    globalForStore.__solaceStripeEmulatorDb = sqlite
  }
  return globalForStore.__solaceStripeEmulatorDb
}

export function newId(prefix: string) {
  return `${prefix}_emu_${randomBytes(12).toString('hex')}`
}

export function findObject<T extends StripeObject>(id: string): T | undefined {
  const row = db().prepare('SELECT data FROM objects WHERE id = ?').get(id) as { data: string } | undefined
  return row ? (JSON.parse(row.data) as T) : undefined
}

export function saveObject<T extends StripeObject>(object: T): T {
  db().prepare('INSERT OR REPLACE INTO objects (id, data) VALUES (?, ?)').run(object.id, JSON.stringify(object))
  return object
}

/** Idempotency keys: a repeated POST answers the object the first one made, as Stripe does. */
export function objectForKey(key: string) {
  const row = db().prepare('SELECT object_id AS objectId FROM idempotency_keys WHERE key = ?').get(key) as
    { objectId: string } | undefined
  return row ? findObject(row.objectId) : undefined
}

export function rememberKey(key: string, objectId: string) {
  db().prepare('INSERT OR IGNORE INTO idempotency_keys (key, object_id) VALUES (?, ?)').run(key, objectId)
}

export function nowSeconds() {
  return Math.floor(Date.now() / 1000)
}
