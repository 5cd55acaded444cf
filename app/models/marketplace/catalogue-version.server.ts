import { getDb } from '~/db/client.server'
import type { Statement } from 'better-sqlite3'

/**
 * The catalogue's data version (docs/decisions/027-render-cache.md): a number that triggers
 * bump inside every write a public catalogue page shows (drizzle/0009_catalogue_version.sql).
 * Equal numbers mean the same catalogue, on the primary and on a LiteFS replica alike.
 */
let prepared: { client: unknown; statement: Statement<[], number> } | undefined

/** One indexed read of a one-row table, prepared once per connection. */
export function catalogueVersion(): number {
  const client = getDb().$client
  if (prepared?.client !== client) {
    prepared = {
      client,
      statement: client.prepare<[], number>('SELECT version FROM catalogue_version WHERE id = 1').pluck(),
    }
  }
  return prepared.statement.get() ?? 0
}

/**
 * How many answers the memo keeps, the oldest dropped first. The filter combinations and pages
 * people actually use are few; at most (500 large profiles, each with 100 reviews) it holds
 * about 25 MB, within the heap production allows.
 */
const MEMO_MAX_ENTRIES = 500

const memo = { version: Number.NaN, values: new Map<string, unknown>() }

/**
 * `compute()`'s answer, kept in memory until the catalogue changes: for the counts and lists a
 * page needs that only a catalogue write can change (how many services match the filters, the
 * specialties on offer). Inside a transaction nothing is kept, since what it reads may roll back.
 */
export function memoForCatalogue<T>(key: string, compute: () => T): T {
  if (getDb().$client.inTransaction) return compute()
  const version = catalogueVersion()
  if (version !== memo.version) {
    memo.version = version
    memo.values.clear()
  }
  if (memo.values.has(key)) return memo.values.get(key) as T
  const value = compute()
  if (memo.values.size >= MEMO_MAX_ENTRIES) memo.values.delete(memo.values.keys().next().value!)
  memo.values.set(key, value)
  return value
}
