import { handleApi, pagedJson, readJson, readQuery, requireMethod } from '~/lib/api.server'
import { requireApiPractitioner } from '~/models/accounts/auth.server'
import { INLINE_IMAGE_BODY_MAX_BYTES } from '~/models/body-caps.server'
import { ServiceFiltersSchema } from '~/models/marketplace/service-filters'
import { listServices } from '~/models/marketplace/service.server'
import { ServiceApiSchema } from '~/models/practice/service-form'
import { createService, listOwnServices } from '~/models/practice/services.server'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'

/**
 * GET /api/services?search&category&priceRange&page → the page's ServiceCardData[] (a plain
 * list), with X-Total-Count, X-Page and X-Page-Count headers. A page past the end answers
 * the last page (X-Page says which). Unknown parameters are ignored.
 *
 * GET /api/services?scope=mine → every service of the signed-in practitioner, active or not
 * (OwnService[]; the spec's My Services screen reads this path). 401 signed out, 403 for
 * non-practitioners. The public meaning of the path stays the default.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    if (new URL(request.url).searchParams.get('scope') === 'mine') {
      const user = await requireApiPractitioner(request)
      return Response.json(listOwnServices(user.id))
    }
    const filters = readQuery(request, ServiceFiltersSchema)
    const { services, ...position } = listServices(filters)
    return pagedJson(services, position)
  })
}

/**
 * POST /api/services { name, description, category, price, duration, imageUrl, meetingLink,
 * details, isActive, isFreeIntro } → 201 OwnService. Paid services need a payment account
 * (400 with the spec's message). Other methods answer 405.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    // GET is the loader; listing it keeps the 405's Allow header complete.
    requireMethod(request, 'GET', 'POST')
    const user = await requireApiPractitioner(request)
    const input = await readJson(request, ServiceApiSchema, { maxBytes: INLINE_IMAGE_BODY_MAX_BYTES })
    return Response.json(await createService(user, input), { status: 201 })
  })
}
