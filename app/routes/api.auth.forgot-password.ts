import { handleApi, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { FORGOT_PASSWORD_SENT, forgotPassword } from '~/models/accounts/password-reset.server'
import { ForgotPasswordSchema } from '~/models/accounts/user'
import type { ActionFunctionArgs } from '@remix-run/node'

/** POST /api/auth/forgot-password { email } → { message } (the same whether or not it exists). */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const { email } = await readJson(request, ForgotPasswordSchema)
    forgotPassword(request, email)
    return Response.json({ message: inRequestLanguage(FORGOT_PASSWORD_SENT) })
  })
}

/** A GET answers JSON 405 rather than Remix's error. */
export const loader = writeOnlyLoader('POST')
