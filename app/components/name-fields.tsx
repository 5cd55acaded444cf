import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Field } from './forms'

/**
 * First and last name side by side, as every form that asks for a person's name shows them.
 * `shownErrors` rewords a field's errors where the form already says them once for all.
 */
export function NameFields({
  firstName,
  lastName,
  shownErrors = (errors) => errors,
}: {
  firstName: FieldMetadata<string | undefined>
  lastName: FieldMetadata<string | undefined>
  shownErrors?: (errors: string[] | undefined) => string[] | undefined
}) {
  const { t } = useTranslation('account')
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        labelProps={{ children: t('nameFields.firstName') }}
        inputProps={{ ...getInputProps(firstName, { type: 'text' }), autoComplete: 'given-name' }}
        errors={shownErrors(firstName.errors)}
      />
      <Field
        labelProps={{ children: t('nameFields.lastName') }}
        inputProps={{ ...getInputProps(lastName, { type: 'text' }), autoComplete: 'family-name' }}
        errors={shownErrors(lastName.errors)}
      />
    </div>
  )
}
