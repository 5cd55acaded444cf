import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from '@conform-to/react'
import { Form, useLoaderData } from '@remix-run/react'
import { Trans, useTranslation } from 'react-i18next'
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
  const { t } = useTranslation('practice')
  return (
    <p className="rounded-md border border-border bg-muted/40 p-3 text-sm">
      <Trans
        t={t}
        i18nKey="calendar.noServices"
        components={{ a: <Link to="/practitioner/services" className="font-medium text-primary underline" /> }}
      />
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
  const { t } = useTranslation('practice')
  return (
    <SelectField
      labelProps={{ children: t('calendar.service') }}
      selectProps={selectProps}
      options={services.map(
        (s) => [String(s.id), t('calendar.serviceOption', { name: s.name, minutes: s.durationMinutes })] as const,
      )}
      placeholder={t('calendar.chooseService')}
      errors={errors}
    />
  )
}

export function AddSlotDialog({ lastResult, closeTo }: { lastResult: LastResult; closeTo: string }) {
  const { services, dateChoices, selected, selectedIsPast, zoneLabel, month, dialog } =
    useLoaderData<CalendarPageData>()
  const pending = useIsSubmitting()
  const { t } = useTranslation('practice')
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
      title={t('calendar.addSlot')}
      description={t('calendar.addSlotDescription', { zone: zoneLabel })}
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
            <legend className="text-sm font-medium">{t('calendar.dates')}</legend>
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
              {t('calendar.datesHint', { days: SINGLE_SLOT_DATE_CHOICES })}
            </p>
            <ErrorList id={datesErrorId} errors={fields.dates.errors} />
          </fieldset>
          <Field
            className="sm:max-w-[calc(50%-0.5rem)]"
            labelProps={{ children: t('calendar.startTime') }}
            inputProps={getInputProps(fields.startClock, { type: 'time' })}
            errors={fields.startClock.errors}
          />
          <FormErrors id={form.errorId} errors={form.errors} />
          <div className="flex justify-end gap-2">
            <Link to={closeTo} replace preventScrollReset className={buttonClass({ variant: 'outline' })}>
              {t('calendar.cancel')}
            </Link>
            <SubmitButton pending={pending} pendingText={t('calendar.adding')}>
              {t('calendar.addSlot')}
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
  const { t } = useTranslation('practice')
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
      title={t('calendar.addBatch')}
      description={t('calendar.batchDescription', { zone: zoneLabel })}
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
            <legend className="text-sm font-medium">{t('calendar.dateRange')}</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              {([t('calendar.startDate'), t('calendar.endDate')] as const).map((label, i) => (
                <Field
                  key={i}
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
              labelProps={{ children: t('calendar.startTime') }}
              inputProps={getInputProps(fields.startTime, { type: 'time' })}
              errors={fields.startTime.errors}
            />
            <Field
              labelProps={{ children: t('calendar.endTime') }}
              inputProps={getInputProps(fields.endTime, { type: 'time' })}
              errors={fields.endTime.errors}
            />
            <Field
              labelProps={{ children: t('calendar.interval') }}
              inputProps={{ ...getInputProps(fields.interval, { type: 'number' }), step: SLOT_STEP_MINUTES }}
              hint={t('calendar.intervalHint')}
              errors={fields.interval.errors}
            />
          </div>
          <FormErrors id={form.errorId} errors={form.errors} />
          <div data-dialog-actions className="flex justify-end gap-2">
            <Link to={closeTo} replace preventScrollReset className={buttonClass({ variant: 'outline' })}>
              {t('calendar.cancel')}
            </Link>
            <SubmitButton pending={pending} pendingText={t('calendar.creating')}>
              {t('calendar.createBatch')}
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
  const { t } = useTranslation('practice')
  const [form, fields] = useSchemaForm(DeleteSlotFormSchema, { id: DELETE_INTENT, lastResult })
  if (!toDelete) return null
  return (
    <UrlDialog
      open
      closeTo={closeTo}
      title={t('calendar.deleteTitle')}
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
        {toDelete.isBooked ? <p className="text-sm">{t('calendar.bookedStays')}</p> : null}
        {toDelete.isGenerated ? (
          <p className="text-sm">
            <Trans
              t={t}
              i18nKey="calendar.generatedText"
              components={{ a: <Link to={HOURS_PATH} className="font-medium text-primary underline" /> }}
            />
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
            <span>{t('calendar.deleteBatch')}</span>
          </label>
        ) : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="flex justify-end gap-2">
          <Link to={closeTo} replace preventScrollReset className={buttonClass({ variant: 'outline' })}>
            {t('calendar.cancel')}
          </Link>
          <SubmitButton variant="destructive" pending={pending} pendingText={t('calendar.deleting')}>
            {t('calendar.delete')}
          </SubmitButton>
        </div>
      </Form>
    </UrlDialog>
  )
}
