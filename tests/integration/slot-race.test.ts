import { fork, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { getDb } from '~/db/client.server'
import { bookings, packageHoldings, timeSlots } from '~/db/schema'
import { getEnv } from '~/env.server'
import { createBooking, SLOT_UNAVAILABLE } from '~/models/booking/booking.server'
import { MAX_MOVES, TOO_MANY_MOVES } from '~/models/booking/reschedule'
import { NO_PACKAGE_SESSION } from '~/models/packages/package'
import { joinWaitlist } from '~/models/waitlist/entries.server'
import { offerFreedSlot } from '~/models/waitlist/offers.server'
import { OFFER_TAKEN } from '~/models/waitlist/waitlist'
import { createListedPractitioner, createUser, insertService, insertSlot } from '../helpers'
import type { Attempt, Outcome } from './slot-race.worker'

/**
 * Many processes, each with its own SQLite connection to one database file, trying to take
 * the same slot at the same instant, round after round: exactly one of them gets it each
 * round, and every other one hears a clear "no longer available". Within one process a
 * transaction with no `await` inside never overlaps another, so only separate processes (as
 * on a server with several instances, or LiteFS's primary after a failover) show whether the
 * IMMEDIATE transaction and the conditional claim hold (docs/decisions/005-slot-claiming-and-holds.md).
 *
 * Each round, most contenders book through `createBooking` and two take the slot the way a
 * late payment takes back its lapsed one (`claimSlot`), since both paths claim the same slots.
 */

const CONTENDERS = 8
const CLAIMERS = 2
const ROUNDS = 20
const HOUR = 60 * 60 * 1000
const WORKER = path.join(import.meta.dirname, 'slot-race.worker.ts')

let contenders: ChildProcess[] = []

function start(): Promise<ChildProcess> {
  const child = fork(WORKER, {
    cwd: path.resolve(import.meta.dirname, '../..'),
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DATABASE_PATH: getEnv().DATABASE_PATH },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  })
  let stderr = ''
  child.stderr!.on('data', (chunk) => (stderr += chunk))
  return new Promise((resolve, reject) => {
    child.once('message', (message) => (message === 'ready' ? resolve(child) : reject(new Error(String(message)))))
    child.once('exit', (code) => reject(new Error(`a contender exited (${code}) before it was ready:\n${stderr}`)))
  })
}

function attempt(child: ChildProcess, message: Attempt) {
  return new Promise<Outcome>((resolve) => {
    child.once('message', (outcome) => resolve(outcome as Outcome))
    child.send(message)
  })
}

beforeAll(async () => {
  contenders = await Promise.all(Array.from({ length: CONTENDERS }, start))
}, 30_000)

afterAll(() => {
  for (const child of contenders) if (child.connected) child.send('exit')
})

test(`${CONTENDERS} processes on one slot, ${ROUNDS} rounds: one winner each round, every other refused with 409`, async () => {
  const practitioner = await createListedPractitioner()
  // A paid service: the booking waits for payment, so no email is sent from the contenders.
  const service = insertService(practitioner.id, { name: 'Raced Session', priceCents: 6500 })
  const clients = await Promise.all(
    Array.from({ length: CONTENDERS }, (_, i) => createUser({ firstName: `Racer${i}`, timeZone: 'America/Toronto' })),
  )
  const start = Date.now() + 48 * 60 * 60 * 1000
  const slots = Array.from({ length: ROUNDS }, (_, round) =>
    insertSlot({
      practitionerId: practitioner.id,
      serviceId: service.id,
      startTime: new Date(start + round * 60 * 60 * 1000),
    }),
  )

  const rounds: Outcome[][] = []
  for (const [round, slot] of slots.entries()) {
    const at = Date.now() + 25
    rounds.push(
      await Promise.all(
        contenders.map((child, i) =>
          attempt(child, {
            round,
            slotId: slot.id,
            serviceId: service.id,
            client: clients[i]!,
            // The claimers take turns at every position, so each one races from every start.
            way: (i + round) % CONTENDERS < CLAIMERS ? 'claim' : 'book',
            at,
          }),
        ),
      ),
    )
    // The round's winner pays: a client may hold only a few unpaid sessions at once
    // (MAX_UNPAID_HOLDS), and this test is about the slot, not that cap.
    getDb().update(bookings).set({ status: 'confirmed', isPaid: true }).where(eq(bookings.status, 'pending')).run()
  }

  const failures = rounds.flat().filter((outcome) => outcome.failure)
  expect(failures).toEqual([])
  expect(rounds.map((outcomes) => outcomes.filter((o) => o.won).length)).toEqual(slots.map(() => 1))
  for (const outcome of rounds.flat().filter((o) => !o.won && o.way === 'book')) {
    expect(outcome.refusal).toEqual({ status: 409, message: SLOT_UNAVAILABLE })
  }

  // What the database says: every slot taken, and a booking exactly where a booker won.
  const slotIds = slots.map((slot) => slot.id)
  const taken = getDb().select().from(timeSlots).where(inArray(timeSlots.id, slotIds)).all()
  expect(taken.every((slot) => slot.isBooked)).toBe(true)
  for (const [round, slot] of slots.entries()) {
    const booked = getDb().select().from(bookings).where(eq(bookings.timeSlotId, slot.id)).all()
    const bookerWon = rounds[round]!.some((o) => o.won && o.way === 'book')
    expect(booked).toHaveLength(bookerWon ? 1 : 0)
  }
}, 30_000)

