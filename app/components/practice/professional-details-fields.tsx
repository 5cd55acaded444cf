import { getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Field, SelectField, TextareaField } from '~/components/forms'
import { useHydrated } from '~/components/use-hydrated'
import type { useSchemaForm } from '~/components/use-schema-form'
import { PROFESSIONS } from '~/db/enums'
import { BUSINESS_ADDRESS_MAX_LENGTH } from '~/models/practice/professional-details'
import type { ProfileFormSchema } from '~/models/practice/profile'

type ProfileFormFields = ReturnType<typeof useSchemaForm<typeof ProfileFormSchema>>[1]

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
  const { t } = useTranslation('practice')
  const [profession, setProfession] = useState(String(fields.profession.initialValue ?? ''))
  const text = (field: ProfileFormFields['regulatoryBody']) => getInputProps(field, { type: 'text' })
  return (
    <fieldset className="space-y-4" aria-describedby="professional-details-about">
      <legend className="w-full border-t border-border pt-5 text-base font-semibold">
        {t('profile.professionalDetails')}
      </legend>
      <p id="professional-details-about" className="text-sm text-muted-foreground">
        {t('profile.professionalDetailsAbout')}
      </p>
      <SelectField
        labelProps={{ children: t('profile.profession') }}
        selectProps={{ ...getSelectProps(fields.profession), onChange: (e) => setProfession(e.currentTarget.value) }}
        options={PROFESSIONS.map((key) => [key, t(`professions.${key}`)] as const)}
        placeholder={t('profile.notSet')}
        errors={fields.profession.errors}
      />
      {!hydrated || profession === 'other' ? (
        <Field
          labelProps={{ children: hydrated ? t('profile.yourProfession') : t('profile.yourProfessionNoJs') }}
          inputProps={{ ...text(fields.professionOther), placeholder: t('profile.professionPlaceholder') }}
          errors={fields.professionOther.errors}
        />
      ) : null}
      <Field
        labelProps={{ children: t('profile.regulatoryBody') }}
        inputProps={{ ...text(fields.regulatoryBody), placeholder: t('profile.regulatoryBodyPlaceholder') }}
        errors={fields.regulatoryBody.errors}
      />
      <Field
        labelProps={{ children: t('profile.registrationNumber') }}
        inputProps={text(fields.registrationNumber)}
        errors={fields.registrationNumber.errors}
      />
      <Field
        labelProps={{ children: t('profile.businessName') }}
        inputProps={text(fields.businessName)}
        errors={fields.businessName.errors}
      />
      <TextareaField
        labelProps={{ children: t('profile.businessAddress') }}
        textareaProps={{
          ...getTextareaProps(fields.businessAddress),
          rows: 3,
          placeholder: t('profile.businessAddressPlaceholder', { max: BUSINESS_ADDRESS_MAX_LENGTH }),
        }}
        errors={fields.businessAddress.errors}
      />
      <Field
        labelProps={{ children: t('profile.gstHstNumber') }}
        inputProps={{ ...text(fields.gstHstNumber), placeholder: '123456789 RT 0001' }}
        hint={t('profile.gstHstHint')}
        errors={fields.gstHstNumber.errors}
      />
    </fieldset>
  )
}
