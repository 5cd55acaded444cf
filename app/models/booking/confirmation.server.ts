import { eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { users } from '~/db/schema'
import { intakeStates } from '~/models/intake/intake-state.server'
import { isBookingReviewable } from '~/models/marketplace/review.server'
import { getBookingForClient } from './booking-read.server'
import { clientSession } from './client-sessions.server'
import { disputeNoShowRefusal } from './no-show'

/**
 * A booking's confirmation page (`/bookings/:id`): the client's own booking, as
 * GET /api/bookings/:id reads it (so another person's booking is the same 404), with what
 * the client may do now and the practitioner as their public profile shows them (null once
 * that account is deleted).
 */
export function getBookingConfirmation(client: { id: number }, bookingId: number, now = new Date()) {
  const session = clientSession(
    getBookingForClient(client, bookingId),
    now,
    intakeStates([bookingId]).get(bookingId) ?? null,
  )
  const practitioner =
    session.practitionerId === null
      ? null
      : (getDb()
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            title: users.title,
            profileImageUrl: users.profileImageUrl,
          })
          .from(users)
          .where(eq(users.id, session.practitionerId))
          .get() ?? null)
  const ended =
    session.status === 'completed' || (session.status === 'confirmed' && session.endTime.getTime() <= now.getTime())
  return {
    ...session,
    practitioner,
    // Marked absent: the client may tell the admins they were there ("I was there"), once.
    noShowDisputed: session.clientNoShowDisputedAt !== null,
    canDisputeNoShow: disputeNoShowRefusal({ ...session, practitionerNoShowReportedAt: null }, now) === null,
    // After the session: Book Again (its service), and Write a Review while it waits for one.
    ended,
    canReview: ended && practitioner !== null && isBookingReviewable(client.id, session.id),
  }
}

export type BookingConfirmation = ReturnType<typeof getBookingConfirmation>
