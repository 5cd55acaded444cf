import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { Field } from '~/components/forms'
import { useSchemaForm } from '~/components/use-schema-form'
import { ForgotPasswordSchema } from '~/models/accounts/user'

/** Asks for a reset link; `/forgot-password` loads it on first use (docs/decisions/030). */
export function ForgotPasswordForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation('auth')
  const pending = useIsSubmitting()
  const [form, fields] = useSchemaForm(ForgotPasswordSchema, { id: 'forgot-password', lastResult })

  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <Field
        labelProps={{ children: t('fields.email') }}
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email', autoFocus: true }}
        errors={fields.email.errors}
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <SubmitButton className="w-full" pending={pending} pendingText={t('forgotPassword.submitting')}>
        {t('forgotPassword.submit')}
      </SubmitButton>
    </Form>
  )
}
