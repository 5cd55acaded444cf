import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { GeneralErrorBoundary, NotFound } from '~/components/error-boundary'
import { BookingCard } from '~/components/marketplace/booking-card'
import { metaLanguage } from '~/components/marketplace/i18n'
import { ServiceArticle } from '~/components/marketplace/service-article'
import { Toaster, type ToastData } from '~/components/toaster'
import { readForm } from '~/lib/form-data.server'
import { invalid, refused } from '~/lib/forms.server'
import { formatsFor } from '~/lib/i18n/formats'
import { tFor } from '~/lib/i18n/i18n.server'
import { requestLanguage } from '~/lib/i18n/language.server'
import type { Language } from '~/lib/i18n/languages'
import { msg, translateMessage } from '~/lib/i18n/message'
import { metaT } from '~/lib/i18n/meta'
import { dollarsToCents } from '~/lib/money'
import { idFromParam } from '~/lib/route-params'
import { viewerTimeZone } from '~/lib/time-zone.server'
import { redirectWithToast } from '~/lib/toast.server'
import { appOrigin } from '~/lib/url.server'
import { formatLocalDate, parseLocalDate } from '~/lib/zoned-time'
import { getUser, loginPath } from '~/models/accounts/auth.server'
import { timeZoneHref } from '~/models/accounts/time-zone-link'
import { taxBreakdownLine } from '~/models/billing/price-lines'
import { priceBreakdown } from '~/models/billing/tax'
import { createBooking, SLOT_REQUIRED, TimeSlotChoiceSchema } from '~/models/booking/booking.server'
import { startCheckout } from '~/models/booking/payments.server'
import { descriptionFor } from '~/models/marketplace/description'
import { SERVICE_NOT_FOUND } from '~/models/marketplace/service'
import { getPublicServiceByParam } from '~/models/marketplace/service.server'
import { slotCalendar } from '~/models/marketplace/slot-calendar.server'
import { packageSessionsLeft } from '~/models/packages/holdings.server'
import { USE_PACKAGE_SESSION } from '~/models/packages/package'
import { isWaitlistOn, waitingEntryFor } from '~/models/waitlist/entries.server'
import { joinWaitlistPath, WAITLIST_PATH } from '~/models/waitlist/waitlist-links'
import type { TFunction } from 'i18next'

const NOT_FOUND = { message: SERVICE_NOT_FOUND }

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches, 'marketplace')
  if (!data) return [{ title: t('titles.bookServiceNotFound') }]
  return [
    { title: t('titles.bookService', { name: data.service.name }) },
    { name: 'description', content: descriptionFor(data.service, metaLanguage(matches)) },
  ]
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const service = getPublicServiceByParam(params.id)
  if (!service) throw data(NOT_FOUND, { status: 404 })
  const url = new URL(request.url)
  const user = await getUser(request)
  const timeZone = viewerTimeZone(request, user)
  const language = requestLanguage(request, user)
  const t = tFor(language, 'marketplace')
  // A package of this service held (decision 051): booking with one of its sessions is offered.
  const packageSessions = user ? packageSessionsLeft(user.id, service.id) : 0
  const calendar = slotCalendar(service.id, url.searchParams, timeZone, { priced: service.price > 0, language })
  const feeCents = dollarsToCents(service.price)
  return {
    service,
    // Worded here, not in the browser: the page's JavaScript budget has no room for the tax arithmetic.
    bookLabel:
      feeCents === 0
        ? t('booking.bookFree')
        : t('booking.bookAndPay', {
            total: formatsFor(language).money(priceBreakdown(feeCents, service.taxKind).totalCents),
          }),
    taxLine: taxBreakdownLine(feeCents, service.taxKind, { t: tFor(language, 'billing'), language }),
    timeZone,
    ...calendar,
    changeZoneHref: timeZoneHref(`/services/${service.id}?${new URLSearchParams({ date: calendar.selected })}#book`),
    // `?slot=`: the time chosen before logging in, chosen again (if it is still open that day).
    chosenSlot: idFromParam(url.searchParams.get('slot') ?? undefined),
    waitlist: waitlistLink(service, user, calendar.markedDays.length === 0, language),
    packageLabel:
      packageSessions > 0
        ? t('booking.packageSession', {
            label: translateMessage(tFor(language) as TFunction, USE_PACKAGE_SESSION),
            count: packageSessions,
          })
        : null,
  }
}

/**
 * The waitlist's link under the booking card, worded and styled here (the page's JavaScript
 * budget has no room for a component): always there while the service takes a waitlist, and
 * prominent when the month shown has no open time.
 */
function waitlistLink(
  service: { id: number; practitioner: { id: number } },
  user: { id: number } | null,
  noTime: boolean,
  language: Language,
) {
  if (user?.id === service.practitioner.id || !isWaitlistOn(service.id)) return null
  const t = tFor(language, 'marketplace')
  if (user && waitingEntryFor(user.id, service.id) !== null) {
    return {
      href: WAITLIST_PATH,
      label: t('booking.onWaitlist'),
      className: 'mt-6 text-center text-sm',
    }
  }
  return {
    href: joinWaitlistPath(service.id),
    label: noTime ? t('booking.joinWaitlistNoTime') : t('booking.joinWaitlist'),
    className: noTime
      ? 'mt-6 rounded-lg border border-primary p-4 text-center font-semibold'
      : 'mt-6 text-center text-sm',
  }
}

