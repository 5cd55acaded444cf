import { and, eq } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { bookings, timeSlots, users, waitlistEntries, waitlistOffers } from '~/db/schema'
import { resetAllLimits } from '~/lib/rate-limit.server'
import { addDays, localDateOf, weekdayOf, zonedTime } from '~/lib/zoned-time'
import { cancelBooking, createBooking, SLOT_UNAVAILABLE } from '~/models/booking/booking.server'
import { releaseLapsedHolds } from '~/models/booking/payments.server'
import { rescheduleBooking } from '~/models/booking/reschedule.server'
import { listOpenSlots } from '~/models/marketplace/open-slots.server'
import { createSlots, deleteSlot } from '~/models/practice/slots.server'
import { claimOffer, declineOffer, offerForClient } from '~/models/waitlist/claim.server'
import { joinWaitlist, leaveWaitlist } from '~/models/waitlist/entries.server'
import { expireLapsedOffers, offerFreedSlot } from '~/models/waitlist/offers.server'
import { setWaitlistOn } from '~/models/waitlist/service-waitlists.server'
import {
  ALREADY_WAITING,
  MAX_WAITLIST_ENTRIES,
  OFFER_MOVED_ON,
  OFFER_TAKEN,
  OFFER_WITHDRAWN,
  TOO_MANY_ENTRIES,
  WAITLIST_OFF,
} from '~/models/waitlist/waitlist'
import { createListedPractitioner, createUser, insertService, outbox } from '../helpers'

/**
 * The waitlist (issue 46, docs/decisions/050-waitlist.md): freed times offered in join order to
 * the people whose windows they suit, held for them, handed on when they lapse, each offer once,
 * and one booking per slot whatever the concurrency. The clock is injected: `now` is passed down.
 */

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const TORONTO = 'America/Toronto'
const NOW = new Date()

let practitioner: Awaited<ReturnType<typeof createListedPractitioner>>

beforeEach(async () => {
  resetAllLimits()
  // A practitioner of their own for each test: the tests' times never clash on one calendar.
  practitioner = await createListedPractitioner({ timeZone: TORONTO })
})

const clients = (n: number) => Promise.all(Array.from({ length: n }, () => createUser({ timeZone: TORONTO })))

function freeService() {
  return insertService(practitioner.id, { name: 'Waitlisted Intro', priceCents: 0, isFreeIntro: true }).id
}

/** Publishes slots as the practitioner's calendar does (the publish path offers them). */
function publish(serviceId: number, starts: Date[], now = NOW) {
  return createSlots(
    practitioner.id,
    serviceId,
    starts.map((start) => ({ start: start.getTime(), end: start.getTime() + HOUR })),
    TORONTO,
    now,
  ).map((slot) => slot.id)
}

/** Next week's Monday at `minutes` of Toronto's clock. */
function mondayAt(minutes: number) {
  let day = addDays(localDateOf(NOW, TORONTO), 7)
  while (weekdayOf(day) !== 1) day = addDays(day, 1)
  return zonedTime(day, minutes, TORONTO)
}

function offersOf(slotId: number) {
  return getDb()
    .select()
    .from(waitlistOffers)
    .where(eq(waitlistOffers.timeSlotId, slotId))
    .orderBy(waitlistOffers.id)
    .all()
}

function liveOffer(slotId: number) {
  return offersOf(slotId).find((offer) => offer.state === 'live')
}

function entryOf(person: { id: number }, serviceId: number) {
  return getDb()
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.clientId, person.id), eq(waitlistEntries.serviceId, serviceId)))
    .get()!
}

function slotRow(id: number) {
  return getDb().select().from(timeSlots).where(eq(timeSlots.id, id)).get()!
}

/** The token in the newest offer email to this person. */
function offerToken(person: { email: string }) {
  const email = outbox(person.email).findLast((row) => row.subject.startsWith('A time opened'))
  const match = /\/waitlist\/offers\/([A-Za-z0-9_-]+)/.exec(email?.text ?? '')
  if (!match) throw new Error(`no offer email to ${person.email}`)
  return match[1]!
}

const anyTime = { windows: [] }

