import type { ActionFunctionArgs } from '@remix-run/node'
import { SERVICE_CATEGORIES } from '~/db/enums'
import { handleApi, jsonError, requireMethod } from '~/lib/api.server'

/** GET /api/categories → the service categories (spec §3), in their fixed order. */
export async function loader() {
  return Response.json([...SERVICE_CATEGORIES])
}

export async function action({ request }: ActionFunctionArgs) {
  return handleApi(() => {
    requireMethod(request, 'GET')
    return jsonError('Method not allowed', 405)
  })
}
