import { handleApi, pagedJson, readOnlyAction, readQuery } from '~/lib/api.server'
import { requireApiAdmin } from '~/models/accounts/auth.server'
import { AdminListQuerySchema } from '~/models/admin/admin'
import { listUsers } from '~/models/admin/users.server'
import type { LoaderFunctionArgs } from '@remix-run/node'

/** GET /api/admin/clients?search&page: as GET /api/admin/users, for clients only. */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireApiAdmin(request)
    const { users, ...position } = listUsers('clients', readQuery(request, AdminListQuerySchema))
    return pagedJson(users, position)
  })
}

export const action = readOnlyAction
