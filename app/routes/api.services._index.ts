import type { LoaderFunctionArgs } from '@remix-run/node'
import { handleApi, pagedJson, readOnlyAction, readQuery } from '~/lib/api.server'
import { ServiceFiltersSchema } from '~/models/service-filters'
import { listServices } from '~/models/service.server'

/**
 * GET /api/services?search&category&priceRange&page → the page's ServiceCardData[] (a list,
 * spec §7), with X-Total-Count, X-Page and X-Page-Count headers. A page past the end answers
 * the last page (X-Page says which). Unknown parameters are ignored.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(() => {
    const filters = readQuery(request, ServiceFiltersSchema)
    const { services, ...position } = listServices(filters)
    return pagedJson(services, position)
  })
}

export const action = readOnlyAction
