import { z } from 'zod'
import { handleApi, pagedJson, readOnlyAction, readQuery } from '~/lib/api.server'
import { requireApiUser } from '~/models/accounts/auth.server'
import { listReceipts, toApiReceipt } from '~/models/billing/receipts-read.server'
import { pageField } from '~/models/marketplace/service-filters'
import type { LoaderFunctionArgs } from '@remix-run/node'

const ReceiptsQuerySchema = z.object({ page: pageField })

/**
 * GET /api/receipts?page → the signed-in person's receipts, newest first: a client's those they
 * paid, a practitioner's those they issued (docs/decisions/049-receipts.md). A plain array of one
 * page (20) with the X-Total-Count, X-Page, X-Page-Count and X-Page-Size headers every /api list
 * answers: { id, number, kind: 'receipt' | 'refund', bookingId, total (dollars, negative for a
 * refund), issuedAt (ISO), pdfUrl ('/receipts/<id>.pdf') }. 401 signed out.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request)
    const { page } = readQuery(request, ReceiptsQuerySchema)
    const { receipts, ...position } = listReceipts(user, page)
    return pagedJson(receipts.map(toApiReceipt), position)
  })
}

export const action = readOnlyAction
