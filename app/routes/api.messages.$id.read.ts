import { handleApi, jsonError, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { idFromParam } from '~/lib/route-params'
import { requireApiUser } from '~/models/accounts/auth.server'
import { MESSAGE_NOT_FOUND, toApiMessage } from '~/models/messaging/message'
import { markMessageRead } from '~/models/messaging/message.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * PATCH /api/messages/:id/read (no body) → the message, now `isRead: true`. Only its recipient;
 * anyone else (its sender included), an unknown id or one the recipient deleted: 404. 401
 * signed out. The inbox screens mark a whole conversation read in one write instead.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'PATCH')
    const user = await requireApiUser(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(MESSAGE_NOT_FOUND, 404)
    return Response.json(toApiMessage(markMessageRead(user.id, id)))
  })
}

/** Only PATCH here; a GET answers JSON 405 rather than Remix's HTML. */
export const loader = writeOnlyLoader('PATCH')
