import { z } from 'zod'
import { msg } from '~/lib/i18n/message'

export * from './waitlist-links'

/**
 * The waitlist, client-safe (docs/decisions/050-waitlist.md): the join schema the screen and
 * `POST /api/waitlist` share, the messages (catalogue keys, `waitlist:`, shown in the reader's
 * language), and the pure rules: which times a person's windows take and how long an offer holds
 * a slot.
 */

/** Waiting entries one client may have at once (one per service). */
export const MAX_WAITLIST_ENTRIES = 10
/** How long an offer holds its slot, when the slot is far enough off. */
export const OFFER_HOLD_MS = 15 * 60_000
/** An offer ends at least this long before its session starts, so the person can still prepare and pay. */
export const OFFER_LEAD_MS = 60 * 60_000
/** An offer shorter than this is of no use: a slot that close is left open for anyone instead. */
export const OFFER_MIN_MS = 5 * 60_000
/** A page of a waitlist (the client's, a practitioner's service's). */
export const WAITLIST_PAGE_SIZE = 20

export const JOINED = msg('waitlist:messages.joined')
export const ALREADY_WAITING = msg('waitlist:errors.alreadyWaiting')
export const TOO_MANY_ENTRIES = msg('waitlist:errors.tooManyEntries', { max: MAX_WAITLIST_ENTRIES })
export const WAITLIST_OFF = msg('waitlist:errors.off')
export const OWN_WAITLIST = msg('waitlist:errors.ownWaitlist')
export const CLIENTS_ONLY = msg('waitlist:errors.clientsOnly')
export const ENTRY_NOT_FOUND = msg('waitlist:errors.entryNotFound')
export const LEFT = msg('waitlist:messages.left')
export const DECLINED = msg('waitlist:messages.declined')
export const REMOVED = msg('waitlist:messages.removed')
export const OFFER_NOT_FOUND = msg('waitlist:errors.offerNotFound')
export const OFFER_MOVED_ON = msg('waitlist:errors.offerMovedOn')
export const OFFER_TAKEN = msg('waitlist:errors.offerTaken')
export const OFFER_WITHDRAWN = msg('waitlist:errors.offerWithdrawn')
export const WINDOW_ORDER = msg('waitlist:errors.windowOrder')

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/
const clockField = z.string().regex(CLOCK, msg('waitlist:errors.clock'))

export const WaitlistWindowSchema = z
  .object({
    days: z
      .array(z.coerce.number().int().min(0).max(6))
      .min(1, msg('waitlist:errors.chooseDay'))
      .max(7)
      .transform((days) => [...new Set(days)].sort()),
    from: clockField,
    to: clockField,
  })
  .refine((window) => window.from < window.to, { message: WINDOW_ORDER, path: ['to'] })

/** `POST /api/waitlist`: the service, and the times that suit (none: any time). */
export const WaitlistJoinSchema = z.object({
  serviceId: z.coerce
    .number({ error: msg('waitlist:errors.serviceRequired') })
    .int()
    .positive(msg('waitlist:errors.serviceRequired')),
  windows: z.array(WaitlistWindowSchema).max(7, msg('waitlist:errors.tooManyWindows')).default([]),
})
export type WaitlistJoinInput = z.output<typeof WaitlistJoinSchema>

/**
 * The join form (no JavaScript): weekdays ticked, and one stretch of the day. Nothing ticked and
 * no times given is any time; times without days are those times every day.
 */
export const WaitlistJoinFormSchema = z
  .object({
    days: z.array(z.coerce.number().int().min(0).max(6)).default([]),
    from: z.union([clockField, z.literal('')]).default(''),
    to: z.union([clockField, z.literal('')]).default(''),
  })
  .refine((form) => !form.from || !form.to || form.from < form.to, { message: WINDOW_ORDER, path: ['to'] })

export function windowsFromForm(form: z.output<typeof WaitlistJoinFormSchema>) {
  if (!form.days.length && !form.from && !form.to) return []
  return [
    {
      days: form.days.length ? [...new Set(form.days)].sort() : [0, 1, 2, 3, 4, 5, 6],
      from: form.from || '00:00',
      to: form.to || '24:00',
    },
  ]
}

function minutesOf(clock: string) {
  const [hours, minutes] = clock.split(':').map(Number)
  return hours! * 60 + minutes!
}

/** Whether a session starting on `weekday` at `minuteOfDay` (the person's wall clock) suits their windows. */
export function fitsWindows(
  windows: readonly { days: number[]; from: string; to: string }[],
  weekday: number,
  minuteOfDay: number,
) {
  if (!windows.length) return true
  return windows.some(
    (window) =>
      window.days.includes(weekday) && minutesOf(window.from) <= minuteOfDay && minuteOfDay < minutesOf(window.to),
  )
}

/**
 * When an offer made `now` for a session starting at `start` ends: OFFER_HOLD_MS, cut short to
 * end OFFER_LEAD_MS before the start; null when that leaves less than OFFER_MIN_MS (too soon to
 * be of use: the time stays open for anyone).
 */
export function offerExpiry(start: Date, now: Date) {
  const end = Math.min(now.getTime() + OFFER_HOLD_MS, start.getTime() - OFFER_LEAD_MS)
  return end - now.getTime() < OFFER_MIN_MS ? null : new Date(end)
}
