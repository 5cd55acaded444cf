import { and, eq, gt, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { getDb, type Tx } from '~/db/client.server'
import { services, timeSlots, users, waitlistEntries, waitlistOffers } from '~/db/schema'
import { queueEmail } from '~/integrations/email.server'
import { DEFAULT_TIME_ZONE } from '~/lib/dates'
import { hashLinkToken } from '~/lib/email-link-token.server'
import { AppError } from '~/lib/errors'
import { formatsFor } from '~/lib/i18n/formats'
import { tFor } from '~/lib/i18n/i18n.server'
import { createBooking, type BookingActor } from '~/models/booking/booking.server'
import { handOn } from './offers.server'
import { OFFER_MOVED_ON, OFFER_NOT_FOUND, OFFER_TAKEN, OFFER_WITHDRAWN } from './waitlist'

/**
 * Taking an offer (docs/decisions/050-waitlist.md): the emailed link opens a page (a GET that
 * writes nothing, since mail scanners open links) whose one button books the held slot through
 * the booking model's own transaction, so under any concurrency one slot gives one booking.
 */

const practitioner = alias(users, 'practitioner')

/** How an offer is named: its emailed link's token, or its id (the client's own screens). */
export type OfferKey = { token: string } | { id: number }

/** An offer by its key, the signed-in client's own only. */
function findOffer(client: { id: number }, key: OfferKey) {
  if ('token' in key && (!key.token || key.token.length > 100)) throw new AppError(OFFER_NOT_FOUND, 404)
  const row = getDb()
    .select({
      id: waitlistOffers.id,
      state: waitlistOffers.state,
      expiresAt: waitlistOffers.expiresAt,
      bookingId: waitlistOffers.bookingId,
      timeSlotId: waitlistOffers.timeSlotId,
      entryId: waitlistOffers.entryId,
      clientId: waitlistEntries.clientId,
      serviceId: waitlistEntries.serviceId,
      serviceName: services.name,
      durationMinutes: services.durationMinutes,
      priceCents: services.priceCents,
      startTime: timeSlots.startTime,
      practitionerFirstName: practitioner.firstName,
      practitionerLastName: practitioner.lastName,
    })
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .leftJoin(timeSlots, eq(timeSlots.id, waitlistOffers.timeSlotId))
    .innerJoin(services, eq(services.id, waitlistEntries.serviceId))
    .innerJoin(practitioner, eq(practitioner.id, services.practitionerId))
    .where('token' in key ? eq(waitlistOffers.token, hashLinkToken(key.token)) : eq(waitlistOffers.id, key.id))
    .get()
  // Somebody else's offer is not found either: the page tells nothing about it.
  if (!row || row.clientId !== client.id) throw new AppError(OFFER_NOT_FOUND, 404)
  return row
}

type OfferRow = ReturnType<typeof findOffer>

/** Why an offer can no longer be taken (a message); null while it can. */
function endedReason(offer: Pick<OfferRow, 'state' | 'expiresAt' | 'timeSlotId'>, now: Date) {
  if (offer.state === 'claimed') return OFFER_TAKEN
  if (offer.state === 'withdrawn' || offer.timeSlotId === null) return OFFER_WITHDRAWN
  if (offer.state === 'expired' || offer.expiresAt.getTime() <= now.getTime()) return OFFER_MOVED_ON
  return null
}

/** What the offer's page shows: the session, until when it is held, or why it is over. */
export function offerForClient(client: { id: number }, key: OfferKey, now = new Date()) {
  const offer = findOffer(client, key)
  return {
    serviceId: offer.serviceId,
    serviceName: offer.serviceName,
    practitionerName: `${offer.practitionerFirstName} ${offer.practitionerLastName}`,
    startTime: offer.startTime,
    durationMinutes: offer.durationMinutes,
    priceCents: offer.priceCents,
    expiresAt: offer.expiresAt,
    id: offer.id,
    ended: endedReason(offer, now),
    bookingId: offer.state === 'claimed' ? offer.bookingId : null,
  }
}

/** To the practitioner, in their language: a client from the waitlist took a freed time (their own client: named). */
function queueFilledNotice(
  tx: Tx,
  offer: OfferRow & { startTime: Date },
  client: BookingActor,
  bookingId: number,
  now: Date,
) {
  const to = tx
    .select({ email: practitioner.email, timeZone: practitioner.timeZone, language: practitioner.language })
    .from(services)
    .innerJoin(practitioner, eq(practitioner.id, services.practitionerId))
    .where(eq(services.id, offer.serviceId))
    .get()
  if (!to) return
  const zone = to.timeZone ?? DEFAULT_TIME_ZONE
  const language = to.language ?? 'en'
  const t = tFor(language, 'emails')
  const f = formatsFor(language)
  const when = `${f.date(offer.startTime, zone)}, ${f.time(offer.startTime, zone)} ${f.zone(offer.startTime, zone)}`
  queueEmail(
    tx,
    {
      to: to.email,
      subject: t('waitlist.filled.subject', { service: offer.serviceName }),
      text: [
        t('waitlist.filled.took', { client: client.firstName, service: offer.serviceName, when }),
        offer.priceCents > 0 ? t('waitlist.filled.paying') : '',
        t('waitlist.filled.seeIt', { booking: bookingId }),
      ]
        .filter(Boolean)
        .join('\n'),
    },
    now,
  )
}

/**
 * Books the offered slot for its client: in the booking's own IMMEDIATE transaction the offer
 * turns from live to claimed (only while live and unexpired: exactly one attempt can), the hold
 * is released and the slot claimed as any booking claims it. A free session is confirmed at once;
 * a paid one is pending, and the caller sends the client on to checkout (`startCheckout`). The
 * entry waits no more, and the practitioner hears of it.
 */
export async function claimOffer(client: BookingActor, key: OfferKey, now = new Date()) {
  const offer = findOffer(client, key)
  const ended = endedReason(offer, now)
  if (ended) throw new AppError(ended, 409)
  const timeSlotId = offer.timeSlotId!
  const startTime = offer.startTime!
  return createBooking(client, { serviceId: offer.serviceId, timeSlotId }, now, {
    take(tx) {
      const took = tx
        .update(waitlistOffers)
        .set({ state: 'claimed', endedAt: now })
        .where(
          and(eq(waitlistOffers.id, offer.id), eq(waitlistOffers.state, 'live'), gt(waitlistOffers.expiresAt, now)),
        )
        .run()
      if (took.changes !== 1) {
        const current = tx
          .select({
            state: waitlistOffers.state,
            expiresAt: waitlistOffers.expiresAt,
            timeSlotId: waitlistOffers.timeSlotId,
          })
          .from(waitlistOffers)
          .where(eq(waitlistOffers.id, offer.id))
          .get()
        const reason = current ? endedReason(current, now) : OFFER_WITHDRAWN
        throw new AppError(reason ?? OFFER_MOVED_ON, 409)
      }
      tx.run(sql`UPDATE time_slots SET is_booked = 0, updated_at = ${now.getTime()} WHERE id = ${timeSlotId}`)
    },
    taken(tx, bookingId) {
      tx.update(waitlistOffers).set({ bookingId }).where(eq(waitlistOffers.id, offer.id)).run()
      tx.update(waitlistEntries)
        .set({ status: 'booked', updatedAt: now })
        .where(eq(waitlistEntries.id, offer.entryId))
        .run()
      queueFilledNotice(tx, { ...offer, startTime }, client, bookingId, now)
    },
  })
}

/**
 * The client lets the offered time go before it lapses: it goes to the next person in line at
 * once (the entry stays waiting, and is not offered this time again).
 */
export function declineOffer(client: { id: number }, key: OfferKey, now = new Date()) {
  const offer = findOffer(client, key)
  const ended = endedReason(offer, now)
  if (ended) throw new AppError(ended, 409)
  if (!handOn(offer.id, now, { early: true }).ended) throw new AppError(OFFER_MOVED_ON, 409)
  return { id: offer.id }
}
