import { and, asc, eq, gte, lt, max, min, sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { receipts } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { msg } from '~/lib/i18n/message'
import { localDateOf, zonedTime } from '~/lib/zoned-time'
import type { ReceiptKind, ReceiptSnapshot } from './receipt'

/**
 * A practitioner's statement (issue 44, item 5): their receipts, as a bookkeeper reconciles
 * payouts against them. One line per receipt issued, payment or refund, in the year and month
 * the practitioner's own clock read when it was issued. Integer cents.
 *
 * The columns, so that each signed column sums to the year's figure and every line reads
 * Net = Fee + Tax − Platform fee:
 * - fee, tax: what the receipt charged (a payment, positive) or gave back (a refund, negative);
 * - platformFee: our 5 % of the fee kept on a payment (positive), returned with a refund (negative);
 * - refund: what went back to the client on a refund line, as a positive amount (0 on a payment),
 *   so the column adds up to the year's refunds;
 * - net: what the practitioner keeps (total − platform fee): negative on a refund line.
 * A month's row: Net = Payments − Refunds − Platform fee, Payments being the totals paid.
 */

export type StatementLine = {
  receiptId: number
  date: Date
  receiptNumber: number
  kind: ReceiptKind
  serviceName: string
  feeCents: number
  taxCents: number
  platformFeeCents: number
  refundCents: number
  netCents: number
}

export type MonthTotals = {
  /** 1-12 */
  month: number
  /** The totals of the payments (fee and tax), before refunds. */
  paymentsCents: number
  /** Tax charged less tax refunded: what the practitioner remits for the month. */
  taxCents: number
  /** Platform fee kept less platform fee returned. */
  platformFeeCents: number
  /** What went back to clients. */
  refundsCents: number
  netCents: number
}

/** The instants [start, end) of a year on the zone's clock. */
function yearBounds(year: number, timeZone: string) {
  return {
    start: zonedTime({ year, month: 1, day: 1 }, 0, timeZone),
    end: zonedTime({ year: year + 1, month: 1, day: 1 }, 0, timeZone),
  }
}

/** The year, on the zone's clock, at this instant. */
export function yearIn(timeZone: string, now = new Date()) {
  return localDateOf(now, timeZone).year
}

/** The statement's lines for `year` on the practitioner's clock, oldest first. */
export function statementLines(practitionerId: number, year: number, timeZone: string): StatementLine[] {
  const { start, end } = yearBounds(year, timeZone)
  const rows = getDb()
    .select({
      id: receipts.id,
      issuedAt: receipts.issuedAt,
      number: receipts.number,
      kind: receipts.kind,
      feeCents: receipts.feeCents,
      taxCents: receipts.taxCents,
      totalCents: receipts.totalCents,
      platformFeeCents: receipts.platformFeeCents,
      snapshot: receipts.snapshot,
    })
    .from(receipts)
    .where(and(eq(receipts.practitionerId, practitionerId), gte(receipts.issuedAt, start), lt(receipts.issuedAt, end)))
    .orderBy(asc(receipts.issuedAt), asc(receipts.number))
    .all()
  return rows.map((row) => ({
    receiptId: row.id,
    date: row.issuedAt,
    receiptNumber: row.number,
    kind: row.kind,
    serviceName: (row.snapshot as ReceiptSnapshot).service.name,
    feeCents: row.feeCents,
    taxCents: row.taxCents,
    platformFeeCents: row.platformFeeCents,
    refundCents: row.kind === 'refund' ? -row.totalCents : 0,
    netCents: row.totalCents - row.platformFeeCents,
  }))
}

/** The statement's twelve months for `year` (a month without receipts is all zeros). */
export function monthlyTotals(practitionerId: number, year: number, timeZone: string): MonthTotals[] {
  const months = Array.from({ length: 12 }, (_, i) => ({
    month: i + 1,
    paymentsCents: 0,
    taxCents: 0,
    platformFeeCents: 0,
    refundsCents: 0,
    netCents: 0,
  }))
  for (const line of statementLines(practitionerId, year, timeZone)) {
    const month = months[localDateOf(line.date, timeZone).month - 1]!
    if (line.kind === 'receipt') month.paymentsCents += line.feeCents + line.taxCents
    month.taxCents += line.taxCents
    month.platformFeeCents += line.platformFeeCents
    month.refundsCents += line.refundCents
    month.netCents += line.netCents
  }
  return months
}

/**
 * The years, on the practitioner's clock, that have receipts, newest first. Read from the first
 * and the last receipt, then each year between asked whether it has one (a handful of indexed
 * look-ups), rather than every receipt read to find a few years.
 */
export function statementYears(practitionerId: number, timeZone: string): number[] {
  const db = getDb()
  const span = db
    .select({ first: min(receipts.issuedAt), last: max(receipts.issuedAt) })
    .from(receipts)
    .where(eq(receipts.practitionerId, practitionerId))
    .get()
  if (!span?.first || !span.last) return []
  const years: number[] = []
  for (let year = yearIn(timeZone, span.last); year >= yearIn(timeZone, span.first); year--) {
    const { start, end } = yearBounds(year, timeZone)
    const found = db
      .select({ one: sql<number>`1` })
      .from(receipts)
      .where(
        and(eq(receipts.practitionerId, practitionerId), gte(receipts.issuedAt, start), lt(receipts.issuedAt, end)),
      )
      .limit(1)
      .get()
    if (found) years.push(year)
  }
  return years
}

export const BAD_STATEMENT_YEAR = msg('billing:errors.badStatementYear')

/**
 * The year a statement is asked for: `?year=YYYY`, or this year on the practitioner's clock when
 * none is given. A malformed one is refused rather than read as this year: a bookkeeper who
 * asked for another year must not be handed this one's figures under its name.
 */
export function requestedStatementYear(param: string | null, timeZone: string, now = new Date()) {
  if (param === null || param === '') return yearIn(timeZone, now)
  if (!/^\d{4}$/.test(param) || Number(param) < 1970) throw new AppError(BAD_STATEMENT_YEAR, 400)
  return Number(param)
}
