import { eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { receipts, users } from '~/db/schema'
import { sendEmail } from '~/integrations/email.server'
import { AppError } from '~/lib/errors'
import { tFor } from '~/lib/i18n/i18n.server'
import type { Language } from '~/lib/i18n/languages'
import { check, hit, LIMITS } from '~/lib/rate-limit.server'
import { configuredOrigin } from '~/lib/url.server'
import {
  RECEIPT_CLIENT_GONE,
  RECEIPT_NOT_FOUND,
  receiptNumberLabel,
  receiptTitle,
  TOO_MANY_RECEIPT_EMAILS,
  type ReceiptSnapshot,
} from './receipt'
import { receiptFileName, receiptPdf } from './receipt-files.server'
import { RECEIPTS_PATH } from './receipt-links'
import { wordsIn } from './receipt-words.server'

/**
 * Receipts by email (docs/decisions/049-receipts.md): the file attached to the payment's
 * confirmation and the refund's email, and a copy a practitioner sends again. What an email
 * says of a receipt is its number, the practitioner and the session's name and date, as the
 * booking emails already do; the PDF holds the rest. Each is in its recipient's language, the
 * client's, and so is the file attached (docs/decisions/052-languages.md).
 */

/**
 * A receipt's PDF as an email attachment, or null for no such receipt: in `language`, else in
 * its client's (who every email carrying a receipt goes to), else in English.
 */
export async function receiptAttachment(receiptId: number, language?: Language) {
  const row = getDb()
    .select({ kind: receipts.kind, number: receipts.number, clientLanguage: users.language })
    .from(receipts)
    .leftJoin(users, eq(users.id, receipts.clientId))
    .where(eq(receipts.id, receiptId))
    .get()
  const reader = language ?? row?.clientLanguage ?? 'en'
  const pdf = row ? await receiptPdf(receiptId, reader) : null
  if (!row || !pdf) return null
  return { filename: receiptFileName(row, reader), contentType: 'application/pdf', content: pdf.toString('base64') }
}

/**
 * A practitioner sends one of their receipts to its client again (the earnings screen's "Send
 * again"): theirs only (another's is not found), to the client's address now, at most
 * LIMITS.receiptEmails an hour. Returns the receipt's title for the toast (a message, shown in
 * the practitioner's language); the email is in the client's.
 */
export async function sendReceiptAgain(practitioner: { id: number }, receiptId: number, now = new Date()) {
  const row = getDb()
    .select({
      id: receipts.id,
      practitionerId: receipts.practitionerId,
      kind: receipts.kind,
      number: receipts.number,
      snapshot: receipts.snapshot,
      clientEmail: users.email,
      clientLanguage: users.language,
    })
    .from(receipts)
    .leftJoin(users, eq(users.id, receipts.clientId))
    .where(eq(receipts.id, receiptId))
    .get()
  if (!row || row.practitionerId !== practitioner.id) throw new AppError(RECEIPT_NOT_FOUND, 404)
  if (!row.clientEmail) throw new AppError(RECEIPT_CLIENT_GONE, 409)
  const key = `receipt-emails:${practitioner.id}`
  check(key, LIMITS.receiptEmails, now.getTime(), TOO_MANY_RECEIPT_EMAILS)
  const language = row.clientLanguage ?? 'en'
  const attachment = await receiptAttachment(row.id, language)
  if (!attachment) throw new AppError(RECEIPT_NOT_FOUND, 404)
  hit(key, LIMITS.receiptEmails, now.getTime())
  await sendEmail(receiptAgainEmail(row.clientEmail, row.snapshot as ReceiptSnapshot, language, attachment))
  return receiptTitle(row)
}

function receiptAgainEmail(
  to: string,
  snapshot: ReceiptSnapshot,
  language: Language,
  attachment: NonNullable<Awaited<ReturnType<typeof receiptAttachment>>>,
) {
  const t = tFor(language, 'emails')
  const words = wordsIn(snapshot, language)
  const values = {
    number: receiptNumberLabel(snapshot.number),
    practitioner: snapshot.practitioner.name,
    service: words.service.name,
    date: words.service.date,
  }
  const refund = snapshot.kind === 'refund'
  return {
    to,
    subject: t(refund ? 'billing.sentAgain.refundSubject' : 'billing.sentAgain.subject', values),
    text: [
      t('billing.greeting', { name: snapshot.client.name }),
      '',
      t(refund ? 'billing.sentAgain.refundBody' : 'billing.sentAgain.body', values),
      '',
      t('billing.allReceipts', { url: new URL(RECEIPTS_PATH, configuredOrigin()).href }),
    ].join('\n'),
    attachments: [attachment],
  }
}
