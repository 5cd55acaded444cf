import { handleApi, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { msg } from '~/lib/i18n/message'
import { requireApiUser, destroyUserSession } from '~/models/accounts/auth.server'
import { DeleteAccountSchema } from '~/models/accounts/user'
import { deleteAccount } from '~/models/accounts/user.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/** DELETE /api/auth/delete-account { password } → { message }; the session cookie is cleared. */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'DELETE')
    const user = await requireApiUser(request)
    const { password } = await readJson(request, DeleteAccountSchema)
    await deleteAccount(request, user.id, password)
    return Response.json(
      { message: inRequestLanguage(msg('account:api.accountDeleted')) },
      { headers: { 'Set-Cookie': await destroyUserSession(request) } },
    )
  })
}

/** A GET answers JSON 405 rather than Remix's error. */
export const loader = writeOnlyLoader('DELETE')
