import { handleApi, pagedJson, readOnlyAction, readQuery } from '~/lib/api.server'
import { requireApiAdmin } from '~/models/accounts/auth.server'
import { AdminListQuerySchema } from '~/models/admin/admin'
import { listUsers } from '~/models/admin/users.server'
import type { LoaderFunctionArgs } from '@remix-run/node'

/** GET /api/admin/admins?search&page: as GET /api/admin/users, for admins only. */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireApiAdmin(request)
    const { users, ...position } = listUsers('admins', readQuery(request, AdminListQuerySchema))
    return pagedJson(users, position)
  })
}

export const action = readOnlyAction
