import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CANCEL_INTENT, CancelDialog } from '~/components/client/cancel-dialog'
import { MyPackages } from '~/components/client/my-packages'
import { SessionCard, type ClientSession } from '~/components/client/session-card'
import { StatCard } from '~/components/stat-card'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { OfferNotice } from '~/components/waitlist/waitlist-notices'
import { DEFAULT_TIME_ZONE } from '~/lib/dates'
import { AppError } from '~/lib/errors'
import { readForm } from '~/lib/form-data.server'
import { refuseWithRedirect, unknownForm } from '~/lib/forms.server'
import { formatsFor } from '~/lib/i18n/formats'
import { currentLanguage } from '~/lib/i18n/i18n.server'
import { msg } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { idFromParam } from '~/lib/route-params'
import { redirectWithToast } from '~/lib/toast.server'
import { requireUser } from '~/models/accounts/auth.server'
import { BOOKING_NOT_FOUND, cancelBooking, previewCancellation, REFUND_FAILED } from '~/models/booking/booking.server'
import { getClientSessions } from '~/models/booking/client-sessions.server'
import { listClientPackages } from '~/models/packages/holdings.server'
import { liveOffersOf } from '~/models/waitlist/notices.server'
import { offerNoticeLines } from '~/models/waitlist/screens.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

const PAGE = '/client-dashboard'

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches, 'booking')('titles.dashboard') }]

/** `?payment=` comes back from the payment page; its toast shows once, on a clean address. */
const PAYMENT_TOASTS = {
  success: { type: 'success', title: msg('booking:toasts.paymentSuccessful') },
  cancelled: { type: 'info', title: msg('booking:toasts.paymentCancelled') },
} as const

const PACKAGE_PAID_TOAST = {
  type: 'success',
  title: msg('booking:toasts.packageBought'),
  description: msg('booking:toasts.packageBoughtDescription'),
} as const

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const params = new URL(request.url).searchParams
  const payment = params.get('payment')
  if (payment === 'success' || payment === 'cancelled') throw await redirectWithToast(PAGE, PAYMENT_TOASTS[payment])
  // Back from paying for a package: its payment is confirmed by the webhook, usually already.
  if (params.get('package') === 'paid') throw await redirectWithToast(PAGE, PACKAGE_PAID_TOAST)

  const { upcoming, past, cancelled, counts } = getClientSessions(user)
  // `?cancel=<id>` opens the confirmation (a URL, so it works without JavaScript) with the
  // refund cancelling would give; an id that is not one of this client's cancellable sessions
  // leaves it closed.
  const cancelId = idFromParam(params.get('cancel') ?? undefined)
  const cancelling = upcoming.some((s) => s.id === cancelId && s.canCancel)
    ? previewCancellation(user, cancelId!)
    : null
  return {
    firstName: user.firstName,
    timeZone: user.timeZone,
    upcoming,
    past,
    // Cancelled sessions stay off the two lists; `?cancelled=1` shows them, with their refunds.
    cancelled: params.has('cancelled') ? cancelled : null,
    counts,
    cancelling,
    // Times from the client's waitlists held for them now (their own only).
    offers: offerNoticeLines(liveOffersOf(user.id), user.timeZone),
    packages: listClientPackages(user.id).map((p) => ({
      id: p.id,
      serviceId: p.serviceId,
      serviceName: p.serviceName,
      sessions: p.sessionsTotal,
      remaining: p.expired ? 0 : p.remaining,
      delivered: p.delivered,
      validUntil: formatsFor(currentLanguage()).date(p.expiresAt, user.timeZone ?? DEFAULT_TIME_ZONE),
      expired: p.expired,
    })),
  }
}

