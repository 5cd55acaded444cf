import { handleApi, pagedJson, readOnlyAction, readQuery } from '~/lib/api.server'
import { PractitionerFiltersSchema } from '~/models/marketplace/practitioner-filters'
import { listPractitioners } from '~/models/marketplace/practitioner.server'
import type { LoaderFunctionArgs } from '@remix-run/node'

/**
 * GET /api/practitioners?search&specialty&sortBy&page → the page's PractitionerCardData[],
 * with X-Total-Count, X-Page and X-Page-Count headers. Unknown parameters are ignored.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(() => {
    const filters = readQuery(request, PractitionerFiltersSchema)
    const { practitioners, ...position } = listPractitioners(filters)
    return pagedJson(practitioners, position)
  })
}

export const action = readOnlyAction
