import { eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { receipts, users } from '~/db/schema'
import { sendEmail } from '~/integrations/email.server'
import { AppError } from '~/lib/errors'
import { check, hit, LIMITS } from '~/lib/rate-limit.server'
import { configuredOrigin } from '~/lib/url.server'
import {
  RECEIPT_CLIENT_GONE,
  RECEIPT_NOT_FOUND,
  receiptTitle,
  TOO_MANY_RECEIPT_EMAILS,
  type ReceiptSnapshot,
} from './receipt'
import { receiptFileName, receiptPdf } from './receipt-files.server'
import { RECEIPTS_PATH } from './receipt-links'

/**
 * Receipts by email (docs/decisions/049-receipts.md): the file attached to the payment's
 * confirmation and the refund's email, and a copy a practitioner sends again. What an email
 * says of a receipt is its number, the practitioner and the session's name and date, as the
 * booking emails already do; the PDF holds the rest.
 */

/** A receipt's PDF as an email attachment, or null for no such receipt. */
export async function receiptAttachment(receiptId: number) {
  const row = getDb()
    .select({ kind: receipts.kind, number: receipts.number })
    .from(receipts)
    .where(eq(receipts.id, receiptId))
    .get()
  const pdf = row ? await receiptPdf(receiptId) : null
  if (!row || !pdf) return null
  return { filename: receiptFileName(row), contentType: 'application/pdf', content: pdf.toString('base64') }
}

/**
 * A practitioner sends one of their receipts to its client again (the earnings screen's "Send
 * again"): theirs only (another's is not found), to the client's address now, at most
 * LIMITS.receiptEmails an hour. Returns the receipt's title for the toast.
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
    })
    .from(receipts)
    .leftJoin(users, eq(users.id, receipts.clientId))
    .where(eq(receipts.id, receiptId))
    .get()
  if (!row || row.practitionerId !== practitioner.id) throw new AppError(RECEIPT_NOT_FOUND, 404)
  if (!row.clientEmail) throw new AppError(RECEIPT_CLIENT_GONE, 409)
  const key = `receipt-emails:${practitioner.id}`
  check(key, LIMITS.receiptEmails, now.getTime(), TOO_MANY_RECEIPT_EMAILS)
  const attachment = await receiptAttachment(row.id)
  if (!attachment) throw new AppError(RECEIPT_NOT_FOUND, 404)
  hit(key, LIMITS.receiptEmails, now.getTime())
  const snapshot = row.snapshot as ReceiptSnapshot
  const title = receiptTitle(row)
  await sendEmail({
    to: row.clientEmail,
    subject: `${title} from ${snapshot.practitioner.name}`,
    text: [
      `Hi ${snapshot.client.name},`,
      '',
      `${snapshot.practitioner.name} sent you ${title.toLowerCase()} for ${snapshot.service.name} on ${snapshot.service.date}. It is attached as a PDF.`,
      '',
      `All your receipts: ${new URL(RECEIPTS_PATH, configuredOrigin()).href}`,
    ].join('\n'),
    attachments: [attachment],
  })
  return title
}
