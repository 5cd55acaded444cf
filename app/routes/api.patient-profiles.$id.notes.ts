import { handleApi, jsonError, readJson, requireMethod } from '~/lib/api.server'
import { idFromParam } from '~/lib/route-params'
import { requireApiPractitioner } from '~/models/accounts/auth.server'
import { recordPatientView } from '~/models/records/audit.server'
import { createNote, listPatientNotes } from '~/models/records/notes.server'
import { PATIENT_NOT_FOUND, PatientNoteSchema } from '~/models/records/patient'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'

/**
 * GET /api/patient-profiles/:id/notes → PatientNote[] of the practitioner's patient, newest
 * first, private ones included. Opening a patient's notes is viewing their record: it writes a
 * 'view' row to the access trail (see `recordPatientView`).
 * Another practitioner's or an unknown patient: 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiPractitioner(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(PATIENT_NOT_FOUND, 404)
    await recordPatientView(user.id, id)
    return Response.json(listPatientNotes(user.id, id))
  })
}

/**
 * POST /api/patient-profiles/:id/notes { title, content, noteType?, isPrivate? } → 201
 * PatientNote (noteType 'general' and isPrivate false unless sent). 404 for another
 * practitioner's or an unknown patient, 400 with the first rule broken.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    // GET is the loader; listing it keeps the 405's Allow header complete.
    requireMethod(request, 'GET', 'POST')
    const user = await requireApiPractitioner(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(PATIENT_NOT_FOUND, 404)
    const input = await readJson(request, PatientNoteSchema)
    return Response.json(createNote(user.id, id, input), { status: 201 })
  })
}
