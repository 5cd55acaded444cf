import { getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react'
import { useState } from 'react'
import { Field, SelectField, TextareaField } from '~/components/forms'
import { useHydrated } from '~/components/use-hydrated'
import type { useSchemaForm } from '~/components/use-schema-form'
import { BUSINESS_ADDRESS_MAX_LENGTH } from '~/models/practice/professional-details'
import { PROFESSION_NAMES, PROFESSIONS } from '~/models/practice/professions'
import type { ProfileFormSchema } from '~/models/practice/profile'

type ProfileFormFields = ReturnType<typeof useSchemaForm<typeof ProfileFormSchema>>[1]

const PROFESSION_OPTIONS = PROFESSIONS.map((key) => [key, PROFESSION_NAMES[key]] as const)

/**
 * The "Professional details" part of the My Profile form (issue 44): what a receipt names the
 * practitioner by, so a client can claim a session from their health plan. Plain controls: the
 * field naming an 'Other' profession shows only once 'Other' is chosen with JavaScript, and
 * always without (its label says what it is for; the server ignores it for any other choice).
 */
export function ProfessionalDetailsFields({
  fields,
}: {
  fields: Pick<
    ProfileFormFields,
    | 'profession'
    | 'professionOther'
    | 'regulatoryBody'
    | 'registrationNumber'
    | 'businessName'
    | 'businessAddress'
    | 'gstHstNumber'
  >
}) {
  const hydrated = useHydrated()
  const [profession, setProfession] = useState(String(fields.profession.initialValue ?? ''))
  const text = (field: ProfileFormFields['regulatoryBody']) => getInputProps(field, { type: 'text' })
  return (
    <fieldset className="space-y-4" aria-describedby="professional-details-about">
      <legend className="w-full border-t border-border pt-5 text-base font-semibold">Professional details</legend>
      <p id="professional-details-about" className="text-sm text-muted-foreground">
        Printed on your clients&apos; receipts so they can claim sessions from their health plan. Your profession,
        college and registration number also show on your public profile; your business address and GST/HST number do
        not.
      </p>
      <SelectField
        labelProps={{ children: 'Profession' }}
        selectProps={{ ...getSelectProps(fields.profession), onChange: (e) => setProfession(e.currentTarget.value) }}
        options={PROFESSION_OPTIONS}
        placeholder="Not set"
        errors={fields.profession.errors}
      />
      {!hydrated || profession === 'other' ? (
        <Field
          labelProps={{ children: hydrated ? 'Your profession' : 'Your profession (only if you chose Other)' }}
          inputProps={{ ...text(fields.professionOther), placeholder: 'e.g. Doula' }}
          errors={fields.professionOther.errors}
        />
      ) : null}
      <Field
        labelProps={{ children: 'Regulatory college' }}
        inputProps={{ ...text(fields.regulatoryBody), placeholder: 'e.g. College of Massage Therapists of Ontario' }}
        errors={fields.regulatoryBody.errors}
      />
      <Field
        labelProps={{ children: 'Registration number' }}
        inputProps={text(fields.registrationNumber)}
        errors={fields.registrationNumber.errors}
      />
      <Field
        labelProps={{ children: 'Business name' }}
        inputProps={text(fields.businessName)}
        errors={fields.businessName.errors}
      />
      <TextareaField
        labelProps={{ children: 'Business address' }}
        textareaProps={{
          ...getTextareaProps(fields.businessAddress),
          rows: 3,
          placeholder: `Street, city, province and postal code (up to ${BUSINESS_ADDRESS_MAX_LENGTH} characters).`,
        }}
        errors={fields.businessAddress.errors}
      />
      <Field
        labelProps={{ children: 'GST/HST number (optional)' }}
        inputProps={{ ...text(fields.gstHstNumber), placeholder: '123456789 RT 0001' }}
        hint="Your business number with RT and the account number. Needed before a service can charge tax."
        errors={fields.gstHstNumber.errors}
      />
    </fieldset>
  )
}
