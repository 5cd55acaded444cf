import { sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { dayBounds, formatLocalDate, localDateOf, type LocalDate } from '~/lib/zoned-time'
import { SERVICE_LISTED } from './service.server'

export type OpenSlot = { id: number; startTime: string; endTime: string }

/**
 * Open slots of a listed service on a calendar day of the viewer's zone: not booked, not
 * started, in time order. `listedOnly: false` for moving a booking, whose service is its own
 * whether or not the public still sees it (a booking's open times are those its calendar marks).
 */
export function listOpenSlots(
  serviceId: number,
  date: LocalDate,
  timeZone: string,
  now = new Date(),
  { listedOnly = true } = {},
): OpenSlot[] {
  const { start, end } = dayBounds(date, timeZone)
  const from = Math.max(start.getTime(), now.getTime())
  return getDb()
    .all<{ id: number; startTime: number; endTime: number }>(
      sql`SELECT t.id, t.start_time AS startTime, t.end_time AS endTime
          FROM time_slots t JOIN services s ON s.id = t.service_id
          WHERE t.service_id = ${serviceId} AND ${listedOnly ? SERVICE_LISTED : sql`1`} AND t.is_booked = 0
            AND t.start_time >= ${from} AND t.start_time < ${end.getTime()}
          ORDER BY t.start_time`,
    )
    .map((slot) => ({
      id: slot.id,
      startTime: new Date(slot.startTime).toISOString(),
      endTime: new Date(slot.endTime).toISOString(),
    }))
}

/**
 * The open starts (not booked, not started) of this service from the start of `first` to the
 * end of `last` in the viewer's zone: what the two queries below select from.
 */
function openStartsBetween(serviceId: number, first: LocalDate, last: LocalDate, timeZone: string, now: Date) {
  const from = Math.max(dayBounds(first, timeZone).start.getTime(), now.getTime())
  const to = dayBounds(last, timeZone).end.getTime()
  return sql`SELECT start_time AS startTime FROM time_slots
      WHERE service_id = ${serviceId} AND is_booked = 0 AND start_time >= ${from} AND start_time < ${to}
      ORDER BY start_time`
}

/**
 * The days (yyyy-MM-dd, viewer's zone) from `first` to `last` that have at least one open
 * slot of this service, so the calendar can mark them.
 */
export function listDaysWithOpenSlots(
  serviceId: number,
  first: LocalDate,
  last: LocalDate,
  timeZone: string,
  now = new Date(),
) {
  const starts = getDb().all<{ startTime: number }>(openStartsBetween(serviceId, first, last, timeZone, now))
  return [...new Set(starts.map((s) => formatLocalDate(localDateOf(new Date(s.startTime), timeZone))))]
}

/**
 * The first day (viewer's zone) from `first` to `last` with an open slot of this service, or
 * null: the earliest open start's day, found by the index without listing the others.
 */
export function firstDayWithOpenSlot(
  serviceId: number,
  first: LocalDate,
  last: LocalDate,
  timeZone: string,
  now = new Date(),
): LocalDate | null {
  const earliest = getDb().get<{ startTime: number } | undefined>(
    sql`${openStartsBetween(serviceId, first, last, timeZone, now)} LIMIT 1`,
  )
  return earliest ? localDateOf(new Date(earliest.startTime), timeZone) : null
}
