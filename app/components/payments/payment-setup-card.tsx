import { Form, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useFormats } from '~/components/i18n/use-formats'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Link } from '~/components/ui/link'

export const CONNECT_ACCOUNT_INTENT = 'connect-account'
export const ONBOARDING_LINK_INTENT = 'onboarding-link'

export type PaymentSetupProps = {
  hasAccount: boolean
  onboardingComplete: boolean
  /** Shown once onboarding is complete (cents). */
  earnings: { totalEarningsCents: number; pendingEarningsCents: number } | null
  /** Payments run against the local emulator: say so, nobody should expect a real account. */
  emulated: boolean
}

/** A POST that sends the browser on to the payment provider (a plain form: works without JS). */
function ProviderButton({ intent, children }: { intent: string; children: string }) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
  const { t } = useTranslation('practice')
  return (
    <Form method="post" action="/practitioner/settings">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" disabled={busy}>
        {busy ? t('payments.redirecting') : children}
      </Button>
    </Form>
  )
}

function NoAccount() {
  const { t } = useTranslation('practice')
  return (
    <div className="space-y-4">
      <div>
        <h3 className="font-semibold">{t('payments.getPaid')}</h3>
        <p className="mt-1 text-muted-foreground">{t('payments.getPaidText')}</p>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          <li>{t('payments.step1')}</li>
          <li>{t('payments.step2')}</li>
          <li>{t('payments.step3')}</li>
        </ol>
      </div>
      <ProviderButton intent={CONNECT_ACCOUNT_INTENT}>{t('payments.setUp')}</ProviderButton>
      <div className="rounded-md border border-border bg-muted p-3 text-muted-foreground">
        <p className="font-medium text-foreground">{t('payments.connectRequiredQuestion')}</p>
        <p className="mt-1">{t('payments.connectRequiredText')}</p>
      </div>
    </div>
  )
}

function OnboardingIncomplete() {
  const { t } = useTranslation('practice')
  return (
    <div className="space-y-4">
      <div role="status" className="rounded-md border border-blue-200 bg-blue-50 p-4 text-blue-900">
        <p className="font-semibold">{t('payments.finishTitle')}</p>
        <p className="mt-1">{t('payments.finishText')}</p>
      </div>
      <ProviderButton intent={ONBOARDING_LINK_INTENT}>{t('payments.continue')}</ProviderButton>
    </div>
  )
}

function Ready({ earnings }: { earnings: PaymentSetupProps['earnings'] }) {
  const { t } = useTranslation('practice')
  const formats = useFormats()
  return (
    <div className="space-y-4">
      <div role="status" className="rounded-md border border-success/30 bg-success-soft p-4 text-success">
        <p className="font-semibold">{t('payments.readyTitle')}</p>
        <p className="mt-1 text-foreground">{t('payments.readyText')}</p>
      </div>
      {earnings ? (
        <dl className="grid gap-4 sm:grid-cols-2">
          <div className="rounded-md border border-border p-4">
            <dt className="text-muted-foreground">{t('payments.totalEarnings')}</dt>
            <dd className="mt-1 text-2xl font-bold">{formats.money(earnings.totalEarningsCents)}</dd>
          </div>
          <div className="rounded-md border border-border p-4">
            <dt className="text-muted-foreground">{t('payments.pendingEarnings')}</dt>
            <dd className="mt-1 text-2xl font-bold">{formats.money(earnings.pendingEarningsCents)}</dd>
          </div>
        </dl>
      ) : null}
      <Link to="/practitioner/earnings" className="font-medium text-primary underline-offset-4 hover:underline">
        {t('payments.viewEarnings')}
      </Link>
    </div>
  )
}

/** Payment account setup in its three states: no account, onboarding unfinished, ready. */
export function PaymentSetupCard({ hasAccount, onboardingComplete, earnings, emulated }: PaymentSetupProps) {
  const { t } = useTranslation('practice')
  const badge = onboardingComplete
    ? { tone: 'success' as const, label: t('payments.badgeReady') }
    : hasAccount
      ? { tone: 'warning' as const, label: t('payments.badgeIncomplete') }
      : { tone: 'secondary' as const, label: t('payments.badgeNone') }
  return (
    <Card role="region" aria-labelledby="payment-setup-title">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id="payment-setup-title">{t('payments.title')}</CardTitle>
          <Badge tone={badge.tone} className="normal-case">
            {badge.label}
          </Badge>
        </div>
        <CardDescription>{t('payments.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        {onboardingComplete ? <Ready earnings={earnings} /> : hasAccount ? <OnboardingIncomplete /> : <NoAccount />}
        {emulated && !onboardingComplete ? (
          <p className="text-xs text-muted-foreground">{t('payments.testMode')}</p>
        ) : null}
      </CardContent>
    </Card>
  )
}
