import { fileOrRefusal } from '~/lib/errors'
import { requirePractitioner } from '~/models/accounts/auth.server'
import { statementCsv, statementFileName } from '~/models/billing/statement-csv.server'
import { requestedStatementYear } from '~/models/billing/statement.server'
import type { LoaderFunctionArgs } from '@remix-run/node'

/**
 * GET /practitioner/earnings/statement.csv?year=YYYY (Earnings' "Download statement (CSV)"): the
 * signed-in practitioner's own receipts of that year, on their clock, as a CSV attachment. No
 * year is this year; a malformed one is a 400 saying so (statement.server.ts).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePractitioner(request)
  return fileOrRefusal(() => {
    const year = requestedStatementYear(new URL(request.url).searchParams.get('year'), user.timeZone)
    return new Response(statementCsv(user.id, year, user.timeZone), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${statementFileName(year)}"`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      },
    })
  })
}
