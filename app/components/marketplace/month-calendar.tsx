import { useTranslation } from 'react-i18next'
import { useLanguage } from '~/components/i18n/use-formats'
import { Link } from '~/components/ui/link'
import { formatMonth, monthGrid, shiftMonth, type CalendarMonth } from '~/lib/calendar-month'
import { cn } from '~/lib/cn'
import { formatLocalDate, type LocalDate } from '~/lib/zoned-time'

/*
 * The two halves of choosing a session's time: a month of dates (MonthCalendar, also the
 * practitioner's calendar) and one day's open times (SlotPicker), for the booking page and the
 * Reschedule pages. They share a module so that they share one chunk: the booking page is held
 * to a JavaScript budget (tests/e2e/js-budget.spec.ts), and a chunk of its own costs it more
 * than the picker's code.
 */

// Client code imports these from here, never from lib, so they stay in this module's chunk
// (app/lib/calendar-month.ts says why).
export { formatMonth, monthGrid, parseMonth, shiftMonth, type CalendarMonth } from '~/lib/calendar-month'

/**
 * Labels are made in UTC from calendar fields, so server and browser render the same text: in
 * English as before ('en-US'), in French as Quebec writes them ('décembre 2026', 'jeudi 3
 * décembre 2026', and the first of a month 'mardi 1er décembre 2026', where Intl writes '1' but
 * every other date of the app, such as the times' legend beside it, '1er': app/lib/dates.ts).
 */
const formatters = (language: string) => {
  const locale = language === 'fr' ? 'fr-CA' : 'en-US'
  const day = new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  })
  return {
    month: new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'long', year: 'numeric' }),
    day: (date: LocalDate) => {
      const label = day.format(utc(date))
      return language === 'fr' && date.day === 1 ? label.replace(/ 1 /, ' 1er ') : label
    },
  }
}
const utc = (date: LocalDate) => new Date(Date.UTC(date.year, date.month - 1, date.day))

/** The week's columns, Sunday first, by their keys in the catalogue (calendar.weekdays.*). */
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const

/**
 * A month of days as plain links (`?date=` and `?month=` in the URL), so picking a date works
 * without JavaScript. Days before today are not links; days with open times carry a dot.
 */