test(`${CONTENDERS} processes moving their own bookings to one slot, 5 rounds: one moves each round, the others keep theirs`, async () => {
  const practitioner = await createListedPractitioner()
  const service = insertService(practitioner.id, { name: 'Moved Session', priceCents: 0, isFreeIntro: true })
  const start = Date.now() + 72 * 60 * 60 * 1000
  const own = await Promise.all(
    Array.from({ length: CONTENDERS }, async (_, i) => {
      const client = await createUser({ firstName: `Mover${i}`, timeZone: 'America/Toronto' })
      const slot = insertSlot({
        practitionerId: practitioner.id,
        serviceId: service.id,
        startTime: new Date(start + i * HOUR),
      })
      const { id } = await createBooking(client, { serviceId: service.id, timeSlotId: slot.id })
      return { client, bookingId: id }
    }),
  )
  const targets = Array.from({ length: 5 }, (_, round) =>
    insertSlot({
      practitionerId: practitioner.id,
      serviceId: service.id,
      startTime: new Date(start - (round + 1) * HOUR),
    }),
  )

  for (const [round, target] of targets.entries()) {
    const before = getDb().select().from(bookings).where(eq(bookings.serviceId, service.id)).all()
    const at = Date.now() + 25
    const outcomes = await Promise.all(
      contenders.map((child, i) =>
        attempt(child, {
          round,
          slotId: target.id,
          serviceId: service.id,
          client: own[i]!.client,
          way: 'move',
          bookingId: own[i]!.bookingId,
          at,
        }),
      ),
    )
    expect(outcomes.filter((o) => o.failure)).toEqual([])
    expect(outcomes.filter((o) => o.won)).toHaveLength(1)
    // A booking that won MAX_MOVES rounds already is refused for that, before any slot is looked at.
    const movedOut = (i: number) => before.find((b) => b.id === own[i]!.bookingId)!.moveCount >= MAX_MOVES
    outcomes.forEach((outcome, i) => {
      if (outcome.won) expect(movedOut(i)).toBe(false)
      else expect(outcome.refusal).toEqual({ status: 409, message: movedOut(i) ? TOO_MANY_MOVES : SLOT_UNAVAILABLE })
    })
    // The winner's booking is on the slot and its old slot is free again; nobody else's changed.
    const winner = own[outcomes.findIndex((o) => o.won)]!
    const after = getDb().select().from(bookings).where(eq(bookings.serviceId, service.id)).all()
    for (const booking of after) {
      const was = before.find((b) => b.id === booking.id)!
      if (booking.id === winner.bookingId) {
        expect(booking).toMatchObject({ timeSlotId: target.id, status: 'confirmed', sequence: was.sequence + 1 })
        expect(getDb().select().from(timeSlots).where(eq(timeSlots.id, was.timeSlotId!)).get()?.isBooked).toBe(false)
      } else expect(booking).toEqual(was)
    }
  }
}, 30_000)

