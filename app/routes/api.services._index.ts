import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { handleApi, jsonError, readQuery, requireMethod } from '~/lib/api.server'
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
    const { services, total, page, pageCount, pageSize } = listServices(filters)
    return Response.json(services, {
      headers: {
        'X-Total-Count': String(total),
        'X-Page': String(page),
        'X-Page-Count': String(pageCount),
        'X-Page-Size': String(pageSize),
      },
    })
  })
}

/** Only reading exists here for now: other methods answer 405 JSON with an Allow header. */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(() => {
    requireMethod(request, 'GET')
    return jsonError('Method not allowed', 405)
  })
}
