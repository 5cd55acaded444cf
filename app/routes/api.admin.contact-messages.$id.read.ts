import { handleApi, jsonError, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { idFromParam } from '~/lib/route-params'
import { requireApiAdmin } from '~/models/accounts/auth.server'
import { markMessageReadAsAdmin } from '~/models/admin/inbox.server'
import { CONTACT_MESSAGE_NOT_FOUND } from '~/models/marketplace/contact'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * PATCH /api/admin/contact-messages/:id/read (no body) → the message, now `isRead: true`. 404
 * for an unknown id, 401 signed out, 403 for anyone but an admin. Recorded in the admin trail.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'PATCH')
    const admin = await requireApiAdmin(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(CONTACT_MESSAGE_NOT_FOUND, 404)
    return Response.json(markMessageReadAsAdmin(admin, id))
  })
}

/** Only PATCH here; a GET answers JSON 405 rather than Remix's HTML. */
export const loader = writeOnlyLoader('PATCH')
