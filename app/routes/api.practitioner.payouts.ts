import { handleApi, readOnlyAction } from '~/lib/api.server'
import { centsToDollars } from '~/lib/money'
import { requireApiPractitioner } from '~/models/accounts/auth.server'
import { listPayouts } from '~/models/practice/earnings.server'
import type { LoaderFunctionArgs } from '@remix-run/node'

/**
 * GET /api/practitioner/payouts → [{ id, amount (dollars), date (ISO), status }], newest first:
 * the transfers to the practitioner's connected account; 401 / 403 otherwise.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiPractitioner(request)
    return Response.json(
      listPayouts(user.id).map((payout) => ({
        id: payout.id,
        amount: centsToDollars(payout.amountCents),
        date: payout.createdAt.toISOString(),
        status: payout.status,
      })),
    )
  })
}

export const action = readOnlyAction