describe('matching and order', () => {
  test('a freed time goes to the first in line whose windows, read in their own zone, it suits', async () => {
    const serviceId = freeService()
    const [early, london, tokyo] = await clients(3)
    // Mondays 13:00-17:00 in Toronto: a Monday 10:00 session does not suit.
    joinWaitlist(early!, { serviceId, windows: [{ days: [1], from: '13:00', to: '17:00' }] }, TORONTO, NOW)
    // Mondays 15:00-16:00 in London is 10:00-11:00 in Toronto (both on standard time or both on summer time, bar a week or two).
    joinWaitlist(london!, { serviceId, windows: [{ days: [1], from: '14:00', to: '16:00' }] }, 'Europe/London', NOW)
    joinWaitlist(tokyo!, { serviceId, ...anyTime }, 'Asia/Tokyo', NOW)

    const [slotId] = publish(serviceId, [mondayAt(10 * 60)])
    const offer = liveOffer(slotId!)!
    expect(offer.entryId).toBe(entryOf(london!, serviceId).id)
    expect(slotRow(slotId!).isBooked).toBe(true)
    expect(outbox(london!.email).at(-1)?.subject).toBe('A time opened for Waitlisted Intro')
    expect(outbox(london!.email).at(-1)?.text).toMatch(
      /^Hi .+,\n\nA time you are waiting for has opened: Waitlisted Intro, \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M \w+ \(\d+ minutes\)\.\nIt is held for you until \d{1,2}:\d{2} [AP]M \w+\. After that it goes to the next person in line\./,
    )
    expect(outbox(early!.email)).toHaveLength(0)

    // Monday 14:00 in Toronto suits the first in line, who gets it although others wait too.
    const [afternoon] = publish(serviceId, [mondayAt(14 * 60)])
    expect(liveOffer(afternoon!)!.entryId).toBe(entryOf(early!, serviceId).id)
  })

  test('one waiting entry per client and service, a cap per client, and none when the waitlist is off', async () => {
    const [person] = await clients(1)
    const first = freeService()
    joinWaitlist(person!, { serviceId: first, ...anyTime }, TORONTO, NOW)
    expect(() => joinWaitlist(person!, { serviceId: first, ...anyTime }, TORONTO, NOW)).toThrow(ALREADY_WAITING)
    for (let i = 1; i < MAX_WAITLIST_ENTRIES; i++)
      joinWaitlist(person!, { serviceId: freeService(), ...anyTime }, TORONTO, NOW)
    expect(() => joinWaitlist(person!, { serviceId: freeService(), ...anyTime }, TORONTO, NOW)).toThrow(
      TOO_MANY_ENTRIES,
    )

    const closed = freeService()
    setWaitlistOn(practitioner, closed, false, NOW)
    const [other] = await clients(1)
    expect(() => joinWaitlist(other!, { serviceId: closed, ...anyTime }, TORONTO, NOW)).toThrow(WAITLIST_OFF)
  })

  test('a lapsed offer goes to the next in line, then the time opens to everyone', async () => {
    const serviceId = freeService()
    const line = await clients(3)
    for (const person of line) joinWaitlist(person, { serviceId, ...anyTime }, TORONTO, NOW)
    const [slotId] = publish(serviceId, [new Date(NOW.getTime() + 48 * HOUR)])
    expect(listOpenSlots(serviceId, localDateOf(slotRow(slotId!).startTime, TORONTO), TORONTO, NOW)).toEqual([])

    let at = NOW.getTime()
    for (const person of line) {
      expect(liveOffer(slotId!)!.entryId).toBe(entryOf(person, serviceId).id)
      expect(liveOffer(slotId!)!.expiresAt.getTime()).toBe(at + 15 * MINUTE)
      at += 16 * MINUTE
      expireLapsedOffers(new Date(at))
    }
    expect(liveOffer(slotId!)).toBeUndefined()
    expect(offersOf(slotId!).map((offer) => offer.state)).toEqual(['expired', 'expired', 'expired'])
    expect(slotRow(slotId!).isBooked).toBe(false)
    // The first in line's link now says so plainly.
    await expect(claimOffer(line[0]!, { token: offerToken(line[0]!) }, new Date(at))).rejects.toThrow(OFFER_MOVED_ON)
  })

  test('letting an offer go hands it to the next in line at once', async () => {
    const serviceId = freeService()
    const [first, second] = await clients(2)
    joinWaitlist(first!, { serviceId, ...anyTime }, TORONTO, NOW)
    joinWaitlist(second!, { serviceId, ...anyTime }, TORONTO, NOW)
    const [slotId] = publish(serviceId, [new Date(NOW.getTime() + 36 * HOUR)])
    const token = offerToken(first!)
    declineOffer(first!, { token }, new Date(NOW.getTime() + MINUTE))
    expect(liveOffer(slotId!)!.entryId).toBe(entryOf(second!, serviceId).id)
    expect(entryOf(first!, serviceId).status).toBe('waiting')
    await expect(claimOffer(first!, { token }, NOW)).rejects.toThrow(OFFER_MOVED_ON)
  })

  test('an offer is shorter when the session is near, and none is made when it starts too soon', async () => {
    const [one, two] = [freeService(), freeService()]
    const [person] = await clients(1)
    joinWaitlist(person!, { serviceId: one, ...anyTime }, TORONTO, NOW)
    joinWaitlist(person!, { serviceId: two, ...anyTime }, TORONTO, NOW)
    const [soon] = publish(one, [new Date(NOW.getTime() + 62 * MINUTE)])
    const [near] = publish(two, [new Date(NOW.getTime() + 2 * HOUR + 10 * MINUTE)], new Date(NOW.getTime() + HOUR))
    expect(liveOffer(soon!)).toBeUndefined()
    expect(slotRow(soon!).isBooked).toBe(false)
    expect(liveOffer(near!)!.expiresAt.getTime()).toBe(NOW.getTime() + HOUR + 10 * MINUTE)
  })
})

