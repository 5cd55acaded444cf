import { z } from 'zod'
import { handleApi, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { safeRedirect } from '~/lib/safe-redirect'
import { dashboardPath, redirectToField } from '~/models/accounts/user'
import { AuthenticationBodySchema, signInOptions, signInWithPasskey } from '~/models/security/passkeys.server'
import { welcomeBack } from '~/models/security/sign-in.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * Signing in with a passkey from /login (decision 042), JSON for the page's script:
 * `{ intent: 'options' }` answers the options for `startAuthentication` (and the cookie of the
 * session that keeps its challenge), then `{ intent: 'verify', response, redirectTo? }` signs
 * in and answers `{ redirectTo }` with the session's cookies. A passkey is both factors: no
 * second step follows. Refusals are `{ message }` with their status, as /api answers.
 */

/** A passkey's answer is a few KB. */
const BODY_MAX_BYTES = 64 * 1024

const BodySchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('options') }),
  AuthenticationBodySchema.extend({ intent: z.literal('verify'), redirectTo: redirectToField }),
])

export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const body = await readJson(request, BodySchema, { maxBytes: BODY_MAX_BYTES })
    if (body.intent === 'options') {
      const { options, headers } = await signInOptions(request)
      return Response.json(options, { headers })
    }
    const { user, headers } = await signInWithPasskey(request, body)
    const redirectTo = safeRedirect(body.redirectTo, dashboardPath(user))
    // The page the browser goes to next shows the same welcome as a password sign-in: the
    // redirect that would carry it gives its cookies (the session's and the toast's) to this answer.
    const cookies = new Headers()
    for (const cookie of (await welcomeBack(redirectTo, headers)).headers.getSetCookie()) {
      cookies.append('Set-Cookie', cookie)
    }
    return Response.json({ redirectTo }, { headers: cookies })
  })
}

/** A GET answers JSON 405 rather than Remix's error. */
export const loader = writeOnlyLoader('POST')
