import { and, count, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { containsPattern } from '~/lib/like'
import { pageWindow } from '~/lib/paging'
import { sendAccountCreatedEmail } from '~/models/accounts/password-reset.server'
import { roleOf } from '~/models/accounts/role'
import { revokeUserSessions } from '~/models/accounts/session.server'
import { createUser } from '~/models/accounts/user.server'
import {
  ADMIN_NOT_SUSPENDABLE,
  ADMIN_PAGE_SIZE,
  createdDetail,
  USER_NOT_FOUND,
  type AdminUser,
  type NewUserInput,
  type UserFilter,
} from './admin'
import { personLabel, recordAdminAction, type Actor } from './audit.server'

/**
 * The people an admin manages (docs/decisions/022-admin-actions.md): list, create and suspend
 * (deleting is removal.server.ts). Admins are never suspended or deleted here, the acting admin included. Every change
 * writes its admin audit row in its own transaction.
 */

const adminUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phoneNumber: users.phoneNumber,
  isPractitioner: users.isPractitioner,
  isAdmin: users.isAdmin,
  country: users.country,
  suspendedAt: users.suspendedAt,
  createdAt: users.createdAt,
}

type AdminUserRow = Pick<typeof users.$inferSelect, keyof typeof adminUserColumns>

function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    ...row,
    role: roleOf(row),
    suspended: row.suspendedAt !== null,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}

/** Who each filter shows; a person is counted once, as the dashboard's cards count them. */
const FILTERS: Record<UserFilter, SQL | undefined> = {
  all: undefined,
  practitioners: and(eq(users.isPractitioner, true), eq(users.isAdmin, false)),
  clients: and(eq(users.isPractitioner, false), eq(users.isAdmin, false)),
  admins: eq(users.isAdmin, true),
}

/**
 * Users, newest first, 25 a page (a page past the end answers the last one). `search` matches
 * the first name, last name, full name or email, case-insensitively, anywhere in them.
 */
export function listUsers(
  filter: UserFilter,
  { search, page: requested = 1 }: { search?: string; page?: number } = {},
) {
  const db = getDb()
  const text = search?.trim()
  const pattern = text ? containsPattern(text) : null
  const matches = pattern
    ? or(
        sql`lower(${users.firstName}) LIKE ${pattern} ESCAPE '\\'`,
        sql`lower(${users.lastName}) LIKE ${pattern} ESCAPE '\\'`,
        sql`lower(${users.firstName} || ' ' || ${users.lastName}) LIKE ${pattern} ESCAPE '\\'`,
        sql`${users.email} LIKE ${pattern} ESCAPE '\\'`,
      )
    : undefined
  const where = and(FILTERS[filter], matches)
  const total = db.select({ n: count() }).from(users).where(where).get()?.n ?? 0
  const { page, pageCount, offset } = pageWindow(total, requested, ADMIN_PAGE_SIZE)
  const rows = db
    .select(adminUserColumns)
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset(offset)
    .all()
  return { users: rows.map(toAdminUser), total, page, pageCount, pageSize: ADMIN_PAGE_SIZE }
}

export function getAdminUser(userId: number): AdminUser | null {
  const row = getDb().select(adminUserColumns).from(users).where(eq(users.id, userId)).get()
  return row ? toAdminUser(row) : null
}

/**
 * Creates an account by signup's rules (unique email, the password policy, hashed), with its
 * audit row, then emails the person a link to choose their own password (the reset-token flow),
 * so the admin never has to pass a password on.
 */
export async function createUserAsAdmin(admin: Actor, input: NewUserInput, origin: string) {
  const user = await createUser(input, {
    // Signed in and trusted: the admin's own turn in the hash queue, whatever their address.
    share: { address: `user:${admin.id}` },
    alsoInTransaction: (tx, id) =>
      recordAdminAction(tx, admin, {
        action: 'user_create',
        targetId: id,
        targetLabel: personLabel(input),
        detail: createdDetail(roleOf(input)),
      }),
  })
  await sendAccountCreatedEmail(user, origin)
  return getAdminUser(user.id)!
}

/** The user an admin may suspend or delete: not an admin (so never themselves); 404 when unknown. */
export function requireManageable(userId: number, refusal: string) {
  const user = getAdminUser(userId)
  if (!user) throw new AppError(USER_NOT_FOUND, 404)
  if (user.isAdmin) throw new AppError(refusal, 403)
  return user
}

/**
 * Suspends (or restores) the account. Suspended, it cannot sign in and every session it had is
 * ended in the same transaction; a practitioner's profile and services leave the public listing
 * (the listing rule reads `suspended_at`, docs/decisions/004-the-listing-rule.md). Restoring
 * brings the listing back; the person signs in again. Asking for the state it is in changes
 * nothing and writes no row.
 */
export function setSuspended(admin: Actor, userId: number, suspended: boolean, now = new Date()) {
  const user = requireManageable(userId, ADMIN_NOT_SUSPENDABLE)
  getDb().transaction(
    (tx) => {
      const changed = tx
        .update(users)
        .set({ suspendedAt: suspended ? now : null, updatedAt: now })
        .where(and(eq(users.id, userId), suspended ? isNull(users.suspendedAt) : isNotNull(users.suspendedAt)))
        .run().changes
      if (!changed) return
      if (suspended) revokeUserSessions(userId)
      recordAdminAction(tx, admin, {
        action: suspended ? 'user_suspend' : 'user_unsuspend',
        targetId: userId,
        targetLabel: personLabel(user),
      })
    },
    { behavior: 'immediate' },
  )
  return getAdminUser(userId)!
}
