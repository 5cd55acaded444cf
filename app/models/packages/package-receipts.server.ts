import { and, eq } from 'drizzle-orm'
import type { Db, Tx } from '~/db/client.server'
import { packageHoldings, receipts } from '~/db/schema'
import { DEFAULT_TIME_ZONE } from '~/lib/dates'
import {
  insertPaidReceipt,
  insertRefundReceipt,
  nextReceiptNumber,
  partyColumns,
  receiptClient as client,
  receiptPractitioner as practitioner,
  snapshotOf,
  type PaymentCard,
} from '~/models/billing/receipts.server'

/**
 * A package's receipts (docs/decisions/049-receipts.md, 051-packages.md): the receipt issued
 * in the transaction that records its payment, and a refund receipt in the one that records the
 * unused sessions' refund. Numbered in the practitioner's one sequence, snapshotted, and kept
 * immutable by the receipts' triggers like a booking's.
 */

function holdingParties(tx: Db | Tx, holdingId: number) {
  return tx
    .select({
      id: packageHoldings.id,
      clientId: packageHoldings.clientId,
      practitionerId: packageHoldings.practitionerId,
      serviceName: packageHoldings.serviceName,
      durationMinutes: packageHoldings.durationMinutes,
      sessions: packageHoldings.sessionsTotal,
      expiresAt: packageHoldings.expiresAt,
      totalCents: packageHoldings.totalAmountCents,
      taxCents: packageHoldings.taxCents,
      taxKind: packageHoldings.taxKind,
      platformFeeCents: packageHoldings.platformFeeCents,
      ...partyColumns,
    })
    .from(packageHoldings)
    .innerJoin(client, eq(client.id, packageHoldings.clientId))
    .innerJoin(practitioner, eq(practitioner.id, packageHoldings.practitionerId))
    .where(eq(packageHoldings.id, holdingId))
    .get()
}

/**
 * The receipt of a package's payment, issued in the transaction that records it; the one already
 * issued when the payment is applied twice; nothing when a party's account is gone. Its `service`
 * is the package's service and the moment it was bought; `package` says how many sessions and
 * until when.
 */
export function issuePackageReceipt(tx: Db | Tx, holdingId: number, card: PaymentCard | null, now: Date) {
  const parties = holdingParties(tx, holdingId)
  if (!parties?.practitionerId) return null
  const existing = tx
    .select({ id: receipts.id })
    .from(receipts)
    .where(and(eq(receipts.packageHoldingId, holdingId), eq(receipts.kind, 'receipt')))
    .get()
  if (existing) return existing.id
  const number = nextReceiptNumber(tx, parties.practitionerId)
  const feeCents = parties.totalCents - parties.taxCents
  const snapshot = snapshotOf(
    parties,
    {
      issuedAt: now,
      zone: parties.clientTimeZone || DEFAULT_TIME_ZONE,
      start: now,
      serviceName: parties.serviceName,
      package: { sessions: parties.sessions, expiresAt: parties.expiresAt ?? now },
      profession: parties.profession,
      professionOther: parties.professionOther,
      taxKind: parties.taxKind,
      taxCents: parties.taxCents,
      card,
    },
    {
      kind: 'receipt',
      number,
      refersToNumber: null,
      amounts: { feeCents, taxCents: parties.taxCents, totalCents: parties.totalCents },
      status: 'Paid',
    },
  )
  return insertPaidReceipt(
    tx,
    { packageHoldingId: holdingId },
    { ...parties, practitionerId: parties.practitionerId },
    snapshot,
    now,
  )
}

/** A refund receipt for `refundCents` newly refunded on a package, referring to its receipt. */
export function issuePackageRefundReceipt(tx: Db | Tx, holdingId: number, refundCents: number, now: Date) {
  if (refundCents <= 0) return null
  const original = tx
    .select({
      id: receipts.id,
      number: receipts.number,
      practitionerId: receipts.practitionerId,
      clientId: receipts.clientId,
      snapshot: receipts.snapshot,
      totalCents: packageHoldings.totalAmountCents,
      taxCents: packageHoldings.taxCents,
      platformFeeCents: packageHoldings.platformFeeCents,
    })
    .from(receipts)
    .innerJoin(packageHoldings, eq(packageHoldings.id, receipts.packageHoldingId))
    .where(and(eq(receipts.packageHoldingId, holdingId), eq(receipts.kind, 'receipt')))
    .get()
  if (!original?.practitionerId) return null
  const from = { ...original, practitionerId: original.practitionerId }
  return insertRefundReceipt(tx, { packageHoldingId: holdingId }, from, refundCents, now)
}
