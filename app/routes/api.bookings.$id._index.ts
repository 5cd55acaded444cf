import { handleApi, jsonError, readOnlyAction } from '~/lib/api.server'
import { idFromParam } from '~/lib/route-params'
import { requireApiUser } from '~/models/accounts/auth.server'
import { bookingJson } from '~/models/booking/booking-api.server'
import { getBookingForClient } from '~/models/booking/booking-read.server'
import { BOOKING_NOT_FOUND } from '~/models/booking/booking.server'
import type { LoaderFunctionArgs } from '@remix-run/node'

/**
 * GET /api/bookings/:id → the client's own booking (BookingJson: service { name, price, ... },
 * totalAmount). Anyone else's booking, or a malformed id, is 404; signed out 401.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(BOOKING_NOT_FOUND, 404)
    return Response.json(bookingJson(getBookingForClient(user, id)))
  })
}

export const action = readOnlyAction
