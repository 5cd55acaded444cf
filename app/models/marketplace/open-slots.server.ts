import { and, asc, eq, gte, lt, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { preparedOnce } from '~/db/prepared.server'
import { services, timeSlots } from '~/db/schema'
import { dayBounds, formatLocalDate, localDateOf, type LocalDate } from '~/lib/zoned-time'
import { SERVICE_LISTED } from './service.server'

/** Times as Dates; GET /api/time-slots writes them as ISO strings. */
export type OpenSlot = Pick<typeof timeSlots.$inferSelect, 'id' | 'startTime' | 'endTime'>

const t = alias(timeSlots, 't')
/** `services s`, as SERVICE_LISTED names it. */
const s = alias(services, 's')

/** A service's open slots from `from` to `to`; listed services only or any. */
const openSlots = (listedOnly: boolean) =>
  preparedOnce((db) =>
    db
      .select({ id: t.id, startTime: t.startTime, endTime: t.endTime })
      .from(t)
      .innerJoin(s, eq(s.id, t.serviceId))
      .where(
        and(
          eq(t.serviceId, sql.placeholder('serviceId')),
          listedOnly ? SERVICE_LISTED : undefined,
          eq(t.isBooked, false),
          gte(t.startTime, sql.placeholder('from')),
          lt(t.startTime, sql.placeholder('to')),
        ),
      )
      .orderBy(asc(t.startTime))
      .prepare(),
  )
const listedOpenSlots = openSlots(true)
const anyOpenSlots = openSlots(false)

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
  // Placeholders' values go to SQLite as they are: times as epoch ms.
  const from = Math.max(start.getTime(), now.getTime())
  return (listedOnly ? listedOpenSlots : anyOpenSlots)().all({ serviceId, from, to: end.getTime() })
}

/** A service's open starts from `from` to `to`, in order: what the two queries below read. */
const openStarts = (limit?: number) =>
  preparedOnce((db) => {
    const query = db
      .select({ startTime: timeSlots.startTime })
      .from(timeSlots)
      .where(
        and(
          eq(timeSlots.serviceId, sql.placeholder('serviceId')),
          eq(timeSlots.isBooked, false),
          gte(timeSlots.startTime, sql.placeholder('from')),
          lt(timeSlots.startTime, sql.placeholder('to')),
        ),
      )
      .orderBy(asc(timeSlots.startTime))
    return (limit ? query.limit(limit) : query).prepare()
  })
const allOpenStarts = openStarts()
const firstOpenStart = openStarts(1)

/**
 * The open starts (not booked, not started) of this service from the start of `first` to the
 * end of `last` in the viewer's zone, as the queries' placeholders (times in epoch ms).
 */
function openStartsBetween(serviceId: number, first: LocalDate, last: LocalDate, timeZone: string, now: Date) {
  const from = Math.max(dayBounds(first, timeZone).start.getTime(), now.getTime())
  return { serviceId, from, to: dayBounds(last, timeZone).end.getTime() }
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
  const starts = allOpenStarts().all(openStartsBetween(serviceId, first, last, timeZone, now))
  return [...new Set(starts.map((s) => formatLocalDate(localDateOf(s.startTime, timeZone))))]
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
  const earliest = firstOpenStart().get(openStartsBetween(serviceId, first, last, timeZone, now))
  return earliest ? localDateOf(earliest.startTime, timeZone) : null
}
