import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '~/db/client.server'
import {
  emailOutbox,
  services,
  timeSlots,
  users,
  waitlistClosedServices,
  waitlistEntries,
  waitlistOffers,
} from '~/db/schema'
import { queueEmail, type Email } from '~/integrations/email.server'
import { newLinkToken } from '~/lib/email-link-token.server'
import { formatsFor } from '~/lib/i18n/formats'
import { tFor } from '~/lib/i18n/i18n.server'
import type { Language } from '~/lib/i18n/languages'
import { configuredOrigin } from '~/lib/url.server'
import { wallClock } from '~/lib/zone-rules'
import { fitsWindows, offerExpiry, offerPath } from './waitlist'

/**
 * Offering freed times to the waitlist (docs/decisions/050-waitlist.md). Every path that frees a
 * slot calls `offerFreedSlot` inside its own IMMEDIATE transaction, on the primary: the offer,
 * the slot's hold (`is_booked` = 1, so every claim and every list of open times passes it by) and
 * the email's outbox row are written together, so an offer exists exactly when its email does,
 * and a second run finds the slot held and does nothing.
 */

export type OfferMade = { offerId: number; entryId: number; timeSlotId: number; expiresAt: Date }

/** The slot as offering reads it: free, of a listed service whose waitlist is on. */
function offerableSlot(tx: Db | Tx, timeSlotId: number) {
  return tx
    .select({
      id: timeSlots.id,
      serviceId: timeSlots.serviceId,
      startTime: timeSlots.startTime,
      isBooked: timeSlots.isBooked,
      serviceName: services.name,
      durationMinutes: services.durationMinutes,
      priceCents: services.priceCents,
      isListed: services.isListed,
      closed: waitlistClosedServices.serviceId,
    })
    .from(timeSlots)
    .innerJoin(services, eq(services.id, timeSlots.serviceId))
    .leftJoin(waitlistClosedServices, eq(waitlistClosedServices.serviceId, timeSlots.serviceId))
    .where(eq(timeSlots.id, timeSlotId))
    .get()
}

/**
 * The waiting entries of a service in join order that may be offered this slot: not offered it
 * before (an entry that let an offer lapse is not asked again for the same time) and not holding
 * another live offer (one offer at a time per person and service).
 */
function candidates(tx: Db | Tx, serviceId: number, timeSlotId: number) {
  return tx
    .select({
      id: waitlistEntries.id,
      windows: waitlistEntries.windows,
      timeZone: waitlistEntries.timeZone,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
    })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.clientId))
    .where(
      and(
        eq(waitlistEntries.serviceId, serviceId),
        eq(waitlistEntries.status, 'waiting'),
        sql`NOT EXISTS (SELECT 1 FROM waitlist_offers o WHERE o.entry_id = ${waitlistEntries.id}
              AND (o.time_slot_id = ${timeSlotId} OR o.state = 'live'))`,
      ),
    )
    .orderBy(asc(waitlistEntries.id))
    .all()
}

/** Whether a session starting at `start` falls in one of the entry's windows, read in its zone. */
function suits(entry: { windows: { days: number[]; from: string; to: string }[]; timeZone: string }, start: Date) {
  const clock = wallClock(start.getTime(), entry.timeZone)
  const weekday = new Date(Date.UTC(clock.year, clock.month - 1, clock.day)).getUTCDay()
  return fitsWindows(entry.windows, weekday, clock.hour * 60 + clock.minute)
}

/**
 * The offer's email: what, when (in the person's zone), until when, and the link. No other
 * client is named. In the person's language.
 */
function offerEmail(
  to: { email: string; firstName: string; timeZone: string; language: Language | null },
  slot: { serviceName: string; durationMinutes: number; startTime: Date; priceCents: number },
  expiresAt: Date,
  link: string,
): Email {
  const zone = to.timeZone
  const language = to.language ?? 'en'
  const t = tFor(language, 'emails')
  const f = formatsFor(language)
  const at = (instant: Date) => `${f.time(instant, zone)} ${f.zone(instant, zone)}`
  const when = `${f.date(slot.startTime, zone)}, ${at(slot.startTime)}`
  return {
    to: to.email,
    subject: t('waitlist.offer.subject', { service: slot.serviceName }),
    text: [
      t('waitlist.greeting', { name: to.firstName }),
      '',
      t('waitlist.offer.opened', { service: slot.serviceName, when, minutes: slot.durationMinutes }),
      t('waitlist.offer.heldUntil', { until: at(expiresAt) }),
      '',
      t(slot.priceCents > 0 ? 'waitlist.offer.bookAndPay' : 'waitlist.offer.book', { link }),
      '',
      t('waitlist.offer.stay'),
    ].join('\n'),
  }
}

/**
 * Offers a slot that has just become free to the first waiting entry, in join order, whose
 * windows it suits; the slot is held for them until the offer ends. Nothing happens when the
 * slot is taken or held already, starts too soon (`offerExpiry`), belongs to a service that is
 * unlisted or whose waitlist is off, or suits nobody. Run inside the caller's transaction, after
 * the write that freed the slot.
 */
