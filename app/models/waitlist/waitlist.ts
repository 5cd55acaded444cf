import { z } from 'zod'

export * from './waitlist-links'

/**
 * The waitlist, client-safe (docs/decisions/050-waitlist.md): the join schema the screen and
 * `POST /api/waitlist` share, the texts, and the pure rules: which times a person's windows take
 * and how long an offer holds a slot.
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

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

export const JOINED = 'You are on the waitlist. We will email you when a time opens.'
export const ALREADY_WAITING = 'You are already on the waitlist for this service.'
export const TOO_MANY_ENTRIES = `You are on ${MAX_WAITLIST_ENTRIES} waitlists already. Leave one before joining another.`
export const WAITLIST_OFF = 'This practitioner is not taking a waitlist for this service.'
export const OWN_WAITLIST = 'You cannot join the waitlist of your own service.'
export const CLIENTS_ONLY = 'Only clients can join a waitlist.'
export const ENTRY_NOT_FOUND = 'Waitlist entry not found'
export const LEFT = 'You have left the waitlist.'
export const DECLINED = 'The time goes to the next person in line. You stay on the waitlist.'
export const REMOVED = 'The client is off this waitlist.'
export const OFFER_NOT_FOUND = 'This offer does not exist, or it is not yours.'
export const OFFER_MOVED_ON =
  'This offer has ended: the time was not taken in time and has gone to the next person in line.'
export const OFFER_TAKEN = 'You have already taken this offer.'
export const OFFER_WITHDRAWN =
  'This time is no longer available: the practitioner changed their calendar or their waitlist.'
export const WINDOW_ORDER = 'The end of a time window must be after its start'

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/
const clockField = z.string().regex(CLOCK, 'Times are written as HH:MM, from 00:00 to 24:00')

export const WaitlistWindowSchema = z
  .object({
    days: z
      .array(z.coerce.number().int().min(0).max(6))
      .min(1, 'Choose at least one day')
      .max(7)
      .transform((days) => [...new Set(days)].sort()),
    from: clockField,
    to: clockField,
  })
  .refine((window) => window.from < window.to, { message: WINDOW_ORDER, path: ['to'] })

/** `POST /api/waitlist`: the service, and the times that suit (none: any time). */
export const WaitlistJoinSchema = z.object({
  serviceId: z.coerce.number({ error: 'A service is required' }).int().positive('A service is required'),
  windows: z.array(WaitlistWindowSchema).max(7, 'At most 7 time windows').default([]),
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

/** 'Mon, Wed 09:00–12:00' / 'Any time'. */
export function windowsLabel(windows: readonly { days: number[]; from: string; to: string }[]) {
  if (!windows.length) return 'Any time'
  return windows
    .map((window) => {
      const days =
        window.days.length === 7 ? 'Every day' : window.days.map((day) => WEEKDAY_NAMES[day]!.slice(0, 3)).join(', ')
      return `${days} ${window.from}–${window.to}`
    })
    .join('; ')
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

export const OFFER_STATES_TEXT = {
  live: 'Waiting for you',
  claimed: 'Taken',
  expired: 'Ended',
  withdrawn: 'Withdrawn',
} as const
