import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm'
import { getDb, type Tx } from '~/db/client.server'
import {
  blockedDates,
  bookings,
  services,
  sessionLengths,
  skippedWeeklySlots,
  timeSlots,
  users,
  weeklyHours,
} from '~/db/schema'
import { AppError } from '~/lib/errors'
import { clock, dayBounds, formatLocalDate, localDateOf, parseLocalDate } from '~/lib/zoned-time'
import { offerFreedSlots } from '~/models/waitlist/offers.server'
import { PAST_DATE, SERVICE_REQUIRED } from './slot-form'
import {
  BLOCK_NOT_FOUND,
  MAX_BLOCKS,
  TOO_MANY_BLOCKS,
  clockText,
  GENERATE_WEEKS,
  rangesOf,
  rangeTooShort,
  type BlockDatesInput,
  type BlockedDate,
  type WeeklyHours,
  type WeeklyHoursInput,
} from './weekly-hours'
import { planWeeklySlots, type HoursRange } from './weekly-slots'

/**
 * Weekly hours and blocked dates in the database, and the slots they stand for
 * (docs/decisions/026-weekly-hours.md). Every function takes the owner's id; another
 * practitioner's blocked date is "not found". `syncWeeklySlots` is the one writer of
 * generated slots: saving hours, blocking, unblocking and the sweeper all call it.
 */

type Interval = { start: number; end: number }
export type SyncResult = { added: number; removed: number }

/** The zone the hours were saved in, else the practitioner's own (blocked dates are read in it). */
function hoursZone(tx: Tx, practitionerId: number) {
  const saved = tx
    .select({ timeZone: weeklyHours.timeZone })
    .from(weeklyHours)
    .where(eq(weeklyHours.practitionerId, practitionerId))
    .get()
  if (saved) return saved.timeZone
  return tx.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, practitionerId)).get()?.timeZone
}

/** The ranges with their service's length and gap (none when unset); active services only. */
function savedRanges(tx: Tx, practitionerId: number): HoursRange[] {
  return tx
    .select({
      weekday: weeklyHours.weekday,
      startMinute: weeklyHours.startMinute,
      endMinute: weeklyHours.endMinute,
      serviceId: weeklyHours.serviceId,
      sessionMinutes: services.durationMinutes,
      gapMinutes: sql<number>`coalesce(${sessionLengths.gapMinutes}, 0)`,
    })
    .from(weeklyHours)
    .innerJoin(services, eq(services.id, weeklyHours.serviceId))
    .leftJoin(sessionLengths, eq(sessionLengths.serviceId, weeklyHours.serviceId))
    .where(and(eq(weeklyHours.practitionerId, practitionerId), eq(services.isActive, true)))
    .all()
}

function blocksOf(tx: Tx, practitionerId: number, fromDay: string) {
  return tx
    .select({ id: blockedDates.id, firstDate: blockedDates.firstDate, lastDate: blockedDates.lastDate })
    .from(blockedDates)
    .where(and(eq(blockedDates.practitionerId, practitionerId), gte(blockedDates.lastDate, fromDay)))
    .orderBy(asc(blockedDates.firstDate), asc(blockedDates.id))
    .all()
}

/**
 * The planned slots (earliest first, never overlapping, so their ends rise too) that overlap
 * none of `busy` (touching ends do not overlap). One pass: `reach` is the latest end among
 * the busy times that start before the slot ends.
 */
function clearOf<T extends Interval>(planned: T[], busy: Interval[]) {
  const sorted = [...busy].sort((a, b) => a.start - b.start)
  let next = 0
  let reach = -Infinity
  return planned.filter((slot) => {
    while (next < sorted.length && sorted[next]!.start < slot.end) reach = Math.max(reach, sorted[next++]!.end)
    return reach <= slot.start
  })
}

/**
 * Makes the owner's future generated slots match their hours, blocks and bookings: unbooked
 * generated slots that no longer fit go (the `is_booked = 0` condition is in the DELETE itself,
 * so a slot booked a moment ago stays), missing ones are added unless they would overlap a
 * slot that stays or a booking. Run inside the caller's IMMEDIATE transaction.
 */
