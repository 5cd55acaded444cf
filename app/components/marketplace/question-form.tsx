import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormErrors, SubmitButton, useIsSubmittingIntent } from '~/components/form-shell'
import { Field, TextareaField } from '~/components/forms'
import { useSchemaForm } from '~/components/use-schema-form'
import { QuestionSchema } from '~/models/messaging/message'
import { MESSAGE_INTENT } from './profile-intents'

/** The "Ask a Question" form of a client who may write to the practitioner. */
export function QuestionForm({
  pagePath,
  lastResult,
}: {
  pagePath: string
  lastResult: SubmissionResult<string[]> | null
}) {
  const { t } = useTranslation('marketplace')
  const pending = useIsSubmittingIntent(MESSAGE_INTENT)
  const [form, fields] = useSchemaForm(QuestionSchema, { id: MESSAGE_INTENT, lastResult })
  return (
    <Form method="post" action={pagePath} preventScrollReset className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={MESSAGE_INTENT} />
      <Field
        labelProps={{ children: t('ask.subject') }}
        inputProps={getInputProps(fields.subject, { type: 'text' })}
        errors={fields.subject.errors}
      />
      <TextareaField
        labelProps={{ children: t('ask.message') }}
        textareaProps={{ ...getTextareaProps(fields.content), rows: 5 }}
        errors={fields.content.errors}
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <SubmitButton className="w-full" pending={pending} pendingText={t('ask.sending')}>
        {t('ask.send')}
      </SubmitButton>
    </Form>
  )
}
