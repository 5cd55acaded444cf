import { intakeStates, type IntakeState } from '~/models/intake/intake-state.server'
import { canJoinSession, clientMayReschedule, holdLapsed } from './booking'
import { listClientBookings, type Booking } from './booking-read.server'
import { isCancellable } from './booking.server'
import { reportNoShowRefusal } from './no-show'

/**
 * A booking with what its client may do with it now (the dashboard's cards, its confirmation
 * page); `intake`: where its intake form stands, when its practitioner asks one.
 */
export function clientSession(booking: Booking, now = new Date(), intake: IntakeState | null = null) {
  // Live and not started: still ahead, so it may be cancelled (and added to a calendar).
  const upcoming = isCancellable(booking, now)
  const lapsed = holdLapsed(booking, now)
  return {
    ...booking,
    upcoming,
    // A lapsed hold is released by the sweeper within the minute: Book Again is what is offered.
    canCancel: upcoming && !lapsed,
    // Moved to another time by the client themselves while free cancellation applies.
    canReschedule:
      !lapsed &&
      clientMayReschedule(
        { status: booking.status, free: booking.totalAmountCents === 0, startTime: booking.startTime },
        now,
      ),
    canJoin: canJoinSession(booking, now),
    // A pending booking can still be paid while its hold lasts.
    awaitingPayment:
      booking.status === 'pending' &&
      !booking.isPaid &&
      booking.holdExpiresAt !== null &&
      booking.holdExpiresAt.getTime() > now.getTime(),
    // Its hold ran out unpaid: said as such, with a way to book the time again.
    holdLapsed: lapsed,
    // Asked before a session still to come (a closed one says nothing more).
    intake: upcoming ? intake : intake === 'sent' ? intake : null,
    // The practitioner may not have come: the client can tell us, from the start until 7 days after.
    canReportNoShow: reportNoShowRefusal({ ...booking, clientNoShowAt: null }, now) === null,
  }
}

export type ClientSession = ReturnType<typeof clientSession>

/**
 * The client's sessions for the dashboard, in three lists:
 * - upcoming: not ended yet, soonest first, with those awaiting payment on top (they need the
 *   client now: the hold runs out);
 * - past: ended (or completed), newest first;
 * - cancelled: kept out of both, newest first, each with the refund it got.
 * Each says what the client may do now; the counts are those of the dashboard's cards.
 */
export function getClientSessions(client: { id: number }, now = new Date()) {
  const all = listClientBookings(client)
  const intake = intakeStates(all.map((booking) => booking.id))
  const sessions = all.map((booking) => clientSession(booking, now, intake.get(booking.id) ?? null))
  const cancelled = sessions.filter((s) => s.status === 'cancelled')
  const held = sessions.filter((s) => s.status !== 'cancelled')
  const notEnded = (s: ClientSession) => s.status !== 'completed' && s.endTime.getTime() > now.getTime()
  const upcoming = held
    .filter(notEnded)
    .sort(
      (a, b) => Number(b.awaitingPayment) - Number(a.awaitingPayment) || a.startTime.getTime() - b.startTime.getTime(),
    )
  return {
    upcoming,
    past: held.filter((s) => !notEnded(s)),
    cancelled,
    counts: {
      total: held.length,
      // The sessions the Upcoming list shows, those awaiting payment included: a card saying
      // 0 above a pending session would be false.
      upcoming: upcoming.length,
      completed: held.filter((s) => s.status === 'completed').length,
      cancelled: cancelled.length,
    },
  }
}
