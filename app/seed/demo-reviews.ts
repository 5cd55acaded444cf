import { reviews } from '~/db/schema'
import { recomputeRatings } from '~/models/marketplace/review.server'
import type { PlannedSession } from './demo-sessions'
import type { Tx } from './types'

/**
 * Writes one review per reviewed session, then lets the review model set every rating and
 * review count, so the seeded numbers come from the same code as the app's.
 */
export function insertReviews(
  tx: Tx,
  sessions: PlannedSession[],
  bookingIds: Map<PlannedSession, number>,
  ids: { practitionerIds: number[]; serviceIds: number[] },
) {
  const reviewed = sessions
    .filter((session) => session.review && session.status === 'completed')
    .sort((a, b) => (a.review?.createdAt.getTime() ?? 0) - (b.review?.createdAt.getTime() ?? 0))
  for (const session of reviewed) {
    const review = session.review
    if (!review) continue
    tx.insert(reviews)
      .values({
        bookingId: bookingIds.get(session),
        clientId: session.clientId,
        practitionerId: session.service.practitionerId,
        serviceId: session.service.id,
        rating: review.rating,
        content: review.content,
        createdAt: review.createdAt,
        updatedAt: review.createdAt,
      })
      .run()
  }
  recomputeRatings(tx, ids)
  return reviewed.length
}
