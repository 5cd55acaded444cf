import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useBookingWords } from '~/components/booking/use-booking-words'
import { EmbeddedPayment } from '~/components/checkout/embedded-payment'
import { HoldExpiredNotice } from '~/components/client/hold-expired-notice'
import { SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { useFormats } from '~/components/i18n/use-formats'
import { Toaster, type ToastData } from '~/components/toaster'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { useHydrated } from '~/components/use-hydrated'
import { paymentsAreEmulated } from '~/env.server'
import { publishableKey } from '~/integrations/stripe.server'
import { isAppError } from '~/lib/errors'
import { readForm } from '~/lib/form-data.server'
import { refusalOf, refuseWithRedirect, unknownForm } from '~/lib/forms.server'
import { msg } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { redirectWithToast } from '~/lib/toast.server'
import { appOrigin } from '~/lib/url.server'
import { requireUser } from '~/models/accounts/auth.server'
import { bookingTaxRows } from '~/models/billing/price-lines'
import {
  bookAgainHref,
  HOLD_EXPIRED,
  HOLD_LAPSED,
  holdLapsed,
  PAID_CANCELLATION_POLICY,
} from '~/models/booking/booking'
import { getBookingForClient } from '~/models/booking/booking-read.server'
import {
  BookingPaymentSchema,
  PAYMENT_PROVIDER_FAILED,
  preparePaymentIntent,
  startCheckout,
} from '~/models/booking/payments.server'

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'booking')('titles.checkout') }]

const HOSTED_INTENT = 'hosted'
const PAYMENT_INTENT = 'payment-intent'

/** The client's own booking named by the form or query, or null. */
function readBooking(user: { id: number }, value: unknown) {
  const parsed = BookingPaymentSchema.safeParse({ bookingId: value ?? undefined })
  if (!parsed.success) return null
  try {
    return getBookingForClient(user, parsed.data.bookingId)
  } catch (error) {
    if (isAppError(error)) return null
    throw error
  }
}

const INVALID_BOOKING = {
  type: 'error',
  title: msg('booking:errors.invalidBooking'),
  description: msg('booking:checkout.notFound'),
} as const

