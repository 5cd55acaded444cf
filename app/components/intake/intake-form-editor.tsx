import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormErrors, SubmitButton, useIsSubmittingIntent } from '~/components/form-shell'
import { CheckboxField, ErrorList, Field, TextareaField } from '~/components/forms'
import { buttonClass } from '~/components/ui/button'
import { Label, Select } from '~/components/ui/input'
import { useHydrated } from '~/components/use-hydrated'
import { useSchemaForm } from '~/components/use-schema-form'
import { INTAKE_QUESTION_KINDS } from '~/db/enums'
import {
  CHOICE_KINDS,
  IntakeFormEditorSchema,
  type IntakeForm,
  type IntakeQuestion,
  type QuestionKind,
} from '~/models/intake/intake-form'

/**
 * The intake form builder: the title, the services that ask it (and whether only before a first
 * session), and its questions, each with its kind, whether it must be answered and, for a choice,
 * its options one per line. Adding, removing and moving questions are conform's list intents,
 * which the server applies when JavaScript is off, so the whole builder works without it. The
 * options box is there for a choice only: with JavaScript it follows the kind as it is picked;
 * without, an Apply button next to the kind posts conform's validate intent and the page comes
 * back drawn for the new kind.
 */

export const SAVE_FORM_INTENT = 'save-form'

type ServiceChoice = { id: number; name: string; takenBy: string | null }

const NEW_QUESTION = { kind: 'short', label: '', required: 'on', options: '' }

const isChoice = (kind: unknown) => CHOICE_KINDS.includes(kind as QuestionKind)

/** What a question's text is, for its kind: a consent's is the statement the client agrees to. */
const textLabel = (kind: unknown) => (kind === 'consent' ? ('builder.statement' as const) : ('builder.text' as const))

function defaultsFor(form: IntakeForm | null, newTitle: string) {
  if (!form) return { title: newTitle, serviceIds: [], questions: [NEW_QUESTION] }
  return {
    title: form.title,
    serviceIds: form.serviceIds.map(String),
    firstSessionOnly: form.firstSessionOnly ? 'on' : '',
    questions: form.questions.map((q: IntakeQuestion) => ({
      id: q.id,
      kind: q.kind,
      label: q.label,
      required: q.required ? 'on' : '',
      options: (q.options ?? []).join('\n'),
    })),
  }
}

