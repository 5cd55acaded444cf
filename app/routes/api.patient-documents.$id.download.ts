import { handleApi, jsonError, readOnlyAction } from '~/lib/api.server'
import { idFromParam } from '~/lib/route-params'
import { requireApiPractitioner } from '~/models/accounts/auth.server'
import { DOCUMENT_NOT_FOUND } from '~/models/records/document'
import { documentDownload } from '~/models/records/document-download.server'
import { requireApiRecentVerification } from '~/models/security/recent-verification.server'
import type { LoaderFunctionArgs } from '@remix-run/node'

/**
 * GET /api/patient-documents/:id/download → the document's bytes, decrypted as they stream,
 * as an attachment under its original name. Only its practitioner: 404 for anyone else's or
 * an unknown document. The Patient Charting screen links here too (the session cookie is
 * the same).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiPractitioner(request)
    await requireApiRecentVerification(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(DOCUMENT_NOT_FOUND, 404)
    return documentDownload(user.id, id)
  })
}

export const action = readOnlyAction
