import { getInstanceInfo } from 'litefs-js'
import { ensurePrimary as replayOnPrimary } from 'litefs-js/remix'

/**
 * True on the instance that may write (the LiteFS primary). Without LiteFS (local runs,
 * tests) the only instance is the primary.
 */
export async function isPrimaryInstance() {
  if (!process.env.LITEFS_DIR) return true
  const { currentIsPrimary } = await getInstanceInfo()
  return currentIsPrimary
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
