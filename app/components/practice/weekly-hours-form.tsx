import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormErrors, SubmitButton, useIsSubmittingIntent } from '~/components/form-shell'
import { ErrorList, Field } from '~/components/forms'
import { useLanguage } from '~/components/i18n/use-formats'
import { buttonClass } from '~/components/ui/button'
import { Input, Label, Select } from '~/components/ui/input'
import { useSchemaForm } from '~/components/use-schema-form'
import { WEEKDAY_NAMES } from '~/lib/dates'
import {
  COPY_DAY_FIELD,
  GAP_MINUTES,
  NEW_RANGE,
  WEEKDAYS,
  WeeklyHoursFormSchema,
  type WeeklyHours,
} from '~/models/practice/weekly-hours'

/**
 * The Weekly Hours form: a switch per day, the day's ranges (add and remove them), "Copy to
 * all days", and each service's break after a session. One plain form: the switches show and
 * hide a day's ranges by CSS alone, adding and removing ranges are conform's list intents, and
 * copying is a button the server answers, so all of it works without JavaScript.
 */

export const SAVE_HOURS_INTENT = 'save-hours'

/**
 * What the form starts from: every day's saved ranges, Monday first, and a day without hours
 * one ready range (09:00-17:00, the first service), so switching it on is enough to offer it.
 */
function defaultsFor(hours: WeeklyHours) {
  const firstService = hours.sessions[0] ? String(hours.sessions[0].serviceId) : ''
  const ranges = WEEKDAYS.flatMap(({ weekday }) => {
    const saved = hours.ranges.filter((range) => range.weekday === weekday)
    const rows = saved.length ? saved : [{ weekday, ...NEW_RANGE, serviceId: firstService }]
    return rows.map((row) => ({ ...row, weekday: String(weekday), serviceId: String(row.serviceId) }))
  })
  return {
    ranges,
    openDays: [...new Set(hours.ranges.map((range) => String(range.weekday)))],
    sessions: hours.sessions.map((s) => ({ serviceId: String(s.serviceId), gapMinutes: s.gapMinutes })),
  }
}

/** A new range of a day: the hour after its last range, or 09:00-17:00 on a day without one. */
function rangeAfter(dayRows: { getFieldset(): { end: { initialValue?: unknown } } }[]) {
  const lastEnd = String(dayRows.at(-1)?.getFieldset().end.initialValue ?? '')
  const hour = /^\d\d:\d\d$/.test(lastEnd) ? Number(lastEnd.slice(0, 2)) : 23
  if (hour > 22) return NEW_RANGE
  return { start: lastEnd, end: `${String(hour + 1).padStart(2, '0')}${lastEnd.slice(2)}` }
}

/** A day's name as a label starts with it: 'Monday', 'Lundi' (French writes days in lower case in a sentence). */
const capitalised = (name: string) => name.charAt(0).toLocaleUpperCase() + name.slice(1)

/** A checkbox list's initial value (none, one or several) as strings. */
const listOf = (value: unknown) => (Array.isArray(value) ? value.map(String) : value ? [String(value)] : [])

type Props = {
  hours: WeeklyHours
  lastResult: SubmissionResult<string[]> | null
  action: string
}

