import { getDb } from '~/db/client.server'
import { bookings } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { formatsFor } from '~/lib/i18n/formats'
import { currentLanguage } from '~/lib/i18n/i18n.server'
import { msg } from '~/lib/i18n/message'
import { log, logLine } from '~/lib/log.server'
import { centsToDollars } from '~/lib/money'
import { liveBookingsOf, removeAccount } from '~/models/accounts/user.server'
import { cancelLiveBooking, findBooking, isLive } from '~/models/booking/booking-state.server'
import { expireCheckoutQuietly, refundPayment } from '~/models/booking/payments.server'
import { composeRemovalNotices, sendRemovalNotices } from '~/models/booking/removal-emails.server'
import { packageRefundPreview, refundPackagesOfRemovedAccount } from '~/models/packages/package-refunds.server'
import { ADMIN_NOT_DELETABLE, BOOKED_MEANWHILE, deletedDetail, type RemovalPreview } from './admin'
import { personLabel, recordAdminAction, type Actor } from './audit.server'
import { requireManageable } from './users.server'

/**
 * An admin deleting a user who is not an admin (docs/decisions/022-admin-actions.md): what it
 * would do, counted for the confirmation, and doing it: full refunds first, then the account
 * through the one deletion path (`removeAccount`), then the other parties told.
 */

type LiveBooking = {
  id: number
  clientId: number | null
  practitionerId: number | null
  isPaid: boolean
  serviceName: string
  dueCents: number
  paymentIntentId: string | null
  checkoutSessionId: string | null
  /** Booked with a package session (decision 051): the session goes back to the package, which is refunded. */
  packageHoldingId: number | null
}

/** The user's pending and confirmed sessions, on either side, that have not ended; oldest first. */
function liveSessions(userId: number, now: Date): LiveBooking[] {
  return getDb()
    .select({
      id: bookings.id,
      clientId: bookings.clientId,
      practitionerId: bookings.practitionerId,
      isPaid: bookings.isPaid,
      serviceName: bookings.serviceName,
      totalAmountCents: bookings.totalAmountCents,
      refundedAmountCents: bookings.refundedAmountCents,
      paymentIntentId: bookings.stripePaymentIntentId,
      checkoutSessionId: bookings.stripeCheckoutSessionId,
      packageHoldingId: bookings.packageHoldingId,
    })
    .from(bookings)
    .where(liveBookingsOf(userId, now))
    .orderBy(bookings.startTime, bookings.id)
    .all()
    .map(({ totalAmountCents, refundedAmountCents, ...row }) => ({
      ...row,
      // A removal refunds in full whatever is still paid, however close the session is.
      dueCents: row.isPaid ? totalAmountCents - refundedAmountCents : 0,
    }))
}

function previewOf(userId: number, live: LiveBooking[], now: Date): RemovalPreview {
  const others = new Set(live.map((b) => (b.clientId === userId ? b.practitionerId : b.clientId)))
  others.delete(null)
  const refunded = live.filter((b) => b.dueCents > 0)
  return {
    sessions: live.length,
    // The unused sessions of the packages it holds or sold are refunded too (decision 051).
    refundCents: refunded.reduce((sum, b) => sum + b.dueCents, 0) + packageRefundPreview(userId, now),
    // A booking whose client is gone still refunds someone: count it on its own.
    refundedClients: new Set(refunded.map((b) => b.clientId ?? `booking-${b.id}`)).size,
    notified: others.size,
  }
}

/** What deleting the user would do, for the confirmation (403 for an admin, 404 unknown). */
export function previewUserRemoval(userId: number, now = new Date()) {
  const user = requireManageable(userId, ADMIN_NOT_DELETABLE)
  return { user, preview: previewOf(userId, liveSessions(userId, now), now) }
}

/** Cancels, in one transaction, the sessions whose refund went through. */
function cancelRefunded(ids: number[], now: Date) {
  if (!ids.length) return []
  return getDb().transaction(
    (tx) =>
      ids.filter((id) => {
        const current = findBooking(tx, id)
        // Its refund's own event may have cancelled it already.
        if (!current || !isLive(current)) return false
        cancelLiveBooking(tx, current, 'account_removed', now)
        return true
      }),
    { behavior: 'immediate' },
  )
}

