import { handleApi, jsonError, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { idFromParam } from '~/lib/route-params'
import { requireApiUser } from '~/models/accounts/auth.server'
import { bookingJson } from '~/models/booking/booking-api.server'
import { getBookingForClient } from '~/models/booking/booking-read.server'
import { BOOKING_NOT_FOUND } from '~/models/booking/booking.server'
import { NEW_TIME_ACCEPTED } from '~/models/booking/reschedule'
import { acceptMove } from '~/models/booking/reschedule.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * PATCH /api/bookings/:id/accept-new-time (no body) → { booking, message }: the booking's client
 * takes the time their practitioner moved the session to (the booking page's Accept New Time).
 * Until then they may cancel it for a full refund. Anyone else 404; 409 when there is no new
 * time to accept.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'PATCH')
    const user = await requireApiUser(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(BOOKING_NOT_FOUND, 404)
    acceptMove(user, id)
    return Response.json({
      booking: bookingJson(getBookingForClient(user, id)),
      message: inRequestLanguage(NEW_TIME_ACCEPTED),
    })
  })
}

/** Only PATCH here; a GET answers JSON 405 rather than Remix's HTML. */
export const loader = writeOnlyLoader('PATCH')
