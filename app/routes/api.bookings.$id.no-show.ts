import { handleApi, jsonError, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { idFromParam } from '~/lib/route-params'
import { requireApiUser } from '~/models/accounts/auth.server'
import { bookingJson } from '~/models/booking/booking-api.server'
import { getBookingForParty } from '~/models/booking/booking-read.server'
import { BOOKING_NOT_FOUND } from '~/models/booking/booking.server'
import { CLIENT_MARKED_ABSENT } from '~/models/booking/no-show'
import { markClientNoShow } from '~/models/booking/no-show.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * PATCH /api/bookings/:id/no-show (no body) → { booking, message }: the booking's practitioner
 * marks that the client did not attend, from the session's end until 48 hours after (the
 * dashboard's "Client did not attend"). Nothing is refunded; the client is emailed. Anyone else
 * 404; 409 before the end, after the window, or when it is already marked.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'PATCH')
    const user = await requireApiUser(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(BOOKING_NOT_FOUND, 404)
    await markClientNoShow(user, id)
    return Response.json({
      booking: bookingJson(getBookingForParty(user, id)),
      message: inRequestLanguage(CLIENT_MARKED_ABSENT),
    })
  })
}

/** Only PATCH here; a GET answers JSON 405 rather than Remix's HTML. */
export const loader = writeOnlyLoader('PATCH')
