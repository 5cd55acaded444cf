import { toCsv } from '~/lib/csv'
import { formatLocalDate, localDateOf } from '~/lib/zoned-time'
import { receiptNumberLabel } from './receipt'
import { statementLines } from './statement.server'

/**
 * The year's statement as a CSV file (GET /practitioner/earnings/statement.csv): one row per
 * receipt, the columns of statement.server.ts in dollars. Service names are the practitioner's
 * own words: csv.ts keeps one that looks like a formula from running in a spreadsheet.
 */

export const STATEMENT_HEADER = ['Date', 'Receipt', 'Type', 'Service', 'Fee', 'Tax', 'Platform fee', 'Refund', 'Net']

/** Cents as dollars with two decimals ('-12.50'), from the integer so no float ever rounds a cent. */
export function csvDollars(cents: number) {
  const abs = Math.abs(cents)
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

export function statementCsv(practitionerId: number, year: number, timeZone: string) {
  const rows = statementLines(practitionerId, year, timeZone).map((line) => [
    formatLocalDate(localDateOf(line.date, timeZone)),
    receiptNumberLabel(line.receiptNumber),
    line.kind === 'refund' ? 'Refund' : 'Payment',
    line.serviceName,
    csvDollars(line.feeCents),
    csvDollars(line.taxCents),
    csvDollars(line.platformFeeCents),
    csvDollars(line.refundCents),
    csvDollars(line.netCents),
  ])
  return toCsv(STATEMENT_HEADER, rows)
}

/** 'solace-statement-2026.csv' */
export const statementFileName = (year: number) => `solace-statement-${year}.csv`
