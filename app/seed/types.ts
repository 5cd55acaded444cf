import type { Db, Tx } from '~/db/client.server'

export type { Tx }
export type DbOrTx = Db | Tx