export function IntakeFormEditor({
  form: saved,
  newTitle,
  services,
  lastResult,
  action,
}: {
  form: IntakeForm | null
  /** A new form's title until renamed (unlike any of theirs). */
  newTitle: string | null
  services: ServiceChoice[]
  lastResult: SubmissionResult<string[]> | null
  action: string
}) {
  const { t } = useTranslation('intake')
  const pending = useIsSubmittingIntent(SAVE_FORM_INTENT)
  const hydrated = useHydrated()
  const [form, fields] = useSchemaForm(IntakeFormEditorSchema, {
    id: saved ? `intake-form-${saved.id}` : 'intake-form-new',
    lastResult,
    defaultValue: defaultsFor(saved, newTitle ?? ''),
  })
  // One box ticked is one value, several a list.
  const ticked = fields.serviceIds.value as string[] | string | undefined
  const chosen = new Set(Array.isArray(ticked) ? ticked : ticked ? [ticked] : [])
  const questions = fields.questions.getFieldList()
  return (
    <Form method="post" action={action} className="space-y-6" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={SAVE_FORM_INTENT} />
      <Field
        labelProps={{ children: t('builder.title') }}
        inputProps={getInputProps(fields.title, { type: 'text' })}
        errors={fields.title.errors}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t('builder.services')}</legend>
        {services.length ? (
          <ul className="space-y-1">
            {services.map((service) => (
              <li key={service.id}>
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    name={fields.serviceIds.name}
                    value={service.id}
                    defaultChecked={chosen.has(String(service.id))}
                    className="mt-0.5 size-4 accent-primary"
                  />
                  <span>
                    {service.name}
                    {service.takenBy ? (
                      <span className="block text-xs text-muted-foreground">
                        {t('builder.takenBy', { title: service.takenBy })}
                      </span>
                    ) : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t('builder.noServices')}</p>
        )}
        <ErrorList errors={fields.serviceIds.errors} />
      </fieldset>
      <CheckboxField
        labelProps={{ children: t('builder.firstOnly') }}
        inputProps={getInputProps(fields.firstSessionOnly, { type: 'checkbox' })}
        errors={fields.firstSessionOnly.errors}
      />
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">{t('builder.questions')}</legend>
        <ol className="space-y-4">
          {questions.map((question, index) => {
            const field = question.getFieldset()
            const name = t('builder.question', { number: index + 1 })
            // The kind as picked now (conform follows the select), or as the server drew it.
            const kind = field.kind.value ?? field.kind.initialValue
            const named = (text: string) => (
              <>
                <span className="sr-only">{`${t('builder.named', { name })} `}</span>
                {text}
              </>
            )
            return (
              <li key={question.key} className="space-y-3 rounded-lg border border-border p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 className="text-sm font-semibold">{name}</h2>
                  <div className="flex flex-wrap gap-1">
                    <button
                      {...form.reorder.getButtonProps({ name: fields.questions.name, from: index, to: index - 1 })}
                      disabled={index === 0}
                      aria-label={t('builder.moveUp', { name })}
                      className={buttonClass({ variant: 'ghost', size: 'sm' })}
                    >
                      {t('builder.up')}
                    </button>
                    <button
                      {...form.reorder.getButtonProps({ name: fields.questions.name, from: index, to: index + 1 })}
                      disabled={index === questions.length - 1}
                      aria-label={t('builder.moveDown', { name })}
                      className={buttonClass({ variant: 'ghost', size: 'sm' })}
                    >
                      {t('builder.down')}
                    </button>
                    <button
                      {...form.remove.getButtonProps({ name: fields.questions.name, index })}
                      aria-label={t('builder.removeLabel', { name })}
                      className={buttonClass({ variant: 'ghost', size: 'sm' }, 'text-destructive')}
                    >
                      {t('builder.remove')}
                    </button>
                  </div>
                </div>
                <input {...getInputProps(field.id, { type: 'hidden' })} />
                <TextareaField
                  labelProps={{ children: named(t(textLabel(kind))) }}
                  textareaProps={{ ...getTextareaProps(field.label), rows: 2 }}
                  errors={field.label.errors}
                />
                <div className="grid gap-3 sm:grid-cols-2">
                  <div className="space-y-1.5">
                    <Label htmlFor={field.kind.id}>{named(t('builder.kind'))}</Label>
                    <div className="flex gap-2">
                      <Select {...getSelectProps(field.kind)}>
                        {INTAKE_QUESTION_KINDS.map((option) => (
                          <option key={option} value={option}>
                            {t(`kinds.${option}`)}
                          </option>
                        ))}
                      </Select>
                      {hydrated ? null : (
                        <button
                          {...form.validate.getButtonProps({ name: field.kind.name })}
                          aria-label={t('builder.applyLabel', { name })}
                          className={buttonClass({ variant: 'outline', size: 'sm' }, 'self-center')}
                        >
                          {t('builder.apply')}
                        </button>
                      )}
                    </div>
                    <ErrorList errors={field.kind.errors} />
                  </div>
                  <CheckboxField
                    className="self-end"
                    labelProps={{ children: named(t('builder.required')) }}
                    inputProps={getInputProps(field.required, { type: 'checkbox' })}
                    errors={field.required.errors}
                  />
                </div>
                {isChoice(kind) ? (
                  <TextareaField
                    labelProps={{ children: named(t('builder.options')) }}
                    textareaProps={{ ...getTextareaProps(field.options), rows: 3 }}
                    errors={field.options.errors}
                  />
                ) : null}
              </li>
            )
          })}
        </ol>
        <ErrorList errors={fields.questions.errors} />
        <button
          {...form.insert.getButtonProps({ name: fields.questions.name, defaultValue: NEW_QUESTION })}
          className={buttonClass({ variant: 'outline', size: 'sm' })}
        >
          {t('builder.addQuestion')}
        </button>
      </fieldset>
      <FormErrors id={form.errorId} errors={form.errors} />
      <SubmitButton pending={pending} pendingText={t('answer.saving')}>
        {t('builder.save')}
      </SubmitButton>
    </Form>
  )
}
