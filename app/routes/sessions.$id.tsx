import { useLoaderData } from '@remix-run/react'
import { BookingErrorBoundary } from '~/components/booking/booking-error-boundary'
import { SessionRoomPage } from '~/components/session-room/session-room-page'
import { AppError } from '~/lib/errors'
import { idFromParam } from '~/lib/route-params'
import { viewerTimeZone } from '~/lib/time-zone.server'
import { requireUser } from '~/models/accounts/auth.server'
import { BOOKING_NOT_FOUND } from '~/models/booking/payments.server'
import { getRoomPage } from '~/models/sessions/room.server'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.booking.serviceName} — session room — Solace` : 'Session room — Solace' },
]

/**
 * `/sessions/:id`: a booking's video room, for its client and its practitioner only (anyone else,
 * and a booking that does not exist, the same 404). Before its window, the session and a
 * countdown; inside it, the camera preview and the call (docs/decisions/039-video-rooms.md).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  try {
    const id = idFromParam(params.id)
    if (id === null) throw new AppError(BOOKING_NOT_FOUND, 404)
    return getRoomPage(user, id, viewerTimeZone(request, user))
  } catch (error) {
    if (error instanceof AppError) throw Response.json({ message: error.message }, { status: error.status })
    throw error
  }
}

export default function SessionRoom() {
  return <SessionRoomPage {...useLoaderData<typeof loader>()} />
}

export function ErrorBoundary() {
  return <BookingErrorBoundary back={{ to: '/', label: 'Back to home' }} />
}
