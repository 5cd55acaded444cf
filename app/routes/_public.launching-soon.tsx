import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useSchemaForm } from '~/components/use-schema-form'
import { Form, Link, useActionData, useLocation, useNavigation, useSearchParams } from '@remix-run/react'
import { FormErrors, SubmitButton } from '~/components/form-shell'
import { Field, Honeypot, SelectField } from '~/components/forms'
import { Toaster } from '~/components/toaster'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { AppError, isAppError } from '~/lib/errors'
import { invalid, refused } from '~/lib/forms.server'
import { HONEYPOT_FIELD } from '~/lib/honeypot.server'
import { redirectWithToast } from '~/lib/toast.server'
import {
  CALLING_CODES,
  EXPERIENCE_OPTIONS,
  LEAD_FAILED_FALLBACK,
  LEAD_FAILED_TITLE,
  LEAD_JOINED_TOAST,
  LeadSchema,
  PRACTICE_TYPE_OPTIONS,
} from '~/models/marketplace/lead'
import { submitLead } from '~/models/marketplace/lead.server'

export const meta: MetaFunction = () => [
  { title: 'Launching Soon — Solace' },
  {
    name: 'description',
    content:
      'Early access for wellness practitioners: join 500+ practitioners getting ready to offer sessions on Solace.',
  },
]

/** The page has two lead forms; a hidden `placement` field says which one was sent. */
type Placement = 'hero' | 'cta'

/** After a lead is stored the page shows its thank-you state from the URL (works without JS). */
const JOINED_PATH = '/launching-soon?joined=1'

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData()
  const placement: Placement = formData.get('placement') === 'cta' ? 'cta' : 'hero'
  const submission = parseWithZod(formData, { schema: LeadSchema })
  // Tag the reply with its form, so only the form that was sent shows the errors.
  const forForm = (reply: ReturnType<typeof invalid>) => data({ ...reply.data, placement }, reply.init ?? undefined)

  if (submission.status !== 'success') return forForm(invalid(submission))
  try {
    submitLead(request, submission.value, formData.get(HONEYPOT_FIELD))
  } catch (error) {
    // A refused rule says why; anything unexpected gets the spec's fallback text.
    return forForm(refused(submission, error, LEAD_FAILED_TITLE, { fallback: LEAD_FAILED_FALLBACK }))
  }
  return redirectWithToast(JOINED_PATH, { type: 'success', ...LEAD_JOINED_TOAST })
}

const HERO_POINTS = [
  'Set your own services, prices and hours',
  'Meet clients over secure video',
  'Get paid automatically after each booking',
]

const FEATURES = [
  {
    title: 'Practice Management',
    text: 'Run your whole practice from one calm, organised dashboard.',
    points: [
      'Calendar with single and batch time slots',
      'Patient charting with notes and secure documents',
      'A private inbox for every client conversation',
    ],
    icon: 'M8 2v3M16 2v3M3.5 9h17M5 4.5h14A1.5 1.5 0 0 1 20.5 6v13a1.5 1.5 0 0 1-1.5 1.5H5A1.5 1.5 0 0 1 3.5 19V6A1.5 1.5 0 0 1 5 4.5Z',
  },
  {
    title: 'Payments & Growth',
    text: 'Get paid on time and let new clients find you.',
    points: [
      'Clients pay securely by card when they book',
      'You keep 95% of every session fee, transferred automatically',
      'A public profile with reviews that builds trust',
    ],
    icon: 'M3 17l6-6 4 4 8-8M15 7h6v6',
  },
  {
    title: 'Technology & Support',
    text: 'Modern tools, with people behind them when you need help.',
    points: [
      'Private one-on-one video sessions, nothing to install',
      'An AI assistant that summarises a patient’s record for you',
      'Onboarding help from our team, Monday to Friday 9AM-6PM EST',
    ],
    icon: 'M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6l8-3Zm-3 9 2 2 4-4',
  },
]

const STATS = [
  { value: '500+', label: 'Practitioners joined' },
  { value: '95%', label: 'Of each session fee is yours' },
  { value: '24/7', label: 'Online booking for your clients' },
  { value: '1:1', label: 'Private video sessions' },
]

