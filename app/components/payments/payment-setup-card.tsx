import { Form, useNavigation } from '@remix-run/react'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { formatEarnings } from '~/lib/money'

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
  return (
    <Form method="post" action="/practitioner/settings">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Redirecting to Stripe...' : children}
      </Button>
    </Form>
  )
}

function NoAccount() {
  return (
    <div className="space-y-4">
      <div>
        <h3 className="font-semibold">Get paid for your sessions</h3>
        <p className="mt-1 text-muted-foreground">
          Payments go through Stripe, our payment provider. Set up your payout account once:
        </p>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          <li>Select Set Up Payment Account: we create a secure Stripe account for you.</li>
          <li>Stripe asks for your identity and bank details. It takes a few minutes.</li>
          <li>
            You come back here when you are done. Your paid services then become bookable, and each payment reaches you
            automatically: 95% of the session fee, after the 5% platform fee.
          </li>
        </ol>
      </div>
      <ProviderButton intent={CONNECT_ACCOUNT_INTENT}>Set Up Payment Account</ProviderButton>
      <div className="rounded-md border border-border bg-muted p-3 text-muted-foreground">
        <p className="font-medium text-foreground">Seeing “Connect Required”?</p>
        <p className="mt-1">
          The platform’s Stripe account must have Connect turned on before payout accounts can be created. The site
          administrator enables it in the Stripe Dashboard under Connect; then try again.
        </p>
      </div>
    </div>
  )
}

function OnboardingIncomplete() {
  return (
    <div className="space-y-4">
      <div role="status" className="rounded-md border border-blue-200 bg-blue-50 p-4 text-blue-900">
        <p className="font-semibold">Finish your Stripe setup</p>
        <p className="mt-1">
          Your payment account has been created, but Stripe still needs some details before you can receive payments.
          Paid services stay hidden from clients until setup is complete.
        </p>
      </div>
      <ProviderButton intent={ONBOARDING_LINK_INTENT}>Continue Stripe Setup</ProviderButton>
    </div>
  )
}

function Ready({ earnings }: { earnings: PaymentSetupProps['earnings'] }) {
  return (
    <div className="space-y-4">
      <div role="status" className="rounded-md border border-success/30 bg-success-soft p-4 text-success">
        <p className="font-semibold">Your payment account is ready</p>
        <p className="mt-1 text-foreground">
          Clients can book and pay for your sessions. Your share of each payment (95%) is transferred to your account
          automatically.
        </p>
      </div>
      {earnings ? (
        <dl className="grid gap-4 sm:grid-cols-2">
          <div className="rounded-md border border-border p-4">
            <dt className="text-muted-foreground">Total earnings</dt>
            <dd className="mt-1 text-2xl font-bold">{formatEarnings(earnings.totalEarningsCents)}</dd>
          </div>
          <div className="rounded-md border border-border p-4">
            <dt className="text-muted-foreground">Pending earnings</dt>
            <dd className="mt-1 text-2xl font-bold">{formatEarnings(earnings.pendingEarningsCents)}</dd>
          </div>
        </dl>
      ) : null}
      <Link to="/practitioner/earnings" className="font-medium text-primary underline-offset-4 hover:underline">
        View earnings and transfers
      </Link>
    </div>
  )
}

/** Payment account setup in its three states: no account, onboarding unfinished, ready. */
export function PaymentSetupCard({ hasAccount, onboardingComplete, earnings, emulated }: PaymentSetupProps) {
  const badge = onboardingComplete
    ? { tone: 'success' as const, label: 'Ready for payments' }
    : hasAccount
      ? { tone: 'warning' as const, label: 'Setup incomplete' }
      : { tone: 'secondary' as const, label: 'No account connected' }
  return (
    <Card role="region" aria-labelledby="payment-setup-title">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id="payment-setup-title">Payment Setup</CardTitle>
          <Badge tone={badge.tone} className="normal-case">
            {badge.label}
          </Badge>
        </div>
        <CardDescription>Receive payouts for your paid sessions.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        {onboardingComplete ? <Ready earnings={earnings} /> : hasAccount ? <OnboardingIncomplete /> : <NoAccount />}
        {emulated && !onboardingComplete ? (
          <p className="text-xs text-muted-foreground">
            Test mode: payments are emulated here, so setup uses a test onboarding page and no real account is created.
          </p>
        ) : null}
      </CardContent>
    </Card>
  )
}
