import { userSpecialties, users } from '~/db/schema'
import { DAY_MS } from '~/lib/zoned-time'
import { DEMO_ADMIN, DEMO_CLIENT, OTHER_CLIENTS, PRACTITIONERS, type PersonSeed } from './data/accounts'
import { PROFESSIONAL_DETAILS } from './data/professional-details'
import type { Tx } from './types'

export interface SeededPerson {
  id: number
  key: string
  firstName: string
  timeZone: string
  isPractitioner: boolean
  isNewcomer: boolean
  joinedAt: Date
}

/** Inserts the demo accounts, clients and practitioners (with their specialties and professional details). */
export function insertDemoPeople(tx: Tx, passwordHash: string, now: Date) {
  const people = new Map<string, SeededPerson>()

  function insert(person: PersonSeed, extra: Partial<typeof users.$inferInsert>, isNewcomer = false) {
    const joined = new Date(now.getTime() - person.joinedDaysAgo * DAY_MS)
    const row = tx
      .insert(users)
      .values({
        email: person.email,
        passwordHash,
        firstName: person.firstName,
        lastName: person.lastName,
        phoneNumber: person.phoneNumber,
        country: person.country,
        timeZone: person.timeZone,
        createdAt: joined,
        updatedAt: joined,
        ...extra,
      })
      .returning({ id: users.id })
      .get()
    people.set(person.key, {
      id: row.id,
      key: person.key,
      firstName: person.firstName,
      timeZone: person.timeZone,
      isPractitioner: Boolean(extra.isPractitioner),
      isNewcomer,
      joinedAt: joined,
    })
    return row.id
  }

  insert(DEMO_ADMIN, { isAdmin: true })
  insert(DEMO_CLIENT, {})
  for (const client of OTHER_CLIENTS) insert(client, {})

  for (const practitioner of PRACTITIONERS) {
    const id = insert(
      practitioner,
      {
        isPractitioner: true,
        title: practitioner.title,
        bio: practitioner.bio,
        profileImageUrl: practitioner.profileImageUrl,
        // Connected payment accounts that finished onboarding, so every paid service is bookable.
        stripeAccountId: practitioner.stripeAccountId,
        stripeAccountStatus: 'active',
        onboardingComplete: true,
        ...PROFESSIONAL_DETAILS[practitioner.key],
      },
      practitioner.isNewcomer,
    )
    tx.insert(userSpecialties)
      .values(
        practitioner.specialties.map((specialty, position) => ({
          userId: id,
          specialty,
          position,
        })),
      )
      .run()
  }
  return people
}
