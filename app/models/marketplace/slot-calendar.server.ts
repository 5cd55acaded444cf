import { formatMonth, monthGrid, parseMonth, type CalendarMonth } from '~/lib/calendar-month'
import { formatsFor } from '~/lib/i18n/formats'
import { currentLanguage } from '~/lib/i18n/i18n.server'
import type { Language } from '~/lib/i18n/languages'
import {
  addDays,
  compareLocalDates,
  formatLocalDate,
  localDateOf,
  parseLocalDate,
  zonedTime,
  type LocalDate,
} from '~/lib/zoned-time'
import { noRefundNotice } from '~/models/booking/booking'
import { firstDayWithOpenSlot, listDaysWithOpenSlots, listOpenSlots } from './open-slots.server'

/** How far ahead the calendar looks for a first open day when no date is chosen. */
const DEFAULT_DATE_HORIZON_DAYS = 60
const NOON = 12 * 60

/**
 * The date whose times are shown: `?date=` when it is a real day from today on; otherwise the
 * first day with open times within the horizon (today when today has some), else today.
 */
function selectedDate(serviceId: number, requested: string | null, today: LocalDate, timeZone: string) {
  const date = parseLocalDate(requested ?? '')
  if (date && compareLocalDates(date, today) >= 0) return { date, chosen: true }
  const first = firstDayWithOpenSlot(serviceId, today, addDays(today, DEFAULT_DATE_HORIZON_DAYS), timeZone)
  return { date: first ?? today, chosen: false }
}

/**
 * A service's open times as a month of days and one day's times, in the viewer's zone, from the
 * page's `?date=` and `?month=`: the booking page's calendar (of a listed service), and the one
 * a booking is moved with (`forMove`: its own service's times, listed or not, as the move takes
 * them). `priced` marks the times less than 24 hours away (a paid one cannot be refunded).
 * Dates and times are written in `language`, the reader's (by default the request's).
 */
export function slotCalendar(
  serviceId: number,
  params: URLSearchParams,
  timeZone: string,
  {
    priced,
    forMove = false,
    language = currentLanguage(),
  }: { priced: boolean; forMove?: boolean; language?: Language },
) {
  const formats = formatsFor(language)
  const today = localDateOf(new Date(), timeZone)
  const { date, chosen } = selectedDate(serviceId, params.get('date'), today, timeZone)
  // The month on show: `?month=`, else the selected date's. Months wholly in the past have
  // nothing to pick, so they give way to the current one.
  const currentMonth: CalendarMonth = { year: today.year, month: today.month }
  const requestedMonth = parseMonth(params.get('month')) ?? { year: date.year, month: date.month }
  const month = formatMonth(requestedMonth) < formatMonth(currentMonth) ? currentMonth : requestedMonth
  const grid = monthGrid(month)
  const noon = zonedTime(date, NOON, timeZone)
  return {
    zoneLabel: formats.zoneLabel(timeZone, noon),
    today: formatLocalDate(today),
    month,
    selected: formatLocalDate(date),
    dateChosen: chosen,
    dateLabel: formats.longDate(noon, timeZone),
    markedDays: listDaysWithOpenSlots(serviceId, grid[0]!, grid[grid.length - 1]!, timeZone),
    // Formatted here, so the browser shows exactly what the server rendered.
    slots: listOpenSlots(serviceId, date, timeZone, new Date(), { listedOnly: !forMove }).map((slot) => ({
      id: slot.id,
      label: formats.time(slot.startTime, timeZone),
      noRefund: priced ? noRefundNotice(slot.startTime) : null,
    })),
  }
}
