import { and, desc, eq, lt } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { patientAuditLog, patientProfiles } from '~/db/schema'
import { ensurePrimary } from '~/integrations/litefs.server'
import { AppError } from '~/lib/errors'
import {
  ACCESS_HISTORY_PAGE_SIZE,
  PATIENT_NOT_FOUND,
  type PatientAccessEntry,
  type PatientAuditAction,
} from './patient'

/**
 * The access trail of patient records (docs/decisions/019-patient-records.md): who looked at or
 * changed which patient, and when. A row holds ids and an action only, never a name, a note's
 * words or anything else from the record, and it outlives the patient (no foreign key to
 * `patient_profiles`). The models of profiles and notes write their rows in the same
 * transaction as the change they record.
 */

/** Writes one row of the trail; `detail` names the record touched ('note 12'), never its contents. */
export function recordPatientAccess(
  db: Db | Tx,
  entry: { practitionerId: number; patientId: number; action: PatientAuditAction; detail?: string | null },
  now = new Date(),
) {
  db.insert(patientAuditLog)
    .values({
      practitionerId: entry.practitionerId,
      patientProfileId: entry.patientId,
      action: entry.action,
      detail: entry.detail ?? null,
      createdAt: now,
    })
    .run()
}

/**
 * Opening the same record again within this long, with nothing else done to it in between, is
 * the same visit: the trail says who looked and when, not how often a page reloaded.
 */
export const VIEW_MERGE_MS = 10 * 60_000

/** Whether the practitioner's last row for this patient is a view less than VIEW_MERGE_MS old. */
function viewedJustNow(db: Db | Tx, practitionerId: number, patientId: number, now: Date) {
  const last = db
    .select({ action: patientAuditLog.action, createdAt: patientAuditLog.createdAt })
    .from(patientAuditLog)
    .where(and(eq(patientAuditLog.practitionerId, practitionerId), eq(patientAuditLog.patientProfileId, patientId)))
    .orderBy(desc(patientAuditLog.id))
    .limit(1)
    .get()
  return last?.action === 'view' && now.getTime() - last.createdAt.getTime() < VIEW_MERGE_MS
}

/**
 * The practitioner opened this patient's record (the chart, its notes, an export): a 'view'
 * row, unless this is the same visit as the last one (VIEW_MERGE_MS). Another practitioner's
 * or an unknown patient: 404, and nothing is written. Only a view that must be written goes to
 * the primary (on a LiteFS replica the request is replayed there); a repeat is only read.
 */
export async function recordPatientView(practitionerId: number, patientId: number, now = new Date()) {
  const db = getDb()
  const own = db
    .select({ id: patientProfiles.id })
    .from(patientProfiles)
    .where(and(eq(patientProfiles.id, patientId), eq(patientProfiles.practitionerId, practitionerId)))
    .get()
  if (!own) throw new AppError(PATIENT_NOT_FOUND, 404)
  if (viewedJustNow(db, practitionerId, patientId, now)) return
  await ensurePrimary()
  db.transaction((tx) => {
    if (!viewedJustNow(tx, practitionerId, patientId, now)) {
      recordPatientAccess(tx, { practitionerId, patientId, action: 'view' }, now)
    }
  })
}

/**
 * A patient's access history, newest first, one page at a time: pass the previous page's
 * `nextCursor` as `cursor` for the next (null when there is none). Scoped to the practitioner;
 * it answers the rows of a patient that has since been deleted too.
 */
export function listPatientAccessHistory(
  practitionerId: number,
  patientId: number,
  { cursor, limit = ACCESS_HISTORY_PAGE_SIZE }: { cursor?: number | null; limit?: number } = {},
): { entries: PatientAccessEntry[]; nextCursor: number | null } {
  const size = Math.min(Math.max(1, Math.floor(limit)), 100)
  const rows = getDb()
    .select({
      id: patientAuditLog.id,
      practitionerId: patientAuditLog.practitionerId,
      patientProfileId: patientAuditLog.patientProfileId,
      action: patientAuditLog.action,
      detail: patientAuditLog.detail,
      createdAt: patientAuditLog.createdAt,
    })
    .from(patientAuditLog)
    .where(
      and(
        eq(patientAuditLog.practitionerId, practitionerId),
        eq(patientAuditLog.patientProfileId, patientId),
        cursor ? lt(patientAuditLog.id, cursor) : undefined,
      ),
    )
    // Ids grow with time (AUTOINCREMENT), so the id alone orders the trail and keys its pages.
    .orderBy(desc(patientAuditLog.id))
    .limit(size + 1)
    .all()
  const page = rows.slice(0, size)
  return {
    entries: page.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    nextCursor: rows.length > size ? page[page.length - 1]!.id : null,
  }
}
