import { getFormProps, getInputProps, getSelectProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { AuthCard } from '~/components/auth-card'
import { FormErrors, SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { CheckboxField, ErrorList, Field, Honeypot, SelectField } from '~/components/forms'
import { NameFields } from '~/components/name-fields'
import { Toaster } from '~/components/toaster'
import { usePublicSchemaForm } from '~/components/use-public-schema-form'
import { readForm } from '~/lib/form-data.server'
import { invalid, publicFormConstraint, refused } from '~/lib/forms.server'
import { safeRedirect } from '~/lib/safe-redirect'
import { redirectWithToast } from '~/lib/toast.server'
import { createUserSession, requireAnonymous } from '~/models/accounts/auth.server'
import { PRACTITIONER_COUNTRIES } from '~/models/accounts/countries'
import { signup } from '~/models/accounts/signup.server'
import { dashboardPath, SignupFormSchema } from '~/models/accounts/user'
import { useReturnPath } from './_public.login'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = () => [
  { title: 'Sign up — Solace' },
  { name: 'description', content: 'Join Solace to book or offer wellness sessions.' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request)
  return { constraint: await publicFormConstraint('signup') }
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request)
  const submission = parseWithZod(formData, { schema: SignupFormSchema })
  if (submission.status !== 'success') return invalid(submission, ['password', 'confirmPassword'])
  try {
    const user = await signup(request, submission.value, formData.get('website'))
    const cookie = await createUserSession(request, user.id, false)
    return redirectWithToast(
      safeRedirect(submission.value.redirectTo, dashboardPath(user)),
      {
        type: 'success',
        title: 'Success!',
        description: 'Your account has been created. Welcome to our wellness platform!',
      },
      { headers: { 'Set-Cookie': cookie } },
    )
  } catch (error) {
    return refused(submission, error, 'Registration failed', { hideFields: ['password', 'confirmPassword'] })
  }
}

const ROLE_CHOICES = [
  {
    value: '',
    id: 'isPractitioner-client',
    title: 'I want to book sessions',
    text: 'Find practitioners and book sessions.',
  },
  {
    value: 'on',
    id: 'isPractitioner-yes',
    title: 'I am a practitioner',
    text: 'Offer sessions and grow your practice.',
  },
]

export default function SignupPage() {
  const actionData = useActionData<typeof action>()
  const redirectTo = useReturnPath()
  const pending = useIsSubmitting()
  const { constraint } = useLoaderData<typeof loader>()
  const [form, fields] = usePublicSchemaForm('signup', { id: 'signup', constraint, lastResult: actionData?.result })
  const isPractitioner = fields.isPractitioner.value === 'on'

  return (
    <AuthCard title="Create your account" description="Join Solace to book or offer wellness sessions." wide>
      {/* `group` lets CSS show the country field only for practitioners, with or without JS. */}
      <Form method="post" className="group space-y-4" {...getFormProps(form)}>
        <Honeypot />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">How will you use Solace?</legend>
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
                  <span className="block text-sm font-semibold">{choice.title}</span>
                  <span className="block text-xs text-muted-foreground">{choice.text}</span>
                </span>
              </label>
            ))}
          </div>
          <ErrorList errors={fields.isPractitioner.errors} />
        </fieldset>
        <NameFields firstName={fields.firstName} lastName={fields.lastName} />
        <Field
          labelProps={{ children: 'Email' }}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
          errors={fields.email.errors}
        />
        <Field
          labelProps={{ children: 'Phone number' }}
          inputProps={{ ...getInputProps(fields.phoneNumber, { type: 'tel' }), autoComplete: 'tel' }}
          errors={fields.phoneNumber.errors}
        />
        <SelectField
          className="hidden group-has-[#isPractitioner-yes:checked]:block"
          labelProps={{ children: 'Country' }}
          selectProps={{ ...getSelectProps(fields.country), autoComplete: 'country' }}
          options={PRACTITIONER_COUNTRIES}
          placeholder="Select your country"
          errors={fields.country.errors}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            labelProps={{ children: 'Password' }}
            inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }}
            errors={fields.password.errors}
          />
          <Field
            labelProps={{ children: 'Confirm password' }}
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
              <>
                I agree to the{' '}
                <Link to="/terms" className="font-medium text-primary hover:underline">
                  Terms of Service
                </Link>
              </>
            ),
          }}
          inputProps={getInputProps(fields.agreeToTerms, { type: 'checkbox' })}
          errors={fields.agreeToTerms.errors}
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <SubmitButton className="w-full" pending={pending} pendingText="Creating account...">
          Create account
        </SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link
          to={redirectTo ? `/login?${new URLSearchParams({ redirect: redirectTo })}` : '/login'}
          className="font-medium text-primary hover:underline"
        >
          Log in
        </Link>
      </p>
      <Toaster toast={actionData?.toast} />
    </AuthCard>
  )
}
