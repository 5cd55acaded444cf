import { and, eq, isNull } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { receipts } from '~/db/schema'
import { isPrimaryInstance } from '~/integrations/litefs.server'
import { tFor } from '~/lib/i18n/i18n.server'
import type { Language } from '~/lib/i18n/languages'
import { receiptTitleIn, type ReceiptSnapshot } from './receipt'
import { renderReceiptsPdf } from './receipt-pdf.server'

/**
 * A receipt's PDF file, made once from its snapshot the first time it is needed (the payment's
 * email, right after the payment) and stored with it; every later read gives those same bytes
 * (docs/decisions/049-receipts.md). Made outside the transaction that issued the receipt, which
 * takes no await. The file is a function of the snapshot alone (the same bytes each time it is
 * drawn), so a replica, which cannot write, serves it drawn and leaves storing it to the
 * primary: a GET never has to be replayed for it. Null for no such receipt.
 *
 * That stored file is the English one. A French reader's is drawn from the same snapshot each
 * time it is asked for (about 0.1 s): the same bytes every time, as the French words were fixed
 * when the receipt was issued (docs/decisions/052-languages.md).
 */
export async function receiptPdf(receiptId: number, language: Language): Promise<Buffer | null> {
  const stored = () =>
    getDb()
      .select({ pdf: receipts.pdf, snapshot: receipts.snapshot })
      .from(receipts)
      .where(eq(receipts.id, receiptId))
      .get()
  const row = stored()
  if (!row) return null
  const snapshot = row.snapshot as ReceiptSnapshot
  if (language !== 'en') return drawReceiptPdf(snapshot, language)
  if (row.pdf) return row.pdf
  const pdf = await drawReceiptPdf(snapshot, language)
  if (!(await isPrimaryInstance())) return pdf
  getDb()
    .update(receipts)
    .set({ pdf })
    .where(and(eq(receipts.id, receiptId), isNull(receipts.pdf)))
    .run()
  // Two first reads at once: the file stored first is the receipt's, for both.
  return stored()?.pdf ?? pdf
}

function drawReceiptPdf(snapshot: ReceiptSnapshot, language: Language) {
  return renderReceiptsPdf([snapshot], receiptTitleIn(tFor(language, 'billing'), snapshot), language)
}

/** 'receipt-0012.pdf', 'refund-receipt-0013.pdf' ('recu-0012.pdf'): the name a download or an attachment gets. */
export function receiptFileName(receipt: { kind: ReceiptSnapshot['kind']; number: number }, language: Language) {
  const number = String(receipt.number).padStart(4, '0')
  return tFor(language, 'files')(receipt.kind === 'refund' ? 'receipts.refundFileName' : 'receipts.fileName', {
    number,
  })
}
