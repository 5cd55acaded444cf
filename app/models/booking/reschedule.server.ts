import { and, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { bookings, timeSlots } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { multiLineText } from '~/lib/plain-text'
import { offerFreedSlot } from '~/models/waitlist/offers.server'
import { clientMayReschedule, holdLapsed } from './booking'
import { claimSlot, findBooking, type BookingRow } from './booking-state.server'
import { ALREADY_CANCELLED, SLOT_UNAVAILABLE, TimeSlotChoiceSchema } from './booking.server'
import { BOOKING_NOT_FOUND } from './payments.server'
import {
  MAX_MOVES,
  MOVE_MESSAGE_MAX,
  MOVE_MESSAGE_PRACTITIONER_ONLY,
  MOVE_MESSAGE_TOO_LONG,
  NOTHING_TO_ACCEPT,
  RESCHEDULE_WINDOW_CLOSED,
  SAME_TIME,
  STARTED_NOT_MOVABLE,
  TOO_MANY_MOVES,
  type Mover,
} from './reschedule'
import { queueMoveEmails } from './reschedule-emails.server'

/**
 * Moving a booking to another open slot of its service (docs/decisions/037-rescheduling.md).
 * Its client may while free cancellation applies; its practitioner any time before it starts,
 * and then the client is asked to accept the new time or cancel with a full refund. The booking
 * keeps its id, payment and price; one IMMEDIATE transaction claims the new slot (a conditional
 * update only one attempt can win) and frees the old one, so a race for a slot has one winner
 * and a refused move leaves the booking as it was.
 */

/**
 * A move, from either side's page or `PATCH /api/bookings/:id/reschedule`: the new time and the
 * practitioner's optional message to the client (plain text; empty is none, as a cleared field).
 */
export const RescheduleSchema = TimeSlotChoiceSchema.extend({
  message: multiLineText()
    // A form posts a textarea's line breaks as CRLF: one break, as the browser counted it for maxlength.
    .overwrite((text) => text.replace(/\r\n?/g, '\n'))
    .max(MOVE_MESSAGE_MAX, MOVE_MESSAGE_TOO_LONG)
    .optional(),
})

/**
 * The booking, if the person is its client or its practitioner (only that `side`, when given: a
 * page or form of one side), and who they are to it; else 404.
 */
export function findOwnBookingEitherSide(actor: { id: number }, bookingId: number, side?: Mover) {
  const row = getDb()
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), or(eq(bookings.clientId, actor.id), eq(bookings.practitionerId, actor.id))))
    .get()
  const by: Mover = row?.practitionerId === actor.id ? 'practitioner' : 'client'
  if (!row || (side && by !== side)) throw new AppError(BOOKING_NOT_FOUND, 404)
  return { row, by }
}

/** Throws the reason `by` may not move this booking now; nothing when they may. */
export function assertMovable(row: BookingRow, by: Mover, now: Date) {
  if (row.status === 'cancelled') throw new AppError(ALREADY_CANCELLED, 409)
  if (row.status === 'completed' || row.startTime.getTime() <= now.getTime() || holdLapsed(row, now)) {
    throw new AppError(STARTED_NOT_MOVABLE, 409)
  }
  if (row.moveCount >= MAX_MOVES) throw new AppError(TOO_MANY_MOVES, 409)
  if (by === 'client' && !clientMayReschedule({ ...row, free: row.totalAmountCents === 0 }, now))
    throw new AppError(RESCHEDULE_WINDOW_CLOSED, 409)
}

/** The open slot the booking may move to, or null: its service's, in the future, not booked. */
function openSlotFor(tx: Db | Tx, row: BookingRow, timeSlotId: number, now: Date) {
  if (row.serviceId === null || row.practitionerId === null) return null
  return (
    tx
      .select({ startTime: timeSlots.startTime, endTime: timeSlots.endTime })
      .from(timeSlots)
      .where(
        and(
          eq(timeSlots.id, timeSlotId),
          eq(timeSlots.serviceId, row.serviceId),
          eq(timeSlots.practitionerId, row.practitionerId),
          eq(timeSlots.isBooked, false),
          gt(timeSlots.startTime, now),
        ),
      )
      .get() ?? null
  )
}

/**
 * Moves the booking to `timeSlotId`, for its client or its practitioner (only that `side`, from
 * one side's page), at most MAX_MOVES times, and tells the other side (or, when the practitioner
 * moved it, asks the client to accept it): the emails are queued with the move and coalesced
 * with those of moves close after it (`reschedule-emails.server.ts`). A practitioner's `message`
 * goes with the new time (kept on the booking while the client's answer waits, and emailed); a
 * practitioner's move without one clears the last, and a client may not send one.
 */
export async function rescheduleBooking(
  actor: { id: number },
  bookingId: number,
  timeSlotId: number,
  { side, now = new Date(), message }: { side?: Mover; now?: Date; message?: string } = {},
) {
  const { row, by } = findOwnBookingEitherSide(actor, bookingId, side)
  if (message && by !== 'practitioner') throw new AppError(MOVE_MESSAGE_PRACTITIONER_ONLY, 400, 'message')
  assertMovable(row, by, now)
  getDb().transaction(
    (tx) => {
      const current = findBooking(tx, row.id)!
      assertMovable(current, by, now)
      if (current.timeSlotId === timeSlotId) throw new AppError(SAME_TIME, 409)
      const slot = openSlotFor(tx, current, timeSlotId, now)
      if (!slot || !claimSlot(tx, timeSlotId, now, current.serviceId!)) throw new AppError(SLOT_UNAVAILABLE, 409)
      if (current.timeSlotId !== null) {
        tx.run(sql`UPDATE time_slots SET is_booked = 0, updated_at = ${now.getTime()} WHERE id = ${current.timeSlotId}`)
        offerFreedSlot(tx, current.timeSlotId, now)
      }
      tx.update(bookings)
        .set({
          timeSlotId,
          startTime: slot.startTime,
          endTime: slot.endTime,
          rescheduledAt: now,
          // The client's answer is asked for a practitioner's move; their own move is their answer.
          movedByPractitionerAt: by === 'practitioner' ? now : null,
          // The message belongs to the move waiting for the client: a later move brings its own (or none).
          moveMessage: by === 'practitioner' && message ? message : null,
          sequence: sql`${bookings.sequence} + 1`,
          moveCount: sql`${bookings.moveCount} + 1`,
          updatedAt: now,
        })
        .where(eq(bookings.id, current.id))
        .run()
      queueMoveEmails(tx, current.id, by, { startTime: current.startTime, endTime: current.endTime }, now)
    },
    { behavior: 'immediate' },
  )
  return { id: row.id, movedBy: by }
}

/** The client takes the time their practitioner moved the session to (only a live booking's, once). */
export function acceptMove(client: { id: number }, bookingId: number, now = new Date()) {
  const { row } = findOwnBookingEitherSide(client, bookingId, 'client')
  const accepted = getDb()
    .update(bookings)
    .set({ movedByPractitionerAt: null, moveMessage: null, updatedAt: now })
    .where(
      and(
        eq(bookings.id, row.id),
        isNotNull(bookings.movedByPractitionerAt),
        inArray(bookings.status, ['pending', 'confirmed']),
      ),
    )
    .run()
  if (accepted.changes !== 1) throw new AppError(NOTHING_TO_ACCEPT, 409)
  return { id: row.id }
}
