import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useEffect } from 'react'
import { GeneralErrorBoundary, NotFound } from '~/components/error-boundary'
import { SubmitButton, useIsSubmitting } from '~/components/form-shell'
import {
  formatMonth,
  MonthCalendar,
  monthGrid,
  parseMonth,
  type CalendarMonth,
} from '~/components/marketplace/month-calendar'
import { PriceBadge } from '~/components/marketplace/price-badge'
import { PLACEHOLDER_AVATAR, PLACEHOLDER_SERVICE_IMAGE } from '~/components/marketplace/service-card'
import { SlotPicker } from '~/components/marketplace/slot-picker'
import { Toaster, type ToastData } from '~/components/toaster'
import { useHydrated } from '~/components/use-hydrated'
import { Badge } from '~/components/ui/badge'
import { Card } from '~/components/ui/card'
import { formatLongDate, formatTime, zoneAbbreviation } from '~/lib/dates'
import { invalid, refused } from '~/lib/forms.server'
import { viewerTimeZone } from '~/lib/time-zone.server'
import { redirectWithToast } from '~/lib/toast.server'
import { appOrigin } from '~/lib/url.server'
import {
  addDays,
  compareLocalDates,
  formatLocalDate,
  localDateOf,
  parseLocalDate,
  zonedTime,
  type LocalDate,
} from '~/lib/zoned-time'
import { getUser, loginPath } from '~/models/accounts/auth.server'
import { CANCELLATION_POLICY, PAID_CANCELLATION_POLICY } from '~/models/booking/booking'
import { createBooking, SLOT_REQUIRED, TimeSlotChoiceSchema } from '~/models/booking/booking.server'
import { startCheckout } from '~/models/booking/payments.server'
import { SERVICE_NOT_FOUND } from '~/models/marketplace/service'
import { getPublicServiceByParam } from '~/models/marketplace/service.server'
import { listDaysWithOpenSlots, listOpenSlots } from '~/models/marketplace/open-slots.server'

/** How far ahead the page looks for a first open day when no date is chosen. */
const DEFAULT_DATE_HORIZON_DAYS = 60
const NOON = 12 * 60

