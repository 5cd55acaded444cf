import { handleApi, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { requireApiUser } from '~/models/accounts/auth.server'
import { MessageSchema } from '~/models/messaging/message'
import { sendMessage } from '~/models/messaging/message.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * POST /api/messages { recipientId, subject, content } → 201 with the stored message.
 * 401 signed out; 400 invalid input or a message to oneself; 404 unknown recipient; 429 past
 * the per-sender limit.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const user = await requireApiUser(request)
    const input = await readJson(request, MessageSchema)
    return Response.json(sendMessage(user.id, input), { status: 201 })
  })
}

/** Listing messages (GET /api/messages) belongs to the inbox issue: 405 JSON for now. */
export const loader = writeOnlyLoader('POST')
