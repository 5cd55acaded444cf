import { getDb } from '~/db/client.server'
import type { Statement } from 'better-sqlite3'

/**
 * The signed-in pages' data version (docs/decisions/054-signed-in-pages-kept-per-person.md): a
 * number that triggers bump inside every write a signed-in page can show
 * (drizzle/0027_private_version.sql). The per-person render cache compares it on every request
 * it could answer; equal numbers mean nothing such a page shows has changed.
 */
let prepared: { client: unknown; statement: Statement<[], number> } | undefined

/** One indexed read of a one-row table, prepared once per connection. */
export function privateVersion(): number {
  const client = getDb().$client
  if (prepared?.client !== client) {
    prepared = {
      client,
      statement: client.prepare<[], number>('SELECT version FROM private_version WHERE id = 1').pluck(),
    }
  }
  return prepared.statement.get() ?? 0
}
