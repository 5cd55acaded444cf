import { splitFee } from '~/lib/money'
import { DAY_MS, type createDayClock } from '~/lib/zoned-time'
import { LUKEWARM_REVIEWS, WARM_REVIEWS } from './data/reviews'
import type { Category } from './data/services'
import type { BenchPractitioner } from './large-people'
import type { BenchService } from './large-services'
import type { LargeInserts } from './large-statements'
import type { Random } from './random'

const MINUTE_MS = 60_000
/** 10:00, 12:00 or 14:00: one past session a weekday per practitioner, so none overlap. */
const PAST_STARTS_AFTER_NINE = [60, 180, 300]

/**
 * Completed, reviewed past sessions (slot + booking + payout + review each). Practitioners are
 * drawn with a skew (index ~ P·r²) so a few have hundreds of reviews, as popular ones do,
 * which is what review lists and rating sorts need to be measured against.
 */
export function insertBenchReviews(
  ins: LargeInserts,
  practitioners: BenchPractitioner[],
  servicesByPractitioner: BenchService[][],
  clientIds: number[],
  count: number,
  random: Random,
  day: ReturnType<typeof createDayClock>,
  nowMs: number,
) {
  const pastSessions = new Int32Array(practitioners.length)
  const practitionerIds = new Set<number>()
  const serviceIds = new Set<number>()
  for (let j = 0; j < count; j++) {
    const r = random.next()
    const p = Math.min(practitioners.length - 1, Math.floor(practitioners.length * r * r))
    const practitioner = practitioners[p] as BenchPractitioner
    const service = random.pick(servicesByPractitioner[p] ?? [])
    let daysBack = (pastSessions[p] ?? 0) + 1
    while (!day(practitioner.timeZone, -daysBack).isWeekday) daysBack++
    pastSessions[p] = daysBack
    const start = day(practitioner.timeZone, -daysBack).at + random.pick(PAST_STARTS_AFTER_NINE) * MINUTE_MS
    const end = start + service.durationMinutes * MINUTE_MS
    const bookedAt = start - 3 * DAY_MS
    const slotId = Number(
      ins.slot.run(practitioner.id, service.id, start, end, 1, null, start - 7 * DAY_MS, bookedAt).lastInsertRowid,
    )
    const clientId = random.pick(clientIds)
    const paid = service.priceCents > 0
    const fee = splitFee(service.priceCents)
    const ref = `bench_${j + 1}`
    const bookingId = Number(
      ins.booking.run({
        serviceId: service.id,
        clientId,
        practitionerId: practitioner.id,
        timeSlotId: slotId,
        serviceName: service.name,
        durationMinutes: service.durationMinutes,
        startTime: start,
        endTime: end,
        totalAmountCents: service.priceCents,
        platformFeeCents: fee.platformFeeCents,
        practitionerAmountCents: fee.practitionerAmountCents,
        isPaid: paid ? 1 : 0,
        paymentIntentId: paid ? `pi_${ref}` : null,
        checkoutSessionId: paid ? `cs_${ref}` : null,
        createdAt: bookedAt,
        updatedAt: end,
      }).lastInsertRowid,
    )
    if (paid) {
      ins.payout.run(practitioner.id, bookingId, `tr_${ref}`, fee.practitionerAmountCents, bookedAt, bookedAt)
    }
    const rating = random.weighted([
      [5, 0.55],
      [4, 0.33],
      [3, 0.12],
    ] as const)
    const reviewedAt = Math.min(nowMs - MINUTE_MS, end + random.int(1, 72) * 60 * MINUTE_MS)
    ins.review.run(
      bookingId,
      clientId,
      practitioner.id,
      service.id,
      rating,
      reviewText(random, service.category, rating, practitioner.firstName),
      reviewedAt,
      reviewedAt,
    )
    practitionerIds.add(practitioner.id)
    serviceIds.add(service.id)
  }
  return { practitionerIds: [...practitionerIds], serviceIds: [...serviceIds] }
}

function reviewText(random: Random, category: Category, rating: number, name: string) {
  const pool = rating >= 4 ? WARM_REVIEWS[category] : LUKEWARM_REVIEWS
  return random.pick(pool).replaceAll('{name}', name)
}
