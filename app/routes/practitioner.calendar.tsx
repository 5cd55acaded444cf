import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { ErrorList, Field, SelectField } from '~/components/forms'
import {
  formatMonth,
  MonthCalendar,
  monthGrid,
  parseMonth,
  type CalendarMonth,
} from '~/components/marketplace/month-calendar'
import { Toaster } from '~/components/toaster'
import { Badge } from '~/components/ui/badge'
import { buttonClass } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { UrlDialog } from '~/components/ui/url-dialog'
import { useSchemaForm } from '~/components/use-schema-form'
import { formatLongDate, formatTime, zoneAbbreviation } from '~/lib/dates'
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
import { requirePractitioner } from '~/models/auth.server'
import {
  createBatch,
  createSlotsFromForm,
  daysWithSlots,
  deleteSlot,
  getOwnSlot,
  listActiveServiceChoices,
  listSlots,
  slotDay,
} from '~/models/practitioner-slots.server'
import {
  BATCH_DEFAULTS,
  BatchSlotFormSchema,
  DeleteSlotFormSchema,
  SINGLE_SLOT_DATE_CHOICES,
  SINGLE_SLOT_DEFAULTS,
  SingleSlotFormSchema,
  SLOT_STEP_MINUTES,
  TIMEZONES,
} from '~/models/slot-form'

export const meta: MetaFunction = () => [{ title: 'Calendar — Solace' }]

const PAGE = '/practitioner/calendar'
const SINGLE_INTENT = 'create-single'
const BATCH_INTENT = 'create-batch'
const DELETE_INTENT = 'delete-slot'
const NOON = 12 * 60

/** The calendar URL for a day (and the month on show), with an optional dialog open. */
function calendarHref(query: { date: string; month: string; add?: 'single' | 'batch'; delete?: number }) {
  const params = new URLSearchParams({ date: query.date, month: query.month })
  if (query.add) params.set('add', query.add)
  if (query.delete) params.set('delete', String(query.delete))
  return `${PAGE}?${params}`
}

function dayHref(day: string) {
  return calendarHref({ date: day, month: day.slice(0, 7) })
}

const weekdayLabel = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
})

