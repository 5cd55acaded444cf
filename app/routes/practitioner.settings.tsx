import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ChangePasswordForm, CHANGE_PASSWORD_INTENT } from '~/components/account/change-password-form'
import { DeleteAccountSection, DELETE_ACCOUNT_INTENT } from '~/components/account/delete-account-section'
import { Toaster } from '~/components/toaster'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { changePasswordAction, deleteAccountAction } from '~/lib/account-actions.server'
import { requirePractitioner } from '~/models/auth.server'

export const meta: MetaFunction = () => [{ title: 'Settings — Solace' }]

const PAGE = '/practitioner/settings'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePractitioner(request)
  return {
    payment: { hasAccount: user.hasPaymentAccount, onboardingComplete: user.onboardingComplete },
    deleteOpen: new URL(request.url).searchParams.has('delete'),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePractitioner(request)
  const formData = await request.formData()
  switch (formData.get('intent')) {
    case CHANGE_PASSWORD_INTENT:
      return changePasswordAction(request, formData, user.id, PAGE)
    case DELETE_ACCOUNT_INTENT:
      return deleteAccountAction(request, formData, user.id)
    default:
      throw new Response('Unknown form', { status: 400 })
  }
}

/**
 * Where payment setup lives (spec §2 Settings). Connecting and onboarding a payout account
 * ship with online payments; until then this card says so and shows the account's state.
 */
function PaymentSetupCard({ hasAccount, onboardingComplete }: { hasAccount: boolean; onboardingComplete: boolean }) {
  const state = onboardingComplete
    ? { tone: 'success' as const, label: 'Ready for payments', text: 'Your payout account is connected and ready to receive payments.' }
    : hasAccount
      ? { tone: 'warning' as const, label: 'Setup incomplete', text: 'A payout account is connected, but its onboarding is not finished yet.' }
      : { tone: 'secondary' as const, label: 'No account connected', text: 'You have not connected a payout account yet.' }
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Payment Setup</CardTitle>
          <Badge tone={state.tone} className="normal-case">
            {state.label}
          </Badge>
        </div>
        <CardDescription>Receive payouts for your paid sessions.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-2 text-sm">
        <p>{state.text}</p>
        <p className="text-muted-foreground">
          Connecting and managing your payout account will appear here when online payments arrive. Free
          services can be offered in the meantime; paid services need a connected account.
        </p>
      </CardContent>
    </Card>
  )
}

export default function PractitionerSettingsPage() {
  const { payment, deleteOpen } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const resultFor = (intent: string) => (actionData?.result.initialValue?.intent === intent ? actionData.result : null)
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Settings</h1>
        <p className="text-muted-foreground">Payments, preferences and account security.</p>
      </div>
      <PaymentSetupCard {...payment} />
      <Card>
        <CardHeader>
          <CardTitle>Account Preferences</CardTitle>
          <CardDescription>Additional settings will be available in future updates.</CardDescription>
        </CardHeader>
      </Card>
      <section aria-labelledby="account-security" className="space-y-3">
        <h2 id="account-security" className="text-lg font-semibold">
          Account Security
        </h2>
        <ChangePasswordForm lastResult={resultFor(CHANGE_PASSWORD_INTENT)} />
      </section>
      <DeleteAccountSection open={deleteOpen} pagePath={PAGE} lastResult={resultFor(DELETE_ACCOUNT_INTENT)} />
      <Toaster toast={actionData?.toast} />
    </div>
  )
}
