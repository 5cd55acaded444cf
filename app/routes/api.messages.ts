import { z } from 'zod'
import { handleApi, pagedJson, readJson, readQuery, requireMethod } from '~/lib/api.server'
import { requireApiUser } from '~/models/accounts/auth.server'
import { pageField } from '~/models/marketplace/service-filters'
import { MessageSchema, toApiMessage } from '~/models/messaging/message'
import { sendMessage } from '~/models/messaging/message.server'
import { listMessagesPage } from '~/models/messaging/messages-page.server'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'

const MessagesQuerySchema = z.object({ page: pageField })

/**
 * GET /api/messages?page → the signed-in person's messages, sent and received, minus those
 * they deleted, newest first, each with `sender` and `recipient` `{ id, firstName, lastName,
 * isPractitioner }` (a deleted account is named 'Deleted account'). A plain array of one page
 * (24) with the X-Total-Count, X-Page, X-Page-Count and X-Page-Size headers every /api list
 * answers; a page past the end answers the last one. (The inbox screens page with keyset
 * cursors instead: app/models/messaging/conversations.server.ts.) 401 signed out.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request)
    const { page } = readQuery(request, MessagesQuerySchema)
    const { messages, ...position } = listMessagesPage(user.id, page)
    return pagedJson(messages.map(toApiMessage), position)
  })
}

/**
 * POST /api/messages { recipientId, subject, content, isReplyTo? } → 201 with the stored message.
 * 401 signed out; 400 invalid input, a message to oneself, or an `isReplyTo` outside this
 * conversation; 403 an admin, or a practitioner writing to a practitioner they have no link
 * with; 404 an unknown recipient or one the sender may not write to; 429 past 20 messages an
 * hour per sender (replies too). Who may write to whom: docs/decisions/018-messaging.md.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    // GET is the loader; listing it keeps the 405's Allow header complete.
    requireMethod(request, 'GET', 'POST')
    const user = await requireApiUser(request)
    const input = await readJson(request, MessageSchema)
    return Response.json(toApiMessage(sendMessage(user.id, input)), { status: 201 })
  })
}