const NOT_FOUND = { message: SERVICE_NOT_FOUND }

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Book ${data.service.name} — Solace` : 'Service not found — Solace' },
  ...(data ? [{ name: 'description', content: data.service.description }] : []),
]

/**
 * The date whose times are shown: `?date=` when it is a real day from today on; otherwise the
 * first day with open times within the horizon (today when today has some), else today.
 */
function selectedDate(serviceId: number, requested: string | null, today: LocalDate, timeZone: string) {
  const date = parseLocalDate(requested ?? '')
  if (date && compareLocalDates(date, today) >= 0) return { date, chosen: true }
  const [first] = listDaysWithOpenSlots(serviceId, today, addDays(today, DEFAULT_DATE_HORIZON_DAYS), timeZone)
  return { date: (first && parseLocalDate(first)) || today, chosen: false }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const service = getPublicServiceByParam(params.id)
  if (!service) throw data(NOT_FOUND, { status: 404 })
  const url = new URL(request.url)
  const timeZone = viewerTimeZone(request, await getUser(request))
  const today = localDateOf(new Date(), timeZone)
  const { date, chosen } = selectedDate(service.id, url.searchParams.get('date'), today, timeZone)

  // The month on show: `?month=`, else the selected date's. Months wholly in the past have
  // nothing to pick, so they give way to the current one.
  const currentMonth: CalendarMonth = { year: today.year, month: today.month }
  const requestedMonth = parseMonth(url.searchParams.get('month')) ?? { year: date.year, month: date.month }
  const month = formatMonth(requestedMonth) < formatMonth(currentMonth) ? currentMonth : requestedMonth
  const grid = monthGrid(month)

  const noon = zonedTime(date, NOON, timeZone)
  return {
    service,
    timeZone,
    zoneLabel: `${timeZone} (${zoneAbbreviation(noon, timeZone)})`,
    today: formatLocalDate(today),
    month,
    selected: formatLocalDate(date),
    dateChosen: chosen,
    dateLabel: formatLongDate(noon, timeZone),
    markedDays: listDaysWithOpenSlots(service.id, grid[0]!, grid[grid.length - 1]!, timeZone),
    // Formatted here, so the browser shows exactly what the server rendered.
    slots: listOpenSlots(service.id, date, timeZone).map((slot) => ({
      id: slot.id,
      label: formatTime(slot.startTime, timeZone),
    })),
  }
}

/** With JavaScript, a paid booking's answer: where the payment page is, and what to say first. */
type OnToPayment = { redirectTo: string; toast: ToastData }

/**
 * Books the chosen slot: a slot is chosen, the person is signed in, and the booking model
 * claims the slot inside its transaction (and says so when it is gone). A free session lands
 * on the dashboard with its confirmation; a paid one goes on to Stripe's payment page.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const service = getPublicServiceByParam(params.id)
  if (!service) throw data(NOT_FOUND, { status: 404 })
  const formData = await request.formData()
  const date = parseLocalDate(String(formData.get('date') ?? ''))
  const returnTo = `/services/${service.id}${date ? `?${new URLSearchParams({ date: formatLocalDate(date) })}` : ''}`

  // The slot comes first: a visitor who has not chosen one is told so here rather than sent
  // through login only to be asked for it on return.
  const submission = parseWithZod(formData, { schema: TimeSlotChoiceSchema })
  if (submission.status !== 'success') {
    return invalid(submission, undefined, {
      type: 'error',
      title: SLOT_REQUIRED,
      description: 'You need to choose a date and time for your session',
    })
  }
  const user = await getUser(request)
  if (!user) throw redirect(loginPath(returnTo))

  let booking: Awaited<ReturnType<typeof createBooking>>
  try {
    booking = await createBooking(user, { serviceId: service.id, timeSlotId: submission.value.timeSlotId })
  } catch (error) {
    return refused(submission, error, 'Booking failed')
  }
  if (!booking.requiresPayment) {
    return redirectWithToast('/client-dashboard', {
      type: 'success',
      title: 'Booking confirmed!',
      description: 'Your free session has been confirmed.',
    })
  }

  // Without JavaScript the payment page is a redirect; with it the page first says where it
  // is going, then goes.
  try {
    const { url } = await startCheckout(user, booking.id, appOrigin(request))
    if (formData.get('enhanced') !== 'true') return redirect(url)
    return data<OnToPayment>({
      redirectTo: url,
      toast: { type: 'success', title: 'Booking created!', description: 'Redirecting to secure payment...' },
    })
  } catch (error) {
    // startCheckout has freed the slot already (docs/decisions/011), so booking again works.
    return refused(submission, error, 'Payment setup failed')
  }
}

export default function ServiceBookingPage() {
  const { service, zoneLabel, today, month, selected, dateChosen, dateLabel, markedDays, slots } =
    useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const pending = useIsSubmitting()
  const hydrated = useHydrated()
  const redirectTo = actionData && 'redirectTo' in actionData ? actionData.redirectTo : undefined
  const error =
    actionData && 'result' in actionData ? Object.values(actionData.result.error ?? {}).flat()[0] : undefined
  useEffect(() => {
    // Long enough to read the toast; Stripe's page replaces this one.
    if (redirectTo) setTimeout(() => window.location.assign(redirectTo), 800)
  }, [redirectTo])
  const practitionerName = `${service.practitioner.firstName} ${service.practitioner.lastName}`
  // Without JavaScript each date is a full page load: the fragment brings the booking card
  // back into view. With JavaScript the page stays where it is.
  const hrefFor = (query: { date: string; month: string }) => `?${new URLSearchParams(query)}${hydrated ? '' : '#book'}`

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:items-start">
        <article className="space-y-8">
          <img
            src={service.imageUrl ?? PLACEHOLDER_SERVICE_IMAGE}
            alt=""
            width={960}
            height={400}
            className="aspect-[12/5] w-full rounded-lg bg-muted object-cover"
          />
          <header className="space-y-3">
            <Badge tone="secondary" className="normal-case">
              {service.category}
            </Badge>
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{service.name}</h1>
            <p className="text-lg text-muted-foreground">{service.description}</p>
          </header>

          {service.details.length ? (
            <section aria-labelledby="what-to-expect">
              <h2 id="what-to-expect" className="text-xl font-semibold">
                What to Expect
              </h2>
              <ul className="mt-3 space-y-2">
                {service.details.map((detail) => (
                  <li key={detail} className="flex gap-2">
                    <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-primary" />
                    <span>{detail}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <section aria-labelledby="practitioner">
            <h2 id="practitioner" className="text-xl font-semibold">
              Your Practitioner
            </h2>
            <Link
              to={`/practitioners/${service.practitioner.id}`}
              className="mt-3 flex items-center gap-4 rounded-lg border border-border bg-card p-4 hover:bg-muted/50"
            >
              <img
                src={service.practitioner.profileImageUrl ?? PLACEHOLDER_AVATAR}
                alt=""
                width={56}
                height={56}
                className="size-14 rounded-full bg-muted object-cover"
              />
              <span>
                <span className="block font-semibold">{practitionerName}</span>
                {service.practitioner.title ? (
                  <span className="block text-sm text-muted-foreground">{service.practitioner.title}</span>
                ) : null}
              </span>
            </Link>
          </section>
        </article>

        <aside aria-labelledby="book-title">
          <Card id="book" className="scroll-mt-20 p-5 sm:p-6">
            <h2 id="book-title" className="text-xl font-semibold">
              Book Your Session
            </h2>
            <div className="mt-3 flex items-center justify-between gap-3 text-sm">
              <span className="text-muted-foreground">{service.duration} minutes</span>
              <PriceBadge price={service.price} />
            </div>

            <div className="mt-6">
              <p className="mb-3 text-sm font-semibold">Select a date</p>
              <MonthCalendar
                month={month}
                today={today}
                selected={selected}
                markedDays={markedDays}
                hrefFor={hrefFor}
              />
            </div>

            <Form method="post" className="mt-6 space-y-4">
              <input type="hidden" name="date" value={selected} />
              <input type="hidden" name="enhanced" value={String(hydrated)} />
              <SlotPicker
                // A new date is a new set of choices: nothing stays checked from the last one.
                key={selected}
                slots={slots}
                dateLabel={dateLabel}
                zoneLabel={zoneLabel}
                hint={dateChosen ? undefined : 'Pick any date in the calendar to see its times.'}
                errorId={error ? 'booking-error' : undefined}
              />
              {error ? (
                <p
                  id="booking-error"
                  role="alert"
                  className="rounded-md border border-destructive/30 bg-destructive-soft p-3 text-sm text-destructive"
                >
                  {error}
                </p>
              ) : null}
              <SubmitButton
                className="w-full"
                size="lg"
                pending={pending || Boolean(redirectTo)}
                pendingText="Processing..."
              >
                {service.price === 0 ? 'Book Free Session' : `Book & Pay $${service.price.toFixed(2)} CAD`}
              </SubmitButton>
              <p className="text-center text-xs text-muted-foreground">
                {service.price === 0 ? CANCELLATION_POLICY : PAID_CANCELLATION_POLICY}
              </p>
            </Form>
          </Card>
        </aside>
      </div>
      <Toaster toast={actionData?.toast} />
    </div>
  )
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <NotFound
            title={SERVICE_NOT_FOUND}
            hint="The service you're looking for doesn't exist or has been removed."
            back={{ to: '/services', label: 'Browse Services' }}
          />
        ),
      }}
    />
  )
}
