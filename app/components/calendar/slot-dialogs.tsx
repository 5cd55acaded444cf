import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from '@conform-to/react'
import { Form, useLoaderData } from '@remix-run/react'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { ErrorList, Field, SelectField } from '~/components/forms'
import { formatMonth } from '~/components/marketplace/month-calendar'
import { buttonClass } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { UrlDialog } from '~/components/ui/url-dialog'
import { useSchemaForm } from '~/components/use-schema-form'
import {
  BATCH_DEFAULTS,
  BatchSlotFormSchema,
  DeleteSlotFormSchema,
  SINGLE_SLOT_DATE_CHOICES,
  SINGLE_SLOT_DEFAULTS,
  SingleSlotFormSchema,
  SLOT_STEP_MINUTES,
} from '~/models/practice/slot-form'
import {
  BATCH_INTENT,
  calendarHref,
  DELETE_INTENT,
  HOURS_PATH,
  SINGLE_INTENT,
  type CalendarPageData,
} from './calendar-links'

/**
 * The calendar's dialogs (add one slot, add a batch, delete a slot). They open from the URL
 * (`?add=single|batch`, `?delete=<id>`), so they work without JavaScript, and read the
 * calendar page's loader data.
 */

export type LastResult = SubmissionResult<string[]> | null

/** What the slot dialogs and Weekly Hours say while the practitioner has no active service. */
export function NoServices() {
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

/** The slot dialogs' service choice, each with its length (the length of its slots). */
function ServiceSelect({
  selectProps,
  errors,
  services,
}: {
  selectProps: React.SelectHTMLAttributes<HTMLSelectElement>
  errors: string[] | undefined
  services: CalendarPageData['services']
}) {
  return (
    <SelectField
      labelProps={{ children: 'Service' }}
      selectProps={selectProps}
      options={services.map((s) => [String(s.id), `${s.name} (${s.durationMinutes} min)`] as const)}
      placeholder="Select a service"
      errors={errors}
    />
  )
}

export function AddSlotDialog({ lastResult, closeTo }: { lastResult: LastResult; closeTo: string }) {
  const { services, dateChoices, selected, selectedIsPast, zoneLabel, month, dialog } =
    useLoaderData<CalendarPageData>()
  const pending = useIsSubmitting()
  const [form, fields] = useSchemaForm(SingleSlotFormSchema, {
    id: SINGLE_INTENT,
    lastResult,
    defaultValue: { ...SINGLE_SLOT_DEFAULTS, dates: selectedIsPast ? [] : [selected] },
  })
  const initial = fields.dates.initialValue
  const checked = new Set(Array.isArray(initial) ? initial : initial ? [initial] : [])
  const datesErrorId = fields.dates.errors?.length ? `${fields.dates.id}-error` : undefined
  return (
    <UrlDialog
      open={dialog === 'single'}
      closeTo={closeTo}
      title="Add Time Slot"
      description={`Times are in ${zoneLabel}. Each slot lasts as long as its service.`}
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
          <ServiceSelect
            selectProps={getSelectProps(fields.serviceId)}
            errors={fields.serviceId.errors}
            services={services}
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
          <Field
            className="sm:max-w-[calc(50%-0.5rem)]"
            labelProps={{ children: 'Start time' }}
            inputProps={getInputProps(fields.startClock, { type: 'time' })}
            errors={fields.startClock.errors}
          />
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

export function AddBatchDialog({ lastResult, closeTo }: { lastResult: LastResult; closeTo: string }) {
  const { services, selected, selectedIsPast, zoneLabel, month, dialog } = useLoaderData<CalendarPageData>()
  const pending = useIsSubmitting()
  const [form, fields] = useSchemaForm(BatchSlotFormSchema, {
    id: BATCH_INTENT,
    lastResult,
    defaultValue: { ...BATCH_DEFAULTS, dateRange: [selectedIsPast ? '' : selected, ''] },
  })
  const range = fields.dateRange.initialValue
  const rangeValue = (i: number) => (Array.isArray(range) ? (range[i] ?? '') : '')
  const rangeErrorId = fields.dateRange.errors?.length ? `${fields.dateRange.id}-error` : undefined
  return (
    <UrlDialog
      open={dialog === 'batch'}
      closeTo={closeTo}
      title="Add Batch Slots"
      description={`Creates slots on every day of the range, from the start time to the end time, in ${zoneLabel}; each lasts as long as its service. Times that overlap your existing slots are skipped.`}
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
          <ServiceSelect
            selectProps={getSelectProps(fields.serviceId)}
            errors={fields.serviceId.errors}
            services={services}
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
              labelProps={{ children: 'Interval (minutes)' }}
              inputProps={{ ...getInputProps(fields.interval, { type: 'number' }), step: SLOT_STEP_MINUTES }}
              hint="From the start of one slot to the start of the next."
              errors={fields.interval.errors}
            />
          </div>
          <FormErrors id={form.errorId} errors={form.errors} />
          <div data-dialog-actions className="flex justify-end gap-2">
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

export function DeleteSlotDialog({ lastResult, closeTo }: { lastResult: LastResult; closeTo: string }) {
  const { toDelete, selected, month } = useLoaderData<CalendarPageData>()
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
        {toDelete.isGenerated ? (
          <p className="text-sm">
            This slot comes from your weekly hours; once deleted, they will not make it again. To free a whole day,
            block the date on the{' '}
            <Link to={HOURS_PATH} className="font-medium text-primary underline">
              Weekly Hours
            </Link>{' '}
            page.
          </p>
        ) : null}
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
