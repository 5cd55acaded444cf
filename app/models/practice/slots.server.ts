import { randomUUID } from 'node:crypto'
import { and, asc, count, eq, gt, gte, lt, lte } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import { services, skippedWeeklySlots, timeSlots } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { formatsFor } from '~/lib/i18n/formats'
import { currentLanguage } from '~/lib/i18n/i18n.server'
import { msg } from '~/lib/i18n/message'
import { centsToDollars } from '~/lib/money'
import {
  addDays,
  clock,
  compareLocalDates,
  dayBounds,
  formatLocalDate,
  localDateOf,
  parseLocalDate,
  zonedTime,
  type LocalDate,
} from '~/lib/zoned-time'
import { offerFreedSlots, withdrawOffer, withdrawOffersOn } from '~/models/waitlist/offers.server'
import {
  BATCH_TOO_LARGE,
  BOOKED_SLOT,
  MAX_BATCH_SLOTS,
  MAX_OPEN_SLOTS,
  NO_SLOTS_FIT,
  NOTHING_CREATED,
  PAST_DATE,
  RANGE_BACKWARDS,
  SERVICE_REQUIRED,
  SLOT_NOT_FOUND,
  TOO_MANY_OPEN_SLOTS,
  intervalShorterThanService,
  type BatchSlotForm,
  type BatchSlotInput,
  type SingleSlotForm,
  type SingleSlotInput,
} from './slot-form'

/**
 * The practitioner's side of time slots: their calendar, creating single and batch slots,
 * deleting them. Every function takes the owner's id and never touches anyone else's rows,
 * so another practitioner's slot id is simply "not found". Open slots as clients see them
 * live in marketplace/open-slots.server.ts.
 */

const MINUTE = 60_000

/** A slot as the API answers it, instants in ISO 8601. */
export type SlotJson = {
  id: number
  practitionerId: number
  serviceId: number | null
  startTime: string
  endTime: string
  isBooked: boolean
  batchId: string | null
  /** Made from the practitioner's weekly hours (docs/decisions/026-weekly-hours.md). */
  isGenerated: boolean
  createdAt: string
  updatedAt: string
}

/** A slot on the calendar list: with its service's name, price (dollars) and duration. */
export type CalendarSlot = SlotJson & {
  serviceName: string | null
  servicePrice: number | null
  serviceDuration: number | null
}

type SlotRow = typeof timeSlots.$inferSelect
type Interval = { start: number; end: number }

function toJson(row: SlotRow): SlotJson {
  return {
    id: row.id,
    practitionerId: row.practitionerId,
    serviceId: row.serviceId,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    isBooked: row.isBooked,
    batchId: row.batchId,
    isGenerated: row.isGenerated,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** The owner's slots starting in [start, end], in time order, with their service's fields. */
export function listSlots(practitionerId: number, start: Date, end: Date): CalendarSlot[] {
  return getDb()
    .select({
      slot: timeSlots,
      serviceName: services.name,
      priceCents: services.priceCents,
      serviceDuration: services.durationMinutes,
    })
    .from(timeSlots)
    .leftJoin(services, eq(services.id, timeSlots.serviceId))
    .where(
      and(eq(timeSlots.practitionerId, practitionerId), gte(timeSlots.startTime, start), lte(timeSlots.startTime, end)),
    )
    .orderBy(asc(timeSlots.startTime), asc(timeSlots.id))
    .all()
    .map(({ slot, serviceName, priceCents, serviceDuration }) => ({
      ...toJson(slot),
      serviceName,
      servicePrice: priceCents === null ? null : centsToDollars(priceCents),
      serviceDuration,
    }))
}

/** The days (yyyy-MM-dd on `timeZone`'s calendar) from `first` to `last` with any slot of the owner. */
export function daysWithSlots(practitionerId: number, first: LocalDate, last: LocalDate, timeZone: string) {
  const starts = getDb()
    .select({ startTime: timeSlots.startTime })
    .from(timeSlots)
    .where(
      and(
        eq(timeSlots.practitionerId, practitionerId),
        gte(timeSlots.startTime, dayBounds(first, timeZone).start),
        lt(timeSlots.startTime, dayBounds(last, timeZone).end),
      ),
    )
    .orderBy(asc(timeSlots.startTime))
    .all()
  return [...new Set(starts.map((s) => formatLocalDate(localDateOf(s.startTime, timeZone))))]
}

/** One of the owner's slots (for the delete dialog), or null. */
export function getOwnSlot(practitionerId: number, slotId: number): CalendarSlot | null {
  const row = getDb()
    .select({
      slot: timeSlots,
      serviceName: services.name,
      priceCents: services.priceCents,
      serviceDuration: services.durationMinutes,
    })
    .from(timeSlots)
    .leftJoin(services, eq(services.id, timeSlots.serviceId))
    .where(and(eq(timeSlots.id, slotId), eq(timeSlots.practitionerId, practitionerId)))
    .get()
  if (!row) return null
  return {
    ...toJson(row.slot),
    serviceName: row.serviceName,
    servicePrice: row.priceCents === null ? null : centsToDollars(row.priceCents),
    serviceDuration: row.serviceDuration,
  }
}

/** The owner's active services, offered by the slot dialogs (inactive ones cannot be booked). */
export function listActiveServiceChoices(practitionerId: number) {
  return getDb()
    .select({ id: services.id, name: services.name, durationMinutes: services.durationMinutes })
    .from(services)
    .where(and(eq(services.practitionerId, practitionerId), eq(services.isActive, true)))
    .orderBy(asc(services.name), asc(services.id))
    .all()
}

/**
 * The owner's active service and its length. Another practitioner's service and an inactive one
 * are refused alike: the dialogs never offer them, and saying which would tell a stranger what
 * exists.
 */
function requireActiveService(db: Db | Tx, practitionerId: number, serviceId: number) {
  const found = db
    .select({ id: services.id, durationMinutes: services.durationMinutes })
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.practitionerId, practitionerId), eq(services.isActive, true)))
    .get()
  if (!found) throw new AppError(SERVICE_REQUIRED, 400, 'serviceId')
  return found
}

