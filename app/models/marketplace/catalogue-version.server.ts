import { LRUCache } from 'lru-cache'
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
 * How many answers the memo keeps, the least recently used dropped first. The filter
 * combinations and pages people actually use are few; at most (500 large profiles, each with
 * 100 reviews) it holds about 25 MB, within the heap production allows.
 */
const MEMO_MAX_ENTRIES = 500

/** A kept answer, frozen: every caller gets the same object, so none may change it for the next. */
type Kept = { value: unknown }
const memo = { version: Number.NaN, values: new LRUCache<string, Kept>({ max: MEMO_MAX_ENTRIES }) }

/** Objects and arrays all the way down; a typed array (a ranking's ids) cannot be frozen and is left as it is. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !ArrayBuffer.isView(value) && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}

/**
 * `compute()`'s answer, kept in memory until the catalogue changes: for the counts and lists a
 * page needs that only a catalogue write can change (how many services match the filters, the
 * specialties on offer). The answer is frozen, since the next caller gets the same one. Inside
 * a transaction nothing is kept, since what it reads may roll back.
 */
export function memoForCatalogue<T>(key: string, compute: () => T): T {
  if (getDb().$client.inTransaction) return compute()
  const version = catalogueVersion()
  if (version !== memo.version) {
    memo.version = version
    memo.values.clear()
  }
  const kept = memo.values.get(key)
  if (kept) return kept.value as T
  const value = deepFreeze(compute())
  memo.values.set(key, { value })
  return value
}
