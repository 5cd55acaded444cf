import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useFormats } from '~/components/i18n/use-formats'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { msg } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { redirectWithToast } from '~/lib/toast.server'
import { requireUser } from '~/models/accounts/auth.server'
import { getBookingForClient } from '~/models/booking/booking-read.server'
import { findPaymentReturn, paymentStateOf, type PaymentState } from '~/models/booking/payments.server'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

/** While the payment is still being confirmed, the page looks again by itself (no JavaScript needed). */
const RECHECK_SECONDS = 3

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: metaT(matches, 'booking')('titles.payment') },
  ...(data?.state === 'processing' ? [{ httpEquiv: 'refresh', content: String(RECHECK_SECONDS) } as const] : []),
]

/**
 * Where Stripe returns after paying (Checkout's `session_id`, or the Payment Element's
 * `payment_intent`). It reads the state our database holds, which the webhook sets, and
 * confirms nothing itself: once the webhook has recorded the payment, the client goes on to
 * the booking's confirmation page; until then this page shows the payment being confirmed
 * (and looks again), or what went wrong.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const params = new URL(request.url).searchParams
  const bookingId = findPaymentReturn(user, {
    sessionId: params.get('session_id'),
    paymentIntentId: params.get('payment_intent'),
  })
  if (bookingId === null) return { state: 'unknown' as const, booking: null, timeZone: user.timeZone }
  const booking = getBookingForClient(user, bookingId)
  const state = paymentStateOf(booking)
  if (state === 'paid') {
    throw await redirectWithToast(`/bookings/${booking.id}`, {
      type: 'success',
      title: msg('booking:toasts.paymentSuccessful'),
    })
  }
  return { state, booking, timeZone: user.timeZone }
}

/** Each state's heading and text: booking.json `paymentReturn.<state>`. */
const HEADINGS = {
  processing: 'processing',
  refunded: 'refunded',
  not_paid: 'notPaid',
  unknown: 'unknown',
} as const satisfies Record<Exclude<PaymentState, 'paid'> | 'unknown', string>

export default function PaymentSuccessPage() {
  const { state, booking, timeZone } = useLoaderData<typeof loader>()
  const { t } = useTranslation('booking')
  const f = useFormats()
  const heading = HEADINGS[state]
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <Card className="space-y-6 p-8 text-center">
        <div className="space-y-2" role={state === 'processing' ? 'status' : undefined}>
          <h1 className="text-2xl font-bold tracking-tight">{t(`paymentReturn.${heading}.title`)}</h1>
          <p className="text-muted-foreground">{t(`paymentReturn.${heading}.text`)}</p>
        </div>
        {booking ? (
          <dl className="space-y-2 rounded-md bg-muted p-4 text-left text-sm">
            <div className="flex justify-between gap-4">
              <dt className="font-medium">{booking.service.name}</dt>
              <dd>{f.priceCents(booking.totalAmountCents)}</dd>
            </div>
            {booking.practitioner ? (
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">{t('confirmation.with')}</dt>
                <dd>
                  {booking.practitioner.firstName} {booking.practitioner.lastName}
                </dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">{t('confirmation.when')}</dt>
              <dd>
                {f.longDate(booking.startTime, timeZone)}, {f.time(booking.startTime, timeZone)}{' '}
                {f.zone(booking.startTime, timeZone)}
              </dd>
            </div>
          </dl>
        ) : null}
        <ButtonLink to="/client-dashboard">{t('paymentReturn.toDashboard')}</ButtonLink>
      </Card>
    </div>
  )
}
