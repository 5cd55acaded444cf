import { sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { users } from '~/db/schema'

/** The admin dashboard's four cards; a user is counted once, as admin, practitioner or client. */
export function getUserCounts() {
  const row = getDb()
    .select({
      total: sql<number>`count(*)`,
      admins: sql<number>`coalesce(sum(${users.isAdmin}), 0)`,
      practitioners: sql<number>`coalesce(sum(${users.isPractitioner} and not ${users.isAdmin}), 0)`,
    })
    .from(users)
    .get()
  const total = row?.total ?? 0
  const admins = row?.admins ?? 0
  const practitioners = row?.practitioners ?? 0
  return { total, admins, practitioners, clients: total - admins - practitioners }
}
