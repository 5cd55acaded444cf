import { AppError } from '~/lib/errors'
import { fileOrRefusal } from '~/lib/file-refusal.server'
import { currentLanguage } from '~/lib/i18n/i18n.server'
import { idFromParam } from '~/lib/route-params'
import { requireUser } from '~/models/accounts/auth.server'
import { RECEIPT_NOT_FOUND } from '~/models/billing/receipt'
import { findReceiptFile, pdfResponse, refusedInRequestLanguage } from '~/models/billing/receipts-read.server'
import type { LoaderFunctionArgs } from '@remix-run/node'

/**
 * GET /receipts/:id.pdf: a receipt's PDF, as stored when issued, for its client or its
 * practitioner, in the reader's language; 404 for anyone else or an unknown id, signed out to
 * /login and back.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return fileOrRefusal(() =>
    refusedInRequestLanguage(async () => {
      const id = idFromParam(params.id)
      if (id === null) throw new AppError(RECEIPT_NOT_FOUND, 404)
      return pdfResponse(await findReceiptFile(user, id, currentLanguage()))
    }),
  )
}
