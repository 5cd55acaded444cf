import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { handleApi, readJson, requireMethod } from '~/lib/api.server'
import { isAppError } from '~/lib/errors'
import { readForm, UNREADABLE_FORM } from '~/lib/form-data.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { msg } from '~/lib/i18n/message'
import { redirectWithToast } from '~/lib/toast.server'
import { getUser, loginPath, requireApiUser } from '~/models/accounts/auth.server'
import {
  addPasskey,
  registrationOptions,
  RegistrationBodySchema,
  removePasskey,
  renamePasskey,
} from '~/models/security/passkeys.server'
import { isRecentlyVerified, verifyPath } from '~/models/security/recent-verification.server'
import { PasskeyNameSchema, SECURITY_PATH, VERIFICATION_REQUIRED } from '~/models/security/security'

/**
 * The security page's passkeys (decision 042). Adding one needs JavaScript (WebAuthn is a
 * browser API), so it is JSON: `{ intent: 'registration-options' }` answers the options for
 * `startRegistration`, then `{ intent: 'register', response, name? }` keeps the passkey (201).
 * Renaming and removing are plain form posts (`intent=rename|remove`) that work without
 * JavaScript and come back to the page with a toast.
 *
 * Adding and removing ask for a recent verification. Its usual guard sends the browser to
 * verify and back to the request's own address, which here is this resource route, so the
 * form posts go back to the security page instead, and the JSON calls answer 403 with where to go.
 */

/** A passkey's answer is a few KB; nothing else here is larger. */
const BODY_MAX_BYTES = 64 * 1024

const JsonBodySchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('registration-options') }),
  RegistrationBodySchema,
])

const isJson = (request: Request) => /^application\/json\b/i.test(request.headers.get('Content-Type') ?? '')

export async function action({ request }: ActionFunctionArgs) {
  // Any other method is answered 405 there, before a body is read.
  return isJson(request) || request.method !== 'POST' ? jsonAction(request) : formAction(request)
}

function jsonAction(request: Request) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const user = await requireApiUser(request)
    const body = await readJson(request, JsonBodySchema, { maxBytes: BODY_MAX_BYTES })
    if (body.intent === 'registration-options') {
      // Checked when the challenge is given: the answer must follow within five minutes.
      if (!(await isRecentlyVerified(request))) {
        return Response.json(
          {
            message: inRequestLanguage(VERIFICATION_REQUIRED),
            verificationRequired: true,
            redirectTo: verifyPath(SECURITY_PATH),
          },
          { status: 403 },
        )
      }
      return Response.json(await registrationOptions(request, user))
    }
    const passkey = await addPasskey(request, user, body)
    return Response.json({ passkey, message: inRequestLanguage(msg('account:passkeys.added')) }, { status: 201 })
  })
}

async function formAction(request: Request) {
  const user = await getUser(request)
  if (!user) throw redirect(loginPath(SECURITY_PATH))
  const form = await readForm(request)
  const intent = form.get('intent')
  try {
    if (intent === 'rename') {
      const parsed = PasskeyNameSchema.safeParse({ passkeyId: form.get('passkeyId'), name: form.get('name') })
      if (!parsed.success) return refusedToast(NOT_RENAMED, parsed.error.issues[0]?.message)
      renamePasskey(user.id, parsed.data)
      return redirectWithToast(SECURITY_PATH, { type: 'success', title: msg('account:passkeys.renamed') })
    }
    if (intent === 'remove') {
      if (!(await isRecentlyVerified(request))) throw redirect(verifyPath(SECURITY_PATH))
      removePasskey(request, user.id, String(form.get('passkeyId') ?? ''))
      return redirectWithToast(SECURITY_PATH, {
        type: 'success',
        title: msg('account:passkeys.removed'),
        description: msg('account:passkeys.removedDescription'),
      })
    }
  } catch (error) {
    if (isAppError(error))
      return refusedToast(intent === 'rename' ? NOT_RENAMED : msg('account:passkeys.notRemoved'), error.message)
    throw error
  }
  return refusedToast(msg('account:passkeys.nothingChanged'), UNREADABLE_FORM)
}

const NOT_RENAMED = msg('account:passkeys.notRenamed')

function refusedToast(title: string, description = UNREADABLE_FORM) {
  return redirectWithToast(SECURITY_PATH, { type: 'error', title, description })
}

/** Nothing to show here: a browser that lands on it (after signing in, say) goes to the page. */
export function loader() {
  return redirect(SECURITY_PATH)
}
