import { handleApi, jsonError, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { idFromParam } from '~/lib/route-params'
import { requireApiAdmin } from '~/models/accounts/auth.server'
import { SuspendUserSchema, USER_DELETED, USER_NOT_FOUND } from '~/models/admin/admin'
import { removeUser } from '~/models/admin/removal.server'
import { setSuspended } from '~/models/admin/users.server'
import { requireApiRecentVerification } from '~/models/security/recent-verification.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * PATCH /api/admin/users/:id { suspended } → the user (AdminUser). Suspended, they cannot sign
 * in, their sessions end and a practitioner's services leave the public listing; false
 * restores both.
 *
 * DELETE /api/admin/users/:id (no body) → { message: 'User Deleted', cancelledSessions,
 * refundAmount, refundedClients }. Their upcoming sessions are cancelled, the paid ones
 * refunded in full, the other party emailed, then the account deleted like a self-deletion.
 * 502 when Stripe refuses a refund (the account stays), 409 when a session was booked meanwhile.
 *
 * Both: 403 for an admin's account (one's own included) and for anyone but an admin, 404 for an
 * unknown id, 401 signed out. Recorded in the admin trail.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'PATCH', 'DELETE')
    const admin = await requireApiAdmin(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(USER_NOT_FOUND, 404)
    if (request.method === 'PATCH') {
      const { suspended } = await readJson(request, SuspendUserSchema)
      return Response.json(setSuspended(admin, id, suspended))
    }
    await requireApiRecentVerification(request)
    return Response.json({ message: inRequestLanguage(USER_DELETED), ...(await removeUser(admin, id)) })
  })
}

/** Only PATCH and DELETE here; a GET answers JSON 405 rather than Remix's HTML. */
export const loader = writeOnlyLoader('PATCH', 'DELETE')
