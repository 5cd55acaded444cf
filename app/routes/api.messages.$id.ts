import { handleApi, jsonError, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { msg } from '~/lib/i18n/message'
import { idFromParam } from '~/lib/route-params'
import { requireApiUser } from '~/models/accounts/auth.server'
import { MESSAGE_NOT_FOUND } from '~/models/messaging/message'
import { deleteMessageForMe } from '~/models/messaging/message.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * DELETE /api/messages/:id (no body) → { message: 'Message deleted' }. Deletes the message from
 * the signed-in person's view only (its sender or its recipient, each for themselves); the
 * other person keeps their copy. Someone else's, unknown or already deleted: 404. 401 signed out.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'DELETE')
    const user = await requireApiUser(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(MESSAGE_NOT_FOUND, 404)
    deleteMessageForMe(user.id, id)
    return Response.json({ message: inRequestLanguage(msg('messaging:toasts.messageDeleted')) })
  })
}

/** Only DELETE here; a GET answers JSON 405 rather than Remix's HTML. */
export const loader = writeOnlyLoader('DELETE')
