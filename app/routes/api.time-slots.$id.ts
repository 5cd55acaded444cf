import { handleApi, jsonError, readQuery, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { msg } from '~/lib/i18n/message'
import { idFromParam } from '~/lib/route-params'
import { requireApiPractitioner } from '~/models/accounts/auth.server'
import { DeleteSlotSchema, SLOT_NOT_FOUND } from '~/models/practice/slot-form'
import { deleteSlot } from '~/models/practice/slots.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * DELETE /api/time-slots/:id[?deleteBatch=true] → { message, deleted }. Only unbooked slots
 * go: a booked one answers 409; with deleteBatch every unbooked slot of its batch goes.
 * Another practitioner's slot, or a malformed id, is 404.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'DELETE')
    const user = await requireApiPractitioner(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(SLOT_NOT_FOUND, 404)
    const { deleteBatch } = readQuery(request, DeleteSlotSchema)
    const { deleted } = deleteSlot(user.id, id, { deleteBatch })
    return Response.json({ message: inRequestLanguage(msg('practice:api.slotDeleted')), deleted })
  })
}

/** Only DELETE here; a GET answers JSON 405 rather than Remix's HTML. */
export const loader = writeOnlyLoader('DELETE')
