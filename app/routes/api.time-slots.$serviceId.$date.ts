import { z } from 'zod'
import { handleApi, jsonError, readOnlyAction, readQuery } from '~/lib/api.server'
import { msg } from '~/lib/i18n/message'
import { idFromParam } from '~/lib/route-params'
import { viewerTimeZone } from '~/lib/time-zone.server'
import { isTimeZone, parseLocalDate } from '~/lib/zoned-time'
import { getUser } from '~/models/accounts/auth.server'
import { listOpenSlots } from '~/models/marketplace/open-slots.server'
import { SERVICE_NOT_FOUND } from '~/models/marketplace/service'
import { getPublicService } from '~/models/marketplace/service.server'
import type { LoaderFunctionArgs } from '@remix-run/node'

const INVALID_DATE = msg('marketplace:slotsApi.invalidDate')
const INVALID_ZONE = msg('marketplace:slotsApi.invalidZone')

const QuerySchema = z.object({
  timeZone: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().max(64, INVALID_ZONE).refine(isTimeZone, INVALID_ZONE).optional(),
  ),
})

/**
 * GET /api/time-slots/:serviceId/:yyyy-MM-dd[?timeZone=Area/City] → [{ id, startTime, endTime }]:
 * the open slots (not booked, not started) of a listed service on that calendar day of the
 * viewer's zone (their setting, else their browser's, else Toronto; `timeZone` overrides it),
 * in time order. 404 for an unknown or hidden service, 400 for a bad date or zone.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const serviceId = idFromParam(params.serviceId)
    if (serviceId === null) return jsonError(SERVICE_NOT_FOUND, 404)
    const date = parseLocalDate(params.date ?? '')
    if (!date) return jsonError(INVALID_DATE, 400)
    const query = readQuery(request, QuerySchema)
    if (!getPublicService(serviceId)) return jsonError(SERVICE_NOT_FOUND, 404)
    const timeZone = query.timeZone ?? viewerTimeZone(request, await getUser(request))
    return Response.json(
      listOpenSlots(serviceId, date, timeZone).map((slot) => ({
        id: slot.id,
        startTime: slot.startTime.toISOString(),
        endTime: slot.endTime.toISOString(),
      })),
    )
  })
}

export const action = readOnlyAction
