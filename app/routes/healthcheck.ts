import { pingDatabase } from '~/db/client.server'
import { isPrimaryInstance } from '~/integrations/litefs.server'
import { logLine } from '~/lib/log.server'

/**
 * Fly's health check: the process answers and the database can be read, on any instance;
 * the answer says whether this one is the LiteFS primary (the one that writes).
 */
export async function loader() {
  try {
    pingDatabase()
    const primary = await isPrimaryInstance()
    return Response.json({ status: 'ok', primary }, { headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    console.error(logLine`healthcheck failed: ${error}`)
    return Response.json({ status: 'error' }, { status: 500, headers: { 'Cache-Control': 'no-store' } })
  }
}
