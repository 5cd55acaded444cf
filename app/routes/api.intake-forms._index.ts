import { z } from 'zod'
import { handleApi, pagedJson, readJson, readQuery, requireMethod } from '~/lib/api.server'
import { requireApiPractitioner } from '~/models/accounts/auth.server'
import { IntakeFormApiSchema } from '~/models/intake/intake-form'
import { createForm, listOwnForms } from '~/models/intake/intake-forms.server'
import { pageField } from '~/models/marketplace/service-filters'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'

const FormsQuerySchema = z.object({ page: pageField })

/**
 * GET /api/intake-forms?page → the practitioner's intake forms, newest first, 50 a page, with the
 * X-Total-Count, X-Page, X-Page-Count and X-Page-Size headers: { id, title, serviceIds,
 * firstSessionOnly, questions: [{ id, kind, label, required, options? }], version }.
 * POST /api/intake-forms (the same without id and version) → 201 the form, version 1; 409 past
 * 50 live forms. 401 signed out, 403 for anyone but a practitioner (docs/decisions/041-intake-forms.md).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiPractitioner(request)
    const { forms, ...position } = listOwnForms(user.id, readQuery(request, FormsQuerySchema))
    return pagedJson(forms, position)
  })
}

export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'GET', 'POST')
    const user = await requireApiPractitioner(request)
    const input = await readJson(request, IntakeFormApiSchema)
    return Response.json(createForm(user.id, input), { status: 201 })
  })
}
