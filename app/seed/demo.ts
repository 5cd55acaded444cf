import { count, inArray } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { users } from '~/db/schema'
import { hashPassword } from '~/lib/password.server'
import { recomputeBookingCounts } from '~/models/marketplace/service.server'
import { DEMO_ACCOUNT_EMAILS, DEMO_PASSWORD } from './data/accounts'
import { insertInbox } from './demo-inbox'
import { DEMO_INTAKE_PRACTITIONER, insertDemoIntake } from './demo-intake'
import { insertDemoPeople } from './demo-people'
import { issueDemoReceipts } from './demo-receipts'
import { insertReviews } from './demo-reviews'
import { insertSchedule } from './demo-schedule'
import { insertDemoServices } from './demo-services'
import { planSessions } from './demo-sessions'
import { planOpenSlots } from './demo-slots'
import { createRandom } from './random'
import { SlotPlanner } from './slot-planner'
import type { DbOrTx } from './types'

/** Fixed so every run picks the same slots, clients and ratings (only "now" moves). */
const DEMO_RANDOM_SEED = 20_26

export type DemoSeedResult = 'seeded' | 'already-seeded' | 'not-empty'

export interface DemoSeedOptions {
  /** The seed's idea of the present; slots are laid out from this day. Defaults to now. */
  now?: Date
  /** A hash of DEMO_PASSWORD to reuse (hashing is deliberately slow). */
  passwordHash?: string
}

/** True once the demo accounts exist. */
export function isSeeded(db: DbOrTx) {
  const row = db
    .select({ n: count() })
    .from(users)
    .where(inArray(users.email, [...DEMO_ACCOUNT_EMAILS]))
    .get()
  return (row?.n ?? 0) > 0
}

/** 'empty': no users at all; 'seeded': the demo accounts exist; 'not-empty': someone else's data. */
export function databaseState(db: DbOrTx): 'empty' | 'seeded' | 'not-empty' {
  if (isSeeded(db)) return 'seeded'
  const userCount = db.select({ n: count() }).from(users).get()?.n ?? 0
  return userCount > 0 ? 'not-empty' : 'empty'
}

const SKIPPED: Record<'seeded' | 'not-empty', DemoSeedResult> = {
  seeded: 'already-seeded',
  'not-empty': 'not-empty',
}

/**
 * Fills an empty database with the demo data set, in one transaction. Does nothing when the
 * demo accounts already exist, and refuses a database that has other users: demo accounts
 * with a published password do not belong next to real ones.
 */
export async function seedDemo(db: Db, options: DemoSeedOptions = {}): Promise<DemoSeedResult> {
  const before = databaseState(db)
  if (before !== 'empty') return SKIPPED[before]
  const now = options.now ?? new Date()
  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_PASSWORD, { address: 'seed' }))

  return db.transaction(
    (tx) => {
      // Checked again inside the write lock: another process may have seeded while we hashed.
      const state = databaseState(tx)
      if (state !== 'empty') return SKIPPED[state]
      const random = createRandom(DEMO_RANDOM_SEED)
      const planner = new SlotPlanner()

      const people = insertDemoPeople(tx, passwordHash, now)
      const services = insertDemoServices(tx, people, now)
      const allServices = [...services.values()]
      const openSlots = planOpenSlots(
        allServices.filter((s) => s.isActive),
        people,
        planner,
        random,
        now,
      )
      const { sessions, pastSlots } = planSessions({
        services,
        people,
        openSlots,
        planner,
        random,
        now,
      })
      const bookingIds = insertSchedule(tx, [...pastSlots, ...openSlots], sessions)
      issueDemoReceipts(tx, sessions, bookingIds)
      insertReviews(tx, sessions, bookingIds, {
        practitionerIds: [...people.values()].filter((p) => p.isPractitioner).map((p) => p.id),
        serviceIds: allServices.map((s) => s.id),
      })
      insertInbox(tx, people, now)
      insertDemoIntake(tx, people.get(DEMO_INTAKE_PRACTITIONER)!.id, services)
      recomputeBookingCounts(tx)
      return 'seeded'
    },
    { behavior: 'immediate' },
  )
}
