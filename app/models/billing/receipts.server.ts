import { and, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import type { Db, Tx } from '~/db/client.server'
import { bookings, receipts, users } from '~/db/schema'
import { DEFAULT_TIME_ZONE } from '~/lib/dates'
import { formatsFor } from '~/lib/i18n/formats'
import { printedWords, type ReceiptFacts } from './receipt-words.server'
import { refundParts } from './tax'
import type { ReceiptSnapshot } from './receipt'

/**
 * Issuing receipts (docs/decisions/049-receipts.md). Each is issued inside the transaction that
 * records the payment or the refund causing it, so a payment recorded has its receipt and a
 * receipt has its payment, and the number is taken in that same transaction: SQLite has one
 * writer at a time, so two payments landing together get consecutive numbers, none repeated or
 * skipped. What it prints is copied into `snapshot` now; the file is made from it after the
 * commit (receipt-files.server.ts).
 */

export type PaymentCard = { brand: string; last4: string }

/** The practitioner's next receipt number: one statement, which creates their counter at 1 (packages' receipts share it). */
export function nextReceiptNumber(tx: Db | Tx, practitionerId: number) {
  const row = tx.get<{ last_number: number }>(
    sql`INSERT INTO receipt_counters (practitioner_id, last_number) VALUES (${practitionerId}, 1)
        ON CONFLICT (practitioner_id) DO UPDATE SET last_number = last_number + 1
        RETURNING last_number`,
  )
  return row.last_number
}

const client = alias(users, 'client')
const practitioner = alias(users, 'practitioner')

/**
 * What a receipt prints of its client and its practitioner, as their accounts say now: a query
 * selecting it joins `users` twice, as `receiptClient` on the payer and `receiptPractitioner` on
 * the practitioner (a booking's receipt here, a package's in package-receipts.server.ts).
 */
export const partyColumns = {
  clientFirstName: client.firstName,
  clientLastName: client.lastName,
  clientTimeZone: client.timeZone,
  practitionerFirstName: practitioner.firstName,
  practitionerLastName: practitioner.lastName,
  profession: practitioner.profession,
  professionOther: practitioner.professionOther,
  regulatoryBody: practitioner.regulatoryBody,
  registrationNumber: practitioner.registrationNumber,
  businessName: practitioner.businessName,
  businessAddress: practitioner.businessAddress,
  gstHstNumber: practitioner.gstHstNumber,
}
export { client as receiptClient, practitioner as receiptPractitioner }

/** The booking, its client and its practitioner, as a receipt prints them now. */
function receiptParties(tx: Db | Tx, bookingId: number) {
  return tx
    .select({
      id: bookings.id,
      clientId: bookings.clientId,
      practitionerId: bookings.practitionerId,
      serviceName: bookings.serviceName,
      startTime: bookings.startTime,
      durationMinutes: bookings.durationMinutes,
      totalCents: bookings.totalAmountCents,
      taxCents: bookings.taxCents,
      taxKind: bookings.taxKind,
      platformFeeCents: bookings.platformFeeCents,
      ...partyColumns,
    })
    .from(bookings)
    .innerJoin(client, eq(client.id, bookings.clientId))
    .innerJoin(practitioner, eq(practitioner.id, bookings.practitionerId))
    .where(eq(bookings.id, bookingId))
    .get()
}

/**
 * A receipt's snapshot: its parties as they are now, and its words in English (its own fields)
 * and in French (`fr`), worded from the same facts (receipt-words.server.ts).
 */
export function snapshotOf(
  parties: {
    clientFirstName: string
    clientLastName: string
    practitionerFirstName: string
    practitionerLastName: string
    regulatoryBody: string | null
    registrationNumber: string | null
    businessName: string | null
    businessAddress: string | null
    gstHstNumber: string | null
    durationMinutes: number
  },
  facts: ReceiptFacts,
  receipt: Pick<ReceiptSnapshot, 'kind' | 'number' | 'refersToNumber' | 'status'> & {
    amounts: Omit<ReceiptSnapshot['amounts'], 'taxName'>
  },
): ReceiptSnapshot {
  const en = printedWords(facts, 'en')
  return {
    ...receipt,
    issuedAt: facts.issuedAt.toISOString(),
    issuedOn: en.issuedOn,
    client: { name: `${parties.clientFirstName} ${parties.clientLastName}` },
    practitioner: {
      name: `${parties.practitionerFirstName} ${parties.practitionerLastName}`,
      profession: en.profession,
      regulatoryBody: parties.regulatoryBody,
      registrationNumber: parties.registrationNumber,
      businessName: parties.businessName,
      businessAddress: parties.businessAddress,
      // The tax number is printed only when tax was charged: it is what the tax line refers to.
      gstHstNumber: facts.taxCents > 0 ? parties.gstHstNumber : null,
    },
    service: { ...en.service, timeZone: facts.zone, durationMinutes: parties.durationMinutes },
    ...(facts.package ? { package: { sessions: facts.package.sessions, validUntil: en.validUntil! } } : {}),
    amounts: { ...receipt.amounts, taxName: en.taxName },
    paymentMethod: en.paymentMethod,
    fr: printedWords(facts, 'fr'),
  }
}

/**
 * The receipt for a booking's payment, issued in the transaction that confirms it; nothing when
 * the booking has one already (a payment event applied twice), is free, or has lost its client
 * or practitioner. Returns the receipt's id.
 */
export function issuePaymentReceipt(tx: Db | Tx, bookingId: number, card: PaymentCard | null, now: Date) {
  const parties = receiptParties(tx, bookingId)
  if (!parties || parties.totalCents <= 0) return null
  const existing = tx
    .select({ id: receipts.id })
    .from(receipts)
    .where(and(eq(receipts.bookingId, bookingId), eq(receipts.kind, 'receipt')))
    .get()
  if (existing) return existing.id
  const number = nextReceiptNumber(tx, parties.practitionerId!)
  const feeCents = parties.totalCents - parties.taxCents
  const facts: ReceiptFacts = {
    issuedAt: now,
    zone: parties.clientTimeZone || DEFAULT_TIME_ZONE,
    start: parties.startTime,
    serviceName: parties.serviceName,
    package: null,
    profession: parties.profession,
    professionOther: parties.professionOther,
    taxKind: parties.taxKind,
    taxCents: parties.taxCents,
    card,
  }
  const snapshot = snapshotOf(parties, facts, {
    kind: 'receipt',
    number,
    refersToNumber: null,
    amounts: { feeCents, taxCents: parties.taxCents, totalCents: parties.totalCents },
    status: 'Paid',
  })
  return insertPaidReceipt(tx, { bookingId }, { ...parties, practitionerId: parties.practitionerId! }, snapshot, now)
}

/**
 * A refund receipt for `refundCents` newly refunded on a booking, issued in the transaction that
 * records the refund. It refers to the payment's receipt and repeats its people and session
 * (the same session, even if an account has gone since); only the amounts, the number and the
 * date are its own. Nothing when there is no such receipt (a payment that came too late and went
 * straight back was never receipted) or its practitioner's account is gone (no numbering left
 * to continue). Returns the refund receipt's id.
 */
export function issueRefundReceipt(tx: Db | Tx, bookingId: number, refundCents: number, now: Date) {
  if (refundCents <= 0) return null
  const original = tx
    .select({
      id: receipts.id,
      number: receipts.number,
      practitionerId: receipts.practitionerId,
      clientId: receipts.clientId,
      snapshot: receipts.snapshot,
      totalCents: bookings.totalAmountCents,
      taxCents: bookings.taxCents,
      platformFeeCents: bookings.platformFeeCents,
    })
    .from(receipts)
    .innerJoin(bookings, eq(bookings.id, receipts.bookingId))
    .where(and(eq(receipts.bookingId, bookingId), eq(receipts.kind, 'receipt')))
    .get()
  if (!original?.practitionerId) return null
  return insertRefundReceipt(
    tx,
    { bookingId },
    { ...original, practitionerId: original.practitionerId },
    refundCents,
    now,
  )
}

/** What a receipt is for: a booking's payment, or a package's (decision 051). */
export type ReceiptSubject = { bookingId: number } | { packageHoldingId: number }

/** A payment's receipt row: its amounts are those its snapshot prints; `number` is the snapshot's. */
export function insertPaidReceipt(
  tx: Db | Tx,
  subject: ReceiptSubject,
  parties: { practitionerId: number; clientId: number | null; platformFeeCents: number },
  snapshot: ReceiptSnapshot,
  now: Date,
) {
  const { feeCents, taxCents, totalCents } = snapshot.amounts
  return tx
    .insert(receipts)
    .values({
      ...subject,
      practitionerId: parties.practitionerId,
      clientId: parties.clientId,
      number: snapshot.number,
      kind: 'receipt',
      issuedAt: now,
      feeCents,
      taxCents,
      totalCents,
      platformFeeCents: parties.platformFeeCents,
      snapshot,
    })
    .returning({ id: receipts.id })
    .get().id
}

/**
 * A refund receipt of `refundCents` on the payment `original` receipted: the next number, the
 * paid receipt's people and session repeated, the refund's own amounts (its tax, fee and our
 * fee in proportion), negative on the row.
 */
export function insertRefundReceipt(
  tx: Db | Tx,
  subject: ReceiptSubject,
  original: {
    id: number
    number: number
    practitionerId: number
    clientId: number | null
    snapshot: unknown
    totalCents: number
    taxCents: number
    platformFeeCents: number
  },
  refundCents: number,
  now: Date,
) {
  const paid = original.snapshot as ReceiptSnapshot
  const parts = refundParts(refundCents, original)
  const number = nextReceiptNumber(tx, original.practitionerId)
  const snapshot: ReceiptSnapshot = {
    ...paid,
    kind: 'refund',
    number,
    refersToNumber: original.number,
    issuedAt: now.toISOString(),
    issuedOn: formatsFor('en').date(now, paid.service.timeZone),
    amounts: { ...paid.amounts, feeCents: parts.feeCents, taxCents: parts.taxCents, totalCents: refundCents },
    status: 'Refunded',
    // A receipt issued before French has no French words: neither has its refund's (they are read back).
    ...(paid.fr ? { fr: { ...paid.fr, issuedOn: formatsFor('fr').date(now, paid.service.timeZone) } } : {}),
  }
  return tx
    .insert(receipts)
    .values({
      ...subject,
      practitionerId: original.practitionerId,
      clientId: original.clientId,
      number,
      kind: 'refund',
      refersToId: original.id,
      issuedAt: now,
      feeCents: -parts.feeCents,
      taxCents: -parts.taxCents,
      totalCents: -refundCents,
      platformFeeCents: -parts.platformFeeCents,
      snapshot,
    })
    .returning({ id: receipts.id })
    .get().id
}
