import { handleApi, readJson, requireMethod } from '~/lib/api.server'
import { requireApiPractitioner } from '~/models/accounts/auth.server'
import { WeeklyHoursSchema } from '~/models/practice/weekly-hours'
import { getWeeklyHours, saveWeeklyHours } from '~/models/practice/weekly-hours.server'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'

/**
 * GET /api/availability/weekly-hours → { timeZone, ranges: [{ weekday (0 = Sunday), start,
 * end ('HH:mm'), serviceId }], sessions: [{ serviceId, serviceName, sessionMinutes, gapMinutes }] }
 * (every active service of the signed-in practitioner).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiPractitioner(request)
    return Response.json(getWeeklyHours(user.id, user.timeZone))
  })
}

/**
 * PUT /api/availability/weekly-hours { ranges, sessions? } → the saved hours, with `added` and
 * `removed`: the slots made and taken away at once. The ranges replace the old ones and are
 * read in the practitioner's own time zone; booked slots never move.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'PUT')
    const user = await requireApiPractitioner(request)
    const body = await readJson(request, WeeklyHoursSchema)
    const changes = saveWeeklyHours(user.id, body, user.timeZone)
    return Response.json({ ...getWeeklyHours(user.id, user.timeZone), ...changes })
  })
}
