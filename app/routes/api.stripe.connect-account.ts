import { handleApi, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { appOrigin } from '~/lib/url.server'
import { requireApiPractitioner } from '~/models/accounts/auth.server'
import { createConnectedAccount } from '~/models/practice/connect.server'
import { requireApiRecentVerification } from '~/models/security/recent-verification.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * POST /api/stripe/connect-account (no body) → { url } of the account's hosted onboarding; the
 * account is created once and reused after. Stripe failures answer 502 with the spec's text
 * ('Connect Required: ...' or 'Failed to create account: ...'). 401 / 403 / 405 otherwise.
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const user = await requireApiPractitioner(request)
    // Payout settings ask for a recent password or code (decision 042).
    await requireApiRecentVerification(request)
    return Response.json(await createConnectedAccount(user, appOrigin(request)))
  })
}

export const loader = writeOnlyLoader('POST')
