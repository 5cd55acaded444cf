import { inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '~/db/client.server'
import { reviews, services, users } from '~/db/schema'

/**
 * Sets the rating (average) and review count of these practitioners and services from their
 * reviews. Called inside the transaction that added or removed reviews, so the numbers on
 * cards never disagree with the reviews shown.
 */
export function recomputeRatings(
  tx: Db | Tx,
  { practitionerIds = [], serviceIds = [] }: { practitionerIds?: number[]; serviceIds?: number[] },
) {
  const uniquePractitioners = [...new Set(practitionerIds)]
  const uniqueServices = [...new Set(serviceIds)]
  if (uniquePractitioners.length) {
    tx.update(users)
      .set({
        rating: sql`coalesce((select avg(${reviews.rating}) from ${reviews} where ${reviews.practitionerId} = ${users.id}), 0)`,
        reviewCount: sql`(select count(*) from ${reviews} where ${reviews.practitionerId} = ${users.id})`,
      })
      .where(inArray(users.id, uniquePractitioners))
      .run()
  }
  if (uniqueServices.length) {
    tx.update(services)
      .set({
        rating: sql`coalesce((select avg(${reviews.rating}) from ${reviews} where ${reviews.serviceId} = ${services.id}), 0)`,
        reviewCount: sql`(select count(*) from ${reviews} where ${reviews.serviceId} = ${services.id})`,
      })
      .where(inArray(services.id, uniqueServices))
      .run()
  }
}