export function offerFreedSlot(tx: Db | Tx, timeSlotId: number, now: Date, origin = configuredOrigin()) {
  const slot = offerableSlot(tx, timeSlotId)
  if (!slot || slot.isBooked || slot.serviceId === null || !slot.isListed || slot.closed !== null) return null
  const expiresAt = offerExpiry(slot.startTime, now)
  if (!expiresAt) return null
  const chosen = candidates(tx, slot.serviceId, slot.id).find((entry) => suits(entry, slot.startTime))
  if (!chosen) return null
  // The hold: the same conditional update every booking claims with, so it cannot take a slot
  // somebody else just got.
  const held = tx.run(
    sql`UPDATE time_slots SET is_booked = 1, updated_at = ${now.getTime()} WHERE id = ${slot.id} AND is_booked = 0`,
  )
  if (held.changes !== 1) return null
  const { token, hash } = newLinkToken()
  const offer = tx
    .insert(waitlistOffers)
    .values({ entryId: chosen.id, timeSlotId: slot.id, token: hash, expiresAt, createdAt: now })
    .returning({ id: waitlistOffers.id })
    .get()
  const outboxId = queueEmail(tx, offerEmail(chosen, slot, expiresAt, `${origin}${offerPath(token)}`), now)
  tx.update(waitlistOffers).set({ outboxId }).where(eq(waitlistOffers.id, offer.id)).run()
  return { offerId: offer.id, entryId: chosen.id, timeSlotId: slot.id, expiresAt } satisfies OfferMade
}

/** Several freed slots (a batch published), each offered as above. */
export function offerFreedSlots(tx: Db | Tx, timeSlotIds: readonly number[], now: Date) {
  return timeSlotIds.map((id) => offerFreedSlot(tx, id, now)).filter((offer) => offer !== null)
}

/**
 * Ends a live offer on the slot without handing it on, and frees the slot (a practitioner keeps
 * the time closed, or turns the waitlist off). Its email, written in this same transaction or
 * not yet taken up by a delivery, never goes.
 */
export function withdrawOffer(tx: Db | Tx, timeSlotId: number, now: Date) {
  const ended = tx
    .update(waitlistOffers)
    .set({ state: 'withdrawn', endedAt: now })
    .where(and(eq(waitlistOffers.timeSlotId, timeSlotId), eq(waitlistOffers.state, 'live')))
    .returning({ outboxId: waitlistOffers.outboxId })
    .all()
  if (!ended.length) return false
  for (const { outboxId } of ended) {
    if (outboxId === null) continue
    tx.delete(emailOutbox)
      .where(and(eq(emailOutbox.id, outboxId), eq(emailOutbox.status, 'queued'), eq(emailOutbox.attempts, 0)))
      .run()
  }
  tx.run(sql`UPDATE time_slots SET is_booked = 0, updated_at = ${now.getTime()} WHERE id = ${timeSlotId}`)
  return true
}

/**
 * One lapsed (or declined, `early`) offer ended and its slot handed on: the offer becomes
 * `expired` (only if still live, so a second run, or a claim a moment earlier, leaves it be), the
 * hold is released, and the slot is offered to the next suitable entry in line.
 */
export function handOn(offerId: number, now: Date, { early = false } = {}) {
  return getDb().transaction(
    (tx) => {
      const ended = tx
        .update(waitlistOffers)
        .set({ state: 'expired', endedAt: now })
        .where(
          and(
            eq(waitlistOffers.id, offerId),
            eq(waitlistOffers.state, 'live'),
            early ? undefined : lte(waitlistOffers.expiresAt, now),
          ),
        )
        .returning({ timeSlotId: waitlistOffers.timeSlotId })
        .get()
      if (!ended) return { ended: false, next: null }
      if (ended.timeSlotId === null) return { ended: true, next: null }
      tx.run(sql`UPDATE time_slots SET is_booked = 0, updated_at = ${now.getTime()} WHERE id = ${ended.timeSlotId}`)
      return { ended: true, next: offerFreedSlot(tx, ended.timeSlotId, now) }
    },
    { behavior: 'immediate' },
  )
}

/**
 * The sweeper's part (every minute, on the primary): offers whose time ran out are ended and
 * their slots offered to the next person in line, or opened to everyone.
 */
export function expireLapsedOffers(now = new Date()) {
  const lapsed = getDb()
    .select({ id: waitlistOffers.id })
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.state, 'live'), lte(waitlistOffers.expiresAt, now)))
    .orderBy(asc(waitlistOffers.expiresAt))
    .all()
  let expired = 0
  let handedOn = 0
  for (const { id } of lapsed) {
    const result = handOn(id, now)
    if (result.ended) expired += 1
    if (result.next) handedOn += 1
  }
  return { expired, handedOn }
}

/** Which of these slots are held for a live offer now (the practitioner's calendar says so). */
export function heldForWaitlist(timeSlotIds: readonly number[]) {
  const held = new Set<number>()
  for (let i = 0; i < timeSlotIds.length; i += 500) {
    for (const row of getDb()
      .select({ id: waitlistOffers.timeSlotId })
      .from(waitlistOffers)
      .where(and(inArray(waitlistOffers.timeSlotId, timeSlotIds.slice(i, i + 500)), eq(waitlistOffers.state, 'live')))
      .all()) {
      if (row.id !== null) held.add(row.id)
    }
  }
  return held
}

/** The practitioner deletes held slots: their live offers are withdrawn first (`withdrawOffer`). */
export function withdrawOffersOn(tx: Db | Tx, timeSlotIds: readonly number[], now: Date) {
  const live = tx
    .select({ id: waitlistOffers.timeSlotId })
    .from(waitlistOffers)
    .innerJoin(timeSlots, eq(timeSlots.id, waitlistOffers.timeSlotId))
    .where(and(inArray(waitlistOffers.timeSlotId, [...timeSlotIds]), eq(waitlistOffers.state, 'live')))
    .all()
  for (const { id } of live) if (id !== null) withdrawOffer(tx, id, now)
  return live.length
}