describe('every way a time frees up offers it', () => {
  test('a cancellation, a move away and a lapsed payment hold', async () => {
    const serviceId = freeService()
    const paidId = insertService(practitioner.id, { name: 'Paid Session', priceCents: 6000 }).id
    const [booker, waiterA, waiterB, waiterC] = await clients(4)
    const [a, b, c] = publish(
      serviceId,
      [1, 2, 3].map((d) => new Date(NOW.getTime() + d * 24 * HOUR)),
    )
    const first = await createBooking(booker!, { serviceId, timeSlotId: a! }, NOW)
    joinWaitlist(waiterA!, { serviceId, ...anyTime }, TORONTO, NOW)
    joinWaitlist(waiterB!, { serviceId, ...anyTime }, TORONTO, NOW)

    await cancelBooking(booker!, first.id, NOW)
    expect(liveOffer(a!)!.entryId).toBe(entryOf(waiterA!, serviceId).id)

    const second = await createBooking(booker!, { serviceId, timeSlotId: b! }, NOW)
    await rescheduleBooking(booker!, second.id, c!, { side: 'client', now: NOW })
    expect(liveOffer(b!)!.entryId).toBe(entryOf(waiterB!, serviceId).id)

    const [paidSlot] = publish(paidId, [new Date(NOW.getTime() + 4 * 24 * HOUR)])
    const held = await createBooking(booker!, { serviceId: paidId, timeSlotId: paidSlot! }, NOW)
    joinWaitlist(waiterC!, { serviceId: paidId, ...anyTime }, TORONTO, NOW)
    expect(liveOffer(paidSlot!)).toBeUndefined()
    releaseLapsedHolds(new Date(NOW.getTime() + 31 * MINUTE))
    expect(getDb().select().from(bookings).where(eq(bookings.id, held.id)).get()!.status).toBe('cancelled')
    expect(liveOffer(paidSlot!)!.entryId).toBe(entryOf(waiterC!, paidId).id)
  })
})

