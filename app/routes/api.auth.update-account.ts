import { z } from 'zod'
import { handleApi, parseBody, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { msg } from '~/lib/i18n/message'
import { appOrigin } from '~/lib/url.server'
import { requireApiUser } from '~/models/accounts/auth.server'
import { LanguageSchema, UpdateAccountSchema } from '~/models/accounts/user'
import { setLanguage, updateAccountFromApi } from '~/models/accounts/user.server'
import { INLINE_IMAGE_BODY_MAX_BYTES } from '~/models/body-caps.server'
import { requireApiRecentVerification } from '~/models/security/recent-verification.server'
import type { ActionFunctionArgs } from '@remix-run/node'

function isLanguageOnly(body: unknown) {
  return typeof body === 'object' && body !== null && Object.keys(body).length === 1 && 'language' in body
}

/**
 * PATCH /api/auth/update-account { firstName, lastName, phoneNumber, email, profilePicture,
 * language? }, or { language } alone to change only the language.
 * Answers { user, message, pendingEmail }: a different email is not changed yet but sent a
 * confirmation link, and the answer is the same whether or not that address has an account
 * (`user` as stored, with the current email; `pendingEmail` the address waiting for its link).
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'PATCH')
    const user = await requireApiUser(request)
    const sent = await readJson(request, z.unknown(), { maxBytes: INLINE_IMAGE_BODY_MAX_BYTES })
    // `{ language }` alone changes the language and nothing else (decision 052).
    if (isLanguageOnly(sent)) {
      const { language } = parseBody(LanguageSchema, sent)
      return Response.json({
        user: setLanguage(user.id, language),
        message: inRequestLanguage(msg('common:language.saved')),
      })
    }
    const { language, ...body } = parseBody(UpdateAccountSchema.extend(LanguageSchema.partial().shape), sent)
    if (language) setLanguage(user.id, language)
    // A new email address asks for a recent password or code (decision 042).
    if (body.email !== user.email) await requireApiRecentVerification(request)
    const updated = await updateAccountFromApi(user, body, appOrigin(request))
    const message = updated.emailChangeAsked
      ? msg('account:api.updatedEmailChangeSent', { email: body.email })
      : msg('account:api.updated')
    return Response.json({
      user: updated.user,
      message: inRequestLanguage(message),
      pendingEmail: updated.pendingEmail,
    })
  })
}

/** A GET answers JSON 405 rather than Remix's error. */
export const loader = writeOnlyLoader('PATCH')
