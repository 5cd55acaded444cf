import { SERVICE_CATEGORIES } from '~/db/enums'
import { readOnlyAction } from '~/lib/api.server'

/** GET /api/categories → the service categories, in their fixed order. */
export async function loader() {
  return Response.json([...SERVICE_CATEGORIES])
}

export const action = readOnlyAction