describe('exactly once', () => {
  test('offering again, a rolled-back offering and the sweeper run twice send each offer once', async () => {
    const serviceId = freeService()
    const [one, two] = await clients(2)
    joinWaitlist(one!, { serviceId, ...anyTime }, TORONTO, NOW)
    joinWaitlist(two!, { serviceId, ...anyTime }, TORONTO, NOW)
    setWaitlistOn(practitioner, serviceId, false, NOW)
    const [slotId] = publish(serviceId, [new Date(NOW.getTime() + 30 * HOUR)])
    setWaitlistOn(practitioner, serviceId, true, NOW)

    // A process that stopped mid-offer: nothing of it stays, neither the hold nor the email.
    expect(() =>
      getDb().transaction(
        (tx) => {
          offerFreedSlot(tx, slotId!, NOW)
          throw new Error('the machine stopped')
        },
        { behavior: 'immediate' },
      ),
    ).toThrow('the machine stopped')
    expect(offersOf(slotId!)).toEqual([])
    expect(outbox(one!.email)).toHaveLength(0)
    expect(slotRow(slotId!).isBooked).toBe(false)

    // Started again, and again: one offer, one email.
    for (let run = 0; run < 2; run++)
      getDb().transaction((tx) => offerFreedSlot(tx, slotId!, NOW), { behavior: 'immediate' })
    expect(offersOf(slotId!)).toHaveLength(1)
    expect(outbox(one!.email)).toHaveLength(1)

    const later = new Date(NOW.getTime() + 20 * MINUTE)
    expireLapsedOffers(later)
    expireLapsedOffers(later)
    expect(outbox(two!.email)).toHaveLength(1)
    expect(outbox(one!.email)).toHaveLength(1)
    expect(offersOf(slotId!).map((offer) => offer.state)).toEqual(['expired', 'live'])
  })
})

describe('claiming', () => {
  test('the link books the held time once; nobody else can book it meanwhile; the practitioner hears of it', async () => {
    const serviceId = freeService()
    const [person, other] = await clients(2)
    joinWaitlist(person!, { serviceId, ...anyTime }, TORONTO, NOW)
    const [slotId] = publish(serviceId, [new Date(NOW.getTime() + 26 * HOUR)])
    await expect(createBooking(other!, { serviceId, timeSlotId: slotId! }, NOW)).rejects.toThrow(SLOT_UNAVAILABLE)

    const token = offerToken(person!)
    await expect(claimOffer(other!, { token }, NOW)).rejects.toMatchObject({ status: 404 })
    expect(offerForClient(person!, { token }, NOW)).toMatchObject({ serviceName: 'Waitlisted Intro', ended: null })
    const booking = await claimOffer(person!, { token }, new Date(NOW.getTime() + 5 * MINUTE))
    expect(booking.requiresPayment).toBe(false)
    expect(getDb().select().from(bookings).where(eq(bookings.id, booking.id)).get()).toMatchObject({
      status: 'confirmed',
      clientId: person!.id,
      timeSlotId: slotId,
    })
    expect(entryOf(person!, serviceId).status).toBe('booked')
    expect(liveOffer(slotId!)).toBeUndefined()
    expect(outbox(practitioner.email).map((email) => email.subject)).toContain(
      'Your waitlist filled a time: Waitlisted Intro',
    )
    const filled = outbox(practitioner.email).find((email) => email.subject.startsWith('Your waitlist filled'))!
    expect(filled.text).toMatch(/took the Waitlisted Intro time on \w{3} \d{1,2}, \d{4}, .+ from your waitlist\./)
    await expect(claimOffer(person!, { token }, NOW)).rejects.toThrow(OFFER_TAKEN)
  })

  test('a paid offer becomes a booking held for payment', async () => {
    const serviceId = insertService(practitioner.id, { name: 'Paid Waitlist', priceCents: 8000 }).id
    const [person] = await clients(1)
    joinWaitlist(person!, { serviceId, ...anyTime }, TORONTO, NOW)
    publish(serviceId, [new Date(NOW.getTime() + 50 * HOUR)])
    const booking = await claimOffer(person!, { token: offerToken(person!) }, NOW)
    expect(booking.requiresPayment).toBe(true)
    expect(getDb().select().from(bookings).where(eq(bookings.id, booking.id)).get()!.status).toBe('pending')
  })

  test('leaving, or the practitioner turning the waitlist off, withdraws a live offer and opens the time', async () => {
    const serviceId = freeService()
    const [person, next] = await clients(2)
    const entry = joinWaitlist(person!, { serviceId, ...anyTime }, TORONTO, NOW)
    joinWaitlist(next!, { serviceId, ...anyTime }, TORONTO, NOW)
    const [slotId] = publish(serviceId, [new Date(NOW.getTime() + 40 * HOUR)])
    const token = offerToken(person!)
    setWaitlistOn(practitioner, serviceId, false, NOW)
    expect(slotRow(slotId!).isBooked).toBe(false)
    await expect(claimOffer(person!, { token }, NOW)).rejects.toThrow(OFFER_WITHDRAWN)
    leaveWaitlist(person!, entry.id, NOW)
    expect(() => leaveWaitlist(next!, entry.id, NOW)).toThrow()
  })

  test('the practitioner may delete a held time: the offer is withdrawn and its link says so', async () => {
    const serviceId = freeService()
    const [person] = await clients(1)
    joinWaitlist(person!, { serviceId, ...anyTime }, TORONTO, NOW)
    const [slotId] = publish(serviceId, [new Date(NOW.getTime() + 44 * HOUR)])
    const token = offerToken(person!)
    expect(deleteSlot(practitioner.id, slotId!)).toEqual({ deleted: 1 })
    expect(outbox(person!.email)).toHaveLength(0)
    expect(offerForClient(person!, { token }, NOW).ended).toBe(OFFER_WITHDRAWN)
    await expect(claimOffer(person!, { token }, NOW)).rejects.toThrow(OFFER_WITHDRAWN)
  })

  test("a live offer gone with its client's account releases the time it held", async () => {
    const serviceId = freeService()
    const [person] = await clients(1)
    joinWaitlist(person!, { serviceId, ...anyTime }, TORONTO, NOW)
    const [slotId] = publish(serviceId, [new Date(NOW.getTime() + 60 * HOUR)])
    expect(slotRow(slotId!).isBooked).toBe(true)
    getDb().delete(users).where(eq(users.id, person!.id)).run()
    expect(offersOf(slotId!)).toEqual([])
    expect(slotRow(slotId!).isBooked).toBe(false)
  })

  test('50 concurrent claims of one offered time, and others trying to book it, give one booking', async () => {
    const serviceId = freeService()
    const [person, ...others] = await clients(6)
    joinWaitlist(person!, { serviceId, ...anyTime }, TORONTO, NOW)
    const [slotId] = publish(serviceId, [new Date(NOW.getTime() + 72 * HOUR)])
    const token = offerToken(person!)
    const attempts = [
      ...Array.from({ length: 50 }, () => claimOffer(person!, { token }, NOW)),
      ...others.map((other) => createBooking(other, { serviceId, timeSlotId: slotId! }, NOW)),
    ]
    const results = await Promise.allSettled(attempts)
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    expect(getDb().select().from(bookings).where(eq(bookings.timeSlotId, slotId!)).all()).toHaveLength(1)
  })
})

