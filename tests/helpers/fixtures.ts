import { getDb } from '~/db/client.server'
import { bookings, reviews, services, timeSlots } from '~/db/schema'

/** Rows inserted directly, for states that would take many screens to reach. */

const HOUR = 60 * 60 * 1000

export function insertService(practitionerId: number, overrides: Partial<typeof services.$inferInsert> = {}) {
  return getDb()
    .insert(services)
    .values({
      practitionerId,
      name: 'Breathwork session',
      description: 'A guided breathwork session.',
      category: 'Meditation',
      priceCents: 5000,
      durationMinutes: 60,
      ...overrides,
    })
    .returning()
    .get()
}

/** A slot and a booking on it, starting `startsInHours` from now (negative: in the past). */
export function insertBooking({
  clientId,
  practitionerId,
  serviceId,
  startsInHours,
  status = 'confirmed',
}: {
  clientId: number
  practitionerId: number
  serviceId: number
  startsInHours: number
  status?: (typeof bookings.$inferInsert)['status']
}) {
  const db = getDb()
  const startTime = new Date(Date.now() + startsInHours * HOUR)
  const endTime = new Date(startTime.getTime() + HOUR)
  const slot = db
    .insert(timeSlots)
    .values({ practitionerId, serviceId, startTime, endTime, isBooked: true })
    .returning()
    .get()
  return db
    .insert(bookings)
    .values({
      serviceId,
      clientId,
      practitionerId,
      timeSlotId: slot.id,
      serviceName: 'Breathwork session',
      durationMinutes: 60,
      startTime,
      endTime,
      status,
      totalAmountCents: 5000,
      platformFeeCents: 250,
      practitionerAmountCents: 4750,
      isPaid: true,
    })
    .returning()
    .get()
}

export function insertReview(values: typeof reviews.$inferInsert) {
  return getDb().insert(reviews).values(values).returning().get()
}
