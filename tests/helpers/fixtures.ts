import { eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { bookings, reviews, services, timeSlots, users, userSpecialties } from '~/db/schema'
import { createUser } from './users'

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
      // Cancelled as the app cancels: the calendar event's next revision.
      ...(status === 'cancelled'
        ? { cancellationReason: 'client' as const, cancelledAt: new Date(), sequence: 1 }
        : {}),
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

/* Marketplace fixtures (browsing, reviews, messages). */

type UserValues = Partial<typeof users.$inferInsert>

/** Writes columns of a users row directly (profile fields, rating, payment onboarding). */
export function updateUserRow(userId: number, values: UserValues) {
  getDb().update(users).set(values).where(eq(users.id, userId)).run()
}

/** Writes columns of a services row directly (isActive, price, rating...). */
export function updateServiceRow(serviceId: number, values: Partial<typeof services.$inferInsert>) {
  getDb().update(services).set(values).where(eq(services.id, serviceId)).run()
}

/** Replaces a practitioner's specialties (in this order). */
export function setSpecialties(userId: number, specialties: string[]) {
  const db = getDb()
  db.delete(userSpecialties).where(eq(userSpecialties.userId, userId)).run()
  if (specialties.length) {
    db.insert(userSpecialties)
      .values(specialties.map((specialty, position) => ({ userId, specialty, position })))
      .run()
  }
}

export type PractitionerFixture = {
  firstName?: string
  lastName?: string
  title?: string | null
  bio?: string | null
  profileImageUrl?: string | null
  /** Has a connected account that can take payments (default true), so paid services are listed. */
  onboardingComplete?: boolean
  specialties?: string[]
  rating?: number
  reviewCount?: number
  timeZone?: string
}

/**
 * A practitioner whose profile is complete (photo, title, bio) and who can take payments,
 * so they and their active services are listed. Pass `null` for a profile field to leave it
 * missing.
 */
export async function createListedPractitioner(fixture: PractitionerFixture = {}) {
  const user = await createUser({
    isPractitioner: true,
    firstName: fixture.firstName ?? 'Avery',
    lastName: fixture.lastName ?? 'Stone',
    ...(fixture.timeZone ? { timeZone: fixture.timeZone } : {}),
  })
  const profile = {
    title: fixture.title === undefined ? 'Wellness Coach' : fixture.title,
    bio: fixture.bio === undefined ? 'Helping people feel better, one session at a time.' : fixture.bio,
    profileImageUrl: fixture.profileImageUrl === undefined ? '/uploads/images/avery.webp' : fixture.profileImageUrl,
    onboardingComplete: fixture.onboardingComplete ?? true,
    // The payments emulator treats `acct_demo…` accounts as onboarded, like the seeded ones.
    stripeAccountId: (fixture.onboardingComplete ?? true) ? `acct_demo_fixture_${user.id}` : null,
    ...(fixture.rating !== undefined ? { rating: fixture.rating } : {}),
    ...(fixture.reviewCount !== undefined ? { reviewCount: fixture.reviewCount } : {}),
  }
  updateUserRow(user.id, profile)
  setSpecialties(user.id, fixture.specialties ?? [])
  return { ...user, ...profile, specialties: fixture.specialties ?? [] }
}

/** An open (or booked) slot of a service, from `startTime` for `minutes`. */
export function insertSlot({
  practitionerId,
  serviceId,
  startTime,
  minutes = 60,
  isBooked = false,
}: {
  practitionerId: number
  serviceId: number | null
  startTime: Date
  minutes?: number
  isBooked?: boolean
}) {
  return getDb()
    .insert(timeSlots)
    .values({
      practitionerId,
      serviceId,
      startTime,
      endTime: new Date(startTime.getTime() + minutes * 60_000),
      isBooked,
    })
    .returning()
    .get()
}

/** A session that took place and is completed (a booking `hoursAgo` in the past). */
export function insertCompletedSession(values: {
  clientId: number
  practitionerId: number
  serviceId: number
  hoursAgo?: number
}) {
  const { hoursAgo = 48, ...rest } = values
  return insertBooking({ ...rest, startsInHours: -hoursAgo, status: 'completed' })
}
