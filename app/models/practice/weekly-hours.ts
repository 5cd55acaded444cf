import { z } from 'zod'
import { msg, type Message } from '~/lib/i18n/message'
import { clock, parseLocalDate } from '~/lib/zoned-time'
import { END_BEFORE_START, RANGE_BACKWARDS, SERVICE_REQUIRED } from './slot-form'

/**
 * Weekly hours and blocked dates, client-safe: the rules and texts shared by the Weekly Hours
 * screen and /api/availability/* (docs/decisions/026-weekly-hours.md). The slots themselves
 * are planned in weekly-slots.ts and written by weekly-hours.server.ts.
 */

/** How far ahead slots are made from weekly hours, and kept made by the sweeper. */
export const GENERATE_WEEKS = 8
/** What a day's new range starts as on the screen. */
export const NEW_RANGE = { start: '09:00', end: '17:00' } as const
export const GAP_MINUTES = { min: 0, max: 120 } as const
/** A block longer than this is almost certainly a typo in the year. */
export const MAX_BLOCK_DAYS = 366

/** Monday first, as a working week is read; the numbers are JavaScript's (0 = Sunday). */
export const WEEKDAYS = [
  { weekday: 1 },
  { weekday: 2 },
  { weekday: 3 },
  { weekday: 4 },
  { weekday: 5 },
  { weekday: 6 },
  { weekday: 0 },
] as const

/**
 * A weekday's name as a message puts it in a sentence (the catalogue's `practice:weekdays`, in
 * the reader's language; screens name the days with WEEKDAY_NAMES of app/lib/dates.ts).
 */
export const weekdayName = (weekday: number) => msg(`practice:weekdays.${weekday}`)

export const START_REQUIRED = msg('practice:hoursErrors.startRequired')
export const END_REQUIRED = msg('practice:hoursErrors.endRequired')
export const CLOCK_FORMAT = msg('practice:hoursErrors.clockFormat')
export const rangesOverlap = (weekday: number) => msg('practice:hoursErrors.overlap', { day: weekdayName(weekday) })
export const rangeTooShort = (
  range: { weekday: number; start: string; end: string },
  service: { name: string; sessionMinutes: number },
) =>
  msg('practice:hoursErrors.tooShort', {
    minutes: service.sessionMinutes,
    service: service.name,
    start: range.start,
    end: range.end,
    day: weekdayName(range.weekday),
  })
export const GAP_RANGE = msg('practice:hoursErrors.gapRange', { min: GAP_MINUTES.min, max: GAP_MINUTES.max })
export const DATE_REQUIRED = msg('practice:hoursErrors.dateRequired')
/** Blocks not yet ended one practitioner can have (issue 41: each is a row; past ones stop counting). */
export const MAX_BLOCKS = 100
export const TOO_MANY_BLOCKS = msg('practice:hoursErrors.tooManyBlocks', { max: MAX_BLOCKS })
export const BLOCK_TOO_LONG = msg('practice:hoursErrors.blockTooLong', { max: MAX_BLOCK_DAYS })
export const BLOCK_NOT_FOUND = msg('practice:hoursErrors.blockNotFound')

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/
const clockString = z.string().regex(CLOCK, CLOCK_FORMAT)

/**
 * One range row. A row with neither time is an unused row, not an error (the screen may post
 * one for a day without hours); the API simply sends the ranges it means.
 */
const weekdayField = z.coerce
  .number({ error: msg('practice:hoursErrors.weekday') })
  .int()
  .min(0)
  .max(6)

const RangeRowSchema = z.object({
  weekday: weekdayField,
  start: clockString.optional(),
  end: clockString.optional(),
  serviceId: z.coerce.number({ error: SERVICE_REQUIRED }).int(SERVICE_REQUIRED).positive(SERVICE_REQUIRED).optional(),
})

const minutesField = (message: Message, { min, max }: { min: number; max: number }) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message)

/** A service's gap after each session; its sessions last as long as the service itself. */
const SessionRowSchema = z.object({
  serviceId: z.coerce.number({ error: SERVICE_REQUIRED }).int(SERVICE_REQUIRED).positive(SERVICE_REQUIRED),
  gapMinutes: minutesField(GAP_RANGE, GAP_MINUTES).default(0),
})

export type HoursRangeInput = { weekday: number; start: string; end: string; serviceId: number }

const weeklyHoursShape = {
  ranges: z
    .array(RangeRowSchema)
    .max(7 * 24, msg('practice:hoursErrors.tooManyRanges'))
    .default([]),
  sessions: z.array(SessionRowSchema).max(200, msg('practice:hoursErrors.tooManyServices')).default([]),
}

type RangeRow = z.output<typeof RangeRowSchema>

/**
 * Every range complete, in order and apart from the others of its day. With `openDays` (the
 * screen's day switches), the rows of a day switched off are not hours and are not checked.
 */
function checkRanges(value: { ranges: RangeRow[]; openDays?: number[] }, ctx: z.RefinementCtx) {
  const open = value.openDays ? new Set(value.openDays) : null
  const used: { index: number; weekday: number; start: number; end: number }[] = []
  value.ranges.forEach((row, index) => {
    if (open && !open.has(row.weekday)) return
    if (row.start === undefined && row.end === undefined) return
    const path = (field: string) => ['ranges', index, field]
    if (row.start === undefined) return ctx.addIssue({ code: 'custom', message: START_REQUIRED, path: path('start') })
    if (row.end === undefined) return ctx.addIssue({ code: 'custom', message: END_REQUIRED, path: path('end') })
    if (row.end <= row.start) return ctx.addIssue({ code: 'custom', message: END_BEFORE_START, path: path('end') })
    if (row.serviceId === undefined) {
      return ctx.addIssue({ code: 'custom', message: SERVICE_REQUIRED, path: path('serviceId') })
    }
    used.push({ index, weekday: row.weekday, start: clock(row.start), end: clock(row.end) })
  })
  // Touching ranges (09:00-12:00 and 12:00-17:00) do not overlap.
  for (const range of used) {
    const clash = used.find(
      (other) =>
        other.index < range.index &&
        other.weekday === range.weekday &&
        other.start < range.end &&
        range.start < other.end,
    )
    if (clash)
      ctx.addIssue({ code: 'custom', message: rangesOverlap(range.weekday), path: ['ranges', range.index, 'start'] })
  }
}

