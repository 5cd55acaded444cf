import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { Field, Honeypot, TextareaField } from '~/components/forms'
import { useSchemaForm } from '~/components/use-schema-form'
import { ContactSchema } from '~/models/marketplace/contact'

/** The contact page's message form; loaded on first use (docs/decisions/030). */
export function ContactForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation('marketplace')
  const pending = useIsSubmitting()
  const [form, fields] = useSchemaForm(ContactSchema, { id: 'contact', lastResult })

  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <Honeypot />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          labelProps={{ children: t('contact.fields.name') }}
          inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }}
          errors={fields.name.errors}
        />
        <Field
          labelProps={{ children: t('contact.fields.email') }}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
          errors={fields.email.errors}
        />
      </div>
      <Field
        labelProps={{ children: t('contact.fields.subject') }}
        inputProps={{
          ...getInputProps(fields.subject, { type: 'text' }),
          placeholder: t('contact.fields.subjectPlaceholder'),
        }}
        errors={fields.subject.errors}
      />
      <TextareaField
        labelProps={{ children: t('contact.fields.message') }}
        textareaProps={{
          ...getTextareaProps(fields.message),
          rows: 6,
          placeholder: t('contact.fields.messagePlaceholder'),
        }}
        errors={fields.message.errors}
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <SubmitButton className="w-full sm:w-auto" pending={pending} pendingText={t('contact.sending')}>
        {t('contact.send')}
      </SubmitButton>
    </Form>
  )
}
