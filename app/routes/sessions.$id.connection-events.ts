import { handleApi, jsonError, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { idFromParam } from '~/lib/route-params'
import { requireApiUser } from '~/models/accounts/auth.server'
import { BOOKING_NOT_FOUND } from '~/models/booking/payments.server'
import { ConnectionReportSchema, MAX_CONNECTION_REPORT_BYTES } from '~/models/sessions/connection-events'
import { recordConnectionEvents } from '~/models/sessions/connection-events.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * POST /sessions/:id/connection-events `{ events: [...] }` → 204: the room's page reports how its
 * connection went (first media, reconnections, relay, how its call ended; nothing private,
 * docs/decisions/039-video-rooms.md). The booking's client and practitioner only (anyone else
 * the room's 404), at most 4 KB, MAX_CONNECTION_EVENTS per person and session (then 409). A
 * write: on a replica LiteFS's proxy sends it to the primary.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const user = await requireApiUser(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(BOOKING_NOT_FOUND, 404)
    const { events } = await readJson(request, ConnectionReportSchema, { maxBytes: MAX_CONNECTION_REPORT_BYTES })
    recordConnectionEvents(user, id, events)
    return new Response(null, { status: 204 })
  })
}

export const loader = writeOnlyLoader('POST')
