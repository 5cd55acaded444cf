import { handleApi, jsonError, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { idFromParam } from '~/lib/route-params'
import { requireApiPractitioner } from '~/models/accounts/auth.server'
import { PACKAGE_DELETED, PACKAGE_NOT_FOUND, PACKAGE_RETIRED, PackagePatchSchema } from '~/models/packages/package'
import { packageJson } from '~/models/packages/package-api.server'
import { deletePackage, updatePackage } from '~/models/packages/packages.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * PATCH /api/packages/:id { sessions?, price?, expiresInMonths?, active? } → PackageJson.
 * DELETE /api/packages/:id → { message, retired }: one somebody bought is retired (no longer
 * offered, kept for its holders), otherwise deleted. Only the owner: anyone else's is 404.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'PATCH', 'DELETE')
    const user = await requireApiPractitioner(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(PACKAGE_NOT_FOUND, 404)
    if (request.method === 'DELETE') {
      const outcome = deletePackage(user.id, id)
      return Response.json({
        message: inRequestLanguage(outcome === 'retired' ? PACKAGE_RETIRED : PACKAGE_DELETED),
        retired: outcome === 'retired',
      })
    }
    const input = await readJson(request, PackagePatchSchema)
    return Response.json(packageJson(updatePackage(user.id, id, input)))
  })
}

export const loader = writeOnlyLoader('PATCH', 'DELETE')