test('a simulation: 20 times freed for 30 people waiting are all filled', async () => {
  const serviceId = freeService()
  const bookers = await clients(20)
  const waiting = await clients(30)
  const slots = publish(
    serviceId,
    bookers.map((_, i) => new Date(NOW.getTime() + (24 + i * 2) * HOUR)),
  )
  const booked = await Promise.all(
    bookers.map((person, i) => createBooking(person, { serviceId, timeSlotId: slots[i]! }, NOW)),
  )
  for (const person of waiting) joinWaitlist(person, { serviceId, ...anyTime }, TORONTO, NOW)
  for (const [i, booking] of booked.entries()) await cancelBooking(bookers[i]!, booking.id, NOW)

  // Every third person lets each offer lapse; the rest take theirs. Each sweep hands on what lapsed
  // (to the first in line not yet offered that time, so those who let times lapse are asked again).
  let at = NOW.getTime()
  for (let round = 0; round < 40; round++) {
    const now = new Date(at + MINUTE)
    for (const [i, person] of waiting.entries()) {
      const live = getDb()
        .select({ id: waitlistOffers.id })
        .from(waitlistOffers)
        .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
        .where(and(eq(waitlistEntries.clientId, person.id), eq(waitlistOffers.state, 'live')))
        .get()
      if (live && i % 3 !== 0) await claimOffer(person, { id: live.id }, now)
    }
    at += 16 * MINUTE
    expireLapsedOffers(new Date(at))
  }
  const filled = slots.map((id) =>
    getDb()
      .select({ clientId: bookings.clientId })
      .from(bookings)
      .where(and(eq(bookings.timeSlotId, id), eq(bookings.status, 'confirmed')))
      .get(),
  )
  expect(filled.every((row) => row !== undefined)).toBe(true)
  const fillers = new Set(filled.map((row) => row!.clientId))
  expect(fillers.size).toBe(20)
  expect([...fillers].every((id) => waiting.some((person) => person.id === id))).toBe(true)
})
