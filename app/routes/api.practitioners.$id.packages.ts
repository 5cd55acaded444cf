import { handleApi, jsonError, readOnlyAction } from '~/lib/api.server'
import { idFromParam } from '~/lib/route-params'
import { PRACTITIONER_NOT_FOUND } from '~/models/marketplace/practitioner'
import { getPractitionerProfile } from '~/models/marketplace/practitioner.server'
import { offerJson } from '~/models/packages/package-api.server'
import { listOffers } from '~/models/packages/packages.server'
import type { LoaderFunctionArgs } from '@remix-run/node'

/**
 * GET /api/practitioners/:id/packages → the active packages of that practitioner's listed
 * services (OfferJson[]: price and saving per session in dollars). 404 { message } when the
 * practitioner is unknown or not listed.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  return handleApi(() => {
    const id = idFromParam(params.id)
    if (id === null || !getPractitionerProfile(id)) return jsonError(PRACTITIONER_NOT_FOUND, 404)
    return Response.json(listOffers({ practitionerId: id }).map(offerJson))
  })
}

export const action = readOnlyAction
