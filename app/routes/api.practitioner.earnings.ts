import { handleApi, readOnlyAction } from '~/lib/api.server'
import { centsToDollars } from '~/lib/money'
import { requireApiPractitioner } from '~/models/accounts/auth.server'
import { getEarningsSummary } from '~/models/practice/earnings.server'
import type { LoaderFunctionArgs } from '@remix-run/node'

/**
 * GET /api/practitioner/earnings → { totalEarnings, pendingEarnings, completedBookings }, in
 * dollars, net of the platform fee and of refunds; 401 / 403 otherwise.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiPractitioner(request)
    const summary = getEarningsSummary(user.id)
    return Response.json({
      totalEarnings: centsToDollars(summary.totalEarningsCents),
      pendingEarnings: centsToDollars(summary.pendingEarningsCents),
      completedBookings: summary.completedBookings,
    })
  })
}

export const action = readOnlyAction
