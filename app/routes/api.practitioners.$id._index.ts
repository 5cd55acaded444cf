import { handleApi, jsonError, readOnlyAction } from '~/lib/api.server'
import { idFromParam } from '~/lib/route-params'
import { PRACTITIONER_NOT_FOUND } from '~/models/marketplace/practitioner'
import { getPractitionerProfile } from '~/models/marketplace/practitioner.server'
import type { LoaderFunctionArgs } from '@remix-run/node'

/**
 * GET /api/practitioners/:id → PractitionerProfile (specialties, and reviews newest first, each
 * with clientName and clientImage; profession by its name, regulatoryBody and registrationNumber,
 * null when not given). Unknown, unlisted and malformed ids answer 404 { message }.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  return handleApi(() => {
    const id = idFromParam(params.id)
    const profile = id === null ? null : getPractitionerProfile(id)
    if (!profile) return jsonError(PRACTITIONER_NOT_FOUND, 404)
    return Response.json(profile)
  })
}

export const action = readOnlyAction