/** With JavaScript, a paid booking's answer: where the payment page is, and what to say first. */
type OnToPayment = { redirectTo: string; toast: ToastData }

/**
 * Books the chosen slot: a slot is chosen, the person is signed in, and the booking model
 * claims the slot inside its transaction (and says so when it is gone). A free session lands
 * on its confirmation page; a paid one goes on to Stripe's payment page.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const service = getPublicServiceByParam(params.id)
  if (!service) throw data(NOT_FOUND, { status: 404 })
  const formData = await readForm(request)
  const date = parseLocalDate(String(formData.get('date') ?? ''))
  const returnTo = `/services/${service.id}${date ? `?${new URLSearchParams({ date: formatLocalDate(date) })}` : ''}`

  // The slot comes first: a visitor who has not chosen one is told so here rather than sent
  // through login only to be asked for it on return.
  const submission = parseWithZod(formData, { schema: TimeSlotChoiceSchema })
  if (submission.status !== 'success') {
    return invalid(submission, undefined, {
      type: 'error',
      title: SLOT_REQUIRED,
      description: msg('marketplace:booking.chooseTime'),
    })
  }
  const user = await getUser(request)
  // Back from logging in, the page opens on the same day with the same time chosen.
  if (!user) {
    const back = `${returnTo}${returnTo.includes('?') ? '&' : '?'}slot=${submission.value.timeSlotId}`
    throw redirect(loginPath(back))
  }

  let booking: Awaited<ReturnType<typeof createBooking>>
  try {
    const { timeSlotId, usePackage } = submission.value
    booking = await createBooking(user, { serviceId: service.id, timeSlotId, usePackage })
  } catch (error) {
    return refused(submission, error, msg('marketplace:booking.failed'))
  }
  if (!booking.requiresPayment) {
    return redirectWithToast(`/bookings/${booking.id}`, {
      type: 'success',
      title: msg('marketplace:booking.confirmedToast.title'),
      description: submission.value.usePackage
        ? msg('marketplace:booking.confirmedToast.package')
        : msg('marketplace:booking.confirmedToast.free'),
    })
  }

  // Without JavaScript the payment page is a redirect; with it the page first says where it
  // is going, then goes.
  try {
    const { url } = await startCheckout(user, booking.id, appOrigin(request))
    if (formData.get('enhanced') !== 'true') return redirect(url)
    return data<OnToPayment>({
      redirectTo: url,
      toast: {
        type: 'success',
        title: msg('marketplace:booking.createdToast.title'),
        description: msg('marketplace:booking.createdToast.description'),
      },
    })
  } catch (error) {
    // startCheckout has freed the slot already (docs/decisions/011-checkout-failure-frees-the-slot.md), so booking again works.
    return refused(submission, error, msg('marketplace:booking.paymentSetupFailed'))
  }
}

export default function ServiceBookingPage() {
  const {
    service,
    bookLabel,
    taxLine,
    zoneLabel,
    changeZoneHref,
    today,
    month,
    selected,
    dateChosen,
    dateLabel,
    markedDays,
    slots,
    chosenSlot,
    waitlist,
    packageLabel,
  } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const redirectTo = actionData && 'redirectTo' in actionData ? actionData.redirectTo : undefined
  const error =
    actionData && 'result' in actionData ? Object.values(actionData.result.error ?? {}).flat()[0] : undefined
  useEffect(() => {
    // Long enough to read the toast; Stripe's page replaces this one.
    if (redirectTo) setTimeout(() => window.location.assign(redirectTo), 800)
  }, [redirectTo])

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:items-start">
        <ServiceArticle service={service} />
        <BookingCard
          service={service}
          bookLabel={bookLabel}
          taxLine={taxLine}
          month={month}
          today={today}
          selected={selected}
          dateChosen={dateChosen}
          dateLabel={dateLabel}
          zoneLabel={zoneLabel}
          changeZoneHref={changeZoneHref}
          markedDays={markedDays}
          slots={slots}
          chosenSlot={chosenSlot}
          error={error}
          redirecting={Boolean(redirectTo)}
          packageLabel={packageLabel}
        />
      </div>
      {waitlist ? (
        <p className={waitlist.className}>
          <a href={waitlist.href}>{waitlist.label}</a>
        </p>
      ) : null}
      <Toaster toast={actionData?.toast} />
    </div>
  )
}

export function ErrorBoundary() {
  const { t } = useTranslation('marketplace')
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <NotFound
            title={t('service.notFound')}
            hint={t('service.notFoundHint')}
            back={{ to: '/services', label: t('booking.browseServices') }}
          />
        ),
      }}
    />
  )
}
