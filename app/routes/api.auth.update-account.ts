import { handleApi, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { appOrigin } from '~/lib/url.server'
import { requireApiUser } from '~/models/accounts/auth.server'
import { emailChangeSent } from '~/models/accounts/email-change'
import { UpdateAccountSchema } from '~/models/accounts/user'
import { updateAccountFromApi } from '~/models/accounts/user.server'
import { INLINE_IMAGE_BODY_MAX_BYTES } from '~/models/body-caps.server'
import { requireApiRecentVerification } from '~/models/security/recent-verification.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * PATCH /api/auth/update-account { firstName, lastName, phoneNumber, email, profilePicture }.
 * Answers { user, message, pendingEmail }: a different email is not changed yet but sent a
 * confirmation link, and the answer is the same whether or not that address has an account
 * (`user` as stored, with the current email; `pendingEmail` the address waiting for its link).
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'PATCH')
    const user = await requireApiUser(request)
    const body = await readJson(request, UpdateAccountSchema, { maxBytes: INLINE_IMAGE_BODY_MAX_BYTES })
    // A new email address asks for a recent password or code (decision 042).
    if (body.email !== user.email) await requireApiRecentVerification(request)
    const updated = await updateAccountFromApi(user, body, appOrigin(request))
    const message = updated.emailChangeAsked ? `Account updated. ${emailChangeSent(body.email)}` : 'Account updated'
    return Response.json({ user: updated.user, message, pendingEmail: updated.pendingEmail })
  })
}

/** A GET answers JSON 405 rather than Remix's error. */
export const loader = writeOnlyLoader('PATCH')
