import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { PasswordField } from '~/components/password-field'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { useRefusalToast } from '~/components/use-refusal-toast'
import { useSchemaForm } from '~/components/use-schema-form'
import { CHANGE_PASSWORD_TOASTS, ChangePasswordFormSchema, PASSWORD_MIN_LENGTH } from '~/models/accounts/user'

export const CHANGE_PASSWORD_INTENT = 'change-password'

export function ChangePasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation('account')
  const pending = useIsSubmitting()
  const [form, fields] = useSchemaForm(ChangePasswordFormSchema, { id: CHANGE_PASSWORD_INTENT, lastResult })
  const formProps = getFormProps(form)
  const refusal = useRefusalToast(ChangePasswordFormSchema, CHANGE_PASSWORD_TOASTS, formProps.onSubmit)
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('changePassword.title')}</CardTitle>
        <CardDescription>{t('changePassword.description', { min: PASSWORD_MIN_LENGTH })}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="space-y-4" {...formProps} onSubmit={refusal.onSubmit}>
          <input type="hidden" name="intent" value={CHANGE_PASSWORD_INTENT} />
          <PasswordField
            label={t('changePassword.currentPassword')}
            inputProps={{
              ...getInputProps(fields.currentPassword, { type: 'password' }),
              autoComplete: 'current-password',
            }}
            errors={fields.currentPassword.errors}
          />
          <PasswordField
            label={t('changePassword.newPassword')}
            inputProps={{ ...getInputProps(fields.newPassword, { type: 'password' }), autoComplete: 'new-password' }}
            errors={fields.newPassword.errors}
          />
          <PasswordField
            label={t('changePassword.confirmPassword')}
            inputProps={{
              ...getInputProps(fields.confirmPassword, { type: 'password' }),
              autoComplete: 'new-password',
            }}
            errors={fields.confirmPassword.errors}
          />
          <FormErrors id={form.errorId} errors={form.errors} />
          <SubmitButton pending={pending} pendingText={t('changePassword.submitting')}>
            {t('changePassword.submit')}
          </SubmitButton>
        </Form>
        {refusal.toaster}
      </CardContent>
    </Card>
  )
}
