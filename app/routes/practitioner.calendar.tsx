import { parseWithZod } from '@conform-to/zod/v4'
import { useActionData, useLoaderData } from '@remix-run/react'
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
import { formatLongDate, formatTime, zoneLabel } from '~/lib/dates'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused } from '~/lib/forms.server'
import { formatPrice } from '~/lib/money'
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

export const meta: MetaFunction = () => [{ title: 'Calendar — Solace' }]

const NOON = 12 * 60
/** Where a practitioner sets the zone of their calendar (and of every other page). */
const SETTINGS_PATH = '/practitioner/settings'

const weekdayLabel = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
})

export async function loader({ request }: LoaderFunctionArgs): Promise<CalendarPageData> {
  const user = await requirePractitioner(request)
  const timeZone = user.timeZone
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
    timeLabel: `${formatTime(slot.startTime, timeZone)} – ${formatTime(slot.endTime, timeZone)}`,
    serviceName: slot.serviceName ?? 'No service',
    priceLabel: slot.servicePrice === null ? null : formatPrice(slot.servicePrice),
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
      label: weekdayLabel.format(new Date(Date.UTC(day.year, day.month - 1, day.day))),
    }
  })

  const noon = zonedTime(date, NOON, timeZone)
  return {
    zoneLabel: zoneLabel(timeZone, noon),
    today: formatLocalDate(today),
    month,
    selected: formatLocalDate(date),
    selectedIsPast: compareLocalDates(date, today) < 0,
    dateLabel: formatLongDate(noon, timeZone),
    markedDays: daysWithSlots(user.id, grid[0]!, grid[grid.length - 1]!, timeZone),
    slots,
    services: listActiveServiceChoices(user.id),
    dateChoices,
    dialog: add === 'single' || add === 'batch' ? add : null,
    toDelete: toDelete && {
      id: toDelete.id,
      label: `${formatLongDate(toDelete.startTime, timeZone)}, ${formatTime(
        toDelete.startTime,
        timeZone,
      )} – ${formatTime(toDelete.endTime, timeZone)}`,
      serviceName: toDelete.serviceName,
      // A held time may go: deleting it withdraws its offer.
      isBooked: toDelete.isBooked && !heldForWaitlist([toDelete.id]).has(toDelete.id),
      inBatch: toDelete.batchId !== null,
      isGenerated: toDelete.isGenerated,
    },
  }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

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
          title: 'Time slots created',
          description: `${plural(created.length, 'time slot', 'time slots')} created`,
        })
      } catch (error) {
        return refused(submission, error, 'Failed to create time slot')
      }
    }
    case BATCH_INTENT: {
      const submission = parseWithZod(formData, { schema: BatchSlotFormSchema })
      if (submission.status !== 'success') return invalid(submission)
      try {
        const { created, skipped } = createBatchFromForm(user.id, submission.value, user.timeZone)
        return redirectWithToast(dayHref(slotDay(created[0]!.startTime, user.timeZone)), {
          type: 'success',
          title: 'Time slots created',
          description: skipped
            ? `${created.length} created, ${skipped} skipped because they overlap existing slots`
            : `${plural(created.length, 'time slot', 'time slots')} created`,
        })
      } catch (error) {
        return refused(submission, error, 'Failed to create time slots')
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
          title: 'Time slot deleted',
          description: deleted > 1 ? `${deleted} time slots deleted` : undefined,
        })
      } catch (error) {
        return refused(submission, error, 'Failed to delete time slot')
      }
    }
    default:
      throw new Response('Unknown form', { status: 400 })
  }
}

export default function PractitionerCalendarPage() {
  const { zoneLabel, today, month, selected, dateLabel, markedDays, slots } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const resultFor = (intent: string) =>
    actionData?.result.initialValue?.intent === intent ? (actionData.result as LastResult) : null
  const monthText = formatMonth(month)
  const here = calendarHref({ date: selected, month: monthText })

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Calendar</h1>
          <p className="text-muted-foreground">
            Manage the times clients can book. Times are in {zoneLabel} (
            <Link to={SETTINGS_PATH} className="font-medium text-primary underline">
              change
            </Link>
            ).
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to={calendarHref({ date: selected, month: monthText, add: 'single' })}
            preventScrollReset
            className={buttonClass()}
          >
            Add Time Slot
          </Link>
          <Link
            to={calendarHref({ date: selected, month: monthText, add: 'batch' })}
            preventScrollReset
            className={buttonClass({ variant: 'outline' })}
          >
            Add Batch Slots
          </Link>
          <Link to={HOURS_PATH} className={buttonClass({ variant: 'outline' })}>
            Weekly Hours
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
              markedLabel="has time slots"
              legend="Days with time slots"
              headingLevel={2}
            />
            <Link to={dayHref(today)} preventScrollReset className={buttonClass({ variant: 'outline', size: 'sm' })}>
              Today
            </Link>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle id="day-slots">{dateLabel}</CardTitle>
            <CardDescription>
              {slots.length ? plural(slots.length, 'time slot', 'time slots') : 'No time slots on this day.'}
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
