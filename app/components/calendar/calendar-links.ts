import type { CalendarMonth } from '~/components/marketplace/month-calendar'
import type { DaySlot } from './day-slot-list'

/** The calendar page's address, form intents and data, shared by the route and its dialogs. */

export const CALENDAR_PATH = '/practitioner/calendar'
/** Weekly hours and blocked dates, beside the calendar. */
export const HOURS_PATH = '/practitioner/calendar/hours'
export const SINGLE_INTENT = 'create-single'
export const BATCH_INTENT = 'create-batch'
export const DELETE_INTENT = 'delete-slot'

/** The calendar URL for a day (and the month on show), with an optional dialog open. */
export function calendarHref(query: { date: string; month: string; add?: 'single' | 'batch'; delete?: number }) {
  const params = new URLSearchParams({ date: query.date, month: query.month })
  if (query.add) params.set('add', query.add)
  if (query.delete) params.set('delete', String(query.delete))
  return `${CALENDAR_PATH}?${params}`
}

export function dayHref(day: string) {
  return calendarHref({ date: day, month: day.slice(0, 7) })
}

/** What the calendar page's loader answers (instants already worded in the practitioner's zone). */
export type CalendarPageData = {
  zoneLabel: string
  /** yyyy-MM-dd */
  today: string
  month: CalendarMonth
  /** The day on show, yyyy-MM-dd. */
  selected: string
  selectedIsPast: boolean
  dateLabel: string
  markedDays: string[]
  slots: DaySlot[]
  /** The active services the slot dialogs offer. */
  services: { id: number; name: string; durationMinutes: number }[]
  dateChoices: { value: string; label: string }[]
  dialog: 'single' | 'batch' | null
  toDelete: {
    id: number
    label: string
    serviceName: string | null
    isBooked: boolean
    inBatch: boolean
    isGenerated: boolean
  } | null
}
