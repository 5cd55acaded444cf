import { ensurePrimary } from '~/integrations/litefs.server'
import { handleApi, jsonError, readJson } from '~/lib/api.server'
import { msg } from '~/lib/i18n/message'
import { hit, LIMITS } from '~/lib/rate-limit.server'
import { idFromParam } from '~/lib/route-params'
import { requireApiUser } from '~/models/accounts/auth.server'
import { BOOKING_NOT_FOUND } from '~/models/booking/payments.server'
import { MAX_SIGNAL_BYTES, PeerIdSchema, ROOM_TEXT, SignalMessageSchema } from '~/models/sessions/room'
import { openRoomFor } from '~/models/sessions/room.server'
import { handleSignal, openRoomStream, roomPresence } from '~/models/sessions/signaling.server'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'

/**
 * A booking's video room signaling (docs/decisions/039-video-rooms.md), for its client and its
 * practitioner while the room is open: anyone else 404, outside the window 409.
 *
 * - GET with `Accept: text/event-stream` and `?peer=<page id>`: the room's events (app/models/sessions/room.ts
 *   `RoomEvent`), for as long as the page stays. Without that Accept: `{ you, other }`, who is there now.
 * - POST one `SignalMessage` as JSON (at most 48 KB) → 204.
 *
 * The hub lives in the primary's memory, so both people must meet there: a replica replays the
 * GET on the primary (Fly's replay), and LiteFS's proxy sends every POST there already.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await ensurePrimary()
    const user = await requireApiUser(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(BOOKING_NOT_FOUND, 404)
    const booking = openRoomFor(user, id)
    if (!request.headers.get('Accept')?.includes('text/event-stream')) return Response.json(roomPresence(booking))
    const peer = PeerIdSchema.safeParse(new URL(request.url).searchParams.get('peer'))
    if (!peer.success) return jsonError(ROOM_TEXT.invalidPeer, 400)
    hit(`room-streams:${user.id}`, LIMITS.roomStreams)
    return new Response(openRoomStream(booking, user.id, peer.data, request.signal), {
      headers: {
        'Content-Type': 'text/event-stream; charset=utf-8',
        // no-transform: the server's compression would hold the events back to fill its blocks.
        'Cache-Control': 'no-store, no-transform',
        'X-Accel-Buffering': 'no',
      },
    })
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== 'POST') return jsonError(msg('common:api.methodNotAllowed'), 405, { Allow: 'GET, POST' })
    const user = await requireApiUser(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(BOOKING_NOT_FOUND, 404)
    hit(`room-signals:${user.id}`, LIMITS.roomSignals)
    const message = await readJson(request, SignalMessageSchema, { maxBytes: MAX_SIGNAL_BYTES })
    handleSignal(openRoomFor(user, id), message)
    return new Response(null, { status: 204 })
  })
}
