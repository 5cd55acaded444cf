import type { ActionFunctionArgs } from '@remix-run/node'
import { SERVICE_CATEGORIES } from '~/db/enums'
import { readOnlyAction } from '~/lib/api.server'

/** GET /api/categories → the service categories (spec §3), in their fixed order. */
export async function loader() {
  return Response.json([...SERVICE_CATEGORIES])
}

export const action = readOnlyAction
