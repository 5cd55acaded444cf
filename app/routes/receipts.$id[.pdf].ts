import { AppError, fileOrRefusal } from '~/lib/errors'
import { idFromParam } from '~/lib/route-params'
import { requireUser } from '~/models/accounts/auth.server'
import { RECEIPT_NOT_FOUND } from '~/models/billing/receipt'
import { findReceiptFile, pdfResponse } from '~/models/billing/receipts-read.server'
import type { LoaderFunctionArgs } from '@remix-run/node'

/**
 * GET /receipts/:id.pdf: a receipt's PDF, as stored when issued, for its client or its
 * practitioner; 404 for anyone else or an unknown id, signed out to /login and back.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return fileOrRefusal(async () => {
    const id = idFromParam(params.id)
    if (id === null) throw new AppError(RECEIPT_NOT_FOUND, 404)
    return pdfResponse(await findReceiptFile(user, id))
  })
}
