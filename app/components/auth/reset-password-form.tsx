import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { PasswordField } from '~/components/password-field'
import { useSchemaForm } from '~/components/use-schema-form'
import { ResetPasswordFormSchema } from '~/models/accounts/user'

/** Chooses a new password with a reset link's token; loaded on first use (docs/decisions/030). */
export function ResetPasswordForm({
  token,
  lastResult,
}: {
  token: string
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const { t } = useTranslation('auth')
  const pending = useIsSubmitting()
  const [form, fields] = useSchemaForm(ResetPasswordFormSchema, { id: 'reset-password', lastResult })

  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="token" value={token} />
      <PasswordField
        label={t('resetPassword.newPassword')}
        inputProps={{ ...getInputProps(fields.newPassword, { type: 'password' }), autoComplete: 'new-password' }}
        errors={fields.newPassword.errors}
      />
      <PasswordField
        label={t('resetPassword.confirmPassword')}
        inputProps={{ ...getInputProps(fields.confirmPassword, { type: 'password' }), autoComplete: 'new-password' }}
        errors={fields.confirmPassword.errors}
      />
      <FormErrors id={form.errorId} errors={[...(form.errors ?? []), ...(fields.token.errors ?? [])]} />
      <SubmitButton className="w-full" pending={pending} pendingText={t('resetPassword.submitting')}>
        {t('resetPassword.submit')}
      </SubmitButton>
    </Form>
  )
}
