import { toCsv } from '~/lib/csv'
import { tFor } from '~/lib/i18n/i18n.server'
import type { Language } from '~/lib/i18n/languages'
import { formatLocalDate, localDateOf } from '~/lib/zoned-time'
import { receiptNumberLabel } from './receipt'
import { statementLines } from './statement.server'

/**
 * The year's statement as a CSV file (GET /practitioner/earnings/statement.csv): one row per
 * receipt, the columns of statement.server.ts in dollars. Service names are the practitioner's
 * own words: csv.ts keeps one that looks like a formula from running in a spreadsheet. The
 * header and the lines' type are in the downloader's language; dates (ISO) and amounts (a point
 * before the cents) stay as a spreadsheet or a bookkeeper's software reads them in any language.
 */

const COLUMNS = ['date', 'receipt', 'type', 'service', 'fee', 'tax', 'platformFee', 'refund', 'net'] as const

/** The header row in a language: 'Date,Receipt,Type,Service,Fee,Tax,Platform fee,Refund,Net' in English. */
export function statementHeader(language: Language) {
  const t = tFor(language, 'files')
  return COLUMNS.map((column) => t(`statement.header.${column}`))
}

/** The English header, as the spec names the columns. */
export const STATEMENT_HEADER = statementHeader('en')

/** Cents as dollars with two decimals ('-12.50'), from the integer so no float ever rounds a cent. */
export function csvDollars(cents: number) {
  const abs = Math.abs(cents)
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

export function statementCsv(practitionerId: number, year: number, timeZone: string, language: Language) {
  const t = tFor(language, 'files')
  const rows = statementLines(practitionerId, year, timeZone).map((line) => [
    formatLocalDate(localDateOf(line.date, timeZone)),
    receiptNumberLabel(line.receiptNumber),
    t(line.kind === 'refund' ? 'statement.refund' : 'statement.payment'),
    line.serviceName,
    csvDollars(line.feeCents),
    csvDollars(line.taxCents),
    csvDollars(line.platformFeeCents),
    csvDollars(line.refundCents),
    csvDollars(line.netCents),
  ])
  return toCsv(statementHeader(language), rows)
}

/** 'solace-statement-2026.csv' ('solace-releve-2026.csv') */
export const statementFileName = (year: number, language: Language) =>
  tFor(language, 'files')('statement.fileName', { year })
