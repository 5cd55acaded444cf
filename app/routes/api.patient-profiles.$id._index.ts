import { handleApi, jsonError, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { idFromParam } from '~/lib/route-params'
import { requireApiPractitioner } from '~/models/accounts/auth.server'
import { PATIENT_DELETED, PATIENT_NOT_FOUND, PatientProfileUpdateSchema } from '~/models/records/patient'
import { deletePatient, updatePatient } from '~/models/records/patients.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * PATCH /api/patient-profiles/:id (any of the POST body's fields; left out = kept, '' = cleared)
 * → the updated PatientProfile.
 * DELETE /api/patient-profiles/:id → { message: 'Patient profile deleted successfully' }; the
 * patient's notes go with it, the access trail stays.
 * Only the owner: another practitioner's or an unknown id answers 404. 401 signed out, 403 for
 * anyone who is not a practitioner.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'PATCH', 'DELETE')
    const user = await requireApiPractitioner(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(PATIENT_NOT_FOUND, 404)
    if (request.method === 'DELETE') {
      await deletePatient(user.id, id)
      return Response.json({ message: inRequestLanguage(PATIENT_DELETED) })
    }
    const input = await readJson(request, PatientProfileUpdateSchema)
    return Response.json(updatePatient(user.id, id, input))
  })
}

/** No GET here (the list is GET /api/patient-profiles); a GET answers JSON 405. */
export const loader = writeOnlyLoader('PATCH', 'DELETE')
