import { handleApi, jsonError, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { idFromParam } from '~/lib/route-params'
import { appOrigin } from '~/lib/url.server'
import { requireApiUser } from '~/models/accounts/auth.server'
import { PACKAGE_UNAVAILABLE } from '~/models/packages/package'
import { startPackageCheckout } from '~/models/packages/package-payments.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * POST /api/packages/:id/purchase → { url } of the hosted Checkout page paying for the package
 * (a destination charge with our 5 % fee, as for bookings). The package is the client's once
 * the payment's webhook lands. 404 for a package not offered; 400 for one's own; 409 / 429
 * past the limits on open and hourly purchases; 502 when the payment provider failed.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const user = await requireApiUser(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(PACKAGE_UNAVAILABLE, 404)
    const { url } = await startPackageCheckout(user, id, appOrigin(request))
    return Response.json({ url })
  })
}

export const loader = writeOnlyLoader('POST')
