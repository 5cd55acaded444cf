import { handleApi, jsonError, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { idFromParam } from '~/lib/route-params'
import { requireApiPractitioner } from '~/models/accounts/auth.server'
import { DOCUMENT_DELETED, DOCUMENT_NOT_FOUND } from '~/models/records/document'
import { deleteDocument } from '~/models/records/documents.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * DELETE /api/patient-documents/:id → { message: 'Document deleted successfully' }; the stored
 * file goes with it. Another practitioner's or an unknown document: 404.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'DELETE')
    const user = await requireApiPractitioner(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(DOCUMENT_NOT_FOUND, 404)
    await deleteDocument(user.id, id)
    return Response.json({ message: inRequestLanguage(DOCUMENT_DELETED) })
  })
}

/** No GET here (the file is GET /api/patient-documents/:id/download); a GET answers JSON 405. */
export const loader = writeOnlyLoader('DELETE')
