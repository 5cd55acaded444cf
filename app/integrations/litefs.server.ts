import { getInstanceInfo } from 'litefs-js'
import { ensurePrimary as replayOnPrimary } from 'litefs-js/remix'
import { getEnv } from '~/env.server'
import { AppError } from '~/lib/errors'
import { isPrimary, primaryUrl, replicationLagMs, replicationPosition, waitForPosition } from '../../server/litefs.js'

/**
 * True on the instance that may write (the LiteFS primary). Without LiteFS (local runs,
 * tests) the only instance is the primary.
 */
export function isPrimaryInstance() {
  return isPrimary()
}

/**
 * For the rare GET that must write (only the primary writes): on a replica this throws a
 * response that makes Fly's proxy replay the request on the primary; on the primary it does
 * nothing.
 */
export async function ensurePrimary() {
  if (!process.env.LITEFS_DIR) return
  await replayOnPrimary()
}

/** The path of the primary's command route (app/routes/internal.commands.$name.ts). */
export const COMMAND_PATH = '/internal/commands/'

/** How long a replica waits for the primary's write to reach it before it answers anyway. */
const REPLICATION_WAIT_MS = 10_000

/**
 * An upload this instance may take whatever its role (docs/decisions/025-uploads-on-replicas.md):
 * the primary always; a replica when it can store the file where the primary reads it (the
 * bucket) and may ask the primary to write the row (INTERNAL_COMMAND_TOKEN). Otherwise, before
 * the body is read, the request is replayed on the primary (which Fly can do up to 1 MB).
 */
export async function ensureUploadsHere() {
  if (await isPrimaryInstance()) return
  const env = getEnv()
  if (!env.INTERNAL_COMMAND_TOKEN || !env.BUCKET_NAME) await replayOnPrimary()
}

/**
 * Runs a write on the primary: `run` here when this is the primary, else the named command
 * (app/models/primary-commands.server.ts) by an authenticated request to the primary's
 * internal address. A replica then waits until the write has reached it, so the next page it
 * serves shows it. A refusal comes back as the AppError the primary threw.
 */
export async function onPrimary<T>(command: string, payload: unknown, run: () => T): Promise<T> {
  if (await isPrimaryInstance()) return run()
  const env = getEnv()
  const { primaryInstance } = await getInstanceInfo()
  const response = await fetch(new URL(`${COMMAND_PATH}${command}`, primaryUrl(primaryInstance)), {
    method: 'POST',
    headers: { Authorization: `Bearer ${env.INTERNAL_COMMAND_TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(payload),
    signal: AbortSignal.timeout(15_000),
  })
  const answer = (await response.json().catch(() => ({}))) as {
    result?: T
    position?: number
    message?: string
    field?: string
  }
  if (!response.ok) {
    if (answer.message && response.status < 500) throw new AppError(answer.message, response.status, answer.field)
    throw new Error(`The primary refused ${command}: ${response.status}`)
  }
  await waitForPosition(answer.position ?? 0, { timeoutMs: REPLICATION_WAIT_MS })
  return answer.result as T
}

/** This instance's replication position (what the primary tells a replica to wait for). */
export function currentPosition() {
  return replicationPosition()
}

/** How long ago this replica last heard from the primary (ms), as LiteFS says; null where it does not. */
export function replicationLag() {
  return replicationLagMs()
}
