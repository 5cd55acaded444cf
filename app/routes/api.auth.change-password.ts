import { handleApi, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { msg } from '~/lib/i18n/message'
import { getSessionId, requireApiUser } from '~/models/accounts/auth.server'
import { ChangePasswordApiSchema } from '~/models/accounts/user'
import { changePassword } from '~/models/accounts/user.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/** POST /api/auth/change-password { currentPassword, newPassword }; other sessions end. */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const user = await requireApiUser(request)
    const body = await readJson(request, ChangePasswordApiSchema)
    await changePassword(request, user.id, body, await getSessionId(request))
    return Response.json({ message: inRequestLanguage(msg('account:api.passwordChanged')) })
  })
}

/** A GET answers JSON 405 rather than Remix's error. */
export const loader = writeOnlyLoader('POST')
