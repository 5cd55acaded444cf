import { getFormProps, useForm, type Submission, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormErrors, SubmitButton, useIsSubmittingIntent } from '~/components/form-shell'
import { ErrorList } from '~/components/forms'
import { buttonClass } from '~/components/ui/button'
import { Input, Textarea } from '~/components/ui/input'
import { answersSchema, type IntakeAnswers, type IntakeQuestion } from '~/models/intake/intake-form'

/**
 * A client's intake form: each question as a plain control named by its id, so it posts without
 * JavaScript. "Save draft" keeps what is there; "Review answers" checks everything (required
 * answers, the consent signed with their full name) and shows a summary to send from.
 * `preview`: the practitioner's builder shows it exactly as the client sees it, its buttons off
 * (a disabled default button also stops Enter from posting it).
 */

export const SAVE_DRAFT_INTENT = 'save-draft'
export const REVIEW_INTENT = 'review'
export const SEND_INTENT = 'send'

export function IntakeAnswerForm({
  questions,
  answers,
  fullName,
  lastResult,
  preview = false,
}: {
  questions: IntakeQuestion[]
  answers: IntakeAnswers
  fullName: string
  lastResult: SubmissionResult<string[]> | null
  preview?: boolean
}) {
  const { t } = useTranslation('intake')
  const saving = useIsSubmittingIntent(SAVE_DRAFT_INTENT)
  const reviewing = useIsSubmittingIntent(REVIEW_INTENT)
  const [form, fields] = useForm<IntakeAnswers>({
    id: preview ? 'intake-preview' : 'intake-answers',
    lastResult,
    defaultValue: answers,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    // In the browser only "Review answers" is checked whole; a draft may be partial.
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: answersSchema(questions, { complete: formData.get('intent') === REVIEW_INTENT, fullName }),
      }) as Submission<IntakeAnswers>,
  })
  return (
    <Form method="post" className="space-y-6" {...getFormProps(form)}>
      <ol className="space-y-6">
        {questions.map((question, index) => {
          const field = fields[question.id]!
          return (
            <li key={question.id} className="space-y-2">
              <QuestionInput
                question={question}
                number={index + 1}
                name={field.name}
                id={field.id}
                errorId={field.errorId}
                initial={field.initialValue as string | string[] | undefined}
                invalid={Boolean(field.errors)}
                fullName={fullName}
              />
              <ErrorList id={field.errorId} errors={field.errors} />
            </li>
          )
        })}
      </ol>
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="flex flex-wrap gap-3">
        <SubmitButton
          name="intent"
          value={REVIEW_INTENT}
          pending={reviewing}
          pendingText={t('answer.checking')}
          {...(preview ? { disabled: true, 'aria-disabled': true } : {})}
        >
          {t('answer.review')}
        </SubmitButton>
        <button
          type="submit"
          name="intent"
          value={SAVE_DRAFT_INTENT}
          formNoValidate
          disabled={saving || preview}
          className={buttonClass({ variant: 'outline' })}
        >
          {saving ? t('answer.saving') : t('answer.saveDraft')}
        </button>
      </div>
    </Form>
  )
}

/** One question's control: text, a paragraph, radio buttons, checkboxes, yes/no, a date, or the consent's name. */
function QuestionInput({
  question,
  number,
  name,
  id,
  errorId,
  initial,
  invalid,
  fullName,
}: {
  question: IntakeQuestion
  number: number
  name: string
  id: string
  errorId: string
  initial: string | string[] | undefined
  invalid: boolean
  fullName: string
}) {
  const { t } = useTranslation('intake')
  const label =
    question.required || question.kind === 'consent'
      ? t('answer.requiredLabel', { number, label: question.label })
      : t('answer.label', { number, label: question.label })
  const described = { 'aria-describedby': invalid ? errorId : undefined, 'aria-invalid': invalid || undefined }
  const text = typeof initial === 'string' ? initial : undefined
  if (question.kind === 'single' || question.kind === 'multiple' || question.kind === 'yesno') {
    const options = question.kind === 'yesno' ? ['yes', 'no'] : (question.options ?? [])
    const chosen = new Set(Array.isArray(initial) ? initial : initial ? [initial] : [])
    return (
      <fieldset {...described}>
        <legend className="font-medium whitespace-pre-line">{label}</legend>
        <div className="mt-2 space-y-1">
          {options.map((option) => (
            <label key={option} className="flex items-center gap-2 text-sm">
              <input
                type={question.kind === 'multiple' ? 'checkbox' : 'radio'}
                name={name}
                value={option}
                defaultChecked={chosen.has(option)}
                className="size-4 accent-primary"
              />
              {question.kind === 'yesno' ? t(option === 'yes' ? 'answers.yes' : 'answers.no') : option}
            </label>
          ))}
        </div>
      </fieldset>
    )
  }
  if (question.kind === 'consent') {
    return (
      <div className="space-y-2 rounded-lg border border-border bg-muted/40 p-4">
        <p className="text-sm font-medium">{t('answer.consentHeading', { number })}</p>
        <p className="text-sm whitespace-pre-line">{question.label}</p>
        <label htmlFor={id} className="block text-sm font-medium">
          {t('answer.typeName', { name: fullName })}
        </label>
        <Input id={id} name={name} defaultValue={text} autoComplete="name" {...described} />
      </div>
    )
  }
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block font-medium whitespace-pre-line">
        {label}
      </label>
      {question.kind === 'paragraph' ? (
        <Textarea id={id} name={name} defaultValue={text} rows={4} {...described} />
      ) : (
        <Input
          id={id}
          name={name}
          type={question.kind === 'date' ? 'date' : 'text'}
          defaultValue={text}
          {...described}
        />
      )}
    </div>
  )
}
