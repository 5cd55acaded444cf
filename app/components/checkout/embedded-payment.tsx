import { useFetcher } from '@remix-run/react'
import { useEffect } from 'react'
import { useBookingWords } from '~/components/booking/use-booking-words'
import { Toaster, type ToastData } from '~/components/toaster'
import { EmulatedCardForm } from './emulated-card-form'
import { StripeCardForm } from './stripe-card-form'

type SetupAnswer = { clientSecret?: string; toast?: ToastData }

/**
 * The card form on the payment page (JavaScript only): asks the page's action for a
 * PaymentIntent, then shows Stripe's Payment Element, or in emulated mode a local test form
 * that goes through the same confirmation and webhook path.
 */
export function EmbeddedPayment({
  bookingId,
  intent,
  emulated,
  publishableKey,
  total,
}: {
  bookingId: number
  intent: string
  emulated: boolean
  publishableKey: string | null
  total: string
}) {
  const { t, say } = useBookingWords()
  const setup = useFetcher<SetupAnswer>()
  const { submit } = setup
  useEffect(() => {
    submit({ bookingId, intent }, { method: 'post' })
  }, [submit, bookingId, intent])

  const answer = setup.data
  if (!answer) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {t('payment.settingUp')}
      </p>
    )
  }
  if (!answer.clientSecret) {
    return (
      <>
        <p
          role="alert"
          className="rounded-md border border-destructive/30 bg-destructive-soft p-3 text-sm text-destructive"
        >
          {answer.toast?.description ? say(answer.toast.description) : t('checkout.setupFailed')}
        </p>
        <Toaster toast={answer.toast} />
      </>
    )
  }
  if (emulated) return <EmulatedCardForm clientSecret={answer.clientSecret} total={total} />
  if (publishableKey)
    return <StripeCardForm clientSecret={answer.clientSecret} publishableKey={publishableKey} total={total} />
  return <p className="text-sm text-muted-foreground">{t('payment.noCardEntry')}</p>
}
