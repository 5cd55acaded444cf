/** The calendar page's address and form intents, shared by the route and its dialogs. */

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
