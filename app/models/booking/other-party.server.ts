import { eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { users } from '~/db/schema'

/**
 * The other person of a booking as one `side` sees it (the client's practitioner, the
 * practitioner's client): their names, or null once their account is gone.
 */
export function otherPartyOf(
  booking: { clientId: number | null; practitionerId: number | null },
  side: 'client' | 'practitioner',
) {
  const otherId = side === 'client' ? booking.practitionerId : booking.clientId
  if (otherId === null) return null
  return (
    getDb()
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, otherId))
      .get() ?? null
  )
}
