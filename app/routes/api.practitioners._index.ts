import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { handleApi, jsonError, readQuery, requireMethod } from '~/lib/api.server'
import { PractitionerFiltersSchema } from '~/models/practitioner-filters'
import { listPractitioners } from '~/models/practitioner.server'

/**
 * GET /api/practitioners?search&specialty&sortBy&page → the page's PractitionerCardData[],
 * with X-Total-Count, X-Page and X-Page-Count headers. Unknown parameters are ignored.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(() => {
    const filters = readQuery(request, PractitionerFiltersSchema)
    const { practitioners, total, page, pageCount, pageSize } = listPractitioners(filters)
    return Response.json(practitioners, {
      headers: {
        'X-Total-Count': String(total),
        'X-Page': String(page),
        'X-Page-Count': String(pageCount),
        'X-Page-Size': String(pageSize),
      },
    })
  })
}

export async function action({ request }: ActionFunctionArgs) {
  return handleApi(() => {
    requireMethod(request, 'GET')
    return jsonError('Method not allowed', 405)
  })
}
