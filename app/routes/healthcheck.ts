import { pingDatabase, probeWrite } from '~/db/client.server'
import { currentPosition, isPrimaryInstance, replicationLag } from '~/integrations/litefs.server'
import { log } from '~/lib/log.server'

/**
 * How far behind the primary a replica may be and still serve (LiteFS's `.lag`: the time since
 * it last heard from the primary, which sends a heartbeat every second). Past it the check fails,
 * and Fly's proxy sends requests to machines that pass.
 */
export const REPLICA_MAX_LAG_MS = 30_000

type Check = 'ok' | 'failed'

/**
 * Fly's health check (fly.toml): whether this machine can serve. 200 when it can, 503 when not:
 * - `database`: the database answers a query;
 * - `write`: on the primary, the write lock can be taken (and is given back, nothing written);
 *   `replica` on a replica, which never writes;
 * - `replication`: on a replica, how long since it last heard from the primary (`lagMs`, from
 *   LiteFS) is under REPLICA_MAX_LAG_MS (`behind` past it or with the primary lost, `unknown`
 *   where LiteFS does not say, which passes); `primary` on the primary.
 * `status` and `primary` are what the check always answered; `replication.position` is this
 * machine's TXID. A failed check is logged (and reported) with its error; the answer carries none.
 */
export async function loader() {
  let healthy = true
  async function check(name: string, run: () => unknown): Promise<Check> {
    try {
      await run()
      return 'ok'
    } catch (error) {
      healthy = false
      log.error({ err: error }, `healthcheck: the ${name} check failed`)
      return 'failed'
    }
  }

  let primary = false
  const database = await check('database', pingDatabase)
  const role = await check('role', async () => void (primary = await isPrimaryInstance()))
  const write = role === 'failed' ? 'failed' : primary ? await check('write', () => probeWrite()) : 'replica'
  let position = 0
  let lagMs: number | null = null
  await check('replication position', async () => {
    position = await currentPosition()
    if (!primary) lagMs = await replicationLag()
  })
  const behind = lagMs !== null && !(lagMs <= REPLICA_MAX_LAG_MS)
  if (behind) healthy = false
  const replication = primary ? 'primary' : behind ? 'behind' : lagMs === null ? 'unknown' : 'ok'

  return Response.json(
    {
      status: healthy ? 'ok' : 'error',
      primary,
      checks: { database, write, replication },
      replication: {
        position,
        lagMs: lagMs !== null && Number.isFinite(lagMs) ? lagMs : null,
        maxLagMs: REPLICA_MAX_LAG_MS,
      },
    },
    { status: healthy ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  )
}
