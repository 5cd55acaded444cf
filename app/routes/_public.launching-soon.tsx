import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLocation, useSearchParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { EarlyAccessSection } from '~/components/launching-soon/early-access-section'
import { FeatureCards } from '~/components/launching-soon/feature-cards'
import { HeroSection } from '~/components/launching-soon/hero-section'
import type { LeadPlacement } from '~/components/launching-soon/lead-form'
import { LeadThankYou } from '~/components/launching-soon/lead-thank-you'
import { StatsStrip } from '~/components/launching-soon/stats-strip'
import { lazyComponent } from '~/components/lazy-component'
import { Toaster } from '~/components/toaster'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused } from '~/lib/forms.server'
import { HONEYPOT_FIELD } from '~/lib/honeypot.server'
import { metaT } from '~/lib/i18n/meta'
import { redirectWithToast } from '~/lib/toast.server'
import { LEAD_FAILED_FALLBACK, LEAD_FAILED_TITLE, LEAD_JOINED_TOAST, LeadSchema } from '~/models/marketplace/lead'
import { submitLead } from '~/models/marketplace/lead.server'

const LeadForm = lazyComponent(
  () => import('~/components/launching-soon/lead-form').then((module) => module.LeadForm),
  { hydrate: 'on-first-use' },
)

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, 'marketplace')
  return [{ title: t('titles.launchingSoon') }, { name: 'description', content: t('titles.launchingSoonDescription') }]
}

/** After a lead is stored the page shows its thank-you state from the URL (works without JS). */
const JOINED_PATH = '/launching-soon?joined=1'

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request)
  const placement: LeadPlacement = formData.get('placement') === 'cta' ? 'cta' : 'hero'
  const submission = parseWithZod(formData, { schema: LeadSchema })
  // Tag the reply with its form, so only the form that was sent shows the errors.
  const forForm = (reply: ReturnType<typeof invalid>) => data({ ...reply.data, placement }, reply.init ?? undefined)

  if (submission.status !== 'success') return forForm(invalid(submission))
  try {
    submitLead(request, submission.value, formData.get(HONEYPOT_FIELD))
  } catch (error) {
    // A refused rule says why; anything unexpected gets the lead form's own fallback text.
    return forForm(refused(submission, error, LEAD_FAILED_TITLE, { fallback: LEAD_FAILED_FALLBACK }))
  }
  return redirectWithToast(JOINED_PATH, { type: 'success', ...LEAD_JOINED_TOAST })
}

export default function LaunchingSoonPage() {
  const { t } = useTranslation('marketplace')
  const actionData = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  const joined = searchParams.get('joined') === '1'
  // A new location (every submission makes one) remounts the forms with the server's reply.
  const location = useLocation()
  const resultFor = (placement: LeadPlacement) => (actionData?.placement === placement ? actionData.result : undefined)

  return (
    <>
      <HeroSection>
        {joined ? (
          <LeadThankYou />
        ) : (
          <>
            <h2 className="text-xl font-semibold tracking-tight">{t('lead.reserveTitle')}</h2>
            <p className="mt-1 mb-6 text-sm text-muted-foreground">{t('lead.reserveHint')}</p>
            <LeadForm key={location.key} placement="hero" lastResult={resultFor('hero')} />
          </>
        )}
      </HeroSection>
      <FeatureCards />
      <StatsStrip />
      <EarlyAccessSection>
        {joined ? <LeadThankYou /> : <LeadForm key={location.key} placement="cta" lastResult={resultFor('cta')} />}
      </EarlyAccessSection>
      <Toaster toast={actionData?.toast} />
    </>
  )
}
