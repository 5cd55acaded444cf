import { count, like } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { users } from '~/db/schema'
import { clock, createDayClock } from '~/lib/zoned-time'
import { recomputeRatings } from '~/models/marketplace/review.server'
import { recomputeBookingCounts } from '~/models/marketplace/service.server'
import { BENCH_DOMAIN, insertBenchClients, insertBenchPractitioners } from './large-people'
import { insertBenchReviews } from './large-reviews'
import { insertBenchServices } from './large-services'
import { insertBenchOpenSlots } from './large-slots'
import { prepareLargeInserts } from './large-statements'
import { createRandom } from './random'
import type { LargeCounts } from './args'
import type { DbOrTx } from './types'

const LARGE_RANDOM_SEED = 30_000
/** SQLite accepts 32,766 bound parameters per statement; stay well below. */
const ID_CHUNK = 5_000

/** True once a benchmark data set has been added (its accounts use their own domain). */
export function hasLargeData(db: DbOrTx) {
  const row = db
    .select({ n: count() })
    .from(users)
    .where(like(users.email, `%@${BENCH_DOMAIN}`))
    .get()
  return (row?.n ?? 0) > 0
}

export type LargeSeedResult = 'seeded' | 'already-present'

/**
 * Adds the benchmark data set (see args.ts for the counts) in one transaction through
 * prepared better-sqlite3 statements: drizzle's per-row overhead would dominate at this size.
 * Ratings are then set by the review model, chunked to respect SQLite's parameter limit.
 */
export function seedLarge(
  db: Db,
  counts: LargeCounts,
  { passwordHash, now = new Date() }: { passwordHash: string; now?: Date },
): LargeSeedResult {
  if (hasLargeData(db)) return 'already-present'
  const sqlite = db.$client
  const ins = prepareLargeInserts(sqlite)
  const random = createRandom(LARGE_RANDOM_SEED)
  const nowMs = now.getTime()
  const nineOClock = createDayClock(now, clock('09:00'))

  const run = sqlite.transaction(() => {
    const clientIds = insertBenchClients(ins, counts.clients, passwordHash, nowMs)
    const practitioners = insertBenchPractitioners(ins, counts.practitioners, passwordHash, random, nowMs)
    const services = insertBenchServices(ins, practitioners, counts.services, random, nowMs)
    insertBenchOpenSlots(ins, practitioners, services, counts.slots, random, nineOClock, nowMs)
    const reviewed = insertBenchReviews(
      ins,
      practitioners,
      services,
      clientIds,
      counts.reviews,
      random,
      nineOClock,
      nowMs,
    )
    for (let i = 0; i < reviewed.practitionerIds.length; i += ID_CHUNK) {
      recomputeRatings(db, { practitionerIds: reviewed.practitionerIds.slice(i, i + ID_CHUNK) })
    }
    for (let i = 0; i < reviewed.serviceIds.length; i += ID_CHUNK) {
      recomputeRatings(db, { serviceIds: reviewed.serviceIds.slice(i, i + ID_CHUNK) })
    }
    recomputeBookingCounts(db)
  })
  run.immediate()
  return 'seeded'
}
