import { getDb, type Db } from './client.server'

/**
 * A drizzle query built and prepared once per connection, then run with its placeholders'
 * values (`sql.placeholder`). For the few queries a page runs on every request that no memo
 * keeps: building a query's SQL again costs about 50 µs, more than running most of ours
 * (docs/decisions/028-work-done-once.md).
 */
export function preparedOnce<T>(build: (db: Db) => T): () => T {
  const kept = new WeakMap<Db, T>()
  return () => {
    const db = getDb()
    let query = kept.get(db)
    if (query === undefined) {
      query = build(db)
      kept.set(db, query)
    }
    return query
  }
}