export function WeeklyHoursForm({ hours, lastResult, action }: Props) {
  const pending = useIsSubmittingIntent(SAVE_HOURS_INTENT)
  const { t } = useTranslation('practice')
  const language = useLanguage()
  const [form, fields] = useSchemaForm(WeeklyHoursFormSchema, {
    id: SAVE_HOURS_INTENT,
    lastResult,
    defaultValue: defaultsFor(hours),
  })
  const rows = fields.ranges.getFieldList()
  const sessions = fields.sessions.getFieldList()
  const openDays = new Set(listOf(fields.openDays.initialValue))
  const service = new Map(hours.sessions.map((s) => [String(s.serviceId), s]))
  const options = hours.sessions.map((s) => [String(s.serviceId), s.serviceName] as const)
  const firstService = options[0]?.[0] ?? ''

  return (
    <Form method="post" action={action} className="space-y-6" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={SAVE_HOURS_INTENT} />
      <div className="divide-y divide-border">
        {WEEKDAYS.map(({ weekday }) => {
          // The day as a label names it, and as a sentence does ('Copy Monday's hours', 'les heures du lundi').
          const day = WEEKDAY_NAMES[language][weekday]!
          const name = capitalised(day)
          const dayRows = rows.filter((row) => row.getFieldset().weekday.initialValue === String(weekday))
          return (
            <fieldset key={weekday} className="group/day py-3">
              <legend className="sr-only">{name}</legend>
              <div className="flex items-center gap-3">
                <input
                  key={fields.openDays.key}
                  id={`${form.id}-day-${weekday}`}
                  type="checkbox"
                  name={fields.openDays.name}
                  value={weekday}
                  defaultChecked={openDays.has(String(weekday))}
                  data-day-switch
                  className="size-4 accent-primary"
                />
                <label htmlFor={`${form.id}-day-${weekday}`} className="w-24 font-medium">
                  {name}
                </label>
                <span className="text-sm text-muted-foreground group-has-[[data-day-switch]:checked]/day:hidden">
                  {t('hours.unavailable')}
                </span>
              </div>
              {/* Shown while the day is switched on: CSS, so it needs no JavaScript. */}
              <div className="mt-2 hidden space-y-2 sm:pl-7 group-has-[[data-day-switch]:checked]/day:block">
                {dayRows.map((row, i) => {
                  const field = row.getFieldset()
                  const label = t('hours.range', { day: name, number: i + 1 })
                  const errors = [
                    ...(field.start.errors ?? []),
                    ...(field.end.errors ?? []),
                    ...(field.serviceId.errors ?? []),
                  ]
                  const errorId = errors.length ? `${row.id}-error` : undefined
                  return (
                    <div key={row.key} className="space-y-1">
                      <input type="hidden" name={field.weekday.name} value={weekday} />
                      <div className="grid grid-cols-2 items-center gap-2 sm:grid-cols-[8rem_8rem_minmax(0,1fr)_auto]">
                        <div>
                          <Label htmlFor={field.start.id} className="sr-only">
                            {t('hours.rangeFrom', { range: label })}
                          </Label>
                          <Input
                            {...getInputProps(field.start, { type: 'time' })}
                            aria-describedby={errorId}
                            aria-invalid={field.start.errors ? true : undefined}
                          />
                        </div>
                        <div>
                          <Label htmlFor={field.end.id} className="sr-only">
                            {t('hours.rangeTo', { range: label })}
                          </Label>
                          <Input
                            {...getInputProps(field.end, { type: 'time' })}
                            aria-describedby={errorId}
                            aria-invalid={field.end.errors ? true : undefined}
                          />
                        </div>
                        <div className="col-span-2 flex items-center gap-2 sm:contents">
                          <div className="min-w-0 flex-1">
                            <Label htmlFor={field.serviceId.id} className="sr-only">
                              {t('hours.rangeService', { range: label })}
                            </Label>
                            <Select
                              {...getSelectProps(field.serviceId)}
                              aria-describedby={errorId}
                              aria-invalid={field.serviceId.errors ? true : undefined}
                            >
                              <option value="">{t('hours.chooseService')}</option>
                              {options.map(([value, text]) => (
                                <option key={value} value={value}>
                                  {text}
                                </option>
                              ))}
                            </Select>
                          </div>
                          <button
                            {...form.remove.getButtonProps({ name: fields.ranges.name, index: rows.indexOf(row) })}
                            aria-label={t('hours.removeLabel', { range: label })}
                            className={buttonClass({ variant: 'ghost', size: 'sm' })}
                          >
                            {t('hours.remove')}
                          </button>
                        </div>
                      </div>
                      <ErrorList id={errorId} errors={errors} />
                    </div>
                  )
                })}
                <div className="flex flex-wrap gap-2">
                  <button
                    {...form.insert.getButtonProps({
                      name: fields.ranges.name,
                      defaultValue: { weekday: String(weekday), ...rangeAfter(dayRows), serviceId: firstService },
                    })}
                    aria-label={t('hours.addRangeLabel', { day: language === 'fr' ? day : name })}
                    className={buttonClass({ variant: 'outline', size: 'sm' })}
                  >
                    {t('hours.addRange')}
                  </button>
                  <button
                    type="submit"
                    name={COPY_DAY_FIELD}
                    value={weekday}
                    formNoValidate
                    aria-label={t('hours.copyLabel', { day: language === 'fr' ? day : name })}
                    className={buttonClass({ variant: 'outline', size: 'sm' })}
                  >
                    {t('hours.copy')}
                  </button>
                </div>
              </div>
            </fieldset>
          )
        })}
      </div>

      <fieldset className="space-y-3">
        <legend className="font-medium">{t('hours.breaks')}</legend>
        <p className="text-sm text-muted-foreground">
          {t('hours.breaksText', { min: GAP_MINUTES.min, max: GAP_MINUTES.max })}
        </p>
        {sessions.map((session) => {
          const field = session.getFieldset()
          const id = String(field.serviceId.initialValue ?? '')
          const { serviceName = t('hours.service'), sessionMinutes } = service.get(id) ?? {}
          return (
            <div key={session.key} className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_16rem] sm:items-end">
              <p className="text-sm break-words sm:pb-2">
                <span className="font-medium">{serviceName}</span>
                {sessionMinutes ? (
                  <span className="text-muted-foreground">
                    {' · '}
                    {t('hours.sessionLength', { minutes: sessionMinutes })}
                  </span>
                ) : null}
              </p>
              <input type="hidden" name={field.serviceId.name} value={id} />
              <Field
                labelProps={{
                  children: (
                    <>
                      <span className="sr-only">{serviceName}: </span>
                      {t('hours.breakAfter')}
                    </>
                  ),
                }}
                inputProps={getInputProps(field.gapMinutes, { type: 'number' })}
                errors={field.gapMinutes.errors}
              />
            </div>
          )
        })}
      </fieldset>

      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="flex justify-end">
        <SubmitButton pending={pending} pendingText={t('hours.saving')}>
          {t('hours.save')}
        </SubmitButton>
      </div>
    </Form>
  )
}
