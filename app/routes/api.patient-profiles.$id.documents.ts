import { handleApi, jsonError, requireMethod } from '~/lib/api.server'
import { idFromParam } from '~/lib/route-params'
import { requireApiPractitioner } from '~/models/accounts/auth.server'
import { listPatientDocuments, uploadDocument } from '~/models/records/documents.server'
import { PATIENT_NOT_FOUND } from '~/models/records/patient'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'

/**
 * GET /api/patient-profiles/:id/documents → PatientDocument[] of the practitioner's patient,
 * newest first (names, types, sizes and descriptions; never where a file is stored).
 * Another practitioner's or an unknown patient: 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiPractitioner(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(PATIENT_NOT_FOUND, 404)
    return Response.json(listPatientDocuments(user.id, id))
  })
}

/**
 * POST /api/patient-profiles/:id/documents, multipart: `file` (one file, at most 10 MB) and an
 * optional `description` → 201 PatientDocument. 413 past 10 MB, 400 for a type we do not
 * accept or bytes that do not match it, 415 for a body that is not multipart; nothing is kept
 * of a refused upload. 404 for another practitioner's or an unknown patient. Taken on any
 * instance: a replica stores the file and the primary writes its row (docs/decisions/025).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'GET', 'POST')
    const user = await requireApiPractitioner(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(PATIENT_NOT_FOUND, 404)
    return Response.json(await uploadDocument(user.id, id, request), { status: 201 })
  })
}
