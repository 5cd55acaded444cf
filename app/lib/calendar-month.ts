import { addDays, weekdayOf, type LocalDate } from './zoned-time'

/*
 * Calendar months: the month a calendar shows (`?month=2026-11`) and its grid of days. The
 * booking calendar's model and the month picker both read them. On the client they load only
 * through the picker (app/components/marketplace/month-calendar.tsx), which re-exports them, so
 * they ride in the picker's chunk: the booking page is held to a JavaScript budget
 * (tests/e2e/js-budget.spec.ts), and a chunk of their own would cost it more than their code.
 */

/** A calendar month: `{ year: 2026, month: 11 }` (1-12). */
export type CalendarMonth = { year: number; month: number }

/** The calendar grid is 42 days starting on the Sunday on or before the 1st. */
export function monthGrid({ year, month }: CalendarMonth): LocalDate[] {
  const first = { year, month, day: 1 }
  const start = addDays(first, -weekdayOf(first))
  return Array.from({ length: 42 }, (_, i) => addDays(start, i))
}

export function formatMonth({ year, month }: CalendarMonth) {
  return `${year}-${String(month).padStart(2, '0')}`
}

/** `'2026-11'` → `{ year: 2026, month: 11 }`, or null. */
export function parseMonth(text: string | null): CalendarMonth | null {
  const match = /^(\d{4})-(\d{2})$/.exec(text ?? '')
  if (!match) return null
  const month = { year: Number(match[1]), month: Number(match[2]) }
  return month.year >= 2000 && month.month >= 1 && month.month <= 12 ? month : null
}

export function shiftMonth({ year, month }: CalendarMonth, by: number): CalendarMonth {
  const index = year * 12 + (month - 1) + by
  return { year: Math.floor(index / 12), month: (index % 12) + 1 }
}
