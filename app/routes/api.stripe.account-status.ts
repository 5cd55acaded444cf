import { handleApi, readOnlyAction } from '~/lib/api.server'
import { requireApiPractitioner } from '~/models/accounts/auth.server'
import { getPaymentAccountStatus } from '~/models/practice/connect.server'
import type { LoaderFunctionArgs } from '@remix-run/node'

/** GET /api/stripe/account-status → { hasAccount, onboardingComplete }; 401 / 403 otherwise. */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiPractitioner(request)
    return Response.json(getPaymentAccountStatus(user.id))
  })
}

export const action = readOnlyAction
