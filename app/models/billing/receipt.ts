import type { RECEIPT_KINDS } from '~/db/enums'
import { msg, type Message } from '~/lib/i18n/message'
import type { TFunction } from 'i18next'

/**
 * A receipt as it was issued (docs/decisions/049-receipts.md): every word and amount it prints,
 * copied when the payment or refund landed, so nothing changed later (a profile, a booking, a
 * person's zone, the zone rules) rewrites it. Client-safe: the receipts screens show its parts.
 */
export type ReceiptKind = (typeof RECEIPT_KINDS)[number]

/**
 * What a receipt prints that is worded in a language: its dates, the service's name (a
 * package's says so), the profession, the tax's name and the payment method. The snapshot's own
 * fields hold them in English; `fr` holds them in French (docs/decisions/052-languages.md).
 */
export type PrintedWords = {
  issuedOn: string
  service: { name: string; date: string; time: string }
  validUntil: string | null
  profession: string | null
  taxName: string | null
  paymentMethod: string
}

export type ReceiptSnapshot = {
  kind: ReceiptKind
  number: number
  /** A refund receipt's original: the number of the receipt whose payment it returns. */
  refersToNumber: number | null
  /** The instant it was issued (ISO), and that day as the client reads it. */
  issuedAt: string
  issuedOn: string
  client: { name: string }
  practitioner: {
    name: string
    profession: string | null
    regulatoryBody: string | null
    registrationNumber: string | null
    businessName: string | null
    businessAddress: string | null
    gstHstNumber: string | null
  }
  /** The session, its date and time in the client's zone when issued ('Nov 24, 2026', '9:00 AM EST'). */
  service: { name: string; date: string; time: string; timeZone: string; durationMinutes: number }
  /** Positive amounts in cents, even on a refund receipt (which says "Refunded"). */
  amounts: { feeCents: number; taxCents: number; taxName: string | null; totalCents: number }
  /** A package of sessions bought (docs/decisions/051-packages.md): `service` is then its service and the day it was bought. */
  package?: { sessions: number; validUntil: string }
  /** 'Visa ending in 4242', or 'Card' when the payment provider did not say. */
  paymentMethod: string
  status: 'Paid' | 'Refunded'
  /**
   * The same words in French, copied when issued like the English ones, so a French reader's
   * receipt is as fixed as an English one's. Receipts issued before French have none
   * (receipt-words.server.ts says what they print).
   */
  fr?: PrintedWords
}

/* The receipts' messages: a screen, a route and the models show them. */
export const RECEIPT_NOT_FOUND = msg('billing:errors.notFound')
export const RECEIPT_CLIENT_GONE = msg('billing:errors.clientGone')
export const TOO_MANY_RECEIPT_EMAILS = msg('billing:errors.tooManyEmails')
export const receiptSent = (title: Message) => msg('billing:toasts.sent', { title })

/** '#0012': a practitioner's receipts are numbered from 1; four digits keep a year's list aligned. */
export function receiptNumberLabel(number: number) {
  return `#${String(number).padStart(4, '0')}`
}

const titleKey = (kind: ReceiptKind) =>
  kind === 'refund' ? ('receipt.refundTitle' as const) : ('receipt.title' as const)

/** 'Receipt #0012', 'Refund receipt #0013', as a message to show in the reader's language (a toast). */
export function receiptTitle(receipt: { kind: ReceiptKind; number: number }): Message {
  return msg(`billing:${titleKey(receipt.kind)}`, { number: receiptNumberLabel(receipt.number) })
}

/** The same in the language of `t` (the page's, a file's reader's). */
export function receiptTitleIn(t: TFunction<'billing'>, receipt: { kind: ReceiptKind; number: number }) {
  return t(titleKey(receipt.kind), { number: receiptNumberLabel(receipt.number) })
}