/** Cancels one of the client's sessions; the answer is a toast on the dashboard either way. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const formData = await readForm(request)
  if (formData.get('intent') !== CANCEL_INTENT) throw unknownForm()
  try {
    const bookingId = idFromParam(String(formData.get('bookingId') ?? ''))
    if (bookingId === null) throw new AppError(BOOKING_NOT_FOUND, 404)
    const { refundAmount } = await cancelBooking(user, bookingId)
    return redirectWithToast(PAGE, {
      type: 'success',
      title: msg('booking:toasts.cancelled'),
      description:
        refundAmount > 0
          ? msg('booking:toasts.cancelledRefunded', { amount: formatsFor(currentLanguage()).price(refundAmount) })
          : msg('booking:toasts.cancelledDescription'),
    })
  } catch (error) {
    return refuseWithRedirect(PAGE, error, msg('booking:toasts.cancellationFailed'), REFUND_FAILED)
  }
}

function SessionList({ label, sessions, timeZone }: { label: string; sessions: ClientSession[]; timeZone: string }) {
  return (
    <ul className="space-y-3" aria-label={label}>
      {sessions.map((s) => (
        <li key={s.id}>
          <SessionCard session={s} timeZone={timeZone} />
        </li>
      ))}
    </ul>
  )
}

export default function ClientDashboard() {
  const { firstName, timeZone, upcoming, past, cancelled, counts, cancelling, offers, packages } =
    useLoaderData<typeof loader>()
  const { t } = useTranslation('booking')
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t('dashboard.welcome', { name: firstName })}</h1>
        <p className="text-muted-foreground">{t('dashboard.glance')}</p>
      </div>
      <OfferNotice offers={offers} />
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label={t('dashboard.total')} value={counts.total} />
        <StatCard label={t('dashboard.upcomingCount')} value={counts.upcoming} />
        <StatCard label={t('dashboard.completedCount')} value={counts.completed} />
      </div>
      <section aria-labelledby="my-sessions" className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="my-sessions" className="text-xl font-semibold">
            {t('nav.sessions')}
          </h2>
          {counts.cancelled > 0 ? (
            <Link to={cancelled ? PAGE : `${PAGE}?cancelled=1`} preventScrollReset className="text-sm underline">
              {cancelled ? t('dashboard.hideCancelled') : t('dashboard.showCancelled', { count: counts.cancelled })}
            </Link>
          ) : null}
        </div>
        {upcoming.length + past.length === 0 ? (
          <Card className="p-10 text-center">
            {/* Only a client who never booked has had no sessions: cancelled ones were sessions too. */}
            {counts.cancelled === 0 ? (
              <>
                <p className="text-lg font-medium">{t('dashboard.empty.title')}</p>
                <p className="mt-1 text-sm text-muted-foreground">{t('dashboard.empty.text')}</p>
              </>
            ) : (
              <>
                <p className="text-lg font-medium">{t('dashboard.allCancelled.title')}</p>
                <p className="mt-1 text-sm text-muted-foreground">{t('dashboard.allCancelled.text')}</p>
              </>
            )}
            <ButtonLink to="/services" className="mt-4">
              {t('dashboard.browse')}
            </ButtonLink>
          </Card>
        ) : null}
        {upcoming.length ? (
          <>
            <h3 className="font-semibold">{t('dashboard.upcoming')}</h3>
            <SessionList label={t('dashboard.upcomingList')} sessions={upcoming} timeZone={timeZone} />
          </>
        ) : null}
        {past.length ? (
          <>
            <h3 className="font-semibold">{t('dashboard.past')}</h3>
            <SessionList label={t('dashboard.pastList')} sessions={past} timeZone={timeZone} />
          </>
        ) : null}
        {cancelled ? (
          <>
            <h3 className="font-semibold">{t('dashboard.cancelled')}</h3>
            <SessionList label={t('dashboard.cancelledList')} sessions={cancelled} timeZone={timeZone} />
          </>
        ) : null}
      </section>
      <MyPackages packages={packages} />
      <CancelDialog page={PAGE} booking={cancelling} timeZone={timeZone} />
    </div>
  )
}
