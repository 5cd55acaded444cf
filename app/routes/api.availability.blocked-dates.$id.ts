import { handleApi, jsonError, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { msg } from '~/lib/i18n/message'
import { idFromParam } from '~/lib/route-params'
import { requireApiPractitioner } from '~/models/accounts/auth.server'
import { BLOCK_NOT_FOUND } from '~/models/practice/weekly-hours'
import { unblockDates } from '~/models/practice/weekly-hours.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * DELETE /api/availability/blocked-dates/:id → { message, added }: the weekly hours' slots on
 * those days come back. Another practitioner's block, or a malformed id, is 404.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'DELETE')
    const user = await requireApiPractitioner(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(BLOCK_NOT_FOUND, 404)
    const { added } = unblockDates(user.id, id)
    return Response.json({ message: inRequestLanguage(msg('practice:api.datesUnblocked')), added })
  })
}

/** Only DELETE here; a GET answers JSON 405 rather than Remix's HTML. */
export const loader = writeOnlyLoader('DELETE')