/** The owner's first slot that overlaps [start, end) (touching ends do not overlap). */
function findClash(tx: Tx, practitionerId: number, { start, end }: Interval) {
  return tx
    .select({ startTime: timeSlots.startTime, endTime: timeSlots.endTime })
    .from(timeSlots)
    .where(
      and(
        eq(timeSlots.practitionerId, practitionerId),
        lt(timeSlots.startTime, new Date(end)),
        gt(timeSlots.endTime, new Date(start)),
      ),
    )
    .orderBy(asc(timeSlots.startTime))
    .get()
}

/**
 * The refusal naming the slot a time overlaps, in `timeZone`, its date and times written in the
 * language of the request being answered (the message carries them already worded).
 */
function clashMessage(clash: { startTime: Date; endTime: Date }, timeZone: string) {
  const formats = formatsFor(currentLanguage())
  return msg('practice:slotErrors.overlap', {
    date: formats.date(clash.startTime, timeZone),
    start: formats.time(clash.startTime, timeZone),
    end: formats.time(clash.endTime, timeZone),
  })
}

function insertSlots(
  tx: Tx,
  practitionerId: number,
  serviceId: number | null,
  intervals: Interval[],
  batchId: string | null,
) {
  if (!intervals.length) return []
  return tx
    .insert(timeSlots)
    .values(
      intervals.map(({ start, end }) => ({
        practitionerId,
        serviceId,
        startTime: new Date(start),
        endTime: new Date(end),
        batchId,
      })),
    )
    .returning()
    .all()
    .sort((a, b) => a.startTime.getTime() - b.startTime.getTime())
    .map(toJson)
}

/** Refuses `adding` more slots when they would take the practitioner past MAX_OPEN_SLOTS. */
function assertRoomForSlots(tx: Db | Tx, practitionerId: number, adding: number, now: Date) {
  const open =
    tx
      .select({ n: count() })
      .from(timeSlots)
      .where(
        and(
          eq(timeSlots.practitionerId, practitionerId),
          eq(timeSlots.isBooked, false),
          eq(timeSlots.isGenerated, false),
          gt(timeSlots.startTime, now),
        ),
      )
      .get()?.n ?? 0
  if (open + adding > MAX_OPEN_SLOTS) throw new AppError(TOO_MANY_OPEN_SLOTS, 409)
}

/**
 * Single slots, all or none: a past start or any overlap with the owner's slots (or with
 * another of these) refuses the whole request, naming the clash in `timeZone`. The check and
 * the insert share one synchronous transaction, so two requests cannot both take a time.
 */
