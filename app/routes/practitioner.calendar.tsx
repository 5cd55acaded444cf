import { parseWithZod } from '@conform-to/zod/v4'
import { useActionData, useLoaderData } from '@remix-run/react'
import { Trans, useTranslation } from 'react-i18next'
import {
  BATCH_INTENT,
  CALENDAR_PATH,
  calendarHref,
  dayHref,
  DELETE_INTENT,
  HOURS_PATH,
  SINGLE_INTENT,
  type CalendarPageData,
} from '~/components/calendar/calendar-links'
import { DaySlotList } from '~/components/calendar/day-slot-list'
import { AddBatchDialog, AddSlotDialog, DeleteSlotDialog, type LastResult } from '~/components/calendar/slot-dialogs'
import {
  MonthCalendar,
  formatMonth,
  monthGrid,
  parseMonth,
  type CalendarMonth,
} from '~/components/marketplace/month-calendar'
import { Toaster } from '~/components/toaster'
import { buttonClass } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused, unknownForm } from '~/lib/forms.server'
import { formatsFor } from '~/lib/i18n/formats'
import { requestLanguage } from '~/lib/i18n/language.server'
import { LOCALE_TAGS, type Language } from '~/lib/i18n/languages'
import { msg } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { idFromParam } from '~/lib/route-params'
import { redirectWithToast } from '~/lib/toast.server'
import {
  addDays,
  compareLocalDates,
  dayBounds,
  formatLocalDate,
  localDateOf,
  parseLocalDate,
  zonedTime,
  type LocalDate,
} from '~/lib/zoned-time'
import { requirePractitioner } from '~/models/accounts/auth.server'
import {
  BatchSlotFormSchema,
  DeleteSlotFormSchema,
  SINGLE_SLOT_DATE_CHOICES,
  SingleSlotFormSchema,
} from '~/models/practice/slot-form'
import {
  createBatchFromForm,
  createSlotsFromForm,
  daysWithSlots,
  deleteSlot,
  getOwnSlot,
  listActiveServiceChoices,
  listSlots,
  slotDay,
} from '~/models/practice/slots.server'
import { heldForWaitlist } from '~/models/waitlist/offers.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'practice')('titles.calendar') }]

const NOON = 12 * 60
/** Where a practitioner sets the zone of their calendar (and of every other page). */
const SETTINGS_PATH = '/practitioner/settings'

/**
 * A day as the Add Time Slot dialog's checkboxes name it: 'Mon, Nov 23' / 'lun. 23 nov.'. Worded
 * on the server alone (the loader's data carries it), so the runtime's locale data is the server's.
 */
