import { count, desc } from 'drizzle-orm'
import { getDb, type Tx } from '~/db/client.server'
import { adminAuditLog } from '~/db/schema'
import { pageWindow } from '~/lib/paging'
import { ADMIN_PAGE_SIZE, type AdminAction, type AdminActivityEntry } from './admin'

/**
 * The admin trail (docs/decisions/022-admin-actions.md): who did what to which record, when.
 * Every admin action writes its row with `recordAdminAction` inside its own transaction, so
 * the action and its row commit or roll back together. A row names the record by id and by a
 * short label (a person's name and email, a count), never a password or a message's text.
 */

/** The admin doing it, as the row keeps them (their email as it is now). */
export type Actor = { id: number; email: string }

export function recordAdminAction(
  tx: Tx,
  admin: Actor,
  entry: { action: AdminAction; targetId?: number | null; targetLabel?: string | null; detail?: string | null },
) {
  tx.insert(adminAuditLog)
    .values({
      adminId: admin.id,
      adminEmail: admin.email,
      action: entry.action,
      targetId: entry.targetId ?? null,
      targetLabel: entry.targetLabel ?? null,
      detail: entry.detail ?? null,
    })
    .run()
}

/** A person as a trail row names them: 'Jane Doe <jane@example.com>'. */
export function personLabel(person: { firstName: string; lastName: string; email: string }) {
  return `${person.firstName} ${person.lastName} <${person.email}>`
}

/** The trail, newest first, a page at a time; a page past the end answers the last one. */
export function listAdminActivity({ page: requested = 1 }: { page?: number } = {}) {
  const db = getDb()
  const total = db.select({ n: count() }).from(adminAuditLog).get()?.n ?? 0
  const { page, pageCount, offset } = pageWindow(total, requested, ADMIN_PAGE_SIZE)
  const entries: AdminActivityEntry[] = db
    .select({
      id: adminAuditLog.id,
      adminId: adminAuditLog.adminId,
      adminEmail: adminAuditLog.adminEmail,
      action: adminAuditLog.action,
      targetId: adminAuditLog.targetId,
      targetLabel: adminAuditLog.targetLabel,
      detail: adminAuditLog.detail,
      createdAt: adminAuditLog.createdAt,
    })
    .from(adminAuditLog)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset(offset)
    .all()
    .map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }))
  return { entries, total, page, pageCount, pageSize: ADMIN_PAGE_SIZE }
}
