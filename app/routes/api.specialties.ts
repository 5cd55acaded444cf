import { handleApi, readOnlyAction } from '~/lib/api.server'
import { listSpecialties } from '~/models/marketplace/practitioner.server'

/** GET /api/specialties → the specialties of listed practitioners, alphabetical, each once. */
export async function loader() {
  return handleApi(() => Response.json(listSpecialties()))
}

export const action = readOnlyAction
