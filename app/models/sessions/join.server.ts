import { sql } from 'drizzle-orm'

/**
 * The practitioner's own meeting link when their service holds its sessions there (else NULL),
 * as a column of a query over `services` under `alias`: with `joinUrl` (room.ts), where every
 * Join Session button, email, invitation and feed sends a session's two people.
 */
export function ownMeetingLinkSql(alias: string) {
  return sql.raw(`CASE WHEN ${alias}.use_own_meeting_link = 1 THEN ${alias}.meeting_link END`)
}
