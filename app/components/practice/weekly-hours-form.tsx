import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { FormErrors, SubmitButton } from '~/components/form-shell'
import { ErrorList, Field } from '~/components/forms'
import { Input, Label, Select } from '~/components/ui/input'
import { useSchemaForm } from '~/components/use-schema-form'
import {
  GAP_MINUTES,
  RANGES_PER_DAY,
  SESSION_MINUTES,
  WEEKDAYS,
  WeeklyHoursSchema,
  type WeeklyHours,
} from '~/models/practice/weekly-hours'

/**
 * The Weekly Hours form: a few range rows per weekday (a row left empty is unused) and each
 * active service's session length and gap. One plain form, so it saves without JavaScript.
 */

export const SAVE_HOURS_INTENT = 'save-hours'

/** True while the page's form with this intent is being sent (the screen has several forms). */
export function usePendingIntent(intent: string) {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

/**
 * Every weekday's saved ranges, padded with empty rows to RANGES_PER_DAY, Monday first. An empty
 * row has the first service chosen, so someone with one service only types the times.
 */
function rowsFor(hours: WeeklyHours) {
  const firstService = hours.sessions[0] ? String(hours.sessions[0].serviceId) : ''
  return WEEKDAYS.flatMap(({ weekday }) => {
    const saved = hours.ranges.filter((range) => range.weekday === weekday)
    const blanks = Math.max(RANGES_PER_DAY - saved.length, 0)
    return [
      ...saved.map((range) => ({ ...range, serviceId: String(range.serviceId) })),
      ...Array.from({ length: blanks }, () => ({ weekday, start: '', end: '', serviceId: firstService })),
    ].map((row) => ({ ...row, weekday: String(weekday) }))
  })
}

type Props = {
  hours: WeeklyHours
  lastResult: SubmissionResult<string[]> | null
  action: string
}

export function WeeklyHoursForm({ hours, lastResult, action }: Props) {
  const pending = usePendingIntent(SAVE_HOURS_INTENT)
  const [form, fields] = useSchemaForm(WeeklyHoursSchema, {
    id: SAVE_HOURS_INTENT,
    lastResult,
    defaultValue: {
      ranges: rowsFor(hours),
      sessions: hours.sessions.map((s) => ({ ...s, serviceId: String(s.serviceId) })),
    },
  })
  const rows = fields.ranges.getFieldList()
  const sessions = fields.sessions.getFieldList()
  const serviceName = new Map(hours.sessions.map((s) => [String(s.serviceId), s.serviceName]))
  const options = hours.sessions.map((s) => [String(s.serviceId), s.serviceName] as const)

  return (
    <Form method="post" action={action} className="space-y-6" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={SAVE_HOURS_INTENT} />
      <div className="space-y-4">
        {WEEKDAYS.map(({ weekday, name }) => {
          const dayRows = rows.filter((row) => row.getFieldset().weekday.initialValue === String(weekday))
          return (
            <fieldset key={weekday} className="space-y-2 border-b border-border pb-4">
              <legend className="font-medium">{name}</legend>
              {dayRows.map((row, i) => {
                const field = row.getFieldset()
                const label = `${name}, range ${i + 1}`
                const errors = [
                  ...(field.start.errors ?? []),
                  ...(field.end.errors ?? []),
                  ...(field.serviceId.errors ?? []),
                ]
                const errorId = errors.length ? `${row.id}-error` : undefined
                return (
                  <div key={row.key} className="space-y-1">
                    <input type="hidden" name={field.weekday.name} value={weekday} />
                    <div className="grid grid-cols-2 gap-2 sm:grid-cols-[8rem_8rem_minmax(0,1fr)]">
                      <div>
                        <Label htmlFor={field.start.id} className="sr-only">{`${label}, from`}</Label>
                        <Input
                          {...getInputProps(field.start, { type: 'time' })}
                          aria-describedby={errorId}
                          aria-invalid={field.start.errors ? true : undefined}
                        />
                      </div>
                      <div>
                        <Label htmlFor={field.end.id} className="sr-only">{`${label}, to`}</Label>
                        <Input
                          {...getInputProps(field.end, { type: 'time' })}
                          aria-describedby={errorId}
                          aria-invalid={field.end.errors ? true : undefined}
                        />
                      </div>
                      <div className="col-span-2 sm:col-span-1">
                        <Label htmlFor={field.serviceId.id} className="sr-only">{`${label}, service`}</Label>
                        <Select
                          {...getSelectProps(field.serviceId)}
                          aria-describedby={errorId}
                          aria-invalid={field.serviceId.errors ? true : undefined}
                        >
                          <option value="">Select a service</option>
                          {options.map(([value, text]) => (
                            <option key={value} value={value}>
                              {text}
                            </option>
                          ))}
                        </Select>
                      </div>
                    </div>
                    <ErrorList id={errorId} errors={errors} />
                  </div>
                )
              })}
            </fieldset>
          )
        })}
      </div>

      <fieldset className="space-y-3">
        <legend className="font-medium">Sessions</legend>
        <p className="text-sm text-muted-foreground">
          Each service&apos;s session length ({SESSION_MINUTES.min}-{SESSION_MINUTES.max} minutes) and the gap after
          each session ({GAP_MINUTES.min}-{GAP_MINUTES.max} minutes).
        </p>
        {sessions.map((session) => {
          const field = session.getFieldset()
          const name = serviceName.get(String(field.serviceId.initialValue)) ?? 'Service'
          return (
            <div key={session.key} className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_10rem_10rem] sm:items-start">
              <p className="pt-2 text-sm font-medium break-words sm:pt-8">{name}</p>
              <input type="hidden" name={field.serviceId.name} value={String(field.serviceId.initialValue ?? '')} />
              <Field
                labelProps={{ children: `${name}: length (minutes)` }}
                inputProps={getInputProps(field.sessionMinutes, { type: 'number' })}
                errors={field.sessionMinutes.errors}
              />
              <Field
                labelProps={{ children: `${name}: gap (minutes)` }}
                inputProps={getInputProps(field.gapMinutes, { type: 'number' })}
                errors={field.gapMinutes.errors}
              />
            </div>
          )
        })}
      </fieldset>

      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="flex justify-end">
        <SubmitButton pending={pending} pendingText="Saving...">
          Save Weekly Hours
        </SubmitButton>
      </div>
    </Form>
  )
}
