import { z } from 'zod'
import { msg, type Message } from '~/lib/i18n/message'
import { parseLocalDate } from '~/lib/zoned-time'

/**
 * Time-slot rules, shared by the calendar's dialogs and /api/time-slots. The forms speak
 * calendar dates and wall-clock times in the practitioner's own zone, and each slot lasts as
 * long as its service; the API speaks the spec's bodies (ISO instants for one slot; a batch's
 * duration and zone), so it has its own small schemas built from the same pieces.
 */

/** The time zones POST /api/time-slots/batch takes, in the spec's order. */
export const TIMEZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Paris',
  'Asia/Tokyo',
  'Australia/Sydney',
] as const
export type BatchTimeZone = (typeof TIMEZONES)[number]

/**
 * Defaults: a single slot at 09:00; batches 09:00-17:00, a slot every 90 minutes (the API's
 * batches 60 minutes long, New York time, as the spec says).
 */
export const SINGLE_SLOT_DEFAULTS = { startClock: '09:00' } as const
export const BATCH_DEFAULTS = {
  startTime: '09:00',
  endTime: '17:00',
  duration: 60,
  interval: 90,
  timezone: 'America/New_York' as BatchTimeZone,
}
export const SLOT_STEP_MINUTES = 15
/** Past this a batch is almost certainly a mistake (a year of 15-minute slots, say). */
export const MAX_BATCH_SLOTS = 500
/**
 * Open slots to come one practitioner can have, besides those their weekly hours make (issue 41:
 * batch after batch, years ahead, would otherwise fill the table others browse).
 */
export const MAX_OPEN_SLOTS = 2000
export const TOO_MANY_OPEN_SLOTS = msg('practice:slotErrors.tooManyOpen', { max: MAX_OPEN_SLOTS })
/** How many upcoming days the Add Time Slot dialog offers as checkboxes. */
export const SINGLE_SLOT_DATE_CHOICES = 30

export const SERVICE_REQUIRED = msg('practice:slotErrors.serviceRequired')
export const DATES_REQUIRED = msg('practice:slotErrors.datesRequired')
export const DATE_RANGE_REQUIRED = msg('practice:slotErrors.dateRangeRequired')
export const PAST_DATE = msg('practice:slotErrors.pastDate')
export const END_BEFORE_START = msg('practice:slotErrors.endBeforeStart')
export const RANGE_BACKWARDS = msg('practice:slotErrors.rangeBackwards')
export const INTERVAL_TOO_SHORT = msg('practice:slotErrors.intervalTooShort')
/** The batch form's slots last as long as their service, so the interval is checked against it. */
export const intervalShorterThanService = (minutes: number) =>
  msg('practice:slotErrors.intervalShorterThanService', { minutes })
export const NO_SLOTS_FIT = msg('practice:slotErrors.noSlotsFit')
export const BATCH_TOO_LARGE = msg('practice:slotErrors.batchTooLarge', { max: MAX_BATCH_SLOTS })
export const NOTHING_CREATED = msg('practice:slotErrors.nothingCreated')
export const SLOT_NOT_FOUND = msg('practice:slotErrors.notFound')
export const BOOKED_SLOT = msg('practice:slotErrors.booked')

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/
/** A clock time field and what it says when it is missing or malformed. */
const clockField = (required: Message, format: Message) => z.string({ error: required }).regex(CLOCK, format)
const startClockField = () =>
  clockField(msg('practice:slotErrors.startTimeRequired'), msg('practice:slotErrors.startTimeFormat'))
const endClockField = () =>
  clockField(msg('practice:slotErrors.endTimeRequired'), msg('practice:slotErrors.endTimeFormat'))

const serviceIdField = z.coerce.number({ error: SERVICE_REQUIRED }).int(SERVICE_REQUIRED).positive(SERVICE_REQUIRED)

/** A calendar day as yyyy-MM-dd that really exists. */
const localDateField = (message: Message) =>
  z.string({ error: message }).refine((value) => parseLocalDate(value) !== null, message)

/**
 * A batch range end: a plain yyyy-MM-dd, or an ISO instant (what a browser's date picker
 * sends as `toISOString()`); the model reads an instant as a day on the batch zone's calendar.
 */
function isRangeEnd(value: unknown) {
  return (
    typeof value === 'string' &&
    (parseLocalDate(value) !== null || z.iso.datetime({ offset: true }).safeParse(value).success)
  )
}

/**
 * Both ends or nothing: one message on the whole range, wherever the gap is. JSON sends the
 * two ends as an array or as a date picker's `{ from, to }`; a form sends the field twice.
 */
const dateRangeField = z.preprocess(
  (value) =>
    Array.isArray(value)
      ? value
      : value === undefined
        ? undefined
        : typeof value === 'object' && value !== null && 'from' in value
          ? [(value as { from: unknown }).from, (value as { to?: unknown }).to]
          : [value],
  z.custom<[string, string]>(
    (value) => Array.isArray(value) && value.length === 2 && value.every(isRangeEnd),
    DATE_RANGE_REQUIRED,
  ),
)

