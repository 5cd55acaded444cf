import type { ActionFunctionArgs } from '@remix-run/node'
import { handleApi, readJson, requireMethod } from '~/lib/api.server'
import { FORGOT_PASSWORD_SENT, forgotPassword } from '~/models/password-reset.server'
import { ForgotPasswordSchema } from '~/models/user'

/** POST /api/auth/forgot-password { email } → { message } (the same whether or not it exists). */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const { email } = await readJson(request, ForgotPasswordSchema)
    await forgotPassword(request, email)
    return Response.json({ message: FORGOT_PASSWORD_SENT })
  })
}
