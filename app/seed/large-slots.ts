import { clock, DAY_MS, type createDayClock } from '~/lib/zoned-time'
import type { BenchPractitioner } from './large-people'
import type { BenchService } from './large-services'
import type { LargeInserts } from './large-statements'
import type { Random } from './random'

const DAY_START = clock('09:00')
const DAY_END = clock('17:00')
const MINUTE_MS = 60_000
const GAPS = [0, 15, 30]
const FIRST_STARTS = [0, 30, 60]

/**
 * Open slots from tomorrow on, weekdays 09:00-17:00 on each practitioner's clock. Each
 * practitioner's slots are laid end to end (a slot, a short gap, the next), day after day, so
 * they can never overlap however many are asked for. Most practitioners make them in weekly
 * batches; the rest one by one.
 */
export function insertBenchOpenSlots(
  ins: LargeInserts,
  practitioners: BenchPractitioner[],
  servicesByPractitioner: BenchService[][],
  count: number,
  random: Random,
  day: ReturnType<typeof createDayClock>,
  nowMs: number,
) {
  const perPractitioner = Math.floor(count / practitioners.length)
  const extra = count % practitioners.length
  let inserted = 0
  practitioners.forEach((practitioner, p) => {
    const active = (servicesByPractitioner[p] ?? []).filter((s) => s.isActive)
    const quota = perPractitioner + (p < extra ? 1 : 0)
    if (!active.length || !quota) return
    const usesBatches = random.chance(0.7)
    let offset = 1
    let minute = DAY_START + random.pick(FIRST_STARTS)
    let batchWeek = -1
    let batchId: string | null = null
    let createdAt = nowMs - random.int(1, 7) * DAY_MS
    for (let n = 0; n < quota;) {
      const today = day(practitioner.timeZone, offset)
      const service = random.pick(active)
      if (!today.isWeekday || minute + service.durationMinutes > DAY_END) {
        offset++
        minute = DAY_START + random.pick(FIRST_STARTS)
        continue
      }
      const week = Math.floor(offset / 7)
      if (usesBatches && week !== batchWeek) {
        batchWeek = week
        batchId = random.uuid()
        createdAt = nowMs - random.int(1, 7) * DAY_MS
      }
      const start = today.at + (minute - DAY_START) * MINUTE_MS
      const end = start + service.durationMinutes * MINUTE_MS
      ins.slot.run(practitioner.id, service.id, start, end, 0, batchId, createdAt, createdAt)
      minute += service.durationMinutes + random.pick(GAPS)
      n++
      inserted++
    }
  })
  return inserted
}
