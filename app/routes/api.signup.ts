import { handleApi, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { HoneypotBodySchema } from '~/lib/honeypot.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { msg } from '~/lib/i18n/message'
import { createUserSession } from '~/models/accounts/auth.server'
import { signup } from '~/models/accounts/signup.server'
import { SignupApiSchema } from '~/models/accounts/user'
import type { ActionFunctionArgs } from '@remix-run/node'

/** POST /api/signup → 201 { user, message } and a session cookie (the new user is signed in). */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const body = await readJson(request, SignupApiSchema.and(HoneypotBodySchema))
    const user = await signup(request, body, body.website)
    const cookie = await createUserSession(request, user.id, false)
    return Response.json(
      { user, message: inRequestLanguage(msg('auth:api.signedUp')) },
      { status: 201, headers: { 'Set-Cookie': cookie } },
    )
  })
}

/** A GET answers JSON 405 rather than Remix's error. */
export const loader = writeOnlyLoader('POST')
