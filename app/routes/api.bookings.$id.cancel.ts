import { handleApi, jsonError, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { msg } from '~/lib/i18n/message'
import { idFromParam } from '~/lib/route-params'
import { requireApiUser } from '~/models/accounts/auth.server'
import { BOOKING_NOT_FOUND, cancelBooking } from '~/models/booking/booking.server'
import { PractitionerCancelSchema, practitionerCancelled } from '~/models/booking/practitioner-cancel'
import { cancelAsPractitioner, isPractitionerOf } from '~/models/booking/practitioner-cancel.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * PATCH /api/bookings/:id/cancel → { id, status: 'cancelled', refundAmount, message }.
 * - The booking's client: an empty body; the refund is the policy's.
 * - The booking's practitioner: `{ reason, keepSlotClosed? }`; the client is refunded in full
 *   and emailed the reason, and the time opens again unless `keepSlotClosed`.
 * Anyone else 404; 409 when it is no longer cancellable; 502 when the refund could not be made
 * (the booking is then unchanged).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'PATCH')
    const user = await requireApiUser(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(BOOKING_NOT_FOUND, 404)
    if (isPractitionerOf(user, id)) {
      const input = await readJson(request, PractitionerCancelSchema)
      const cancelled = await cancelAsPractitioner(user, id, input)
      return Response.json({ ...cancelled, message: inRequestLanguage(practitionerCancelled(cancelled.refundAmount)) })
    }
    const cancelled = await cancelBooking(user, id)
    return Response.json({ ...cancelled, message: inRequestLanguage(msg('booking:toasts.cancelledDescription')) })
  })
}

/** Only PATCH here; a GET answers JSON 405 rather than Remix's HTML. */
export const loader = writeOnlyLoader('PATCH')
