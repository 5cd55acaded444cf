import { handleApi, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { PASSWORD_RESET_DONE, resetPassword } from '~/models/accounts/password-reset.server'
import { ResetPasswordApiSchema } from '~/models/accounts/user'
import type { ActionFunctionArgs } from '@remix-run/node'

/** POST /api/auth/reset-password { token, newPassword } → { message }; 400 for a bad token. */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const { token, newPassword } = await readJson(request, ResetPasswordApiSchema)
    await resetPassword(request, token, newPassword)
    return Response.json({ message: inRequestLanguage(PASSWORD_RESET_DONE) })
  })
}

/** A GET answers JSON 405 rather than Remix's error. */
export const loader = writeOnlyLoader('POST')
