import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { Field } from './forms'

/** First and last name side by side, as every form that asks for a person's name shows them. */
export function NameFields({
  firstName,
  lastName,
}: {
  firstName: FieldMetadata<string | undefined>
  lastName: FieldMetadata<string | undefined>
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        labelProps={{ children: 'First name' }}
        inputProps={{ ...getInputProps(firstName, { type: 'text' }), autoComplete: 'given-name' }}
        errors={firstName.errors}
      />
      <Field
        labelProps={{ children: 'Last name' }}
        inputProps={{ ...getInputProps(lastName, { type: 'text' }), autoComplete: 'family-name' }}
        errors={lastName.errors}
      />
    </div>
  )
}
