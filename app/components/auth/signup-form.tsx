import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Trans, useTranslation } from 'react-i18next'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { CheckboxField, ErrorList, Field, Honeypot, SelectField } from '~/components/forms'
import { NameFields } from '~/components/name-fields'
import { Link } from '~/components/ui/link'
import { useSchemaForm } from '~/components/use-schema-form'
import { PRACTITIONER_COUNTRIES } from '~/models/accounts/countries'
import { SignupFormSchema } from '~/models/accounts/user'

const ROLE_CHOICES = [
  { value: '', id: 'isPractitioner-client', role: 'client' },
  { value: 'on', id: 'isPractitioner-yes', role: 'practitioner' },
] as const

/** The sign-up form; `/signup` loads it on first use (docs/decisions/030). */
export function SignupForm({
  redirectTo,
  lastResult,
}: {
  redirectTo: string
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const { t } = useTranslation('auth')
  const pending = useIsSubmitting()
  const [form, fields] = useSchemaForm(SignupFormSchema, { id: 'signup', lastResult })
  const isPractitioner = fields.isPractitioner.value === 'on'

  // `group` lets CSS show the country field only for practitioners, with or without JS.
  return (
    <Form method="post" className="group space-y-4" {...getFormProps(form)}>
      <Honeypot />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t('signup.howWillYouUse')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {ROLE_CHOICES.map((choice) => (
            <label
              key={choice.id}
              htmlFor={choice.id}
              className="flex cursor-pointer gap-3 rounded-lg border border-input p-4 has-[:checked]:border-primary has-[:checked]:bg-secondary"
            >
              <input
                type="radio"
                id={choice.id}
                name={fields.isPractitioner.name}
                value={choice.value}
                defaultChecked={choice.value === 'on' ? isPractitioner : !isPractitioner}
                className="mt-1 accent-primary"
              />
              <span>
                <span className="block text-sm font-semibold">{t(`signup.roles.${choice.role}.title`)}</span>
                <span className="block text-xs text-muted-foreground">{t(`signup.roles.${choice.role}.text`)}</span>
              </span>
            </label>
          ))}
        </div>
        <ErrorList errors={fields.isPractitioner.errors} />
      </fieldset>
      <NameFields firstName={fields.firstName} lastName={fields.lastName} />
      <Field
        labelProps={{ children: t('fields.email') }}
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
        errors={fields.email.errors}
      />
      <Field
        labelProps={{ children: t('fields.phoneNumber') }}
        inputProps={{ ...getInputProps(fields.phoneNumber, { type: 'tel' }), autoComplete: 'tel' }}
        errors={fields.phoneNumber.errors}
      />
      <SelectField
        className="hidden group-has-[#isPractitioner-yes:checked]:block"
        labelProps={{ children: t('signup.country') }}
        selectProps={{ ...getSelectProps(fields.country), autoComplete: 'country' }}
        options={PRACTITIONER_COUNTRIES.map(([code]) => [code, t(`countries.${code}`)] as const)}
        placeholder={t('signup.selectCountry')}
        errors={fields.country.errors}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          labelProps={{ children: t('fields.password') }}
          inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }}
          errors={fields.password.errors}
        />
        <Field
          labelProps={{ children: t('signup.confirmPassword') }}
          inputProps={{
            ...getInputProps(fields.confirmPassword, { type: 'password' }),
            autoComplete: 'new-password',
          }}
          errors={fields.confirmPassword.errors}
        />
      </div>
      <CheckboxField
        labelProps={{
          children: (
            <Trans
              t={t}
              i18nKey="signup.agreeToTerms"
              components={{ a: <Link to="/terms" className="font-medium text-primary hover:underline" /> }}
            />
          ),
        }}
        inputProps={getInputProps(fields.agreeToTerms, { type: 'checkbox' })}
        errors={fields.agreeToTerms.errors}
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <SubmitButton className="w-full" pending={pending} pendingText={t('signup.submitting')}>
        {t('signup.submit')}
      </SubmitButton>
    </Form>
  )
}
