import { handleApi, readOnlyAction } from '~/lib/api.server'
import { getFeaturedPractitioners } from '~/models/marketplace/practitioner.server'

/** GET /api/practitioners/featured → the home page's (up to) 4 featured practitioners. */
export async function loader() {
  return handleApi(() => Response.json(getFeaturedPractitioners(4)))
}

export const action = readOnlyAction
