import { handleApi, jsonError, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { idFromParam } from '~/lib/route-params'
import { requireApiAdmin } from '~/models/accounts/auth.server'
import { MESSAGE_DELETED } from '~/models/admin/admin'
import { deleteMessageAsAdmin } from '~/models/admin/inbox.server'
import { CONTACT_MESSAGE_NOT_FOUND } from '~/models/marketplace/contact'
import { requireApiRecentVerification } from '~/models/security/recent-verification.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * DELETE /api/admin/contact-messages/:id (no body) → { message: 'Message Deleted' }. 404 for an
 * unknown id, 401 signed out, 403 for anyone but an admin. Recorded in the admin trail.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'DELETE')
    const admin = await requireApiAdmin(request)
    await requireApiRecentVerification(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(CONTACT_MESSAGE_NOT_FOUND, 404)
    deleteMessageAsAdmin(admin, id)
    return Response.json({ message: inRequestLanguage(MESSAGE_DELETED) })
  })
}

/** Only DELETE here; a GET answers JSON 405 rather than Remix's HTML. */
export const loader = writeOnlyLoader('DELETE')
