import { handleApi, jsonError, requireMethod, writeOnlyLoader } from '~/lib/api.server'
import { centsToDollars } from '~/lib/money'
import { idFromParam } from '~/lib/route-params'
import { requireApiPractitioner } from '~/models/accounts/auth.server'
import { HOLDING_NOT_FOUND } from '~/models/packages/package'
import { refundUnusedSessions } from '~/models/packages/package-refunds.server'
import type { ActionFunctionArgs } from '@remix-run/node'

/**
 * POST /api/package-holdings/:id/refund → { id, sessionsRefunded, refundAmount }: the
 * practitioner refunds the unused sessions of a package they sold (their share of the price,
 * the transfer and our fee reversed in proportion; a refund receipt issued). 404 for another's;
 * 409 when none is unused; 502 when the payment provider refused (the sessions stay).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, 'POST')
    const user = await requireApiPractitioner(request)
    const id = idFromParam(params.id)
    if (id === null) return jsonError(HOLDING_NOT_FOUND, 404)
    const refund = await refundUnusedSessions(user.id, id)
    return Response.json({
      id: refund.id,
      sessionsRefunded: refund.sessionsRefunded,
      refundAmount: centsToDollars(refund.refundCents),
    })
  })
}

export const loader = writeOnlyLoader('POST')
