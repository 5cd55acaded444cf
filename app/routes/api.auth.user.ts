import { handleApi, readOnlyAction } from '~/lib/api.server'
import { requireApiUser } from '~/models/accounts/auth.server'
import type { LoaderFunctionArgs } from '@remix-run/node'

/** GET /api/auth/user: the signed-in user, or 401 { message } when signed out. */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => Response.json(await requireApiUser(request)))
}

/** Any write answers 405 JSON with `Allow: GET` (Remix's own 405 would say "Unexpected Server Error"). */
export const action = readOnlyAction