const weekdayLabels: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' }),
  fr: new Intl.DateTimeFormat(LOCALE_TAGS.fr, { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' }),
}

export async function loader({ request }: LoaderFunctionArgs): Promise<CalendarPageData> {
  const user = await requirePractitioner(request)
  const timeZone = user.timeZone
  const language = requestLanguage(request, user)
  const formats = formatsFor(language)
  const url = new URL(request.url)
  const today = localDateOf(new Date(), timeZone)
  const date = parseLocalDate(url.searchParams.get('date') ?? '') ?? today

  // The grid cannot go back before the current month (past days are not links), so an older
  // `?month=` gives way to the current one, as on the public booking page.
  const currentMonth: CalendarMonth = { year: today.year, month: today.month }
  const requested = parseMonth(url.searchParams.get('month')) ?? { year: date.year, month: date.month }
  const month = formatMonth(requested) < formatMonth(currentMonth) ? currentMonth : requested
  const grid = monthGrid(month)

  const { start, end } = dayBounds(date, timeZone)
  const listed = listSlots(user.id, start, new Date(end.getTime() - 1))
  // Times held for a client from a waitlist (docs/decisions/050-waitlist.md): not a booking.
  const held = heldForWaitlist(listed.map((slot) => slot.id))
  const slots = listed.map((slot) => ({
    id: slot.id,
    // Formatted here, in the practitioner's zone, so the browser shows what the server rendered.
    timeLabel: `${formats.time(slot.startTime, timeZone)} – ${formats.time(slot.endTime, timeZone)}`,
    serviceName: slot.serviceName,
    priceLabel: slot.servicePrice === null ? null : formats.price(slot.servicePrice),
    duration: slot.serviceDuration,
    isBooked: slot.isBooked,
    heldForWaitlist: held.has(slot.id),
    isGenerated: slot.isGenerated,
  }))

  const add = url.searchParams.get('add')
  const deleteId = idFromParam(url.searchParams.get('delete') ?? undefined)
  const toDelete = deleteId === null ? null : getOwnSlot(user.id, deleteId)

  // Add Time Slot offers 30 days from the day on show (or today), so any future day can be
  // picked without JavaScript by first selecting it on the calendar.
  const firstChoice = compareLocalDates(date, today) < 0 ? today : date
  const dateChoices = Array.from({ length: SINGLE_SLOT_DATE_CHOICES }, (_, i) => {
    const day: LocalDate = addDays(firstChoice, i)
    return {
      value: formatLocalDate(day),
      label: weekdayLabels[language].format(new Date(Date.UTC(day.year, day.month - 1, day.day))),
    }
  })

  const noon = zonedTime(date, NOON, timeZone)
  return {
    zoneLabel: formats.zoneLabel(timeZone, noon),
    today: formatLocalDate(today),
    month,
    selected: formatLocalDate(date),
    selectedIsPast: compareLocalDates(date, today) < 0,
    dateLabel: formats.longDate(noon, timeZone),
    markedDays: daysWithSlots(user.id, grid[0]!, grid[grid.length - 1]!, timeZone),
    slots,
    services: listActiveServiceChoices(user.id),
    dateChoices,
    dialog: add === 'single' || add === 'batch' ? add : null,
    toDelete: toDelete && {
      id: toDelete.id,
      label: `${formats.longDate(toDelete.startTime, timeZone)}, ${formats.time(
        toDelete.startTime,
        timeZone,
      )} – ${formats.time(toDelete.endTime, timeZone)}`,
      serviceName: toDelete.serviceName,
      // A held time may go: deleting it withdraws its offer.
      isBooked: toDelete.isBooked && !heldForWaitlist([toDelete.id]).has(toDelete.id),
      inBatch: toDelete.batchId !== null,
      isGenerated: toDelete.isGenerated,
    },
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePractitioner(request)
  const formData = await readForm(request)
  switch (formData.get('intent')) {
    case SINGLE_INTENT: {
      const submission = parseWithZod(formData, { schema: SingleSlotFormSchema })
      if (submission.status !== 'success') return invalid(submission)
      try {
        const created = createSlotsFromForm(user.id, submission.value, user.timeZone)
        return redirectWithToast(dayHref(slotDay(created[0]!.startTime, user.timeZone)), {
          type: 'success',
          title: msg('practice:calendar.toasts.created'),
          description: msg('practice:calendar.toasts.createdText', { count: created.length }),
        })
      } catch (error) {
        return refused(submission, error, msg('practice:calendar.toasts.createFailed'))
      }
    }
    case BATCH_INTENT: {
      const submission = parseWithZod(formData, { schema: BatchSlotFormSchema })
      if (submission.status !== 'success') return invalid(submission)
      try {
        const { created, skipped } = createBatchFromForm(user.id, submission.value, user.timeZone)
        return redirectWithToast(dayHref(slotDay(created[0]!.startTime, user.timeZone)), {
          type: 'success',
          title: msg('practice:calendar.toasts.created'),
          description: skipped
            ? msg('practice:calendar.toasts.createdSkipped', { created: created.length, skipped })
            : msg('practice:calendar.toasts.createdText', { count: created.length }),
        })
      } catch (error) {
        return refused(submission, error, msg('practice:calendar.toasts.createBatchFailed'))
      }
    }
    case DELETE_INTENT: {
      const submission = parseWithZod(formData, { schema: DeleteSlotFormSchema })
      if (submission.status !== 'success') return invalid(submission)
      const back = String(formData.get('returnTo') ?? '')
      try {
        const { deleted } = deleteSlot(user.id, submission.value.slotId, { deleteBatch: submission.value.deleteBatch })
        // Back to the day that was on show; a value that is not a day falls back to today.
        return redirectWithToast(parseLocalDate(back) ? dayHref(back) : CALENDAR_PATH, {
          type: 'success',
          title: msg('practice:calendar.toasts.deleted'),
          description: deleted > 1 ? msg('practice:calendar.toasts.deletedText', { count: deleted }) : undefined,
        })
      } catch (error) {
        return refused(submission, error, msg('practice:calendar.toasts.deleteFailed'))
      }
    }
    default:
      throw unknownForm()
  }
}

export default function PractitionerCalendarPage() {
  const { zoneLabel, today, month, selected, dateLabel, markedDays, slots } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const resultFor = (intent: string) =>
    actionData?.result.initialValue?.intent === intent ? (actionData.result as LastResult) : null
  const monthText = formatMonth(month)
  const here = calendarHref({ date: selected, month: monthText })
  const { t } = useTranslation('practice')

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{t('calendar.title')}</h1>
          <p className="text-muted-foreground">
            <Trans
              t={t}
              i18nKey="calendar.intro"
              values={{ zone: zoneLabel }}
              components={{ a: <Link to={SETTINGS_PATH} className="font-medium text-primary underline" /> }}
            />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to={calendarHref({ date: selected, month: monthText, add: 'single' })}
            preventScrollReset
            className={buttonClass()}
          >
            {t('calendar.addSlot')}
          </Link>
          <Link
            to={calendarHref({ date: selected, month: monthText, add: 'batch' })}
            preventScrollReset
            className={buttonClass({ variant: 'outline' })}
          >
            {t('calendar.addBatch')}
          </Link>
          <Link to={HOURS_PATH} className={buttonClass({ variant: 'outline' })}>
            {t('calendar.weeklyHours')}
          </Link>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
        <Card>
          <CardContent className="space-y-3 pt-6">
            <MonthCalendar
              month={month}
              today={today}
              selected={selected}
              markedDays={markedDays}
              hrefFor={(query) => calendarHref(query)}
              markedLabel={t('calendar.hasSlots')}
              legend={t('calendar.daysWithSlots')}
              headingLevel={2}
            />
            <Link to={dayHref(today)} preventScrollReset className={buttonClass({ variant: 'outline', size: 'sm' })}>
              {t('calendar.today')}
            </Link>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle id="day-slots">{dateLabel}</CardTitle>
            <CardDescription>
              {slots.length ? t('calendar.slotCount', { count: slots.length }) : t('calendar.noSlots')}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <DaySlotList
              slots={slots}
              deleteHref={(id) => calendarHref({ date: selected, month: monthText, delete: id })}
            />
          </CardContent>
        </Card>
      </div>

      <AddSlotDialog lastResult={resultFor(SINGLE_INTENT)} closeTo={here} />
      <AddBatchDialog lastResult={resultFor(BATCH_INTENT)} closeTo={here} />
      <DeleteSlotDialog lastResult={resultFor(DELETE_INTENT)} closeTo={here} />
      <Toaster toast={actionData?.toast} />
    </div>
  )
}
