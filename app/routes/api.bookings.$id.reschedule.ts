import { handleApi, jsonError, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { idFromParam } from '~/lib/route-params'
import { requireApiUser } from '~/models/accounts/auth.server'
import { bookingJson } from '~/models/booking/booking-api.server'
import { getBookingForParty } from '~/models/booking/booking-read.server'
import { BOOKING_NOT_FOUND } from '~/models/booking/booking.server'
import { sessionMoved } from '~/models/booking/reschedule'
import { rescheduleBooking, RescheduleSchema } from '~/models/booking/reschedule.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * PATCH /api/bookings/:id/reschedule { timeSlotId, message? } → { booking, message }: the booking
 * moved to another open slot of its service, by its client (while free cancellation applies) or
 * its practitioner (until it starts; the client may then accept it or cancel with a full refund;
 * `message`, at most 500 characters of plain text, goes to the client with the new time; a
 * client's is refused, an empty one is none),
 * with the Reschedule pages' rules. Anyone else 404; 409 when the slot is gone, the window has
 * closed or it is the same time; the booking is then as it was.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'PATCH')
    const user = await requireApiUser(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(BOOKING_NOT_FOUND, 404)
    const { timeSlotId, message } = await readJson(request, RescheduleSchema)
    const { movedBy } = await rescheduleBooking(user, id, timeSlotId, { message })
    return Response.json({
      booking: bookingJson(getBookingForParty(user, id)),
      message: inRequestLanguage(sessionMoved(movedBy)),
    })
  })
}

/** Only PATCH here; a GET answers JSON 405 rather than Remix's HTML. */
export const loader = writeOnlyLoader('PATCH')
