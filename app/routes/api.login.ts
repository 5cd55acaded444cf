import { z } from 'zod'
import { handleApi, parseBody, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { msg } from '~/lib/i18n/message'
import { authenticate } from '~/models/accounts/auth.server'
import { LoginSchema } from '~/models/accounts/user'
import { codeField, TWO_FACTOR_REQUIRED } from '~/models/security/security'
import { finishSignIn, signInWithPassword } from '~/models/security/sign-in.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/** The code step's body; a body without `code` is the password step (the spec's). */
const CodeStepSchema = z.object({ code: codeField })

/**
 * POST /api/login { email, password, remember } → { user, message } and the session cookie.
 * With an authenticator app on, that first call answers 401 { message, twoFactorRequired: true }
 * and a cookie holding the pending sign-in; a second call { code } (an app code or a recovery
 * code) with that cookie finishes it, answering as the first call would have.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const body = await readJson(request, z.looseObject({ code: z.unknown().optional() }))
    let signedIn
    if (body.code !== undefined) {
      signedIn = await finishSignIn(request, parseBody(CodeStepSchema, body).code)
    } else {
      const credentials = parseBody(LoginSchema, body)
      signedIn = await signInWithPassword(request, await authenticate(request, credentials), credentials.remember)
    }
    if (signedIn.pending) {
      return Response.json(
        { message: inRequestLanguage(TWO_FACTOR_REQUIRED), twoFactorRequired: true },
        { status: 401, headers: signedIn.headers },
      )
    }
    return Response.json(
      { user: signedIn.user, message: inRequestLanguage(msg('auth:api.loggedIn')) },
      { headers: signedIn.headers },
    )
  })
}

/** A GET answers JSON 405 rather than Remix's error. */
export const loader = writeOnlyLoader('POST')