export async function loader({ request }: LoaderFunctionArgs) {
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
  const slots = listSlots(user.id, start, new Date(end.getTime() - 1)).map((slot) => ({
    id: slot.id,
    // Formatted here, in the practitioner's zone, so the browser shows what the server rendered.
    timeLabel: `${formatTime(slot.startTime, timeZone)} – ${formatTime(slot.endTime, timeZone)}`,
    serviceName: slot.serviceName ?? 'No service',
    priceLabel: slot.servicePrice === null ? null : formatPrice(slot.servicePrice),
    duration: slot.serviceDuration,
    isBooked: slot.isBooked,
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
    timeZone,
    zoneLabel: `${timeZone} (${zoneAbbreviation(noon, timeZone)})`,
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
      isBooked: toDelete.isBooked,
      inBatch: toDelete.batchId !== null,
    },
  }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePractitioner(request)
  const formData = await request.formData()
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
        const { created, skipped } = createBatch(user.id, submission.value)
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
        return redirectWithToast(parseLocalDate(back) ? dayHref(back) : PAGE, {
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

type LastResult = SubmissionResult<string[]> | null

function NoServices() {
  return (
    <p className="rounded-md border border-border bg-muted/40 p-3 text-sm">
      You have no active services yet. Time slots belong to a service, so{' '}
      <Link to="/practitioner/services" className="font-medium text-primary underline">
        add or activate a service
      </Link>{' '}
      first.
    </p>
  )
}

function AddSlotDialog({ lastResult, closeTo }: { lastResult: LastResult; closeTo: string }) {
  const { services, dateChoices, selected, selectedIsPast, timeZone, zoneLabel, month, dialog } =
    useLoaderData<typeof loader>()
  const pending = useIsSubmitting()
  const [form, fields] = useSchemaForm(SingleSlotFormSchema, {
    id: SINGLE_INTENT,
    lastResult,
    defaultValue: { ...SINGLE_SLOT_DEFAULTS, dates: selectedIsPast ? [] : [selected], timeZone },
  })
  const initial = fields.dates.initialValue
  const checked = new Set(Array.isArray(initial) ? initial : initial ? [initial] : [])
  const datesErrorId = fields.dates.errors?.length ? `${fields.dates.id}-error` : undefined
  return (
    <UrlDialog
      open={dialog === 'single'}
      closeTo={closeTo}
      title="Add Time Slot"
      description={`Times are in ${zoneLabel}.`}
    >
      {services.length === 0 ? (
        <NoServices />
      ) : (
        <Form
          method="post"
          action={calendarHref({ date: selected, month: formatMonth(month), add: 'single' })}
          className="space-y-4"
          {...getFormProps(form)}
        >
          <input type="hidden" name="intent" value={SINGLE_INTENT} />
          <input type="hidden" name={fields.timeZone.name} value={timeZone} />
          <SelectField
            labelProps={{ children: 'Service' }}
            selectProps={getSelectProps(fields.serviceId)}
            options={services.map((s) => [String(s.id), `${s.name} (${s.durationMinutes} min)`] as const)}
            placeholder="Select a service"
            errors={fields.serviceId.errors}
          />
          <fieldset aria-describedby={datesErrorId} className="space-y-1.5">
            <legend className="text-sm font-medium">Dates</legend>
            <div className="grid max-h-48 grid-cols-2 gap-1 overflow-y-auto rounded-md border border-input p-2 sm:grid-cols-3">
              {dateChoices.map((choice) => (
                <label
                  key={choice.value}
                  className="flex items-center gap-2 rounded px-1 py-0.5 text-sm hover:bg-muted"
                >
                  <input
                    type="checkbox"
                    name={fields.dates.name}
                    value={choice.value}
                    defaultChecked={checked.has(choice.value)}
                    className="size-4 accent-primary"
                  />
                  <span>{choice.label}</span>
                </label>
              ))}
            </div>
            <p className="text-xs text-muted-foreground">
              The next {SINGLE_SLOT_DATE_CHOICES} days from the day selected on the calendar.
            </p>
            <ErrorList id={datesErrorId} errors={fields.dates.errors} />
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              labelProps={{ children: 'Start time' }}
              inputProps={getInputProps(fields.startClock, { type: 'time' })}
              errors={fields.startClock.errors}
            />
            <Field
              labelProps={{ children: 'End time' }}
              inputProps={getInputProps(fields.endClock, { type: 'time' })}
              errors={fields.endClock.errors}
            />
          </div>
          <FormErrors id={form.errorId} errors={form.errors} />
          <div className="flex justify-end gap-2">
            <Link to={closeTo} replace preventScrollReset className={buttonClass({ variant: 'outline' })}>
              Cancel
            </Link>
            <SubmitButton pending={pending} pendingText="Adding...">
              Add Time Slot
            </SubmitButton>
          </div>
        </Form>
      )}
    </UrlDialog>
  )
}

function AddBatchDialog({ lastResult, closeTo }: { lastResult: LastResult; closeTo: string }) {
  const { services, selected, selectedIsPast, month, dialog } = useLoaderData<typeof loader>()
  const pending = useIsSubmitting()
  const [form, fields] = useSchemaForm(BatchSlotFormSchema, {
    id: BATCH_INTENT,
    lastResult,
    defaultValue: { ...BATCH_DEFAULTS, dateRange: [selectedIsPast ? '' : selected, ''] },
  })
  const range = fields.dateRange.initialValue
  const rangeValue = (i: number) => (Array.isArray(range) ? range[i] ?? '' : '')
  const rangeErrorId = fields.dateRange.errors?.length ? `${fields.dateRange.id}-error` : undefined
  return (
    <UrlDialog
      open={dialog === 'batch'}
      closeTo={closeTo}
      title="Add Batch Slots"
      description="Creates slots on every day of the range, from the start time to the end time. Times that overlap your existing slots are skipped."
    >
      {services.length === 0 ? (
        <NoServices />
      ) : (
        <Form
          method="post"
          action={calendarHref({ date: selected, month: formatMonth(month), add: 'batch' })}
          className="space-y-4"
          {...getFormProps(form)}
        >
          <input type="hidden" name="intent" value={BATCH_INTENT} />
          <SelectField
            labelProps={{ children: 'Service' }}
            selectProps={getSelectProps(fields.serviceId)}
            options={services.map((s) => [String(s.id), `${s.name} (${s.durationMinutes} min)`] as const)}
            placeholder="Select a service"
            errors={fields.serviceId.errors}
          />
          <fieldset aria-describedby={rangeErrorId} className="space-y-1.5">
            <legend className="text-sm font-medium">Date range</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              {(['Start date', 'End date'] as const).map((label, i) => (
                <Field
                  key={label}
                  labelProps={{ children: label }}
                  inputProps={{
                    id: `${fields.dateRange.id}-${i}`,
                    type: 'date',
                    name: `${fields.dateRange.name}[${i}]`,
                    defaultValue: rangeValue(i),
                    'aria-invalid': rangeErrorId ? true : undefined,
                  }}
                />
              ))}
            </div>
            <ErrorList id={rangeErrorId} errors={fields.dateRange.errors} />
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              labelProps={{ children: 'Start time' }}
              inputProps={getInputProps(fields.startTime, { type: 'time' })}
              errors={fields.startTime.errors}
            />
            <Field
              labelProps={{ children: 'End time' }}
              inputProps={getInputProps(fields.endTime, { type: 'time' })}
              errors={fields.endTime.errors}
            />
            <Field
              labelProps={{ children: 'Duration (minutes)' }}
              inputProps={{ ...getInputProps(fields.duration, { type: 'number' }), step: SLOT_STEP_MINUTES }}
              errors={fields.duration.errors}
            />
            <Field
              labelProps={{ children: 'Interval (minutes)' }}
              inputProps={{ ...getInputProps(fields.interval, { type: 'number' }), step: SLOT_STEP_MINUTES }}
              hint="From the start of one slot to the start of the next."
              errors={fields.interval.errors}
            />
          </div>
          <SelectField
            labelProps={{ children: 'Time zone' }}
            selectProps={getSelectProps(fields.timezone)}
            options={TIMEZONES.map((zone) => [zone, zone] as const)}
            errors={fields.timezone.errors}
          />
          <FormErrors id={form.errorId} errors={form.errors} />
          <div className="flex justify-end gap-2">
            <Link to={closeTo} replace preventScrollReset className={buttonClass({ variant: 'outline' })}>
              Cancel
            </Link>
            <SubmitButton pending={pending} pendingText="Creating...">
              Create Batch Slots
            </SubmitButton>
          </div>
        </Form>
      )}
    </UrlDialog>
  )
}

function DeleteSlotDialog({ lastResult, closeTo }: { lastResult: LastResult; closeTo: string }) {
  const { toDelete, selected, month } = useLoaderData<typeof loader>()
  const pending = useIsSubmitting()
  const [form, fields] = useSchemaForm(DeleteSlotFormSchema, { id: DELETE_INTENT, lastResult })
  if (!toDelete) return null
  return (
    <UrlDialog
      open
      closeTo={closeTo}
      title="Delete this time slot?"
      description={`${toDelete.label}${toDelete.serviceName ? ` · ${toDelete.serviceName}` : ''}`}
    >
      <Form
        method="post"
        action={calendarHref({ date: selected, month: formatMonth(month), delete: toDelete.id })}
        className="space-y-4"
        {...getFormProps(form)}
      >
        <input type="hidden" name="intent" value={DELETE_INTENT} />
        <input type="hidden" name={fields.slotId.name} value={toDelete.id} />
        <input type="hidden" name="returnTo" value={selected} />
        {toDelete.isBooked ? <p className="text-sm">This slot is booked, so it stays on your calendar.</p> : null}
        {toDelete.inBatch ? (
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name={fields.deleteBatch.name}
              value="true"
              className="mt-0.5 size-4 accent-primary"
            />
            <span>Also delete every other unbooked slot created in the same batch</span>
          </label>
        ) : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="flex justify-end gap-2">
          <Link to={closeTo} replace preventScrollReset className={buttonClass({ variant: 'outline' })}>
            Cancel
          </Link>
          <SubmitButton variant="destructive" pending={pending} pendingText="Deleting...">
            Delete
          </SubmitButton>
        </div>
      </Form>
    </UrlDialog>
  )
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
          <p className="text-muted-foreground">Manage the times clients can book. Times are in {zoneLabel}.</p>
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
            {slots.length ? (
              <ul aria-labelledby="day-slots" className="divide-y divide-border">
                {slots.map((slot) => (
                  <li key={slot.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                    <div className="space-y-0.5">
                      <p className="font-medium">{slot.timeLabel}</p>
                      <p className="text-sm text-muted-foreground">
                        {slot.serviceName}
                        {slot.priceLabel ? ` · ${slot.priceLabel}` : ''}
                        {slot.duration ? ` · ${slot.duration} min` : ''}
                      </p>
                    </div>
                    <div className="flex items-center gap-2">
                      <Badge tone={slot.isBooked ? 'default' : 'success'}>
                        {slot.isBooked ? 'Booked' : 'Available'}
                      </Badge>
                      {slot.isBooked ? null : (
                        <Link
                          to={calendarHref({ date: selected, month: monthText, delete: slot.id })}
                          preventScrollReset
                          className={buttonClass({ variant: 'ghost', size: 'sm' })}
                          aria-label={`Delete time slot ${slot.timeLabel}`}
                        >
                          Delete
                        </Link>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">
                Add a time slot or a batch of slots to open this day for booking.
              </p>
            )}
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
