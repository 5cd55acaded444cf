import { handleApi, jsonError, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { idFromParam } from '~/lib/route-params'
import { requireApiUser } from '~/models/accounts/auth.server'
import { BOOKING_NOT_FOUND, cancelBooking } from '~/models/booking/booking.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * PATCH /api/bookings/:id/cancel (empty body) → { id, status: 'cancelled', refundAmount, message }.
 * Only the booking's client (others 404); 409 when it is no longer cancellable; 502 when the
 * refund the policy gives could not be made (the booking is then unchanged).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'PATCH')
    const user = await requireApiUser(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(BOOKING_NOT_FOUND, 404)
    const cancelled = await cancelBooking(user, id)
    return Response.json({ ...cancelled, message: 'Your booking has been successfully cancelled.' })
  })
}

/** Only PATCH here; a GET answers JSON 405 rather than Remix's HTML. */
export const loader = writeOnlyLoader('PATCH')
