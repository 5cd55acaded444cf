import { and, eq, gt, or, sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { packageHoldings } from '~/db/schema'
import { getStripe } from '~/integrations/stripe.server'
import { AppError } from '~/lib/errors'
import { log, logLine } from '~/lib/log.server'
import { findHolding } from './holdings.server'
import { HOLDING_NOT_FOUND, NOTHING_TO_REFUND, PACKAGE_REFUND_FAILED } from './package'
import { sendPackageRefunded } from './package-emails.server'
import { unusedSessionsRefund } from './package-money'
import { issuePackageRefundReceipt } from './package-receipts.server'

/**
 * Refunding a package's unused sessions (docs/decisions/051-packages.md): their share of what
 * was paid goes back through the payment provider with the practitioner's transfer and our fee
 * reversed in proportion, as a booking's refund does, and a refund receipt is issued in the
 * transaction that records it. The sessions are set aside first, in an IMMEDIATE transaction,
 * so no booking takes one while the refund is on its way; a refund the provider refuses gives
 * them back.
 */

async function refundUnused(holdingId: number, reason: string, now: Date) {
  const reserved = getDb().transaction(
    (tx) => {
      const holding = findHolding(tx, holdingId)
      if (!holding || holding.status !== 'paid') throw new AppError(HOLDING_NOT_FOUND, 404)
      const unused = holding.sessionsTotal - holding.sessionsUsed - holding.sessionsRefunded
      if (unused <= 0) throw new AppError(NOTHING_TO_REFUND, 409)
      const refund = unusedSessionsRefund(holding, unused, holding.refundedAmountCents)
      tx.update(packageHoldings)
        .set({ sessionsRefunded: holding.sessionsRefunded + unused, updatedAt: now })
        .where(eq(packageHoldings.id, holding.id))
        .run()
      return {
        unused,
        refundCents: refund.refundCents,
        refundedBefore: holding.refundedAmountCents,
        sessionsRefundedBefore: holding.sessionsRefunded,
        paymentIntentId: holding.stripePaymentIntentId!,
      }
    },
    { behavior: 'immediate' },
  )
  if (reserved.refundCents > 0) {
    try {
      const stripe = await getStripe()
      await stripe.refunds.create(
        {
          payment_intent: reserved.paymentIntentId,
          amount: reserved.refundCents,
          reverse_transfer: true,
          refund_application_fee: true,
          metadata: { packageHoldingId: String(holdingId) },
        },
        // The same sessions refunded twice (a retry) is one refund.
        { idempotencyKey: `package-${reason}-${holdingId}-${reserved.sessionsRefundedBefore}` },
      )
    } catch (error) {
      log.error({ err: error }, logLine`[package ${holdingId}] refund failed`)
      getDb()
        .update(packageHoldings)
        .set({ sessionsRefunded: sql`${packageHoldings.sessionsRefunded} - ${reserved.unused}`, updatedAt: now })
        .where(and(eq(packageHoldings.id, holdingId), sql`${packageHoldings.sessionsRefunded} >= ${reserved.unused}`))
        .run()
      throw new AppError(PACKAGE_REFUND_FAILED, 502)
    }
    await packageRefundRecorded(
      {
        paymentIntentId: reserved.paymentIntentId,
        amountRefundedCents: reserved.refundedBefore + reserved.refundCents,
      },
      now,
    )
  }
  return { id: holdingId, sessionsRefunded: reserved.unused, refundCents: reserved.refundCents }
}

/** The practitioner refunds the unused sessions of a package they sold (another's: 404). */
export async function refundUnusedSessions(practitionerId: number, holdingId: number, now = new Date()) {
  const own = getDb()
    .select({ id: packageHoldings.id })
    .from(packageHoldings)
    .where(and(eq(packageHoldings.id, holdingId), eq(packageHoldings.practitionerId, practitionerId)))
    .get()
  if (!own) throw new AppError(HOLDING_NOT_FOUND, 404)
  return refundUnused(holdingId, 'refund', now)
}

/**
 * An admin removes an account: every package it holds or sold with unused sessions still valid
 * is refunded for them, one after another; the first refund that fails stops with its 502.
 * Answers the total refunded, in cents.
 */
export async function refundPackagesOfRemovedAccount(userId: number, now = new Date()) {
  const held = getDb()
    .select({ id: packageHoldings.id })
    .from(packageHoldings)
    .where(
      and(
        or(eq(packageHoldings.clientId, userId), eq(packageHoldings.practitionerId, userId)),
        eq(packageHoldings.status, 'paid'),
        gt(packageHoldings.expiresAt, now),
        sql`${packageHoldings.sessionsUsed} + ${packageHoldings.sessionsRefunded} < ${packageHoldings.sessionsTotal}`,
      ),
    )
    .all()
  let refunded = 0
  for (const { id } of held) refunded += (await refundUnused(id, 'account-removal', now)).refundCents
  return refunded
}

/**
 * What refunding a removed account's packages would give back, for the admin's confirmation:
 * the unused sessions and those of its package bookings still to come, which the removal
 * cancels (giving them back) before refunding.
 */
export function packageRefundPreview(userId: number, now = new Date()) {
  const comingBack = sql<number>`(SELECT count(*) FROM bookings b WHERE b.package_holding_id = package_holdings.id
    AND b.status IN ('pending', 'confirmed') AND b.end_time > ${now.getTime()})`
  return getDb()
    .select({ holding: packageHoldings, comingBack })
    .from(packageHoldings)
    .where(
      and(
        or(eq(packageHoldings.clientId, userId), eq(packageHoldings.practitionerId, userId)),
        eq(packageHoldings.status, 'paid'),
        gt(packageHoldings.expiresAt, now),
      ),
    )
    .all()
    .reduce((sum, { holding, comingBack: back }) => {
      const unused = holding.sessionsTotal - holding.sessionsUsed - holding.sessionsRefunded + back
      return sum + unusedSessionsRefund(holding, unused, holding.refundedAmountCents).refundCents
    }, 0)
}

/**
 * A refund of a package's payment is recorded (after our own refund call, and again from the
 * payment provider's `charge.refunded`, in either order): the refunded total never goes down,
 * and each new amount issues its refund receipt in the same transaction. Null when the payment
 * is not a package's.
 */
export function recordPackageRefund(
  charge: { paymentIntentId: string; amountRefundedCents: number },
  now = new Date(),
) {
  return getDb().transaction(
    (tx) => {
      const holding = tx
        .select()
        .from(packageHoldings)
        .where(eq(packageHoldings.stripePaymentIntentId, charge.paymentIntentId))
        .get()
      if (!holding) return null
      const refunded = Math.min(
        holding.totalAmountCents,
        Math.max(holding.refundedAmountCents, charge.amountRefundedCents),
      )
      const added = refunded - holding.refundedAmountCents
      if (added > 0) {
        tx.update(packageHoldings)
          .set({ refundedAmountCents: refunded, updatedAt: now })
          .where(eq(packageHoldings.id, holding.id))
          .run()
        issuePackageRefundReceipt(tx, holding.id, added, now)
      }
      return { holdingId: holding.id, added }
    },
    { behavior: 'immediate' },
  )
}

/** Records a package's refund (`recordPackageRefund`) and tells the client of a new amount, with its refund receipt. */
export async function packageRefundRecorded(
  charge: { paymentIntentId: string; amountRefundedCents: number },
  now = new Date(),
) {
  const recorded = recordPackageRefund(charge, now)
  if (recorded && recorded.added > 0) await sendPackageRefunded(recorded.holdingId, recorded.added)
  return recorded
}
