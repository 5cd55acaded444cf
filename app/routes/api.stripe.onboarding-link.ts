import { handleApi, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { appOrigin } from '~/lib/url.server'
import { requireApiPractitioner } from '~/models/accounts/auth.server'
import { createOnboardingLink } from '~/models/practice/connect.server'
import { requireApiRecentVerification } from '~/models/security/recent-verification.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * POST /api/stripe/onboarding-link → { url } of a fresh onboarding link for the practitioner's
 * account; 409 before an account exists, 502 'Failed to start onboarding: Please try again'
 * when Stripe fails. 401 / 403 / 405 otherwise.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const user = await requireApiPractitioner(request)
    // Payout settings ask for a recent password or code (decision 042).
    await requireApiRecentVerification(request)
    return Response.json(await createOnboardingLink(user, appOrigin(request)))
  })
}

export const loader = writeOnlyLoader('POST')