/** The money in the language the refusal is answered in (the admin's). */
const refundFailed = (booking: LiveBooking) =>
  msg('admin:errors.refundFailed', {
    amount: formatsFor(currentLanguage()).money(booking.dueCents),
    service: booking.serviceName,
  })

/**
 * Deletes a user who is not an admin, cancelling their upcoming sessions first
 * (docs/decisions/022-admin-actions.md):
 * 1. every paid one, on either side, is refunded in full through the usual refund (the transfer
 *    and our fee come back), one after another. A refund that fails stops here with a 502: the
 *    account and every session not yet refunded are as they were (sessions already refunded
 *    are cancelled, since their money is back, and their other party told);
 * 2. the refunded ones are cancelled; unpaid ones have their Checkout expired;
 * 3. in one transaction, the rest are cancelled, the audit row written and the account deleted
 *    by the same path as a self-deletion (`removeAccount`), which refuses (409) if a session was
 *    booked meanwhile;
 * 4. the other person of each cancelled session is emailed.
 */
export async function removeUser(admin: Actor, userId: number, now = new Date()) {
  const user = requireManageable(userId, ADMIN_NOT_DELETABLE)
  const live = liveSessions(userId, now)
  const preview = previewOf(userId, live, now)
  const notices = composeRemovalNotices(
    live.map((b) => b.id),
    userId,
  )

  const refunded: number[] = []
  for (const booking of live.filter((b) => b.dueCents > 0)) {
    try {
      if (!booking.paymentIntentId) throw new Error('a paid booking without its payment')
      await refundPayment(booking.paymentIntentId, booking.id, `account-removal-${booking.id}`, booking.dueCents)
      refunded.push(booking.id)
    } catch (error) {
      log.error({ err: error }, logLine`[user ${userId}] removal: refund of booking ${booking.id} failed`)
      cancelRefunded(refunded, now)
      await sendRemovalNotices(notices, refunded)
      throw new AppError(refundFailed(booking), 502)
    }
  }
  cancelRefunded(refunded, now)
  // Everyone whose session is cancelled hears of it, whichever way it was cancelled.
  const told = [...refunded]

  // Sessions booked with a package go back to it first, so the unused sessions refunded include them.
  told.push(
    ...cancelRefunded(
      live.filter((b) => b.packageHoldingId !== null).map((b) => b.id),
      now,
    ),
  )
  try {
    await refundPackagesOfRemovedAccount(userId, now)
  } catch (error) {
    await sendRemovalNotices(notices, told)
    throw error
  }

  const unpaid = live.filter((b) => !b.isPaid && b.packageHoldingId === null)
  for (const booking of unpaid) {
    // It cannot take money once its session is gone.
    if (booking.checkoutSessionId) await expireCheckoutQuietly(booking.checkoutSessionId)
  }

  try {
    await removeAccount(userId, {
      whileLive: new AppError(BOOKED_MEANWHILE, 409),
      beforeDelete: (tx) => {
        for (const booking of unpaid) {
          const current = findBooking(tx, booking.id)
          if (!current || !isLive(current)) continue
          // Paid since it was counted: its money would not be refunded.
          if (current.isPaid) throw new AppError(BOOKED_MEANWHILE, 409)
          cancelLiveBooking(tx, current, 'account_removed', now)
        }
        recordAdminAction(tx, admin, {
          action: 'user_delete',
          targetId: userId,
          targetLabel: personLabel(user),
          // Values, not words: the trail shows them in each reading admin's language.
          detail: deletedDetail(user.role, preview.sessions, preview.refundCents),
        })
      },
    })
  } catch (error) {
    // The unpaid ones rolled back with the deletion: only the refunded ones were cancelled.
    await sendRemovalNotices(notices, told)
    throw error
  }
  await sendRemovalNotices(notices, [...told, ...unpaid.map((b) => b.id)])
  return {
    id: userId,
    cancelledSessions: preview.sessions,
    refundAmount: centsToDollars(preview.refundCents),
    refundedClients: preview.refundedClients,
  }
}
