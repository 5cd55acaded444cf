import type { Db } from '~/db/client.server'

/** A drizzle transaction on the app's connection (better-sqlite3: synchronous). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type DbOrTx = Db | Tx
