import { handleApi, jsonError, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { idFromParam } from '~/lib/route-params'
import { requireApiUser } from '~/models/accounts/auth.server'
import { leaveWaitlist } from '~/models/waitlist/entries.server'
import { ENTRY_NOT_FOUND, LEFT } from '~/models/waitlist/waitlist'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * DELETE /api/waitlist/:id → { message, id }: the signed-in person leaves that waitlist (a time
 * held for them opens again). Anyone else's entry, or a malformed id, is 404.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'DELETE')
    const user = await requireApiUser(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(ENTRY_NOT_FOUND, 404)
    return Response.json({ message: inRequestLanguage(LEFT), ...leaveWaitlist(user, id) })
  })
}

/** Only DELETE here; a GET answers JSON 405 rather than Remix's HTML. */
export const loader = writeOnlyLoader('DELETE')