export function syncWeeklySlots(tx: Tx, practitionerId: number, now = new Date()): SyncResult {
  const timeZone = hoursZone(tx, practitionerId)
  if (!timeZone) return { added: 0, removed: 0 }
  const today = localDateOf(now, timeZone)
  const blocks = blocksOf(tx, practitionerId, formatLocalDate(today))
  const planned = planWeeklySlots({
    ranges: savedRanges(tx, practitionerId),
    timeZone,
    from: today,
    days: GENERATE_WEEKS * 7,
    now: now.getTime(),
    isBlocked: (day) => blocks.some((block) => block.firstDate <= day && day <= block.lastDate),
  })
  // Times the practitioner deleted stay deleted; the ones gone by are of no more use.
  tx.delete(skippedWeeklySlots)
    .where(and(eq(skippedWeeklySlots.practitionerId, practitionerId), lt(skippedWeeklySlots.startTime, now)))
    .run()
  const skipped = new Set(
    tx
      .select({ startTime: skippedWeeklySlots.startTime })
      .from(skippedWeeklySlots)
      .where(eq(skippedWeeklySlots.practitionerId, practitionerId))
      .all()
      .map((row) => row.startTime.getTime()),
  )
  const key = (slot: { start: number; end: number; serviceId: number | null }) =>
    `${slot.start}|${slot.end}|${slot.serviceId}`
  const wanted = new Set(planned.filter((slot) => !skipped.has(slot.start)).map(key))

  const existing = tx
    .select({
      id: timeSlots.id,
      startTime: timeSlots.startTime,
      endTime: timeSlots.endTime,
      serviceId: timeSlots.serviceId,
      isBooked: timeSlots.isBooked,
      isGenerated: timeSlots.isGenerated,
    })
    .from(timeSlots)
    .where(and(eq(timeSlots.practitionerId, practitionerId), gt(timeSlots.endTime, now)))
    .orderBy(asc(timeSlots.startTime))
    .all()
    .map((row) => ({ ...row, start: row.startTime.getTime(), end: row.endTime.getTime() }))

  const stale = existing.filter(
    (slot) => slot.isGenerated && !slot.isBooked && slot.start > now.getTime() && !wanted.has(key(slot)),
  )
  const removedIds = new Set<number>()
  for (let i = 0; i < stale.length; i += 500) {
    const ids = stale.slice(i, i + 500).map((slot) => slot.id)
    for (const { id } of tx
      .delete(timeSlots)
      .where(and(inArray(timeSlots.id, ids), eq(timeSlots.isBooked, false)))
      .returning({ id: timeSlots.id })
      .all()) {
      removedIds.add(id)
    }
  }

  const kept = existing.filter((slot) => !removedIds.has(slot.id))
  const have = new Set(kept.filter((slot) => slot.isGenerated).map(key))
  const booked = tx
    .select({ startTime: bookings.startTime, endTime: bookings.endTime })
    .from(bookings)
    .where(
      and(
        eq(bookings.practitionerId, practitionerId),
        inArray(bookings.status, ['pending', 'confirmed']),
        gt(bookings.endTime, now),
      ),
    )
    .all()
    .map((row) => ({ start: row.startTime.getTime(), end: row.endTime.getTime() }))
  const fresh = clearOf(
    planned.filter((slot) => !have.has(key(slot)) && !skipped.has(slot.start)),
    [...kept, ...booked],
  )
  for (let i = 0; i < fresh.length; i += 200) {
    const inserted = tx
      .insert(timeSlots)
      .values(
        fresh.slice(i, i + 200).map((slot) => ({
          practitionerId,
          serviceId: slot.serviceId,
          startTime: new Date(slot.start),
          endTime: new Date(slot.end),
          isGenerated: true,
        })),
      )
      .returning({ id: timeSlots.id })
      .all()
    offerFreedSlots(
      tx,
      inserted.map((slot) => slot.id),
      now,
    )
  }
  return { added: fresh.length, removed: removedIds.size }
}

function inTransaction<T>(run: (tx: Tx) => T) {
  return getDb().transaction(run, { behavior: 'immediate' })
}

