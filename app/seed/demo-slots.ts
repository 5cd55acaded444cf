import {
  addDays,
  addMinutes,
  clock,
  DAY_MS,
  isWeekday,
  localDateOf,
  weekdayOf,
  zonedTime,
  type LocalDate,
} from '~/lib/zoned-time'
import type { SeededPerson } from './demo-people'
import type { SeededService } from './demo-services'
import type { Random } from './random'
import type { SlotPlanner } from './slot-planner'

export interface PlannedSlot {
  practitionerId: number
  serviceId: number
  start: Date
  end: Date
  batchId: string | null
  isBooked: boolean
  createdAt: Date
  /** Filled in when the slot is written. */
  id?: number
}

export const OPEN_DAYS = 14
const DAY_START = clock('09:00')
const DAY_END = clock('17:00')
/** Nothing opens within the next hour: a slot that starts now could not really be booked. */
const LEAD_MINUTES = 60

/**
 * Open slots for the next two weeks, weekdays 09:00-17:00 on each practitioner's clock.
 * Every other service gets recurring "batch" slots (as the Add Batch Slots dialog makes them,
 * one batch per week), the rest get scattered single slots, so the calendar shows both kinds.
 */
export function planOpenSlots(
  activeServices: SeededService[],
  people: Map<string, SeededPerson>,
  planner: SlotPlanner,
  random: Random,
  now: Date,
): PlannedSlot[] {
  const slots: PlannedSlot[] = []
  const earliest = addMinutes(now, LEAD_MINUTES)

  function tryAdd(
    service: SeededService,
    timeZone: string,
    date: LocalDate,
    minutes: number,
    batchId: string | null,
    createdAt: Date,
  ) {
    if (minutes + service.durationMinutes > DAY_END) return false
    const start = zonedTime(date, minutes, timeZone)
    if (start < earliest) return false
    const end = addMinutes(start, service.durationMinutes)
    if (!planner.reserve(service.practitionerId, start, end)) return false
    slots.push({
      practitionerId: service.practitionerId,
      serviceId: service.id,
      start,
      end,
      batchId,
      isBooked: false,
      createdAt,
    })
    return true
  }

  function daysAgo(days: number) {
    return new Date(now.getTime() - days * DAY_MS)
  }

  function planBatches(service: SeededService, timeZone: string, today: LocalDate, morning: boolean) {
    const weekdays = random.pick(
      morning
        ? [
            [1, 3, 5],
            [1, 2, 4],
            [2, 3, 5],
          ]
        : [
            [2, 4],
            [1, 3],
            [3, 5],
          ],
    )
    const first = clock(random.pick(morning ? ['09:00', '09:30', '10:00'] : ['13:00', '13:30', '14:00']))
    const perDay = random.int(2, 3)
    const interval = service.durationMinutes + random.pick([15, 30])
    for (let week = 0; week < OPEN_DAYS / 7; week++) {
      const batchId = random.uuid()
      const createdAt = daysAgo(random.int(1, 6))
      for (let offset = week * 7; offset < (week + 1) * 7; offset++) {
        const date = addDays(today, offset)
        if (!weekdays.includes(weekdayOf(date))) continue
        for (let k = 0; k < perDay; k++) {
          tryAdd(service, timeZone, date, first + k * interval, batchId, createdAt)
        }
      }
    }
  }

  function planSingles(service: SeededService, timeZone: string, today: LocalDate) {
    const target = random.int(4, 7)
    const latestStart = DAY_END - service.durationMinutes
    const startTimes: number[] = []
    for (let m = DAY_START; m <= latestStart; m += 30) startTimes.push(m)
    const days = random.sample(
      Array.from({ length: OPEN_DAYS }, (_, i) => addDays(today, i)).filter(isWeekday),
      OPEN_DAYS,
    )
    let added = 0
    for (const date of days) {
      if (added >= target) break
      for (const minutes of random.sample(startTimes, 3)) {
        if (tryAdd(service, timeZone, date, minutes, null, daysAgo(random.int(1, 4)))) {
          added++
          break
        }
      }
    }
  }

  const byPractitioner = new Map<string, SeededService[]>()
  for (const service of activeServices) {
    byPractitioner.set(service.practitionerKey, [...(byPractitioner.get(service.practitionerKey) ?? []), service])
  }
  for (const [key, list] of byPractitioner) {
    const person = people.get(key)
    if (!person) throw new Error(`No seeded practitioner ${key}`)
    const today = localDateOf(now, person.timeZone)
    list.forEach((service, index) => {
      if (index % 2 === 0) planBatches(service, person.timeZone, today, index === 0)
      else planSingles(service, person.timeZone, today)
    })
  }
  return slots
}
