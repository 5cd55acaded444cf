import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { CheckboxField, Field } from '~/components/forms'
import { Link } from '~/components/ui/link'
import { useSchemaForm } from '~/components/use-schema-form'
import { LoginSchema } from '~/models/accounts/user'

/** The sign-in form; `/login` loads it on first use (docs/decisions/030). */
export function LoginForm({
  redirectTo,
  lastResult,
}: {
  redirectTo: string
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const { t } = useTranslation('auth')
  const pending = useIsSubmitting()
  const [form, fields] = useSchemaForm(LoginSchema, { id: 'login', lastResult })

  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field
        labelProps={{ children: t('fields.email') }}
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email', autoFocus: true }}
        errors={fields.email.errors}
      />
      <Field
        labelProps={{ children: t('fields.password') }}
        inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
        errors={fields.password.errors}
      />
      <div className="flex items-center justify-between gap-4">
        <CheckboxField
          labelProps={{ children: t('login.rememberMe') }}
          inputProps={getInputProps(fields.remember, { type: 'checkbox' })}
          errors={fields.remember.errors}
        />
        <Link to="/forgot-password" className="text-sm font-medium text-primary hover:underline">
          {t('login.forgotPassword')}
        </Link>
      </div>
      <FormErrors id={form.errorId} errors={form.errors} />
      <SubmitButton className="w-full" pending={pending} pendingText={t('login.submitting')}>
        {t('login.submit')}
      </SubmitButton>
    </Form>
  )
}
