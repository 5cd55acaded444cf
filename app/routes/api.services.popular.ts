import { handleApi, readOnlyAction } from '~/lib/api.server'
import { getPopularServices } from '~/models/marketplace/service.server'

/** GET /api/services/popular → the home page's (up to) 3 most popular listed services. */
export async function loader() {
  return handleApi(() => Response.json(getPopularServices(3)))
}

export const action = readOnlyAction
