import { useFetcher } from '@remix-run/react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Toaster } from '~/components/toaster'
import { Button } from '~/components/ui/button'
import { Input, Label } from '~/components/ui/input'

type ConfirmAnswer = { redirectTo?: string; error?: string }

/**
 * Stands in for Stripe's Payment Element when payments are emulated (offline, tests): the
 * emulator confirms the PaymentIntent and raises the signed events Stripe would, then the
 * browser goes to the return URL as Stripe.js does. 4000 0000 0000 0002 is declined.
 */
export function EmulatedCardForm({ clientSecret, total }: { clientSecret: string; total: string }) {
  const { t } = useTranslation('booking')
  const confirm = useFetcher<ConfirmAnswer>()
  const redirectTo = confirm.data?.redirectTo
  useEffect(() => {
    if (redirectTo) window.location.assign(redirectTo)
  }, [redirectTo])
  const pending = confirm.state !== 'idle' || Boolean(redirectTo)
  return (
    <confirm.Form method="post" action="/dev/payment-intents/confirm" className="space-y-4">
      <input type="hidden" name="clientSecret" value={clientSecret} />
      <div className="space-y-1.5">
        <Label htmlFor="card-number">{t('payment.cardNumber')}</Label>
        <Input
          id="card-number"
          name="cardNumber"
          inputMode="numeric"
          autoComplete="off"
          defaultValue="4242 4242 4242 4242"
          required
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="space-y-1.5">
          <Label htmlFor="card-expiry">{t('payment.expiry')}</Label>
          <Input id="card-expiry" name="expiry" defaultValue="12 / 34" autoComplete="off" />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="card-cvc">{t('payment.cvc')}</Label>
          <Input id="card-cvc" name="cvc" defaultValue="123" autoComplete="off" />
        </div>
      </div>
      {confirm.data?.error ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/30 bg-destructive-soft p-3 text-sm text-destructive"
        >
          {confirm.data.error}
        </p>
      ) : null}
      <Button type="submit" className="w-full" size="lg" disabled={pending}>
        {pending ? t('payment.processing') : t('payment.complete', { amount: total })}
      </Button>
      <Toaster
        toast={
          confirm.data?.error ? { type: 'error', title: t('payment.failed'), description: confirm.data.error } : null
        }
      />
    </confirm.Form>
  )
}
