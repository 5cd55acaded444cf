import { eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { users } from '~/db/schema'
import { intakeStates } from '~/models/intake/intake-state.server'
import { clientSession, getBookingForClient } from './booking.server'

/**
 * A booking's confirmation page (`/bookings/:id`): the client's own booking, as
 * GET /api/bookings/:id answers it (so another person's booking is the same 404), with what
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
  return { ...session, practitioner }
}

export type BookingConfirmation = ReturnType<typeof getBookingConfirmation>