/**
 * The payment page: what is being paid for, Stripe's Payment Element with
 * JavaScript, and Stripe's hosted Checkout page as the way to pay without it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const booking = readBooking(user, new URL(request.url).searchParams.get('bookingId'))
  if (!booking) throw await redirectWithToast('/services', INVALID_BOOKING)
  // The person came to pay: the page itself says why they no longer can, and where to book
  // again, instead of sending them off with "Nothing to pay".
  if (holdLapsed(booking)) {
    return { expired: { serviceName: booking.service.name, bookAgainHref: bookAgainHref(booking) } } as const
  }
  if (booking.isPaid || booking.status !== 'pending') {
    throw await redirectWithToast('/client-dashboard', {
      type: 'info',
      title: booking.isPaid ? msg('booking:checkout.alreadyPaid') : msg('booking:checkout.nothingToPay'),
      description: booking.isPaid ? msg('booking:checkout.paidFor') : msg('booking:checkout.notWaiting'),
    })
  }
  return {
    expired: null,
    booking,
    timeZone: user.timeZone,
    emulated: paymentsAreEmulated(),
    publishableKey: publishableKey(),
  }
}

type ActionData = { clientSecret: string } | { toast: ToastData }

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const formData = await readForm(request)
  const booking = readBooking(user, formData.get('bookingId'))
  if (!booking) throw await redirectWithToast('/services', INVALID_BOOKING)
  switch (formData.get('intent')) {
    case HOSTED_INTENT:
      try {
        return redirect((await startCheckout(user, booking.id, appOrigin(request))).url)
      } catch (error) {
        // The hold ran out while this page was open: the page itself now says so, with Book Again.
        if (isAppError(error) && error.message === HOLD_LAPSED) {
          return refuseWithRedirect(`/checkout?bookingId=${booking.id}`, error, HOLD_EXPIRED)
        }
        // The booking has been released (docs/decisions/011): the dashboard says why, and the
        // client books again from the service's page.
        return refuseWithRedirect(
          '/client-dashboard',
          error,
          msg('booking:checkout.setupFailedTitle'),
          PAYMENT_PROVIDER_FAILED,
        )
      }
    case PAYMENT_INTENT:
      try {
        return data<ActionData>(await preparePaymentIntent(user, booking.id))
      } catch (error) {
        const reason = refusalOf(error, msg('booking:checkout.setupFailed'))
        const toast: ToastData = {
          type: 'error',
          title: msg('booking:checkout.setupFailedToast'),
          description: reason.message,
        }
        return data<ActionData>({ toast }, { status: reason.status })
      }
    default:
      throw unknownForm()
  }
}

export default function CheckoutPage() {
  const data = useLoaderData<typeof loader>()
  return data.expired ? <HoldExpired {...data.expired} /> : <Payment {...data} />
}

function HoldExpired({ serviceName, bookAgainHref }: { serviceName: string; bookAgainHref: string }) {
  const { t, say } = useBookingWords()
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10 sm:px-6">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">{say(HOLD_EXPIRED)}</h1>
        <p className="text-muted-foreground">{serviceName}</p>
      </header>
      <HoldExpiredNotice bookAgainHref={bookAgainHref}>
        <ButtonLink to="/client-dashboard" variant="outline">
          {t('confirmation.goToSessions')}
        </ButtonLink>
      </HoldExpiredNotice>
    </div>
  )
}

type PaymentData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { expired: null }>

function Payment({ booking, timeZone, emulated, publishableKey }: PaymentData) {
  const actionData = useActionData<typeof action>()
  const hydrated = useHydrated()
  const pending = useIsSubmitting()
  const { t, say } = useBookingWords()
  const f = useFormats()
  const zone = f.zone(booking.startTime, timeZone)
  const total = f.priceCents(booking.totalAmountCents)
  // With a tax: the session's line shows the fee, then the tax's own line, before the total.
  const { t: billingT } = useTranslation('billing')
  const [feeRow, ...taxRows] = bookingTaxRows(booking, { t: billingT, language: f.language })
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight">{t('checkout.title')}</h1>
        <p className="text-muted-foreground">{t('checkout.subtitle')}</p>
      </header>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:items-start">
        {/* First on a phone (what is being paid for, before the card); on the right on a wide screen. */}
        <Card className="space-y-4 p-6 lg:col-start-2 lg:row-start-1" aria-labelledby="order-summary">
          <h2 id="order-summary" className="text-lg font-semibold">
            {t('checkout.summary')}
          </h2>
          <dl className="space-y-2 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="font-medium">{booking.service.name}</dt>
              <dd>{feeRow?.value ?? total}</dd>
            </div>
            {taxRows.map((row) => (
              <div key={row.label} className="flex justify-between gap-4">
                <dt className="text-muted-foreground">{say(row.label)}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">{t('checkout.date')}</dt>
              <dd>{f.longDate(booking.startTime, timeZone)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">{t('checkout.time')}</dt>
              <dd>
                {f.time(booking.startTime, timeZone)} – {f.time(booking.endTime, timeZone)} {zone}
              </dd>
            </div>
            <div className="flex justify-between gap-4 border-t border-border pt-2 text-base font-semibold">
              <dt>{t('checkout.total')}</dt>
              <dd>{total}</dd>
            </div>
          </dl>
          {booking.holdExpiresAt ? (
            <p className="text-xs text-muted-foreground">
              {t('checkout.heldUntil', { time: f.time(booking.holdExpiresAt, timeZone), zone })}
            </p>
          ) : null}
          <p className="text-xs text-muted-foreground">{say(PAID_CANCELLATION_POLICY)}</p>
        </Card>
        <Card className="space-y-6 p-6 lg:col-start-1 lg:row-start-1">
          <h2 className="text-lg font-semibold">{t('checkout.payment')}</h2>
          {emulated ? (
            <p className="rounded-md border border-accent/50 bg-accent-soft p-3 text-sm font-medium">
              {t('checkout.testPayment')}
            </p>
          ) : null}
          {hydrated ? (
            <EmbeddedPayment
              bookingId={booking.id}
              intent={PAYMENT_INTENT}
              emulated={emulated}
              publishableKey={publishableKey}
              total={total}
            />
          ) : null}
          <Form method="post" className="space-y-2">
            <input type="hidden" name="bookingId" value={booking.id} />
            <input type="hidden" name="intent" value={HOSTED_INTENT} />
            {hydrated ? <p className="text-sm text-muted-foreground">{t('checkout.preferPage')}</p> : null}
            <SubmitButton
              variant={hydrated ? 'outline' : 'primary'}
              className="w-full"
              pending={pending}
              pendingText={t('checkout.opening')}
            >
              {hydrated ? t('checkout.payOnPage') : t('checkout.payAmountOnPage', { amount: total })}
            </SubmitButton>
          </Form>
          <p className="text-center text-xs text-muted-foreground">{t('checkout.secured')}</p>
        </Card>
      </div>
      <Toaster toast={actionData && 'toast' in actionData ? actionData.toast : null} />
    </div>
  )
}
