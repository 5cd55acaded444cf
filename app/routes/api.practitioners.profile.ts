import { handleApi, readJson, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { inRequestLanguage } from '~/lib/i18n/i18n.server'
import { msg } from '~/lib/i18n/message'
import { requireApiPractitioner } from '~/models/accounts/auth.server'
import { INLINE_IMAGE_BODY_MAX_BYTES } from '~/models/body-caps.server'
import { ProfileApiSchema } from '~/models/practice/profile'
import { updateProfileFromApi } from '~/models/practice/profile.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * PATCH /api/practitioners/profile { firstName, lastName, title, bio, profileImageUrl, specialties,
 * and the professional details of issue 44: profession, professionOther, regulatoryBody,
 * registrationNumber, businessName, businessAddress, gstHstNumber } → { user } (with those
 * details). 401 signed out, 403 for non-practitioners, 400 { message } when a rule fails.
 * This static segment outranks /api/practitioners/:id, so "profile" is never read as an id.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'PATCH')
    const user = await requireApiPractitioner(request)
    const body = await readJson(request, ProfileApiSchema, { maxBytes: INLINE_IMAGE_BODY_MAX_BYTES })
    return Response.json({
      user: await updateProfileFromApi(user, body),
      message: inRequestLanguage(msg('practice:api.profileUpdated')),
    })
  })
}

/** A GET here is not a practitioner id: 405 (the current profile is GET /api/auth/user). */
export const loader = writeOnlyLoader('PATCH')
