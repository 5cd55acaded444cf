import { pingDatabase } from '~/db/client.server'

/** Fly's health check: the process answers and the database can be read. */
export function loader() {
  try {
    pingDatabase()
    return new Response('OK', { headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    console.error('healthcheck failed', error)
    return new Response('ERROR', { status: 500 })
  }
}
