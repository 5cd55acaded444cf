import type { LoaderFunctionArgs } from '@remix-run/node'
import { handleApi, jsonError, readOnlyAction } from '~/lib/api.server'
import { getPublicServiceByParam } from '~/models/service.server'

const NOT_FOUND = 'Service not found'


/**
 * GET /api/services/:id → ServiceDetail (with its practitioner's id, names, image, title, bio).
 * Unknown, hidden and malformed ids all answer 404 { message }.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  return handleApi(() => {
    const service = getPublicServiceByParam(params.id)
    if (!service) return jsonError(NOT_FOUND, 404)
    return Response.json(service)
  })
}

export const action = readOnlyAction
