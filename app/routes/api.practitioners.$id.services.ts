import { handleApi, jsonError, readOnlyAction } from '~/lib/api.server'
import { idFromParam } from '~/lib/route-params'
import { PRACTITIONER_NOT_FOUND } from '~/models/marketplace/practitioner'
import { getPractitionerProfile } from '~/models/marketplace/practitioner.server'
import { listPractitionerServices } from '~/models/marketplace/service.server'
import type { LoaderFunctionArgs } from '@remix-run/node'

/**
 * GET /api/practitioners/:id/services → that practitioner's listed services (ServiceCardData[]).
 * 404 { message } when the practitioner is unknown or not listed.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  return handleApi(() => {
    const id = idFromParam(params.id)
    if (id === null || !getPractitionerProfile(id)) return jsonError(PRACTITIONER_NOT_FOUND, 404)
    return Response.json(listPractitionerServices(id))
  })
}

export const action = readOnlyAction