export function MonthCalendar({
  month,
  today,
  selected,
  markedDays,
  hrefFor,
  markedLabel,
  legend,
  headingLevel = 3,
}: {
  month: CalendarMonth
  /** yyyy-MM-dd in the viewer's zone. */
  today: string
  selected: string
  /** yyyy-MM-dd days that have open times. */
  markedDays: string[]
  hrefFor: (query: { date: string; month: string }) => string
  /** What a marked day has, read out after its date (the practitioner's calendar marks all slots); open times by default. */
  markedLabel?: string
  /** The legend under the grid explaining the dot; days with open times by default. */
  legend?: string
  /** The month's heading level: 3 inside a titled card (booking), 2 straight under the page's h1. */
  headingLevel?: 2 | 3
}) {
  const { t } = useTranslation('marketplace')
  const { month: monthTitle, day: dayTitle } = formatters(useLanguage())
  const marked = new Set(markedDays)
  const days = monthGrid(month)
  const weeks = Array.from({ length: 6 }, (_, w) => days.slice(w * 7, w * 7 + 7))
  const canGoBack = formatMonth(month) > today.slice(0, 7)
  const previous = formatMonth(shiftMonth(month, -1))
  const next = formatMonth(shiftMonth(month, 1))
  const title = monthTitle.format(utc({ ...month, day: 1 }))
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const nav = 'flex size-9 items-center justify-center rounded-md border border-input bg-card text-lg'

  return (
    <div>
      <div className="mb-3 flex items-center justify-between gap-2">
        {canGoBack ? (
          <Link
            to={hrefFor({ date: selected, month: previous })}
            preventScrollReset
            className={cn(nav, 'hover:bg-muted')}
            aria-label={t('calendar.previousMonth')}
          >
            ‹
          </Link>
        ) : (
          <span className={cn(nav, 'opacity-40')} aria-hidden="true">
            ‹
          </span>
        )}
        <Heading id="calendar-month" className="text-base font-semibold" aria-live="polite">
          {title}
        </Heading>
        <Link
          to={hrefFor({ date: selected, month: next })}
          preventScrollReset
          className={cn(nav, 'hover:bg-muted')}
          aria-label={t('calendar.nextMonth')}
        >
          ›
        </Link>
      </div>
      <table className="w-full table-fixed border-collapse text-center text-sm" aria-labelledby="calendar-month">
        <thead>
          <tr>
            {WEEKDAYS.map((day) => (
              <th
                key={day}
                scope="col"
                abbr={t(`calendar.weekdays.${day}`)}
                className="pb-2 text-xs font-medium text-muted-foreground"
              >
                {t(`calendar.weekdaysShort.${day}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={formatLocalDate(week[0]!)}>
              {week.map((date) => {
                const key = formatLocalDate(date)
                const inMonth = date.month === month.month
                const isPast = key < today
                const isToday = key === today
                const isSelected = key === selected
                const hasSlots = marked.has(key)
                const cell = cn(
                  'relative mx-auto flex aspect-square w-full max-w-10 flex-col items-center justify-center rounded-md',
                  !inMonth && 'text-muted-foreground',
                  isToday && !isSelected && 'ring-1 ring-primary/60',
                )
                return (
                  <td key={key} className="p-0.5">
                    {isPast ? (
                      <span aria-disabled="true" className={cn(cell, 'cursor-not-allowed text-muted-foreground/50')}>
                        {date.day}
                      </span>
                    ) : (
                      <Link
                        to={hrefFor({ date: key, month: formatMonth(month) })}
                        preventScrollReset
                        aria-current={isSelected ? 'date' : undefined}
                        aria-label={`${dayTitle(date)}${isToday ? `, ${t('calendar.today')}` : ''}${hasSlots ? `, ${markedLabel ?? t('calendar.openTimes')}` : ''}`}
                        data-open-times={hasSlots ? '' : undefined}
                        className={cn(
                          cell,
                          'hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
                          hasSlots && 'font-semibold text-foreground',
                          isSelected && 'bg-primary text-primary-foreground hover:bg-primary-hover',
                        )}
                      >
                        {date.day}
                        {hasSlots ? (
                          <span
                            aria-hidden="true"
                            className={cn(
                              'absolute bottom-1 size-1 rounded-full',
                              isSelected ? 'bg-primary-foreground' : 'bg-primary',
                            )}
                          />
                        ) : null}
                      </Link>
                    )}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 flex items-center gap-1.5 text-xs text-muted-foreground">
        <span aria-hidden="true" className="size-1.5 rounded-full bg-primary" /> {legend ?? t('calendar.legend')}
      </p>
    </div>
  )
}

/** A slot as the booking page shows it: the time already formatted in the viewer's zone and language. */
export type SlotOption = {
  id: number
  label: string
  /**
   * Why paying for this time gets no refund on cancelling (it is less than 24 hours away), or
   * null: a message (app/lib/i18n/message.ts), shown with `translateMessage`.
   */
  noRefund: string | null
}

/**
 * The open times of one day as radio buttons (name `timeSlotId`) in a three-column grid: a
 * plain form control, so choosing works without JavaScript. The zone is named once, with a way to change it.
 */
export function SlotPicker({
  slots,
  chosenSlot = null,
  dateLabel,
  zoneLabel,
  changeZoneHref,
  hint,
  errorId,
}: {
  slots: SlotOption[]
  /** The time checked at first, if any. */
  chosenSlot?: number | null
  dateLabel: string
  zoneLabel: string
  /** The zone picker, coming back to this day. */
  changeZoneHref: string
  hint?: string
  /** The id of the message that explains a refused submission, if one is shown. */
  errorId?: string
}) {
  const { t } = useTranslation('marketplace')
  return (
    <fieldset aria-describedby={errorId}>
      <legend className="text-sm font-semibold">{t('calendar.availableTimes', { date: dateLabel })}</legend>
      {hint ? <p className="mt-1 text-xs text-muted-foreground">{hint}</p> : null}
      <p className="mt-1 text-xs text-muted-foreground">
        {t('calendar.timesShownIn', { zone: zoneLabel })} ·{' '}
        <Link to={changeZoneHref} className="font-medium text-primary underline">
          {t('calendar.changeTimeZone')}
        </Link>
      </p>
      {slots.length ? (
        <>
          <div className="mt-3 grid grid-cols-3 gap-2">
            {slots.map((slot) => (
              <label
                key={slot.id}
                className="relative flex min-h-10 flex-col items-center justify-center rounded-md border border-input bg-card text-sm font-medium transition-colors hover:bg-muted has-checked:border-primary has-checked:bg-primary has-checked:text-primary-foreground has-focus-visible:ring-2 has-focus-visible:ring-ring has-focus-visible:ring-offset-1"
              >
                {/* The input covers its whole box (invisibly), so a click anywhere lands on it. */}
                <input
                  type="radio"
                  name="timeSlotId"
                  value={slot.id}
                  defaultChecked={slot.id === chosenSlot}
                  className="absolute inset-0 cursor-pointer appearance-none rounded-md focus:outline-none"
                />
                <span className="pointer-events-none relative whitespace-nowrap">{slot.label}</span>
                {slot.noRefund ? (
                  <span className="pointer-events-none relative text-[0.65rem] leading-tight opacity-80">
                    {t('calendar.noRefundMark')}
                  </span>
                ) : null}
              </label>
            ))}
          </div>
          {slots.some((slot) => slot.noRefund) ? (
            <p className="mt-2 text-xs text-muted-foreground">
              {t('calendar.noRefundLegend', { mark: t('calendar.noRefundMark') })}
            </p>
          ) : null}
        </>
      ) : (
        <div className="mt-3 rounded-md border border-dashed border-border bg-muted/50 px-4 py-6 text-center text-sm">
          <p className="font-medium">{t('calendar.noSlots')}</p>
          <p className="mt-1 text-muted-foreground">{t('calendar.selectAnother')}</p>
        </div>
      )}
    </fieldset>
  )
}
