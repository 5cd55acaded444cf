import { useLoaderData } from '@remix-run/react'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { formatLongDate, formatTime, zoneAbbreviation } from '~/lib/dates'
import { centsToDollars, formatPrice } from '~/lib/money'
import { redirectWithToast } from '~/lib/toast.server'
import { requireUser } from '~/models/accounts/auth.server'
import { getBookingForClient } from '~/models/booking/booking-read.server'
import { findPaymentReturn, paymentStateOf, type PaymentState } from '~/models/booking/payments.server'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

/** While the payment is still being confirmed, the page looks again by itself (no JavaScript needed). */
const RECHECK_SECONDS = 3

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: 'Payment — Solace' },
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
    throw await redirectWithToast(`/bookings/${booking.id}`, { type: 'success', title: 'Payment successful!' })
  }
  return { state, booking, timeZone: user.timeZone }
}

const HEADINGS: Record<Exclude<PaymentState, 'paid'> | 'unknown', { title: string; text: string }> = {
  processing: {
    title: 'Confirming your payment...',
    text: 'This usually takes a few seconds. This page updates by itself.',
  },
  refunded: {
    title: 'Your payment was refunded',
    text: 'The payment arrived after this time was given to someone else, so we refunded it in full. Please choose another time.',
  },
  not_paid: {
    title: 'This booking was not paid',
    text: 'The time held for payment ran out or the payment did not go through. Nothing was charged.',
  },
  unknown: {
    title: 'We could not find this payment',
    text: 'Your sessions and their payment status are on your dashboard.',
  },
}

export default function PaymentSuccessPage() {
  const { state, booking, timeZone } = useLoaderData<typeof loader>()
  const heading = HEADINGS[state]
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <Card className="space-y-6 p-8 text-center">
        <div className="space-y-2" role={state === 'processing' ? 'status' : undefined}>
          <h1 className="text-2xl font-bold tracking-tight">{heading.title}</h1>
          <p className="text-muted-foreground">{heading.text}</p>
        </div>
        {booking ? (
          <dl className="space-y-2 rounded-md bg-muted p-4 text-left text-sm">
            <div className="flex justify-between gap-4">
              <dt className="font-medium">{booking.service.name}</dt>
              <dd>{formatPrice(centsToDollars(booking.totalAmountCents))}</dd>
            </div>
            {booking.practitioner ? (
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">With</dt>
                <dd>
                  {booking.practitioner.firstName} {booking.practitioner.lastName}
                </dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">When</dt>
              <dd>
                {formatLongDate(booking.startTime, timeZone)}, {formatTime(booking.startTime, timeZone)}{' '}
                {zoneAbbreviation(booking.startTime, timeZone)}
              </dd>
            </div>
          </dl>
        ) : null}
        <ButtonLink to="/client-dashboard">Go to My Dashboard</ButtonLink>
      </Card>
    </div>
  )
}