export function createSlots(
  practitionerId: number,
  serviceId: number,
  intervals: Interval[],
  timeZone: string,
  now = new Date(),
): SlotJson[] {
  const ordered = [...intervals].sort((a, b) => a.start - b.start)
  for (const interval of ordered) {
    if (interval.start <= now.getTime()) throw new AppError(PAST_DATE, 400, 'dates')
  }
  return getDb().transaction(
    (tx) => {
      requireActiveService(tx, practitionerId, serviceId)
      ordered.forEach((interval, i) => {
        const previous = ordered[i - 1]
        if (previous && previous.end > interval.start) {
          throw new AppError(
            clashMessage({ startTime: new Date(previous.start), endTime: new Date(previous.end) }, timeZone),
            409,
          )
        }
        const clash = findClash(tx, practitionerId, interval)
        if (clash) throw new AppError(clashMessage(clash, timeZone), 409)
      })
      assertRoomForSlots(tx, practitionerId, ordered.length, now)
      const created = insertSlots(tx, practitionerId, serviceId, ordered, null)
      offerFreedSlots(
        tx,
        created.map((slot) => slot.id),
        now,
      )
      return created
      // Immediate: the clash check and the waitlist's offers are decided on the data they write over.
    },
    { behavior: 'immediate' },
  )
}

/**
 * The Add Time Slot dialog: a slot at the same clock time on every chosen date, in the
 * practitioner's zone, as long as its service.
 */
export function createSlotsFromForm(practitionerId: number, input: SingleSlotForm, timeZone: string, now = new Date()) {
  const { durationMinutes } = requireActiveService(getDb(), practitionerId, input.serviceId)
  const today = localDateOf(now, timeZone)
  const dates = [...new Set(input.dates)].map((text) => parseLocalDate(text)!)
  if (dates.some((date) => compareLocalDates(date, today) < 0)) throw new AppError(PAST_DATE, 400, 'dates')
  const intervals = dates.map((date) => {
    const start = zonedTime(date, clock(input.startClock), timeZone).getTime()
    return { start, end: start + durationMinutes * MINUTE }
  })
  return createSlots(practitionerId, input.serviceId, intervals, timeZone, now)
}

/** POST /api/time-slots: one slot from ISO instants. */
export function createSlotFromApi(practitionerId: number, input: SingleSlotInput, timeZone: string, now = new Date()) {
  const interval = { start: Date.parse(input.startTime), end: Date.parse(input.endTime) }
  const [slot] = createSlots(practitionerId, input.serviceId, [interval], timeZone, now)
  return slot!
}

/** A range end as a day on the batch zone's calendar (an ISO instant is read in that zone). */
function rangeDay(text: string, timeZone: string): LocalDate {
  return parseLocalDate(text) ?? localDateOf(new Date(text), timeZone)
}

/** A batch to make: the API's body, or the dialog's with its service's length and the practitioner's zone. */
type BatchPlan = Omit<BatchSlotInput, 'timezone'> & { timezone: string }

/**
 * The batch's times: each calendar day of the range in the chosen zone, from the start clock
 * while a whole slot still ends by the end clock, stepping by the interval. Each start is the
 * wall-clock time on that day (zonedTime), so 09:00 stays 09:00 local across a DST change;
 * each slot then lasts `duration` real minutes.
 */
export function planBatch(input: BatchPlan, now = new Date()): Interval[] {
  const zone = input.timezone
  const first = rangeDay(input.dateRange[0], zone)
  const last = rangeDay(input.dateRange[1], zone)
  if (compareLocalDates(last, first) < 0) throw new AppError(RANGE_BACKWARDS, 400, 'dateRange')
  if (compareLocalDates(first, localDateOf(now, zone)) < 0) throw new AppError(PAST_DATE, 400, 'dateRange')

  const startClock = clock(input.startTime)
  const endClock = clock(input.endTime)
  const perDay =
    endClock - startClock < input.duration
      ? 0
      : Math.floor((endClock - startClock - input.duration) / input.interval) + 1
  if (perDay === 0) throw new AppError(NO_SLOTS_FIT, 400, 'endTime')
  const days =
    Math.round(
      (Date.UTC(last.year, last.month - 1, last.day) - Date.UTC(first.year, first.month - 1, first.day)) / 86_400_000,
    ) + 1
  // Counted before anything is generated, so a range of centuries costs nothing.
  if (days * perDay > MAX_BATCH_SLOTS) throw new AppError(BATCH_TOO_LARGE, 400, 'dateRange')

  const intervals: Interval[] = []
  for (let day = first; compareLocalDates(day, last) <= 0; day = addDays(day, 1)) {
    for (let minutes = startClock; minutes + input.duration <= endClock; minutes += input.interval) {
      const start = zonedTime(day, minutes, zone).getTime()
      // Today's times that have gone by are not offered; they are not clashes either.
      if (start <= now.getTime()) continue
      intervals.push({ start, end: start + input.duration * MINUTE })
    }
  }
  if (!intervals.length) throw new AppError(PAST_DATE, 400, 'dateRange')
  return intervals
}

