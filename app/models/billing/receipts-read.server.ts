import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { receipts } from '~/db/schema'
import { AppError, isAppError } from '~/lib/errors'
import { currentLanguage, inRequestLanguage, tFor } from '~/lib/i18n/i18n.server'
import type { Language } from '~/lib/i18n/languages'
import { msg } from '~/lib/i18n/message'
import { centsToDollars } from '~/lib/money'
import { pageWindow } from '~/lib/paging'
import { RECEIPT_NOT_FOUND, type ReceiptKind, type ReceiptSnapshot } from './receipt'
import { receiptFileName, receiptPdf } from './receipt-files.server'
import { receiptPdfUrl } from './receipt-links'
import { renderReceiptsPdf } from './receipt-pdf.server'
import { wordsIn } from './receipt-words.server'

/**
 * Reading issued receipts (docs/decisions/049-receipts.md): the lists a client and a
 * practitioner see, a receipt's file for its two parties only, and a client's year of receipts
 * as one PDF. A receipt belongs to its client (who paid) and its practitioner (who issued it);
 * for anyone else it is not found, like any record of someone else's.
 */

export const RECEIPTS_PAGE_SIZE = 20
export const NO_RECEIPTS_FOR_YEAR = msg('billing:errors.noReceiptsForYear')

/** Whose side of the receipts a list is: a client's (they paid them) or a practitioner's (they issued them). */
type Person = { id: number; isPractitioner: boolean }

/** A year that can name a year of receipts in an address. */
export function yearFromParam(value: string | undefined) {
  if (!value || !/^\d{4}$/.test(value)) return null
  const year = Number(value)
  return year >= 2000 && year <= 2100 ? year : null
}

/**
 * The year a receipt is dated, as printed on it: the year of its issue date in the client's zone
 * when issued (the snapshot's `issuedOn`, 'Nov 24, 2026'), not of the UTC instant, so a receipt
 * issued on New Year's Eve in Vancouver goes in the year its paper says.
 */
const printedYear = sql<string>`substr(json_extract(${receipts.snapshot}, '$.issuedOn'), -4)`

const sideOf = (person: Person) =>
  person.isPractitioner ? eq(receipts.practitionerId, person.id) : eq(receipts.clientId, person.id)

/**
 * A person's receipts, newest first, RECEIPTS_PAGE_SIZE a page: a client's those they paid, a
 * practitioner's those they issued (a practitioner's own sessions with someone else are on the
 * client screen, which lists with `isPractitioner: false`). Their words (dates, a package's
 * name) are in the reader's language, the request's unless said.
 */
export function listReceipts(person: Person, requested = 1, language: Language = currentLanguage()) {
  const db = getDb()
  const total = db.select({ n: count() }).from(receipts).where(sideOf(person)).get()?.n ?? 0
  const { page, pageCount, offset } = pageWindow(total, requested, RECEIPTS_PAGE_SIZE)
  const rows = db
    .select({
      id: receipts.id,
      number: receipts.number,
      kind: receipts.kind,
      bookingId: receipts.bookingId,
      totalCents: receipts.totalCents,
      issuedAt: receipts.issuedAt,
      snapshot: receipts.snapshot,
    })
    .from(receipts)
    .where(sideOf(person))
    .orderBy(desc(receipts.issuedAt), desc(receipts.id))
    .limit(RECEIPTS_PAGE_SIZE)
    .offset(offset)
    .all()
  const listed = rows.map((row) => toListed(row, language))
  return { receipts: listed, total, page, pageCount, pageSize: RECEIPTS_PAGE_SIZE }
}

export type ListedReceipt = ReturnType<typeof toListed>

function toListed(
  row: {
    id: number
    number: number
    kind: ReceiptKind
    bookingId: number | null
    totalCents: number
    issuedAt: Date
    snapshot: Record<string, unknown>
  },
  language: Language,
) {
  const snapshot = row.snapshot as ReceiptSnapshot
  const words = wordsIn(snapshot, language)
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    bookingId: row.bookingId,
    /** Negative for a refund receipt. */
    totalCents: row.totalCents,
    issuedAt: row.issuedAt,
    /** The issue date as printed, in the client's zone. */
    issuedOn: words.issuedOn,
    service: words.service,
    practitionerName: snapshot.practitioner.name,
    clientName: snapshot.client.name,
  }
}

