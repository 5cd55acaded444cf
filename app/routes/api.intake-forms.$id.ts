import { handleApi, jsonError, readJson, requireMethod } from '~/lib/api.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { idFromParam } from '~/lib/route-params'
import { requireApiPractitioner } from '~/models/accounts/auth.server'
import { FORM_DELETED, FORM_NOT_FOUND, IntakeFormPatchSchema } from '~/models/intake/intake-form'
import { deleteForm, getOwnForm, updateForm } from '~/models/intake/intake-forms.server'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'

/**
 * GET /api/intake-forms/:id → the form. PATCH (any of title, serviceIds, firstSessionOnly,
 * questions; left out is kept) → the form, a new title or new questions as its next version.
 * DELETE → { message }: no new booking asks it; answers already given keep their version.
 * Another practitioner's form is 404 like an unknown one.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiPractitioner(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(FORM_NOT_FOUND, 404)
    return Response.json(getOwnForm(user.id, id))
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'GET', 'PATCH', 'DELETE')
    const user = await requireApiPractitioner(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(FORM_NOT_FOUND, 404)
    if (request.method === 'DELETE') {
      deleteForm(user.id, id)
      return Response.json({ message: inRequestLanguage(FORM_DELETED) })
    }
    const input = await readJson(request, IntakeFormPatchSchema)
    return Response.json(updateForm(user.id, id, input))
  })
}