/**
 * The practitioner's zone changed: their hours keep their wall clock in the new zone (9 to 5
 * stays 9 to 5 where they now are) and the generated slots follow; booked ones never move. Run
 * inside the caller's IMMEDIATE transaction, the one that changes the zone.
 */
export function moveWeeklyHours(tx: Tx, practitionerId: number, timeZone: string, now = new Date()) {
  const moved = tx
    .update(weeklyHours)
    .set({ timeZone })
    .where(eq(weeklyHours.practitionerId, practitionerId))
    .returning({ id: weeklyHours.id })
    .all()
  if (moved.length) syncWeeklySlots(tx, practitionerId, now)
}

/** Brings one practitioner's generated slots in line now (a service of theirs changed). */
export function refreshWeeklySlots(practitionerId: number, now = new Date()) {
  return inTransaction((tx) => syncWeeklySlots(tx, practitionerId, now))
}

/** The owner's hours and every active service's length and gap, for the screen and the API. */
export function getWeeklyHours(practitionerId: number, fallbackZone: string): WeeklyHours {
  const db = getDb()
  const rows = db
    .select()
    .from(weeklyHours)
    .where(eq(weeklyHours.practitionerId, practitionerId))
    .orderBy(asc(weeklyHours.weekday), asc(weeklyHours.startMinute))
    .all()
  const sessions = db
    .select({
      serviceId: services.id,
      serviceName: services.name,
      sessionMinutes: services.durationMinutes,
      gapMinutes: sql<number>`coalesce(${sessionLengths.gapMinutes}, 0)`,
    })
    .from(services)
    .leftJoin(sessionLengths, eq(sessionLengths.serviceId, services.id))
    .where(and(eq(services.practitionerId, practitionerId), eq(services.isActive, true)))
    .orderBy(asc(services.name), asc(services.id))
    .all()
  return {
    timeZone: rows[0]?.timeZone ?? fallbackZone,
    ranges: rows.map((row) => ({
      weekday: row.weekday,
      start: clockText(row.startMinute),
      end: clockText(row.endMinute),
      serviceId: row.serviceId,
    })),
    sessions,
  }
}

/**
 * A range in which not one session of its service fits is a mistake worth saying, on its row
 * (the form's row index, so the message lands beside it).
 */
function refuseRangesTooShort(input: WeeklyHoursInput, owned: { id: number; name: string; sessionMinutes: number }[]) {
  const length = new Map(owned.map((service) => [service.id, service]))
  input.ranges.forEach((row, index) => {
    if (row.start === undefined || row.end === undefined || row.serviceId === undefined) return
    const service = length.get(row.serviceId)
    if (service && clock(row.end) - clock(row.start) < service.sessionMinutes) {
      const range = { weekday: row.weekday, start: row.start, end: row.end }
      throw new AppError(rangeTooShort(range, service), 400, `ranges[${index}].end`)
    }
  })
}

/**
 * Replaces the owner's hours (read in `timeZone`, their own zone) and sets the gaps given, then brings the generated slots in line at once. Every service named must be the
 * owner's and active; otherwise nothing changes.
 */
export function saveWeeklyHours(practitionerId: number, input: WeeklyHoursInput, timeZone: string, now = new Date()) {
  const ranges = rangesOf(input)
  return inTransaction((tx) => {
    const named = [...new Set([...ranges, ...input.sessions].map((row) => row.serviceId))]
    const owned = named.length
      ? tx
          .select({ id: services.id, name: services.name, sessionMinutes: services.durationMinutes })
          .from(services)
          .where(
            and(inArray(services.id, named), eq(services.practitionerId, practitionerId), eq(services.isActive, true)),
          )
          .all()
      : []
    if (owned.length !== named.length) throw new AppError(SERVICE_REQUIRED, 400)
    refuseRangesTooShort(input, owned)

    tx.delete(weeklyHours).where(eq(weeklyHours.practitionerId, practitionerId)).run()
    if (ranges.length) {
      tx.insert(weeklyHours)
        .values(
          ranges.map((range) => ({
            practitionerId,
            serviceId: range.serviceId,
            weekday: range.weekday,
            startMinute: clock(range.start),
            endMinute: clock(range.end),
            timeZone,
          })),
        )
        .run()
    }
    for (const { serviceId, gapMinutes } of input.sessions) {
      tx.insert(sessionLengths)
        .values({ serviceId, gapMinutes })
        .onConflictDoUpdate({ target: sessionLengths.serviceId, set: { gapMinutes } })
        .run()
    }
    return syncWeeklySlots(tx, practitionerId, now)
  })
}