test(`${CONTENDERS} processes on one time offered from the waitlist, 5 rounds: its client's claims and others' bookings give one booking, theirs`, async () => {
  const practitioner = await createListedPractitioner()
  const waiting = await createUser({ firstName: 'Waiting', timeZone: 'America/Toronto' })
  const others = await Promise.all(
    Array.from({ length: CONTENDERS }, (_, i) => createUser({ firstName: `Booker${i}`, timeZone: 'America/Toronto' })),
  )
  const rounds: Outcome[][] = []
  for (let round = 0; round < 5; round++) {
    // A paid service of its own each round (the waiting client's entry is booked once it is taken).
    const service = insertService(practitioner.id, { name: `Waited Session ${round}`, priceCents: 6500 })
    joinWaitlist(waiting, { serviceId: service.id, windows: [] }, 'America/Toronto')
    const slot = insertSlot({
      practitionerId: practitioner.id,
      serviceId: service.id,
      startTime: new Date(Date.now() + (100 + round) * HOUR),
    })
    const offer = getDb().transaction((tx) => offerFreedSlot(tx, slot.id, new Date()), { behavior: 'immediate' })!
    const at = Date.now() + 25
    rounds.push(
      await Promise.all(
        contenders.map((child, i) =>
          attempt(child, {
            round,
            slotId: slot.id,
            serviceId: service.id,
            client: i % 2 === 0 ? waiting : others[i]!,
            way: i % 2 === 0 ? 'take' : 'book',
            offerId: offer.offerId,
            at,
          }),
        ),
      ),
    )
    getDb().update(bookings).set({ status: 'confirmed', isPaid: true }).where(eq(bookings.status, 'pending')).run()
    expect(getDb().select().from(bookings).where(eq(bookings.timeSlotId, slot.id)).all()).toMatchObject([
      { clientId: waiting.id },
    ])
  }
  expect(rounds.flat().filter((outcome) => outcome.failure)).toEqual([])
  expect(rounds.map((outcomes) => outcomes.filter((o) => o.won).map((o) => o.way))).toEqual(rounds.map(() => ['take']))
  for (const outcome of rounds.flat().filter((o) => !o.won)) {
    expect(outcome.refusal).toEqual(
      outcome.way === 'book' ? { status: 409, message: SLOT_UNAVAILABLE } : { status: 409, message: OFFER_TAKEN },
    )
  }
}, 30_000)

test(`${CONTENDERS} processes booking with the last session of one package, 5 rounds: one booking each round, never below zero`, async () => {
  const practitioner = await createListedPractitioner()
  const service = insertService(practitioner.id, { name: 'Packaged Session', priceCents: 6500 })
  const client = await createUser({ firstName: 'Holder', timeZone: 'America/Toronto' })
  const start = Date.now() + 96 * HOUR
  for (let round = 0; round < 5; round++) {
    // A paid package with one session left (the webhook's row, written directly: the race is the point).
    const holding = getDb()
      .insert(packageHoldings)
      .values({
        clientId: client.id,
        practitionerId: practitioner.id,
        serviceId: service.id,
        serviceName: service.name,
        durationMinutes: 60,
        status: 'paid',
        sessionsTotal: 3,
        sessionsUsed: 2,
        expiresInMonths: 6,
        totalAmountCents: 15000,
        platformFeeCents: 750,
        practitionerAmountCents: 14250,
        paidAt: new Date(),
        expiresAt: new Date(Date.now() + 30 * 24 * HOUR),
      })
      .returning()
      .get()
    const slots = contenders.map((_, i) =>
      insertSlot({
        practitionerId: practitioner.id,
        serviceId: service.id,
        startTime: new Date(start + (round * CONTENDERS + i) * HOUR),
      }),
    )
    const at = Date.now() + 25
    const outcomes = await Promise.all(
      contenders.map((child, i) =>
        attempt(child, {
          round,
          slotId: slots[i]!.id,
          serviceId: service.id,
          client,
          way: 'book',
          usePackage: true,
          at,
        }),
      ),
    )
    expect(outcomes.filter((o) => o.failure)).toEqual([])
    expect(outcomes.filter((o) => o.won)).toHaveLength(1)
    for (const lost of outcomes.filter((o) => !o.won))
      expect(lost.refusal).toEqual({ status: 409, message: NO_PACKAGE_SESSION })
    expect(getDb().select().from(packageHoldings).where(eq(packageHoldings.id, holding.id)).get()).toMatchObject({
      sessionsUsed: 3,
    })
    expect(getDb().select().from(bookings).where(eq(bookings.packageHoldingId, holding.id)).all()).toHaveLength(1)
  }
}, 30_000)
