import { fileOrRefusal } from '~/lib/file-refusal.server'
import { currentLanguage } from '~/lib/i18n/i18n.server'
import { requirePractitioner } from '~/models/accounts/auth.server'
import { refusedInRequestLanguage } from '~/models/billing/receipts-read.server'
import { statementCsv, statementFileName } from '~/models/billing/statement-csv.server'
import { requestedStatementYear } from '~/models/billing/statement.server'
import type { LoaderFunctionArgs } from '@remix-run/node'

/**
 * GET /practitioner/earnings/statement.csv?year=YYYY (Earnings' "Download statement (CSV)"): the
 * signed-in practitioner's own receipts of that year, on their clock, as a CSV attachment. No
 * year is this year; a malformed one is a 400 saying so (statement.server.ts). Its header, its
 * words and its name are in the practitioner's language.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePractitioner(request)
  const language = currentLanguage()
  return fileOrRefusal(() =>
    refusedInRequestLanguage(() => {
      const year = requestedStatementYear(new URL(request.url).searchParams.get('year'), user.timeZone)
      return new Response(statementCsv(user.id, year, user.timeZone, language), {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${statementFileName(year, language)}"`,
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, no-store',
        },
      })
    }),
  )
}