/**
 * Add Batch Slots: times that overlap the owner's existing slots are skipped (and counted),
 * the rest are created together under one new batchId. A batch where every time clashes is
 * refused, so "nothing happened" never looks like success.
 */
export function createBatch(practitionerId: number, input: BatchPlan, now = new Date()) {
  const planned = planBatch(input, now)
  return getDb().transaction(
    (tx) => {
      if (input.serviceId !== undefined) requireActiveService(tx, practitionerId, input.serviceId)
      const free = planned.filter((interval) => !findClash(tx, practitionerId, interval))
      if (!free.length) throw new AppError(NOTHING_CREATED, 409)
      assertRoomForSlots(tx, practitionerId, free.length, now)
      const created = insertSlots(tx, practitionerId, input.serviceId ?? null, free, randomUUID())
      offerFreedSlots(
        tx,
        created.map((slot) => slot.id),
        now,
      )
      return { created, skipped: planned.length - free.length }
    },
    { behavior: 'immediate' },
  )
}

/** The Add Batch Slots dialog: slots as long as the service, in the practitioner's zone. */
export function createBatchFromForm(practitionerId: number, input: BatchSlotForm, timeZone: string, now = new Date()) {
  const { durationMinutes } = requireActiveService(getDb(), practitionerId, input.serviceId)
  if (input.interval < durationMinutes) {
    throw new AppError(intervalShorterThanService(durationMinutes), 400, 'interval')
  }
  return createBatch(practitionerId, { ...input, duration: durationMinutes, timezone: timeZone }, now)
}

/**
 * Deletes one unbooked slot of the owner, or with `deleteBatch` every unbooked slot of its
 * batch. Booked slots stay (their bookings point at them); the `is_booked = 0` condition is in
 * the DELETE itself, so a slot booked a moment ago is never removed. Answers how many went.
 */
export function deleteSlot(practitionerId: number, slotId: number, { deleteBatch = false } = {}) {
  return getDb().transaction(
    (tx) => {
      const slot = tx
        .select({ id: timeSlots.id, isBooked: timeSlots.isBooked, batchId: timeSlots.batchId })
        .from(timeSlots)
        .where(and(eq(timeSlots.id, slotId), eq(timeSlots.practitionerId, practitionerId)))
        .get()
      if (!slot) throw new AppError(SLOT_NOT_FOUND, 404)
      // A time held for a waitlist offer is not booked: the offer is withdrawn, and the time goes.
      const now = new Date()
      if (deleteBatch && slot.batchId) {
        const batch = and(eq(timeSlots.practitionerId, practitionerId), eq(timeSlots.batchId, slot.batchId))
        withdrawOffersOn(
          tx,
          tx
            .select({ id: timeSlots.id })
            .from(timeSlots)
            .where(batch)
            .all()
            .map((row) => row.id),
          now,
        )
        const deleted = tx
          .delete(timeSlots)
          .where(
            and(
              eq(timeSlots.practitionerId, practitionerId),
              eq(timeSlots.batchId, slot.batchId),
              eq(timeSlots.isBooked, false),
            ),
          )
          .returning({ id: timeSlots.id })
          .all()
        if (!deleted.length) throw new AppError(BOOKED_SLOT, 409)
        return { deleted: deleted.length }
      }
      if (slot.isBooked && !withdrawOffer(tx, slot.id, now)) throw new AppError(BOOKED_SLOT, 409)
      removeOpenSlot(tx, practitionerId, slot.id)
      return { deleted: 1 }
    },
    { behavior: 'immediate' },
  )
}

/**
 * Removes one unbooked slot of the practitioner inside the caller's transaction (a slot booked a
 * moment ago stays: the condition is in the DELETE); true when it went. A time removed from the
 * weekly hours' slots stays removed: the top-up skips it.
 */
export function removeOpenSlot(tx: Db | Tx, practitionerId: number, slotId: number) {
  const gone = tx
    .delete(timeSlots)
    .where(and(eq(timeSlots.id, slotId), eq(timeSlots.practitionerId, practitionerId), eq(timeSlots.isBooked, false)))
    .returning({ startTime: timeSlots.startTime, isGenerated: timeSlots.isGenerated })
    .get()
  if (gone?.isGenerated) {
    tx.insert(skippedWeeklySlots).values({ practitionerId, startTime: gone.startTime }).onConflictDoNothing().run()
  }
  return Boolean(gone)
}

/** The calendar day a slot starts on, in `timeZone` (the screen goes back to that day). */
export function slotDay(startTime: string, timeZone: string) {
  return formatLocalDate(localDateOf(new Date(startTime), timeZone))
}
