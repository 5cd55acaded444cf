import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { FormErrors, SubmitButton } from '~/components/form-shell'
import { Field, Honeypot, SelectField } from '~/components/forms'
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
  const pending = useIsSubmittingForm(placement)
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
        labelProps={{ children: 'Email' }}
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
        errors={fields.email.errors}
      />
      <div className="grid grid-cols-[8.5rem_1fr] gap-3">
        <SelectField
          labelProps={{ children: 'Country code' }}
          selectProps={{ ...getSelectProps(fields.countryCode), autoComplete: 'tel-country-code' }}
          options={CALLING_CODES}
          placeholder="Code"
          errors={fields.countryCode.errors}
        />
        <Field
          labelProps={{ children: 'Phone number' }}
          inputProps={{ ...getInputProps(fields.phoneNumber, { type: 'tel' }), autoComplete: 'tel-national' }}
          errors={fields.phoneNumber.errors}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          labelProps={{ children: 'Practice type' }}
          selectProps={getSelectProps(fields.practiceType)}
          options={PRACTICE_TYPE_OPTIONS}
          placeholder="Select your practice"
          errors={fields.practiceType.errors}
        />
        <SelectField
          labelProps={{ children: 'Years of experience' }}
          selectProps={getSelectProps(fields.yearsOfExperience)}
          options={EXPERIENCE_OPTIONS}
          placeholder="Select experience"
          errors={fields.yearsOfExperience.errors}
        />
      </div>
      <FormErrors id={form.errorId} errors={form.errors} />
      <SubmitButton className="w-full" pending={pending} pendingText="Securing Spot...">
        Secure My Spot
      </SubmitButton>
      <p className="text-center text-xs text-muted-foreground">
        We only use your details to contact you about early access. Read our{' '}
        <Link to="/privacy" className="underline hover:text-foreground">
          Privacy Policy
        </Link>
        .
      </p>
    </Form>
  )
}
