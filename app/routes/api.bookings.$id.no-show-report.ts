import { handleApi, jsonError, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { idFromParam } from '~/lib/route-params'
import { requireApiUser } from '~/models/accounts/auth.server'
import { BOOKING_NOT_FOUND } from '~/models/booking/booking.server'
import { NoShowReportSchema, REPORT_SENT } from '~/models/booking/no-show'
import { reportNoShow } from '~/models/booking/no-show.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * POST /api/bookings/:id/no-show-report { kind?, details? } → 201 { message }: the booking's
 * client tells the admins about the session (the booking page's forms). `kind`
 * 'practitioner-absent' (the default): the practitioner did not attend, from the session's start
 * until 7 days after its end. 'client-attended' ("I was there"): the practitioner marked the
 * client absent, and the client says they came, within 7 days of the mark. Either reaches the
 * admins' contact messages with the booking (and its room's attendance) attached, once per kind.
 * Anyone else 404; 409 outside the window, when not marked absent, or when already sent; 400 for
 * an unknown kind or details over 2000 characters.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const user = await requireApiUser(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(BOOKING_NOT_FOUND, 404)
    const input = await readJson(request, NoShowReportSchema)
    reportNoShow(user, id, input)
    return Response.json({ message: inRequestLanguage(REPORT_SENT) }, { status: 201 })
  })
}

/** Only POST here; a GET answers JSON 405 rather than Remix's HTML. */
export const loader = writeOnlyLoader('POST')
