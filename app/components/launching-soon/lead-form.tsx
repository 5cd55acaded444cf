import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FormErrors, SubmitButton } from '~/components/form-shell'
import { Field, Honeypot, SelectField } from '~/components/forms'
import { shownMessage } from '~/components/marketplace/i18n'
import { RichText } from '~/components/marketplace/rich-text'
import { NameFields } from '~/components/name-fields'
import { Link } from '~/components/ui/link'
import { useSchemaForm } from '~/components/use-schema-form'
import { LeadSchema } from '~/models/marketplace/lead'
import { CALLING_CODES, EXPERIENCE_OPTIONS, PRACTICE_TYPE_OPTIONS } from '~/models/marketplace/lead-options'

/** The page has two lead forms; a hidden `placement` field says which one was sent. */
export type LeadPlacement = 'hero' | 'cta'

/** Both forms post to the same page: only the one that was sent shows as busy. */
function useIsSubmittingForm(placement: LeadPlacement) {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formData?.get('placement') === placement
}

/**
 * The early-access sign-up form of Launching Soon (a plain post: works without JavaScript),
 * which the page loads on first use (docs/decisions/030).
 */
export function LeadForm({
  placement,
  lastResult,
}: {
  placement: LeadPlacement
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const { t } = useTranslation('marketplace')
  const pending = useIsSubmittingForm(placement)
  // The choices' labels are catalogue keys (lead-options.ts): shown in the page's language.
  const labelled = (options: readonly (readonly [string, string])[]) =>
    options.map(([value, label]) => [value, shownMessage(t, label)] as const)
  const [form, fields] = useSchemaForm(LeadSchema, {
    id: `lead-${placement}`,
    lastResult,
    defaultValue: { countryCode: '+1' },
  })

  return (
    <Form method="post" action="/launching-soon" className="space-y-4" {...getFormProps(form)}>
      <Honeypot />
      <input type="hidden" name="placement" value={placement} />
      <NameFields firstName={fields.firstName} lastName={fields.lastName} />
      <Field
        labelProps={{ children: t('lead.fields.email') }}
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
        errors={fields.email.errors}
      />
      <div className="grid grid-cols-[8.5rem_1fr] gap-3">
        <SelectField
          labelProps={{ children: t('lead.fields.countryCode') }}
          selectProps={{ ...getSelectProps(fields.countryCode), autoComplete: 'tel-country-code' }}
          options={CALLING_CODES}
          placeholder={t('lead.fields.countryCodePlaceholder')}
          errors={fields.countryCode.errors}
        />
        <Field
          labelProps={{ children: t('lead.fields.phoneNumber') }}
          inputProps={{ ...getInputProps(fields.phoneNumber, { type: 'tel' }), autoComplete: 'tel-national' }}
          errors={fields.phoneNumber.errors}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          labelProps={{ children: t('lead.fields.practiceType') }}
          selectProps={getSelectProps(fields.practiceType)}
          options={labelled(PRACTICE_TYPE_OPTIONS)}
          placeholder={t('lead.fields.practiceTypePlaceholder')}
          errors={fields.practiceType.errors}
        />
        <SelectField
          labelProps={{ children: t('lead.fields.experience') }}
          selectProps={getSelectProps(fields.yearsOfExperience)}
          options={labelled(EXPERIENCE_OPTIONS)}
          placeholder={t('lead.fields.experiencePlaceholder')}
          errors={fields.yearsOfExperience.errors}
        />
      </div>
      <FormErrors id={form.errorId} errors={form.errors} />
      <SubmitButton className="w-full" pending={pending} pendingText={t('lead.submitting')}>
        {t('lead.submit')}
      </SubmitButton>
      <p className="text-center text-xs text-muted-foreground">
        <RichText
          text={t('lead.privacyNote')}
          components={{ a: <Link to="/privacy" className="underline hover:text-foreground" /> }}
        />
      </p>
    </Form>
  )
}