export default function LaunchingSoonPage() {
  const actionData = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  const joined = searchParams.get('joined') === '1'
  // A new location (every submission makes one) remounts the forms with the server's reply.
  const location = useLocation()
  const resultFor = (placement: Placement) => (actionData?.placement === placement ? actionData.result : undefined)

  return (
    <>
      <section className="bg-gradient-to-b from-secondary to-background">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
          <div>
            <p className="inline-flex rounded-full bg-accent-soft px-3 py-1 text-sm font-medium text-secondary-foreground">
              Early access for practitioners
            </p>
            <h1 className="mt-5 text-4xl font-bold tracking-tight sm:text-5xl">
              Grow your wellness practice with Solace
            </h1>
            <p className="mt-5 max-w-xl text-lg text-muted-foreground">
              We&apos;re opening Solace to a first group of naturopaths, nutritionists, counselors, yoga teachers and
              other certified practitioners. Reserve your place and be ready to welcome clients from day one.
            </p>
            <ul className="mt-6 space-y-2 text-sm">
              {HERO_POINTS.map((point) => (
                <li key={point} className="flex items-center gap-2">
                  <CheckIcon className="size-4 text-primary" />
                  {point}
                </li>
              ))}
            </ul>
          </div>
          <Card id="join" className="p-6 sm:p-8">
            {joined ? (
              <ThankYou />
            ) : (
              <>
                <h2 className="text-xl font-semibold tracking-tight">Reserve your early-access spot</h2>
                <p className="mt-1 mb-6 text-sm text-muted-foreground">Takes less than a minute. No commitment.</p>
                <LeadForm key={location.key} placement="hero" lastResult={resultFor('hero')} />
              </>
            )}
          </Card>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6" aria-labelledby="features-heading">
        <h2 id="features-heading" className="text-center text-3xl font-bold tracking-tight">
          Everything your practice needs, in one place
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">
          Solace takes care of scheduling, payments and the technology, so your time goes to your clients.
        </p>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {FEATURES.map((feature) => (
            <Card key={feature.title} className="p-6">
              <span className="flex size-11 items-center justify-center rounded-lg bg-secondary text-primary">
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="size-6"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={1.8}
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  <path d={feature.icon} />
                </svg>
              </span>
              <h3 className="mt-4 text-lg font-semibold">{feature.title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{feature.text}</p>
              <ul className="mt-4 space-y-2 text-sm">
                {feature.points.map((point) => (
                  <li key={point} className="flex gap-2">
                    <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" />
                    {point}
                  </li>
                ))}
              </ul>
            </Card>
          ))}
        </div>
      </section>

      <section className="bg-primary text-primary-foreground" aria-label="Solace in numbers">
        <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 py-12 text-center sm:px-6 md:grid-cols-4">
          {STATS.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse gap-1">
              <dt className="text-sm text-primary-foreground/80">{stat.label}</dt>
              <dd className="text-4xl font-bold tracking-tight">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="bg-secondary">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2">
          <div>
            <h2 className="text-3xl font-bold tracking-tight">Be among the first to practise on Solace</h2>
            <p className="mt-4 max-w-xl text-muted-foreground">
              Early-access practitioners get a guided set-up with our team and their profile featured to clients at
              launch. Tell us a little about your practice and we&apos;ll be in touch before we open the doors.
            </p>
            <p className="mt-4 text-sm text-muted-foreground">
              Questions first?{' '}
              <Link to="/contact" className="font-medium text-primary hover:underline">
                Contact our team
              </Link>
              .
            </p>
          </div>
          <Card className="p-6 sm:p-8">
            {joined ? <ThankYou /> : <LeadForm key={location.key} placement="cta" lastResult={resultFor('cta')} />}
          </Card>
        </div>
      </section>

      <Toaster toast={actionData?.toast} />
    </>
  )
}

function useIsSubmittingForm(placement: Placement) {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formData?.get('placement') === placement
}

function LeadForm({
  placement,
  lastResult,
}: {
  placement: Placement
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
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          labelProps={{ children: 'First name' }}
          inputProps={{ ...getInputProps(fields.firstName, { type: 'text' }), autoComplete: 'given-name' }}
          errors={fields.firstName.errors}
        />
        <Field
          labelProps={{ children: 'Last name' }}
          inputProps={{ ...getInputProps(fields.lastName, { type: 'text' }), autoComplete: 'family-name' }}
          errors={fields.lastName.errors}
        />
      </div>
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

function ThankYou() {
  return (
    <div role="status" className="py-6 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-success-soft text-success">
        <CheckIcon className="size-7" />
      </span>
      <h2 className="mt-4 text-2xl font-semibold tracking-tight">Thank you!</h2>
      <p className="mt-2 text-muted-foreground">We&apos;ll notify you as soon as we launch!</p>
      <p className="mt-4 text-sm text-muted-foreground">
        Your spot is reserved. Keep an eye on your inbox for early-access details from our team.
      </p>
      <ButtonLink to="/" variant="outline" className="mt-6">
        Back to Solace
      </ButtonLink>
    </div>
  )
}

function CheckIcon({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  )
}
