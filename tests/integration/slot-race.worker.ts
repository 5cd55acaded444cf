import { getDb } from '~/db/client.server'
import { isAppError } from '~/lib/errors'
import { claimSlot } from '~/models/booking/booking-state.server'
import { createBooking, type BookingActor } from '~/models/booking/booking.server'
import { rescheduleBooking } from '~/models/booking/reschedule.server'
import { claimOffer } from '~/models/waitlist/claim.server'

/**
 * One contender of slot-race.test.ts, in a process of its own with its own SQLite connection
 * to the test's database (DATABASE_PATH): on each round it waits for the agreed instant, then
 * tries to take the round's slot through the real model, the way a booking request does
 * (`createBooking`), the way a late payment takes back its lapsed slot (`claimSlot` in an
 * IMMEDIATE transaction, as `recordPayment` does), or by moving the contender's own booking
 * there (`rescheduleBooking`), or by taking a waitlist offer of it (`claimOffer`), and reports
 * what it got.
 */

export type Attempt = {
  round: number
  slotId: number
  serviceId: number
  client: BookingActor
  way: 'book' | 'claim' | 'move' | 'take'
  /** For `move`: the client's booking to move to the slot. */
  bookingId?: number
  /** For `take`: the waitlist offer (the client's own) holding the slot. */
  offerId?: number
  /** For `book`: with a session of the client's package (docs/decisions/051-packages.md). */
  usePackage?: boolean
  /** The instant (ms since the epoch) every contender starts at. */
  at: number
}

export type Outcome = {
  round: number
  way: Attempt['way']
  won: boolean
  /** A refusal by a rule (AppError), as the person would read it. */
  refusal?: { status: number; message: string }
  /** Anything else: the race broke something. */
  failure?: string
}

async function attempt({
  round,
  slotId,
  serviceId,
  client,
  way,
  bookingId,
  offerId,
  usePackage,
}: Attempt): Promise<Outcome> {
  try {
    if (way === 'take') {
      await claimOffer(client, { id: offerId! })
      return { round, way, won: true }
    }
    if (way === 'move') {
      await rescheduleBooking(client, bookingId!, slotId)
      return { round, way, won: true }
    }
    if (way === 'claim') {
      const won = getDb().transaction((tx) => claimSlot(tx, slotId, new Date()), { behavior: 'immediate' })
      return { round, way, won }
    }
    await createBooking(client, { serviceId, timeSlotId: slotId, usePackage })
    return { round, way, won: true }
  } catch (error) {
    if (isAppError(error)) return { round, way, won: false, refusal: { status: error.status, message: error.message } }
    const code =
      (error as { code?: string; cause?: { code?: string } }).code ??
      (error as { cause?: { code?: string } }).cause?.code
    return {
      round,
      way,
      won: false,
      failure: `${code ?? ''} ${error instanceof Error ? error.message : String(error)}`,
    }
  }
}

/** Sleeps until just before `at`, then spins, so every contender starts within a hair of it. */
async function waitFor(at: number) {
  const early = at - Date.now() - 2
  if (early > 0) await new Promise((resolve) => setTimeout(resolve, early))
  while (Date.now() < at) {
    // spin
  }
}

process.on('message', (message: Attempt | 'exit') => {
  if (message === 'exit') {
    process.disconnect()
    return
  }
  void waitFor(message.at)
    .then(() => attempt(message))
    .then((outcome) => process.send!(outcome))
})

// Open the connection before saying ready, so the first round measures the race, not start-up.
getDb().$client.prepare('SELECT 1').get()
process.send!('ready')
