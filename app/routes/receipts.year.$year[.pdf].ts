import { AppError } from '~/lib/errors'
import { fileOrRefusal } from '~/lib/file-refusal.server'
import { currentLanguage } from '~/lib/i18n/i18n.server'
import { requireUser } from '~/models/accounts/auth.server'
import {
  NO_RECEIPTS_FOR_YEAR,
  pdfResponse,
  refusedInRequestLanguage,
  yearFromParam,
  yearOfReceiptsPdf,
} from '~/models/billing/receipts-read.server'
import type { LoaderFunctionArgs } from '@remix-run/node'

/**
 * GET /receipts/year/:year.pdf: every receipt the signed-in person paid that is dated in the
 * year (2000 to 2100), one a page, oldest first, in their language: a year's claim in one file.
 * 404 for a year without any, signed out to /login and back.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return fileOrRefusal(() =>
    refusedInRequestLanguage(async () => {
      const year = yearFromParam(params.year)
      if (year === null) throw new AppError(NO_RECEIPTS_FOR_YEAR, 404)
      return pdfResponse(await yearOfReceiptsPdf(user.id, year, currentLanguage()))
    }),
  )
}
