import { sql } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import type { bookings, intakeResponses } from '~/db/schema'

/**
 * Which bookings ask an intake, and where each stands (docs/decisions/041-intake-forms.md): read
 * by the dashboards, the booking page and the confirmation email, with nothing but the database
 * below it.
 */

export type IntakeState = 'waiting' | 'draft' | 'sent'

/**
 * Whether a booking is asked an intake: its response (once there is one, it keeps its version),
 * else the form its service asks, when that form is not removed and, if it is for first
 * sessions only, the client had no earlier session with this practitioner.
 */
const ASKED = sql`
  FROM bookings b
  LEFT JOIN intake_responses r ON r.booking_id = b.id
  LEFT JOIN intake_form_services fs ON fs.service_id = b.service_id
  LEFT JOIN intake_forms f ON f.id = fs.form_id AND f.deleted_at IS NULL
    AND (f.first_session_only = 0 OR NOT EXISTS (
      SELECT 1 FROM bookings e WHERE e.client_id = b.client_id AND e.practitioner_id = b.practitioner_id
        AND e.id <> b.id AND e.status <> 'cancelled' AND e.start_time < b.start_time))`

type Response = typeof intakeResponses.$inferSelect

/**
 * A row of `askedRows`, typed from the schema: raw SQL on purpose, for the correlated NOT EXISTS
 * (an earlier session with the same practitioner) the join's condition holds.
 */
export type AskedRow = {
  bookingId: (typeof bookings.$inferSelect)['id']
  responseId: Response['id'] | null
  status: Response['status'] | null
  versionId: Response['versionId'] | null
}

export function askedRows(db: Db | Tx, where: ReturnType<typeof sql>) {
  return db.all<AskedRow>(
    sql`SELECT b.id AS bookingId, r.id AS responseId, r.status AS status,
          coalesce(r.version_id, f.current_version_id) AS versionId ${ASKED} WHERE ${where}`,
  )
}

/** Each booking's intake state, for the ones that ask one (the dashboards' lists). */
export function intakeStates(bookingIds: number[]): Map<number, IntakeState> {
  const states = new Map<number, IntakeState>()
  if (!bookingIds.length) return states
  for (const row of askedRows(getDb(), sql`b.id IN ${bookingIds}`)) {
    if (row.versionId !== null)
      states.set(row.bookingId, row.status === 'sent' ? 'sent' : row.status ? 'draft' : 'waiting')
  }
  return states
}