/** Minutes, whole quarter hours (minimum 15, step 15), as the interval or the duration says them. */
const quarterHours = (field: 'interval' | 'duration') =>
  z.coerce
    .number({ error: msg(`practice:slotErrors.${field}Required`) })
    .int(msg(`practice:slotErrors.${field}Whole`))
    .min(SLOT_STEP_MINUTES, msg(`practice:slotErrors.${field}Min`, { min: SLOT_STEP_MINUTES }))
    .max(24 * 60, msg(`practice:slotErrors.${field}Max`))
    .multipleOf(SLOT_STEP_MINUTES, msg(`practice:slotErrors.${field}Step`, { step: SLOT_STEP_MINUTES }))

/**
 * Checkbox lists post one value per ticked box: none, one (a string) or several (an array).
 * Empty strings (an untouched extra date input) are not dates someone chose.
 */
function toList(value: unknown) {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]
  return list.filter((item) => item !== '' && item !== undefined)
}

/** Add Time Slot dialog: the start time applies to every chosen date, in the practitioner's zone. */
export const SingleSlotFormSchema = z.object({
  serviceId: serviceIdField,
  dates: z.preprocess(
    toList,
    z
      .array(localDateField(msg('practice:slotErrors.realDates')), { error: DATES_REQUIRED })
      .min(1, DATES_REQUIRED)
      .max(SINGLE_SLOT_DATE_CHOICES + 1, msg('practice:slotErrors.tooManyDates', { max: SINGLE_SLOT_DATE_CHOICES })),
  ),
  startClock: startClockField().default(SINGLE_SLOT_DEFAULTS.startClock),
})
export type SingleSlotForm = z.output<typeof SingleSlotFormSchema>

/** POST /api/time-slots: one slot per call, as ISO instants. */
export const SingleSlotSchema = z
  .object({
    serviceId: serviceIdField,
    startTime: z.iso.datetime({ offset: true, error: msg('practice:slotErrors.startTimeInstant') }),
    endTime: z.iso.datetime({ offset: true, error: msg('practice:slotErrors.endTimeInstant') }),
  })
  .refine((value) => Date.parse(value.endTime) > Date.parse(value.startTime), {
    message: END_BEFORE_START,
    path: ['endTime'],
  })
export type SingleSlotInput = z.output<typeof SingleSlotSchema>

/** What every batch has: a range of days, a window of clock times and a step between starts. */
const batchWindow = {
  dateRange: dateRangeField,
  startTime: startClockField().default(BATCH_DEFAULTS.startTime),
  endTime: endClockField().default(BATCH_DEFAULTS.endTime),
  interval: quarterHours('interval').default(BATCH_DEFAULTS.interval),
}

type BatchShape = { startTime: string; endTime: string; duration?: number; interval: number }

function batchRules<T extends BatchShape>(value: T, ctx: z.RefinementCtx) {
  if (value.endTime <= value.startTime) {
    ctx.addIssue({ code: 'custom', message: END_BEFORE_START, path: ['endTime'] })
  } else if (value.duration !== undefined && value.interval < value.duration) {
    ctx.addIssue({ code: 'custom', message: INTERVAL_TOO_SHORT, path: ['interval'] })
  }
}

/**
 * POST /api/time-slots/batch (the spec's body, plus an optional serviceId: without one the slots
 * exist on the calendar but no service's booking page offers them).
 */
export const BatchSlotSchema = z
  .object({
    ...batchWindow,
    duration: quarterHours('duration').default(BATCH_DEFAULTS.duration),
    timezone: z.enum(TIMEZONES, { error: msg('practice:slotErrors.timeZone') }).default(BATCH_DEFAULTS.timezone),
    serviceId: serviceIdField.optional(),
  })
  .superRefine(batchRules)
export type BatchSlotInput = z.output<typeof BatchSlotSchema>

/**
 * Add Batch Slots dialog: a service is required so clients can book the slots, which last as
 * long as it does, in the practitioner's own zone.
 */
export const BatchSlotFormSchema = z.object({ ...batchWindow, serviceId: serviceIdField }).superRefine(batchRules)
export type BatchSlotForm = z.output<typeof BatchSlotFormSchema>

/** DELETE /api/time-slots/:id?deleteBatch=true, and the delete dialog's checkbox. */
export const DeleteSlotSchema = z.object({
  deleteBatch: z
    .preprocess((value) => value === 'true' || value === 'on' || value === true, z.boolean())
    .default(false),
})

/** The calendar's delete dialog: which slot, and whether its whole batch goes too. */
export const DeleteSlotFormSchema = DeleteSlotSchema.extend({
  slotId: z.coerce.number({ error: SLOT_NOT_FOUND }).int(SLOT_NOT_FOUND).positive(SLOT_NOT_FOUND),
})
