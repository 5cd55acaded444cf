import { handleApi, readJson, requireMethod } from '~/lib/api.server'
import { requireApiPractitioner } from '~/models/accounts/auth.server'
import { PackageSchema } from '~/models/packages/package'
import { packageJson } from '~/models/packages/package-api.server'
import { createPackage, getOwnPackage, listOwnPackages } from '~/models/packages/packages.server'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'

/** GET /api/packages → the signed-in practitioner's packages (PackageJson[]); 401 / 403 otherwise. */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiPractitioner(request)
    return Response.json(listOwnPackages(user.id).map(packageJson))
  })
}

/**
 * POST /api/packages { serviceId, sessions, price, expiresInMonths, active? } → 201 PackageJson:
 * a package of 2 to 50 sessions of one of the practitioner's own paid services, the price in
 * dollars before tax, valid 1 to 36 months from purchase. 404 for a service not theirs.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'GET', 'POST')
    const user = await requireApiPractitioner(request)
    const input = await readJson(request, PackageSchema)
    const id = createPackage(user.id, input)
    return Response.json(packageJson(getOwnPackage(user.id, id)), { status: 201 })
  })
}
