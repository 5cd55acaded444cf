import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { TestModeCard } from '~/components/payments/test-mode-card'
import { Button, buttonClass } from '~/components/ui/button'
import { paymentsAreEmulated } from '~/env.server'
import { deliverPendingEvents } from '~/integrations/stripe-emulator/events.server'
import {
  completeOnboarding,
  EmulatorError,
  mustFind,
  type Account,
  type AccountLink,
} from '~/integrations/stripe-emulator/payments.server'
import { metaT } from '~/lib/i18n/meta'

/**
 * Emulated payments only (docs/decisions/008-emulated-payments.md): stands in for Stripe's
 * hosted Connect onboarding, where an Account Link points in emulated mode. With real keys
 * this page does not exist.
 */

export const meta: MetaFunction = ({ matches }) => [
  { title: metaT(matches, 'practice')('titles.testOnboarding') },
  { name: 'robots', content: 'noindex' },
]

const notFound = () => new Response('Not Found', { status: 404 })

/** The link and its account, or a 404 when payments are real or the link is unknown. */
function findLink(linkId: string | undefined) {
  if (!paymentsAreEmulated() || !linkId) throw notFound()
  try {
    const link = mustFind<AccountLink>(linkId, 'account_link')
    return { link, account: mustFind<Account>(link.account, 'account') }
  } catch (error) {
    if (error instanceof EmulatorError) throw notFound()
    throw error
  }
}

export function loader({ params }: LoaderFunctionArgs) {
  const { link, account } = findLink(params.linkId)
  return data(
    {
      email: account.email,
      country: account.country,
      alreadyComplete: account.details_submitted && account.charges_enabled,
      // Leaving Stripe's onboarding unfinished sends the person to return_url too (refresh_url
      // is for an expired link: it would only open a new onboarding page).
      cancelUrl: link.return_url,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

/**
 * 'Complete test onboarding': the account can take payments; its account.updated event goes
 * to our webhook (awaited, so the practitioner usually lands on an up-to-date page), then the
 * browser returns where Stripe would send it.
 */
export async function action({ params }: ActionFunctionArgs) {
  const link = completeOnboarding(findLink(params.linkId).link.id)
  await deliverPendingEvents()
  return redirect(link.return_url)
}

export default function TestOnboardingPage() {
  const { email, country, alreadyComplete, cancelUrl } = useLoaderData<typeof loader>()
  const busy = useNavigation().state !== 'idle'
  const { t } = useTranslation('practice')
  return (
    <TestModeCard title={t('testOnboarding.title')} description={t('testOnboarding.description')}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">{t('testOnboarding.email')}</dt>
        <dd>{email ?? t('testOnboarding.notGiven')}</dd>
        <dt className="text-muted-foreground">{t('testOnboarding.country')}</dt>
        <dd>{country}</dd>
      </dl>
      {alreadyComplete ? <p>{t('testOnboarding.alreadyComplete')}</p> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Form method="post">
          <Button type="submit" disabled={busy}>
            {busy ? t('testOnboarding.completing') : t('testOnboarding.complete')}
          </Button>
        </Form>
        {/* A full page load: the address is an absolute URL back to the settings page. */}
        <a href={cancelUrl} className={buttonClass({ variant: 'outline' })}>
          {t('testOnboarding.cancel')}
        </a>
      </div>
    </TestModeCard>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
