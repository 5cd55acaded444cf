import { handleApi, readOnlyAction } from '~/lib/api.server'
import { requireApiUser } from '~/models/accounts/auth.server'
import { listClientPackages } from '~/models/packages/holdings.server'
import { heldPackageJson } from '~/models/packages/package-api.server'
import type { LoaderFunctionArgs } from '@remix-run/node'

/**
 * GET /api/packages/mine → the signed-in person's bought packages, newest first:
 * [{ id, packageId, serviceId, serviceName, sessions, used, refunded, remaining, delivered,
 * paidAt, expiresAt, expired, amountPaid, amountRefunded }] (ISO instants, dollars).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request)
    return Response.json(listClientPackages(user.id).map(heldPackageJson))
  })
}

export const action = readOnlyAction
