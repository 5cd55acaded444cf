import type { RECEIPT_KINDS } from '~/db/enums'

/**
 * A receipt as it was issued (docs/decisions/049-receipts.md): every word and amount it prints,
 * copied when the payment or refund landed, so nothing changed later (a profile, a booking, a
 * person's zone, the zone rules) rewrites it. Client-safe: the receipts screens show its parts.
 */
export type ReceiptKind = (typeof RECEIPT_KINDS)[number]

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
}

/* The receipts' texts: a screen, a route and the models show them. */
export const RECEIPT_NOT_FOUND = 'Receipt not found'
export const RECEIPT_CLIENT_GONE = 'This client no longer has an account, so the receipt cannot be emailed.'
export const TOO_MANY_RECEIPT_EMAILS = 'You have sent many receipts in the last hour. Please try again later.'
export const receiptSent = (title: string) => `${title} was sent to your client.`

/** '#0012': a practitioner's receipts are numbered from 1; four digits keep a year's list aligned. */
export function receiptNumberLabel(number: number) {
  return `#${String(number).padStart(4, '0')}`
}

/** 'Receipt #0012', 'Refund receipt #0013'. */
export function receiptTitle(receipt: { kind: ReceiptKind; number: number }) {
  return `${receipt.kind === 'refund' ? 'Refund receipt' : 'Receipt'} ${receiptNumberLabel(receipt.number)}`
}

const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  diners: 'Diners Club',
  interac: 'Interac',
  unionpay: 'UnionPay',
}

/** How the payment was made, as printed: 'Visa ending in 4242', or 'Card' without details. */
export function paymentMethodLabel(card: { brand: string; last4: string } | null) {
  if (!card || !/^\d{4}$/.test(card.last4)) return 'Card'
  return `${CARD_BRANDS[card.brand] ?? 'Card'} ending in ${card.last4}`
}