/** A receipt as `GET /api/receipts` lists it: dollars (negative for a refund) and an ISO instant. */
export function toApiReceipt(receipt: ListedReceipt) {
  return {
    id: receipt.id,
    number: receipt.number,
    kind: receipt.kind,
    bookingId: receipt.bookingId,
    total: centsToDollars(receipt.totalCents),
    issuedAt: receipt.issuedAt.toISOString(),
    pdfUrl: receiptPdfUrl(receipt.id),
  }
}

/** A receipt's PDF and its file name in the reader's language, for its client or its practitioner only (else 404). */
export async function findReceiptFile(person: { id: number }, receiptId: number, language: Language) {
  const row = getDb()
    .select({ kind: receipts.kind, number: receipts.number })
    .from(receipts)
    .where(
      and(eq(receipts.id, receiptId), or(eq(receipts.clientId, person.id), eq(receipts.practitionerId, person.id))),
    )
    .get()
  const pdf = row ? await receiptPdf(receiptId, language) : null
  if (!row || !pdf) throw new AppError(RECEIPT_NOT_FOUND, 404)
  return { pdf, fileName: receiptFileName(row, language) }
}

/**
 * A booking's receipt of `kind`, or null: its payment's, or its newest refund's (a booking may
 * be refunded in parts), found through the payment's receipt, which every refund receipt refers
 * to (both lookups by index: the partial one on a payment's booking, and `refers_to_id`).
 */
export function bookingReceiptId(bookingId: number, kind: ReceiptKind) {
  const db = getDb()
  const paid = db
    .select({ id: receipts.id })
    .from(receipts)
    .where(and(eq(receipts.bookingId, bookingId), sql`${receipts.kind} = 'receipt'`))
    .get()
  if (!paid || kind === 'receipt') return paid?.id ?? null
  const refund = db
    .select({ id: receipts.id })
    .from(receipts)
    .where(eq(receipts.refersToId, paid.id))
    .orderBy(desc(receipts.id))
    .get()
  return refund?.id ?? null
}

/** The years a client has receipts dated in (see `printedYear`), newest first. */
export function receiptYears(clientId: number) {
  return getDb()
    .selectDistinct({ year: printedYear })
    .from(receipts)
    .where(eq(receipts.clientId, clientId))
    .orderBy(desc(printedYear))
    .all()
    .map((row) => Number(row.year))
}

/**
 * A client's receipts dated in `year`, oldest first, as one PDF of a page each (what a claim for
 * a year asks for); made each time from the snapshots, so it holds exactly the receipts as
 * issued, in the reader's language. 404 when the year has none.
 */
export async function yearOfReceiptsPdf(clientId: number, year: number, language: Language) {
  const snapshots = getDb()
    .select({ snapshot: receipts.snapshot })
    .from(receipts)
    .where(and(eq(receipts.clientId, clientId), eq(printedYear, String(year))))
    .orderBy(asc(receipts.issuedAt), asc(receipts.id))
    .all()
    .map((row) => row.snapshot as ReceiptSnapshot)
  if (!snapshots.length) throw new AppError(NO_RECEIPTS_FOR_YEAR, 404)
  const t = tFor(language, 'files')
  const pdf = await renderReceiptsPdf(snapshots, t('receipts.yearTitle', { year }), language)
  return { pdf, fileName: t('receipts.yearFileName', { year }) }
}

/**
 * A receipt file as a download: private to the person it was served to (kept by no shared cache
 * nor the browser's), saved under its own name.
 */
export function pdfResponse({ pdf, fileName }: { pdf: Buffer; fileName: string }) {
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Content-Length': String(pdf.length),
      'Cache-Control': 'private, no-store',
    },
  })
}

/**
 * A file route's refusal in the language of the request: `fileOrRefusal` (app/lib/errors.ts)
 * sends a refusal's message as it is, and a model's message is a catalogue key until shown.
 */
export async function refusedInRequestLanguage(make: () => Promise<Response> | Response) {
  try {
    return await make()
  } catch (error) {
    if (!isAppError(error)) throw error
    throw new AppError(inRequestLanguage(error.message), error.status, error.field, error.retryAfterSeconds)
  }
}
