import { getInstanceInfo } from 'litefs-js'

/**
 * True on the instance that may write (the LiteFS primary). Without LiteFS (local runs,
 * tests) the only instance is the primary.
 */
export async function isPrimaryInstance() {
  if (!process.env.LITEFS_DIR) return true
  const { currentIsPrimary } = await getInstanceInfo()
  return currentIsPrimary
}
