import { handleApi, jsonError, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { idFromParam } from '~/lib/route-params'
import { requireApiPractitioner } from '~/models/accounts/auth.server'
import { deleteNote, updateNote } from '~/models/records/notes.server'
import { NOTE_DELETED, NOTE_NOT_FOUND, PatientNoteUpdateSchema } from '~/models/records/patient'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * PATCH /api/patient-notes/:id { title?, content?, noteType?, isPrivate? } (left out = kept)
 * → the updated PatientNote.
 * DELETE /api/patient-notes/:id → { message: 'Patient note deleted successfully' }.
 * Only the owner: another practitioner's or an unknown note answers 404. 401 signed out, 403 for
 * anyone who is not a practitioner.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'PATCH', 'DELETE')
    const user = await requireApiPractitioner(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(NOTE_NOT_FOUND, 404)
    if (request.method === 'DELETE') {
      deleteNote(user.id, id)
      return Response.json({ message: inRequestLanguage(NOTE_DELETED) })
    }
    const input = await readJson(request, PatientNoteUpdateSchema)
    return Response.json(updateNote(user.id, id, input))
  })
}

/** No GET here (a patient's notes are GET /api/patient-profiles/:id/notes); a GET answers JSON 405. */
export const loader = writeOnlyLoader('PATCH', 'DELETE')