/**
 * PUT /api/availability/weekly-hours: the whole week at once, replacing what was there.
 * `ranges` in the practitioner's zone; `sessions` sets each service's gap after a session (a
 * service left out keeps what it had, or none). Sessions last as long as their service.
 */
export const WeeklyHoursSchema = z.object(weeklyHoursShape).superRefine(checkRanges)
// No .transform here: conform reads the schema's constraints for the form, and cannot read a pipe.
export type WeeklyHoursInput = z.output<typeof WeeklyHoursSchema>

/**
 * The Weekly Hours screen's Save: the API's body and the days switched on (`openDays`, one
 * checkbox per day, so none ticked is no field at all). Rows of a day switched off are kept
 * on the screen but are not hours.
 */
export const WeeklyHoursFormSchema = z
  .object({
    ...weeklyHoursShape,
    openDays: z.preprocess(
      (value) => (Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value]),
      z.array(weekdayField).max(7),
    ),
  })
  .superRefine(checkRanges)
export type WeeklyHoursFormInput = z.output<typeof WeeklyHoursFormSchema>

/** The screen's "Copy to all days" button: its value is the day copied from. */
export const COPY_DAY_FIELD = 'copyDay'

/**
 * The screen's form after "Copy to all days": the day's ranges on every day switched on (the
 * working week as the practitioner set it: a weekend stays off unless it is on, issue 42); the
 * days switched off keep their rows, and the rest stays as typed. It reads the posted form as it
 * is (nothing saved yet, nothing validated), so what was typed anywhere else on the form is kept.
 * `copied`: how many other days took the hours (none: the screen says to switch some on).
 */
export function copyDayToAll(payload: Record<string, unknown>, weekday: number) {
  const { [COPY_DAY_FIELD]: _button, ...form } = payload
  const ranges = Array.isArray(form.ranges) ? (form.ranges as Record<string, unknown>[]) : []
  const posted = Array.isArray(form.openDays) ? form.openDays : form.openDays === undefined ? [] : [form.openDays]
  const on = new Set([...posted.map(String), String(weekday)])
  const source = ranges.filter((row) => String(row.weekday) === String(weekday))
  const value = {
    ...form,
    ranges: WEEKDAYS.flatMap(({ weekday: day }) =>
      (on.has(String(day)) ? source : ranges.filter((row) => String(row.weekday) === String(day))).map((row) => ({
        ...row,
        weekday: String(day),
      })),
    ),
    openDays: WEEKDAYS.map((day) => String(day.weekday)).filter((day) => on.has(day)),
  }
  return { value, copied: on.size - 1 }
}

/** "Copy to all days" with no other day switched on. */
export const copyNeedsDaysOn = (weekday: number) =>
  msg('practice:hoursErrors.copyNeedsDaysOn', { day: weekdayName(weekday) })

/** What the screen's Save means: the ranges of the days switched on. */
export function hoursFromForm({ openDays, ...input }: WeeklyHoursFormInput): WeeklyHoursInput {
  return { ...input, ranges: input.ranges.filter((row) => openDays.includes(row.weekday)) }
}

/** The ranges a valid input means: the form's unused rows (no times) left out. */
export function rangesOf(input: WeeklyHoursInput): HoursRangeInput[] {
  return input.ranges.filter(
    (row): row is HoursRangeInput => row.start !== undefined && row.end !== undefined && row.serviceId !== undefined,
  )
}

const dateField = (message: Message) =>
  z.string({ error: message }).refine((value) => parseLocalDate(value) !== null, message)

/** POST /api/availability/blocked-dates and the screen's Block: one day, or a range of days. */
export const BlockDatesSchema = z
  .object({
    firstDate: dateField(DATE_REQUIRED),
    /** Left out: the first date alone. */
    lastDate: dateField(msg('practice:hoursErrors.realEndDate')).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.lastDate === undefined) return
    if (value.lastDate < value.firstDate) {
      ctx.addIssue({ code: 'custom', message: RANGE_BACKWARDS, path: ['lastDate'] })
    } else if (dayCount(value.firstDate, value.lastDate) > MAX_BLOCK_DAYS) {
      ctx.addIssue({ code: 'custom', message: BLOCK_TOO_LONG, path: ['lastDate'] })
    }
  })
export type BlockDatesInput = z.output<typeof BlockDatesSchema>

/** Days from `first` to `last`, both included (yyyy-MM-dd, calendar arithmetic). */
export function dayCount(first: string, last: string) {
  return Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000) + 1
}

/** Minutes after midnight → `'09:30'`. */
export function clockText(minutes: number) {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

/** What GET /api/availability/weekly-hours answers (and the screen shows). */
export type WeeklyHours = {
  timeZone: string
  ranges: HoursRangeInput[]
  /** Every active service, with the length (its own) and gap its weekly-hours slots get. */
  sessions: { serviceId: number; serviceName: string; sessionMinutes: number; gapMinutes: number }[]
}

export type BlockedDate = {
  id: number
  firstDate: string
  lastDate: string
  /** Booked slots on these days: they stay, and the screen says so. */
  bookedSlots: number
}
