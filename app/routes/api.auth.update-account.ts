import { handleApi, INLINE_IMAGE_BODY_MAX_BYTES, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { requireApiUser } from '~/models/accounts/auth.server'
import { UpdateAccountSchema } from '~/models/accounts/user'
import { updateAccountFromApi } from '~/models/accounts/user.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/** PATCH /api/auth/update-account { firstName, lastName, phoneNumber, email, profilePicture }. */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'PATCH')
    const user = await requireApiUser(request)
    const body = await readJson(request, UpdateAccountSchema, { maxBytes: INLINE_IMAGE_BODY_MAX_BYTES })
    return Response.json({ user: await updateAccountFromApi(user, body), message: 'Account updated' })
  })
}

/** A GET answers JSON 405 rather than Remix's error. */
export const loader = writeOnlyLoader('PATCH')
