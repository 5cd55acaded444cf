import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { Field, Honeypot, TextareaField } from '~/components/forms'
import { useSchemaForm } from '~/components/use-schema-form'
import { ContactSchema } from '~/models/marketplace/contact'

/** The contact page's message form; loaded on first use (docs/decisions/030). */
export function ContactForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const pending = useIsSubmitting()
  const [form, fields] = useSchemaForm(ContactSchema, { id: 'contact', lastResult })

  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <Honeypot />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          labelProps={{ children: 'Name' }}
          inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }}
          errors={fields.name.errors}
        />
        <Field
          labelProps={{ children: 'Email' }}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
          errors={fields.email.errors}
        />
      </div>
      <Field
        labelProps={{ children: 'Subject' }}
        inputProps={{ ...getInputProps(fields.subject, { type: 'text' }), placeholder: 'How can we help?' }}
        errors={fields.subject.errors}
      />
      <TextareaField
        labelProps={{ children: 'Message' }}
        textareaProps={{ ...getTextareaProps(fields.message), rows: 6, placeholder: 'Tell us a little more...' }}
        errors={fields.message.errors}
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <SubmitButton className="w-full sm:w-auto" pending={pending} pendingText="Sending...">
        Send Message
      </SubmitButton>
    </Form>
  )
}
