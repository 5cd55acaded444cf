import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import { loadStripe } from '@stripe/stripe-js/pure'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLanguage } from '~/components/i18n/use-formats'
import { Toaster, type ToastData } from '~/components/toaster'
import { Button } from '~/components/ui/button'

/** Stripe's Payment Element; confirming sends the card to Stripe, which returns to /payment-success. */
export function StripeCardForm({
  clientSecret,
  publishableKey,
  total,
}: {
  clientSecret: string
  publishableKey: string
  total: string
}) {
  // `pure` loads Stripe.js only here, when a card form is actually shown.
  const stripe = useMemo(() => loadStripe(publishableKey), [publishableKey])
  // Stripe's fields in the page's language (it has Canadian French, not Canadian English).
  const locale = useLanguage() === 'fr' ? 'fr-CA' : 'en'
  return (
    <Elements
      stripe={stripe}
      options={{ clientSecret, locale, appearance: { theme: 'stripe', variables: { colorPrimary: '#1f6f6b' } } }}
    >
      <ConfirmForm total={total} />
    </Elements>
  )
}

function ConfirmForm({ total }: { total: string }) {
  const { t } = useTranslation('booking')
  const stripe = useStripe()
  const elements = useElements()
  const [pending, setPending] = useState(false)
  const [toast, setToast] = useState<ToastData | null>(null)

  async function confirm(event: React.FormEvent) {
    event.preventDefault()
    if (!stripe || !elements) return
    setPending(true)
    setToast(null)
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}/payment-success` },
    })
    // Reached only when the payment could not be confirmed; success leaves for the return URL.
    setPending(false)
    setToast({
      type: 'error',
      title: t('payment.failed'),
      description: error.message ?? t('payment.notCompleted'),
    })
  }

  return (
    <form onSubmit={confirm} className="space-y-4">
      <PaymentElement />
      {toast?.description ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/30 bg-destructive-soft p-3 text-sm text-destructive"
        >
          {toast.description}
        </p>
      ) : null}
      <Button type="submit" className="w-full" size="lg" disabled={!stripe || pending}>
        {pending ? t('payment.processing') : t('payment.complete', { amount: total })}
      </Button>
      <Toaster toast={toast} />
    </form>
  )
}
