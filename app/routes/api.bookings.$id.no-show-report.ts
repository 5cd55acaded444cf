import { handleApi, jsonError, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { idFromParam } from '~/lib/route-params'
import { requireApiUser } from '~/models/accounts/auth.server'
import { BOOKING_NOT_FOUND } from '~/models/booking/booking.server'
import { NoShowReportSchema, REPORT_SENT } from '~/models/booking/no-show'
import { reportPractitionerNoShow } from '~/models/booking/no-show.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * POST /api/bookings/:id/no-show-report { details? } → 201 { message }: the booking's client
 * reports that the practitioner did not attend, from the session's start until 7 days after its
 * end (the booking page's form). It reaches the admins' contact messages with the booking
 * attached. Anyone else 404; 409 outside the window or when already reported.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const user = await requireApiUser(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(BOOKING_NOT_FOUND, 404)
    const input = await readJson(request, NoShowReportSchema)
    reportPractitionerNoShow(user, id, input)
    return Response.json({ message: REPORT_SENT }, { status: 201 })
  })
}

/** Only POST here; a GET answers JSON 405 rather than Remix's HTML. */
export const loader = writeOnlyLoader('POST')
