import { addDays, addMinutes, clock, DAY_MS, localDateOf, weekdayOf, zonedTime } from '~/lib/zoned-time'
import { OTHER_CLIENTS } from './data/accounts'
import { STORY_PAST_SESSIONS, STORY_UPCOMING_SESSIONS } from './data/bookings'
import { LUKEWARM_REVIEWS, WARM_REVIEWS } from './data/reviews'
import type { SeededPerson } from './demo-people'
import type { SeededService } from './demo-services'
import type { PlannedSlot } from './demo-slots'
import type { Random } from './random'
import type { SlotPlanner } from './slot-planner'

export interface PlannedReview {
  rating: number
  content: string
  createdAt: Date
}

export interface PlannedSession {
  clientId: number
  service: SeededService
  slot: PlannedSlot
  status: 'completed' | 'confirmed' | 'cancelled'
  notes: string | null
  bookedAt: Date
  cancelledAt: Date | null
  review: PlannedReview | null
}

const HOUR_MS = 60 * 60_000
/** Past sessions start on the half hour between 09:00 and 15:30, so even 90 minutes ends by 17:00. */
const PAST_START_TIMES = Array.from({ length: 14 }, (_, i) => clock('09:00') + i * 30)

interface Context {
  services: Map<string, SeededService>
  people: Map<string, SeededPerson>
  openSlots: PlannedSlot[]
  planner: SlotPlanner
  random: Random
  now: Date
}

/**
 * Plans the bookings: the scripted sessions from data/bookings.ts, then a few random past
 * sessions per practitioner (all but the newcomer) so most profiles have reviews. Past
 * sessions get their own booked slots in the past; upcoming ones take open slots.
 */
export function planSessions(ctx: Context) {
  const { random, now } = ctx
  const sessions: PlannedSession[] = []
  const pastSlots: PlannedSlot[] = []
  const usedTexts = new Set<string>()

  function person(key: string) {
    const found = ctx.people.get(key)
    if (!found) throw new Error(`No seeded person ${key}`)
    return found
  }

  function service(key: string) {
    const found = ctx.services.get(key)
    if (!found) throw new Error(`No seeded service ${key}`)
    return found
  }

  /** A booked slot `daysAgo` days back (moved to the Friday before if that is a weekend). */
  function pastSlot(svc: SeededService, daysAgo: number, minutes: number): PlannedSlot | null {
    const timeZone = person(svc.practitionerKey).timeZone
    let date = addDays(localDateOf(now, timeZone), -daysAgo)
    const weekday = weekdayOf(date)
    if (weekday === 0) date = addDays(date, -2)
    if (weekday === 6) date = addDays(date, -1)
    const start = zonedTime(date, minutes, timeZone)
    const end = addMinutes(start, svc.durationMinutes)
    if (!ctx.planner.reserve(svc.practitionerId, start, end)) return null
    const slot: PlannedSlot = {
      practitionerId: svc.practitionerId,
      serviceId: svc.id,
      start,
      end,
      batchId: null,
      isBooked: true,
      createdAt: new Date(Math.max(svc.createdAt.getTime(), start.getTime() - random.int(5, 20) * DAY_MS)),
    }
    pastSlots.push(slot)
    return slot
  }

  /** Booked after the slot opened and before it starts (and before now). */
  function bookingTime(slot: PlannedSlot) {
    const latest = Math.min(now.getTime() - HOUR_MS, slot.start.getTime() - HOUR_MS)
    const earliest = slot.createdAt.getTime()
    return new Date(earliest + (latest - earliest) * (0.3 + 0.6 * random.next()))
  }

  function reviewText(svc: SeededService, rating: number) {
    const pool = rating >= 4 ? WARM_REVIEWS[svc.category] : LUKEWARM_REVIEWS
    const name = person(svc.practitionerKey).firstName
    const fresh = pool.filter((text) => !usedTexts.has(`${svc.practitionerId}:${text}`))
    const text = random.pick(fresh.length ? fresh : pool)
    usedTexts.add(`${svc.practitionerId}:${text}`)
    return text.replaceAll('{name}', name)
  }

  function reviewAt(slot: PlannedSlot, daysAfter: number) {
    const at = slot.end.getTime() + daysAfter * DAY_MS + random.int(1, 10) * HOUR_MS
    return new Date(Math.min(at, now.getTime() - HOUR_MS))
  }

  for (const story of STORY_PAST_SESSIONS) {
    const svc = service(story.service)
    const slot = pastSlot(svc, story.daysAgo, clock(story.at))
    if (!slot) throw new Error(`Scripted session ${story.service} overlaps another slot`)
    sessions.push({
      clientId: person(story.client).id,
      service: svc,
      slot,
      status: 'completed',
      notes: story.notes ?? null,
      bookedAt: bookingTime(slot),
      cancelledAt: null,
      review: story.review ? { ...story.review, createdAt: reviewAt(slot, story.review.daysAfter) } : null,
    })
  }

  const otherClients = OTHER_CLIENTS.map((client) => person(client.key))
  const allServices = [...ctx.services.values()]
  for (const practitioner of ctx.people.values()) {
    if (!practitioner.isPractitioner || practitioner.isNewcomer) continue
    const own = allServices.filter((s) => s.practitionerId === practitioner.id)
    const count = random.int(2, 5)
    for (let n = 0; n < count; n++) {
      const svc = random.pick(own)
      // Only after the service existed; the oldest sessions are about five months back.
      const maxDaysAgo = Math.min(140, Math.floor((now.getTime() - svc.createdAt.getTime()) / DAY_MS) - 3)
      if (maxDaysAgo < 10) continue
      let slot: PlannedSlot | null = null
      for (let attempt = 0; attempt < 20 && !slot; attempt++) {
        slot = pastSlot(svc, random.int(10, maxDaysAgo), random.pick(PAST_START_TIMES))
      }
      if (!slot) continue
      const rating = random.weighted([
        [5, 0.55],
        [4, 0.33],
        [3, 0.12],
      ] as const)
      sessions.push({
        clientId: random.pick(otherClients).id,
        service: svc,
        slot,
        status: 'completed',
        notes: null,
        bookedAt: bookingTime(slot),
        cancelledAt: null,
        review: random.chance(0.8)
          ? {
              rating,
              content: reviewText(svc, rating),
              createdAt: reviewAt(slot, random.int(0, 4)),
            }
          : null,
      })
    }
  }

  const taken = new Set<PlannedSlot>()
  for (const story of STORY_UPCOMING_SESSIONS) {
    const svc = service(story.service)
    const after = now.getTime() + story.minDaysAhead * DAY_MS
    const candidates = ctx.openSlots.filter((slot) => slot.serviceId === svc.id && !taken.has(slot))
    const slot = candidates.find((s) => s.start.getTime() >= after) ?? candidates.at(-1)
    if (!slot) throw new Error(`No open slot left for scripted booking of ${story.service}`)
    taken.add(slot)
    const bookedAt = bookingTime(slot)
    // A cancelled booking gives its slot back; the partial unique index allows a new booking.
    slot.isBooked = !story.cancelled
    sessions.push({
      clientId: person(story.client).id,
      service: svc,
      slot,
      status: story.cancelled ? 'cancelled' : 'confirmed',
      notes: story.notes ?? null,
      bookedAt,
      cancelledAt: story.cancelled ? new Date((bookedAt.getTime() + now.getTime()) / 2) : null,
      review: null,
    })
  }

  return { sessions, pastSlots }
}
