import { desc, eq, sql, type SQL } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { bookings, payouts } from '~/db/schema'
import { packageEarningsCents } from '~/models/packages/holdings.server'

/**
 * What a practitioner earned (Earnings, Settings and the dashboard's card). Amounts are cents
 * here; screens and /api turn them into dollars at the edge.
 */

/**
 * The practitioner's share of one booking after refunds, in cents: a refund takes back the
 * same proportion of their share as of the total (the transfer is reversed with it; the
 * platform fee is refunded too). Integer division, so a partial refund never credits a cent
 * that was not received; a free booking (total 0) has nothing to refund.
 * Only meaningful for paid bookings: callers filter on `is_paid`.
 */
export const practitionerNetCents = sql<number>`(${bookings.practitionerAmountCents} - CASE WHEN ${bookings.totalAmountCents} > 0 THEN ${bookings.refundedAmountCents} * ${bookings.practitionerAmountCents} / ${bookings.totalAmountCents} ELSE 0 END)`

/** Sum of the net share over paid bookings matching `condition` (all of them without one). */
export function paidNetSum(condition?: SQL) {
  const when = condition ? sql`${bookings.isPaid} = 1 AND ${condition}` : sql`${bookings.isPaid} = 1`
  return sql<number>`coalesce(sum(CASE WHEN ${when} THEN ${practitionerNetCents} ELSE 0 END), 0)`
}

export type EarningsSummary = {
  /** Every paid booking, whatever its status, and every paid package, net of refunds. */
  totalEarningsCents: number
  /** Paid sessions not held yet (confirmed), net of refunds. */
  pendingEarningsCents: number
  /** Sessions that took place. */
  completedBookings: number
}

export function getEarningsSummary(practitionerId: number): EarningsSummary {
  const row = getDb()
    .select({
      total: paidNetSum(),
      pending: paidNetSum(sql`${bookings.status} = 'confirmed'`),
      completed: sql<number>`count(CASE WHEN ${bookings.status} = 'completed' THEN 1 END)`,
    })
    .from(bookings)
    .where(eq(bookings.practitionerId, practitionerId))
    .get()
  return {
    // Packages count when paid, net of their refunds; their bookings carry no money (decision 051).
    totalEarningsCents: (row?.total ?? 0) + packageEarningsCents(practitionerId),
    pendingEarningsCents: row?.pending ?? 0,
    completedBookings: row?.completed ?? 0,
  }
}

export type Payout = { id: number; amountCents: number; createdAt: Date; status: string }

/** The 'Automatic Transfers' list: the practitioner's transfers, newest first. */
export function listPayouts(practitionerId: number): Payout[] {
  return getDb()
    .select({ id: payouts.id, amountCents: payouts.amountCents, createdAt: payouts.createdAt, status: payouts.status })
    .from(payouts)
    .where(eq(payouts.practitionerId, practitionerId))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .all()
}
