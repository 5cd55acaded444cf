import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { TestModeCard } from '~/components/payments/test-mode-card'
import { Button, buttonClass } from '~/components/ui/button'
import { Input, Label } from '~/components/ui/input'
import { paymentsAreEmulated } from '~/env.server'
import { deliverPendingEvents } from '~/integrations/stripe-emulator/events.server'
import {
  EmulatorError,
  payCheckoutSession,
  readCheckoutSession,
  type CheckoutSession,
} from '~/integrations/stripe-emulator/payments.server'
import { readForm } from '~/lib/form-data.server'
import { formatsFor } from '~/lib/i18n/formats'
import { currentLanguage, inRequestLanguage } from '~/lib/i18n/i18n.server'
import { metaT } from '~/lib/i18n/meta'

/**
 * Emulated payments only (docs/decisions/008-emulated-payments.md): stands in for Stripe's
 * hosted Checkout page, where a Checkout session's url points in emulated mode. Paying
 * completes the session and sends the signed events Stripe would to our webhook, then
 * returns to the session's success URL.
 */

export const meta: MetaFunction = ({ matches }) => [
  { title: metaT(matches, 'booking')('titles.testPayment') },
  { name: 'robots', content: 'noindex' },
]

function findSession(id: string | undefined): CheckoutSession {
  if (!paymentsAreEmulated() || !id) throw new Response('Not Found', { status: 404 })
  try {
    const session = readCheckoutSession(id)
    // The page reads "Stripe's" store directly, but expiring a session raises an event too.
    void deliverPendingEvents()
    return session
  } catch (error) {
    if (error instanceof EmulatorError) throw new Response('Not Found', { status: 404 })
    throw error
  }
}

export function loader({ params }: LoaderFunctionArgs) {
  const session = findSession(params.id)
  // Amounts in the request's language: this page reads no account, so the visitor's.
  const f = formatsFor(currentLanguage())
  return data(
    {
      open: session.status === 'open',
      status: session.status,
      lines: session.line_items_summary.map((line) => ({
        name: line.name,
        description: line.description,
        amount: f.priceCents(line.amount),
      })),
      total: f.priceCents(session.amount_total),
      email: session.customer_email,
      cancelUrl: session.cancel_url,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

/** What the card field holds before anything is typed: a test card that pays. */
const PAYING_TEST_CARD = '4242 4242 4242 4242'

export async function action({ request, params }: ActionFunctionArgs) {
  const session = findSession(params.id)
  const form = await readForm(request)
  const cardNumber = String(form.get('cardNumber') ?? '')
  try {
    payCheckoutSession(session.id, cardNumber)
  } catch (error) {
    await deliverPendingEvents()
    // The number comes back with the refusal: without JavaScript the page is drawn again, and
    // a field back at the paying test card would read as if that card had been declined.
    if (error instanceof EmulatorError)
      return data({ error: inRequestLanguage(error.shown), cardNumber }, { status: error.status })
    throw error
  }
  await deliverPendingEvents()
  return redirect(session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id))
}

export default function TestCheckoutPage() {
  const { open, status, lines, total, email, cancelUrl } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const busy = useNavigation().state !== 'idle'
  const { t } = useTranslation('booking')
  /** Names the card a refusal was about, so the person knows which number to fix or replace. */
  const notChargedHint = (cardNumber: string) => {
    const last4 = cardNumber.replace(/\D/g, '').slice(-4)
    return last4 ? t('testCheckout.notChargedCard', { last4 }) : t('testCheckout.notCharged')
  }
  return (
    <TestModeCard title={t('checkout.testPayment')} description={t('testCheckout.description')}>
      <dl className="space-y-1">
        {lines.map((line) => (
          <div key={line.name} className="flex justify-between gap-4">
            <dt>
              {line.name}
              {line.description ? (
                <span className="block text-xs text-muted-foreground">{line.description}</span>
              ) : null}
            </dt>
            <dd>{line.amount}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-border pt-2 font-semibold">
          <dt>{t('testCheckout.totalDue')}</dt>
          <dd>{total}</dd>
        </div>
      </dl>
      {open ? (
        <Form method="post" className="space-y-4">
          {email ? <p className="text-muted-foreground">{t('testCheckout.payingAs', { email })}</p> : null}
          <div className="space-y-1.5">
            <Label htmlFor="card-number">{t('payment.cardNumber')}</Label>
            <Input
              id="card-number"
              name="cardNumber"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={actionData?.cardNumber ?? PAYING_TEST_CARD}
              required
              aria-invalid={actionData?.error ? true : undefined}
              aria-describedby={actionData?.error ? 'card-error' : undefined}
            />
          </div>
          {actionData?.error ? (
            <p
              id="card-error"
              role="alert"
              className="rounded-md border border-destructive/30 bg-destructive-soft p-3 text-destructive"
            >
              {`${actionData.error} ${notChargedHint(actionData.cardNumber)}`}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={busy}>
              {busy ? t('payment.processing') : t('testCheckout.pay', { amount: total })}
            </Button>
            <a href={cancelUrl} className={buttonClass({ variant: 'outline' })}>
              {t('testCheckout.cancel')}
            </a>
          </div>
        </Form>
      ) : (
        <div className="space-y-4">
          <p role="alert">{status === 'complete' ? t('testCheckout.alreadyPaid') : t('testCheckout.expired')}</p>
          <a href={cancelUrl} className={buttonClass({ variant: 'outline' })}>
            {t('testCheckout.back')}
          </a>
        </div>
      )}
    </TestModeCard>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
