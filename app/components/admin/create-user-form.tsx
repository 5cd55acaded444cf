import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormErrors, SubmitButton } from '~/components/form-shell'
import { ErrorList, Field, SelectField } from '~/components/forms'
import { NameFields } from '~/components/name-fields'
import { PasswordField } from '~/components/password-field'
import { Card } from '~/components/ui/card'
import { useSchemaForm } from '~/components/use-schema-form'
import type { Namespace } from '~/lib/i18n/languages'
import { msg, namespacesOf, translateMessage } from '~/lib/i18n/message'
import { PRACTITIONER_COUNTRIES } from '~/models/accounts/countries'
import { AdminCreateUserFormSchema, REQUIRED_FIELDS, REQUIRED_FIELDS_TITLE, USER_TYPES } from '~/models/admin/admin'
import { CREATE_USER_INTENT } from '~/models/admin/admin-links'
import { usePosting } from './post-button'
import type { TFunction } from 'i18next'

/**
 * Under each missing field, a short word: the box above the form says the spec's message once
 * for all four (an API client gets that message for each).
 */
const shownErrors = (errors: string[] | undefined) =>
  errors?.map((error) => (error === REQUIRED_FIELDS ? msg('admin:createUser.required') : error))

/**
 * Create New User: email, password, names, optional phone, the user type, and the country
 * (the spec's 23, by name) only for a practitioner: CSS shows it when Practitioner is picked,
 * with or without JavaScript. Posts to the page it is on, so a refused form comes back filled.
 */
export function CreateUserForm({
  action,
  lastResult,
}: {
  action: string
  lastResult: SubmissionResult<string[]> | null
}) {
  // The required fields' title is the accounts' (a message of theirs): its namespace too.
  const { t } = useTranslation(['admin', ...namespacesOf([REQUIRED_FIELDS_TITLE])] as Namespace[])
  const pending = usePosting(action, CREATE_USER_INTENT)
  const [form, fields] = useSchemaForm(AdminCreateUserFormSchema, {
    id: 'admin-create-user',
    lastResult,
    defaultValue: { userType: 'client' },
  })
  const missing = [fields.email, fields.password, fields.firstName, fields.lastName].some((field) =>
    field.errors?.includes(REQUIRED_FIELDS),
  )
  const chosen = fields.userType.value ?? 'client'
  return (
    <Card className="self-start p-5">
      <h2 className="text-lg font-semibold">{t('admin:createUser.heading')}</h2>
      <p className="mb-4 text-sm text-muted-foreground">{t('admin:createUser.intro')}</p>
      {/* `group` lets CSS show the country field only for practitioners, with or without JS. */}
      <Form method="post" action={action} preventScrollReset className="group space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={CREATE_USER_INTENT} />
        {missing ? (
          <div role="alert" className="rounded-md border border-destructive/30 bg-destructive-soft p-3 text-sm">
            <p className="font-semibold text-destructive">{translateMessage(t as TFunction, REQUIRED_FIELDS_TITLE)}</p>
            <p>{t('admin:toasts.requiredFields')}</p>
          </div>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            labelProps={{ children: t('admin:createUser.email') }}
            inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'off' }}
            errors={shownErrors(fields.email.errors)}
          />
          <PasswordField
            label={t('admin:createUser.password')}
            inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }}
            errors={shownErrors(fields.password.errors)}
          />
        </div>
        <NameFields firstName={fields.firstName} lastName={fields.lastName} shownErrors={shownErrors} />
        <Field
          labelProps={{ children: t('admin:createUser.phone') }}
          inputProps={{ ...getInputProps(fields.phoneNumber, { type: 'tel' }), autoComplete: 'off' }}
          errors={fields.phoneNumber.errors}
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t('admin:createUser.userType')}</legend>
          <div className="flex flex-wrap gap-3">
            {USER_TYPES.map((value) => (
              <label
                key={value}
                htmlFor={`user-type-${value}`}
                className="flex cursor-pointer items-center gap-2 rounded-md border border-input px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-secondary"
              >
                <input
                  type="radio"
                  id={`user-type-${value}`}
                  name={fields.userType.name}
                  value={value}
                  defaultChecked={chosen === value}
                  className="accent-primary"
                />
                {t(`admin:createUser.userTypes.${value}`)}
              </label>
            ))}
          </div>
          <ErrorList errors={fields.userType.errors} />
        </fieldset>
        <SelectField
          className="hidden group-has-[#user-type-practitioner:checked]:block"
          labelProps={{ children: t('admin:createUser.country') }}
          selectProps={getSelectProps(fields.country)}
          options={PRACTITIONER_COUNTRIES.map(([code]) => [code, t(`auth:countries.${code}`)] as const)}
          placeholder={t('admin:createUser.selectCountry')}
          errors={fields.country.errors}
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <SubmitButton pending={pending} pendingText={t('admin:createUser.creating')}>
          {t('admin:createUser.submit')}
        </SubmitButton>
      </Form>
    </Card>
  )
}
