import { handleApi, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { msg } from '~/lib/i18n/message'
import { requireApiUser } from '~/models/accounts/auth.server'
import { verifyAgain } from '~/models/security/recent-verification.server'
import { VerifySchema } from '~/models/security/security'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * POST /api/auth/verify { password } or { code }: the answer to a 403 `verificationRequired`
 * (decision 042). The session counts as recently verified for the next ten minutes.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const user = await requireApiUser(request)
    await verifyAgain(request, user.id, await readJson(request, VerifySchema))
    return Response.json({ message: inRequestLanguage(msg('auth:api.verified')) })
  })
}

export const loader = writeOnlyLoader('POST')
