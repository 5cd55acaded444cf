import { handleApi, jsonError, readJson, requireMethod } from '~/lib/api.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { msg } from '~/lib/i18n/message'
import { idFromParam } from '~/lib/route-params'
import { requireApiPractitioner } from '~/models/accounts/auth.server'
import { INLINE_IMAGE_BODY_MAX_BYTES } from '~/models/body-caps.server'
import { SERVICE_NOT_FOUND } from '~/models/marketplace/service'
import { getPublicServiceByParam } from '~/models/marketplace/service.server'
import { ServiceApiSchema } from '~/models/practice/service-form'
import { deleteService, updateService } from '~/models/practice/services.server'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'

/**
 * GET /api/services/:id → ServiceDetail (with its practitioner's id, names, image, title, bio).
 * Unknown, hidden and malformed ids all answer 404 { message }.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  return handleApi(() => {
    const service = getPublicServiceByParam(params.id)
    if (!service) return jsonError(SERVICE_NOT_FOUND, 404)
    return Response.json(service)
  })
}

/**
 * PATCH /api/services/:id (the POST body's fields; left-out ones take the spec's defaults,
 * except imageUrl, which left out keeps the picture) → OwnService.
 * DELETE /api/services/:id → { message }; 409 while sessions are booked on it.
 * Only the owner: anyone else's or an unknown id answers 404.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'GET', 'PATCH', 'DELETE')
    const user = await requireApiPractitioner(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(SERVICE_NOT_FOUND, 404)
    if (request.method === 'DELETE') {
      await deleteService(user, id)
      return Response.json({ message: inRequestLanguage(msg('practice:api.serviceDeleted')) })
    }
    const input = await readJson(request, ServiceApiSchema, { maxBytes: INLINE_IMAGE_BODY_MAX_BYTES })
    return Response.json(await updateService(user, id, input))
  })
}
