import { handleApi, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { requireApiPractitioner } from '~/models/accounts/auth.server'
import { BatchSlotSchema } from '~/models/practice/slot-form'
import { createBatch } from '~/models/practice/slots.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/** How many generated times were left out because they overlap existing slots. */
export const SKIPPED_COUNT_HEADER = 'X-Skipped-Count'

/**
 * POST /api/time-slots/batch { dateRange: [from, to], startTime, endTime, duration, interval,
 * timezone, serviceId? } → 201 the created slots (an array), sharing one batchId.
 * Times that overlap the caller's slots are skipped; their count is in X-Skipped-Count.
 * (A static segment, so it never reaches /api/time-slots/:serviceId/:date or /:id.)
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const user = await requireApiPractitioner(request)
    const body = await readJson(request, BatchSlotSchema)
    const { created, skipped } = createBatch(user.id, body)
    return Response.json(created, { status: 201, headers: { [SKIPPED_COUNT_HEADER]: String(skipped) } })
  })
}

/** Only POST here; a GET answers JSON 405 rather than Remix's HTML. */
export const loader = writeOnlyLoader('POST')