/** Booked slots starting on the days of a block (in `timeZone`): they stay, and the screen says so. */
function bookedSlotsIn(
  tx: Tx,
  practitionerId: number,
  block: { firstDate: string; lastDate: string },
  timeZone: string,
) {
  const start = dayBounds(parseLocalDate(block.firstDate)!, timeZone).start
  const end = dayBounds(parseLocalDate(block.lastDate)!, timeZone).end
  return (
    tx
      .select({ count: sql<number>`count(*)` })
      .from(timeSlots)
      .where(
        and(
          eq(timeSlots.practitionerId, practitionerId),
          eq(timeSlots.isBooked, true),
          gte(timeSlots.startTime, start),
          lt(timeSlots.startTime, end),
        ),
      )
      .get()?.count ?? 0
  )
}

/** The owner's blocks that have not ended yet (in the hours' zone), soonest first. */
export function listBlockedDates(practitionerId: number, now = new Date()): BlockedDate[] {
  return getDb().transaction((tx) => {
    const timeZone = hoursZone(tx, practitionerId) ?? 'UTC'
    return blocksOf(tx, practitionerId, formatLocalDate(localDateOf(now, timeZone))).map((block) => ({
      ...block,
      bookedSlots: bookedSlotsIn(tx, practitionerId, block, timeZone),
    }))
  })
}

/**
 * Blocks a day or a range of days: their unbooked generated slots go at once and none are made
 * there; booked slots stay. A first day in the past (on the hours' zone) is refused.
 */
export function blockDates(practitionerId: number, input: BlockDatesInput, now = new Date()) {
  return inTransaction((tx) => {
    const timeZone = hoursZone(tx, practitionerId) ?? 'UTC'
    const today = formatLocalDate(localDateOf(now, timeZone))
    if (input.firstDate < today) throw new AppError(PAST_DATE, 400, 'firstDate')
    if (blocksOf(tx, practitionerId, today).length >= MAX_BLOCKS) throw new AppError(TOO_MANY_BLOCKS, 409)
    const row = tx
      .insert(blockedDates)
      .values({ practitionerId, firstDate: input.firstDate, lastDate: input.lastDate ?? input.firstDate })
      .returning({ id: blockedDates.id, firstDate: blockedDates.firstDate, lastDate: blockedDates.lastDate })
      .get()
    const { removed } = syncWeeklySlots(tx, practitionerId, now)
    const block: BlockedDate = { ...row, bookedSlots: bookedSlotsIn(tx, practitionerId, row, timeZone) }
    return { block, removed }
  })
}

/** Unblocks: the weekly hours' slots on those days come back (where nothing else took the time). */
export function unblockDates(practitionerId: number, blockId: number, now = new Date()) {
  return inTransaction((tx) => {
    const gone = tx
      .delete(blockedDates)
      .where(and(eq(blockedDates.id, blockId), eq(blockedDates.practitionerId, practitionerId)))
      .returning({ id: blockedDates.id })
      .get()
    if (!gone) throw new AppError(BLOCK_NOT_FOUND, 404)
    return syncWeeklySlots(tx, practitionerId, now)
  })
}

/**
 * The sweeper (primary only, app/jobs/maintenance.server.ts): keeps every practitioner with
 * weekly hours supplied GENERATE_WEEKS ahead as the days go by. One transaction each, so a
 * booking waits for one practitioner's top-up at most. Running it twice adds nothing.
 */
export function topUpWeeklySlots(now = new Date()): SyncResult {
  const practitioners = getDb().selectDistinct({ id: weeklyHours.practitionerId }).from(weeklyHours).all()
  const total = { added: 0, removed: 0 }
  for (const { id } of practitioners) {
    const { added, removed } = refreshWeeklySlots(id, now)
    total.added += added
    total.removed += removed
  }
  return total
}
