import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { bookings, reviews, services, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { ALREADY_REVIEWED, NOT_ELIGIBLE_TO_REVIEW, ONLY_CLIENTS_REVIEW, type ReviewSchema } from './review'
import type { z } from 'zod'

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

type Reviewer = { id: number; isPractitioner: boolean; isAdmin: boolean }

/**
 * A session a review may be tied to: completed, and not one its practitioner marked missed (the
 * client did not attend). One review each (the `reviews` row naming it).
 */
const reviewableSession = () => and(eq(bookings.status, 'completed'), isNull(bookings.clientNoShowAt))

/**
 * The session a review from this client would be tied to (their newest completed session with
 * the practitioner that has no review yet and that they attended), or why there is none.
 */
function findReviewableSession(db: Db | Tx, clientId: number, practitionerId: number) {
  const completed = and(
    eq(bookings.clientId, clientId),
    eq(bookings.practitionerId, practitionerId),
    reviewableSession(),
  )
  const session = db
    .select({ id: bookings.id, serviceId: bookings.serviceId })
    .from(bookings)
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .where(and(completed, isNull(reviews.id)))
    .orderBy(desc(bookings.endTime))
    .get()
  if (session) return { session, blocker: null }
  const any = db.select({ id: bookings.id }).from(bookings).where(completed).get()
  return { session: null, blocker: any ? ALREADY_REVIEWED : NOT_ELIGIBLE_TO_REVIEW }
}

/**
 * Verified reviews: only a client with a completed session with this practitioner may review,
 * once per session. The practitioner's and the service's rating move in the same transaction.
 */
export function createReview(reviewer: Reviewer, input: z.output<typeof ReviewSchema>) {
  if (reviewer.isPractitioner || reviewer.isAdmin) throw new AppError(ONLY_CLIENTS_REVIEW, 403)
  return getDb().transaction(
    (tx) => {
      const { session, blocker } = findReviewableSession(tx, reviewer.id, input.practitionerId)
      if (!session) throw new AppError(blocker, blocker === ALREADY_REVIEWED ? 409 : 403)
      const review = tx
        .insert(reviews)
        .values({
          bookingId: session.id,
          clientId: reviewer.id,
          practitionerId: input.practitionerId,
          serviceId: session.serviceId,
          rating: input.rating,
          content: input.content,
        })
        .returning({ id: reviews.id, rating: reviews.rating, content: reviews.content, createdAt: reviews.createdAt })
        .get()
      recomputeRatings(tx, {
        practitionerIds: [input.practitionerId],
        serviceIds: session.serviceId ? [session.serviceId] : [],
      })
      return { ...review, createdAt: review.createdAt.toISOString() }
    },
    { behavior: 'immediate' },
  )
}

/**
 * Why this client cannot review this practitioner yet, or null when they can. The profile's
 * review dialog shows it before they write anything, with the message createReview would give.
 */
export function reviewBlocker(clientId: number, practitionerId: number) {
  return findReviewableSession(getDb(), clientId, practitionerId).blocker
}

/**
 * True when this booking of the client's still waits for its review (the booking page's "Write a
 * Review", leading to the profile's dialog, where `createReview` ties it to a session by the same rule).
 */
export function isBookingReviewable(clientId: number, bookingId: number) {
  return Boolean(
    getDb()
      .select({ id: bookings.id })
      .from(bookings)
      .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
      .where(
        and(
          eq(bookings.id, bookingId),
          eq(bookings.clientId, clientId),
          isNotNull(bookings.practitionerId),
          reviewableSession(),
          isNull(reviews.id),
        ),
      )
      .get(),
  )
}
