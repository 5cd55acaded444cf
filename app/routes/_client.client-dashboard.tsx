import { Form, Link, useLoaderData } from '@remix-run/react'
import { SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { StatCard } from '~/components/stat-card'
import { Badge } from '~/components/ui/badge'
import { ButtonLink, buttonClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { UrlDialog } from '~/components/ui/url-dialog'
import { formatDate, formatTime, zoneAbbreviation } from '~/lib/dates'
import { AppError } from '~/lib/errors'
import { readForm } from '~/lib/form-data.server'
import { refuseWithRedirect } from '~/lib/forms.server'
import { centsToDollars, formatPrice } from '~/lib/money'
import { idFromParam } from '~/lib/route-params'
import { redirectWithToast } from '~/lib/toast.server'
import { requireUser } from '~/models/accounts/auth.server'
import { CANCELLATION_POLICY, JOIN_LINK_LATER, PAID_CANCELLATION_POLICY } from '~/models/booking/booking'
import {
  BOOKING_NOT_FOUND,
  cancelBooking,
  getClientSessions,
  previewCancellation,
  REFUND_FAILED,
} from '~/models/booking/booking.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

const PAGE = '/client-dashboard'
const CANCEL_INTENT = 'cancel'

export const meta: MetaFunction = () => [{ title: 'My Sessions — Solace' }]

/** `?payment=` comes back from the payment page; its toast shows once, on a clean address. */
const PAYMENT_TOASTS = {
  success: { type: 'success', title: 'Payment successful!' },
  cancelled: { type: 'info', title: 'Payment cancelled' },
} as const

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const params = new URL(request.url).searchParams
  const payment = params.get('payment')
  if (payment === 'success' || payment === 'cancelled') throw await redirectWithToast(PAGE, PAYMENT_TOASTS[payment])

  const { sessions, counts } = getClientSessions(user)
  // `?cancel=<id>` opens the confirmation (a URL, so it works without JavaScript) with the
  // refund cancelling would give; an id that is not one of this client's cancellable sessions
  // leaves it closed.
  const cancelId = idFromParam(params.get('cancel') ?? undefined)
  const cancelling = sessions.some((s) => s.id === cancelId && s.canCancel)
    ? previewCancellation(user, cancelId!)
    : null
  return {
    firstName: user.firstName,
    timeZone: user.timeZone,
    sessions,
    counts,
    cancelling: cancelling && {
      ...cancelling,
      paid: centsToDollars(cancelling.paidCents),
      refund: centsToDollars(cancelling.refundCents),
    },
  }
}

/** Cancels one of the client's sessions; the answer is a toast on the dashboard either way. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const formData = await readForm(request)
  if (formData.get('intent') !== CANCEL_INTENT) throw new Response('Unknown form', { status: 400 })
  try {
    const bookingId = idFromParam(String(formData.get('bookingId') ?? ''))
    if (bookingId === null) throw new AppError(BOOKING_NOT_FOUND, 404)
    const { refundAmount } = await cancelBooking(user, bookingId)
    const refunded = refundAmount > 0 ? ` ${formatPrice(refundAmount)} is being refunded to your card.` : ''
    return redirectWithToast(PAGE, {
      type: 'success',
      title: 'Booking Cancelled',
      description: `Your booking has been successfully cancelled.${refunded}`,
    })
  } catch (error) {
    return refuseWithRedirect(PAGE, error, 'Cancellation Failed', REFUND_FAILED)
  }
}

const STATUS_TONE = {
  pending: 'warning',
  confirmed: 'success',
  completed: 'secondary',
  cancelled: 'destructive',
} as const

export default function ClientDashboard() {
  const { firstName, timeZone, sessions, counts, cancelling } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Welcome, {firstName}</h1>
        <p className="text-muted-foreground">Your sessions at a glance.</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Total Sessions" value={counts.total} />
        <StatCard label="Upcoming Sessions" value={counts.upcoming} />
        <StatCard label="Completed Sessions" value={counts.completed} />
      </div>
      <section aria-labelledby="my-sessions" className="space-y-4">
        <h2 id="my-sessions" className="text-xl font-semibold">
          My Sessions
        </h2>
        {sessions.length === 0 ? (
          <Card className="p-10 text-center">
            <p className="text-lg font-medium">No sessions yet</p>
            <p className="mt-1 text-sm text-muted-foreground">Find a practitioner and book your first session.</p>
            <ButtonLink to="/services" className="mt-4">
              Browse Services
            </ButtonLink>
          </Card>
        ) : (
          <ul className="space-y-3">
            {sessions.map((s) => (
              <li key={s.id}>
                <SessionCard session={s} timeZone={timeZone} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <CancelDialog booking={cancelling} timeZone={timeZone} />
    </div>
  )
}

type Session = ReturnType<typeof useLoaderData<typeof loader>>['sessions'][number]

function SessionCard({ session: s, timeZone }: { session: Session; timeZone: string }) {
  return (
    <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="space-y-1">
        <div className="flex items-center gap-2">
          <h3 className="font-semibold">{s.service.name}</h3>
          <Badge tone={STATUS_TONE[s.status]}>{s.status}</Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          with {s.practitioner ? `${s.practitioner.firstName} ${s.practitioner.lastName}` : 'a former practitioner'}
        </p>
        <p className="text-sm">
          {formatDate(s.startTime, timeZone)} · {formatTime(s.startTime, timeZone)} – {formatTime(s.endTime, timeZone)}{' '}
          {zoneAbbreviation(s.startTime, timeZone)} · {s.service.duration} minutes · {formatPrice(s.totalAmount)}
        </p>
        {s.awaitingPayment && s.holdExpiresAt ? (
          <p className="text-sm font-medium">
            Awaiting payment: this time is held for you until {formatTime(s.holdExpiresAt, timeZone)}{' '}
            {zoneAbbreviation(s.holdExpiresAt, timeZone)}.
          </p>
        ) : null}
        {s.notes ? <p className="text-sm text-muted-foreground">{s.notes}</p> : null}
      </div>
      <div className="flex flex-col items-start gap-2 sm:items-end">
        {s.awaitingPayment ? (
          <Link to={`/checkout?bookingId=${s.id}`} className={buttonClass({ size: 'sm' })}>
            Complete Payment
          </Link>
        ) : null}
        {s.canJoin && s.service.meetingLink ? (
          <>
            <a href={s.service.meetingLink} target="_blank" rel="noreferrer" className={buttonClass({ size: 'sm' })}>
              Join Session
            </a>
            <span className="text-xs break-all text-muted-foreground">{s.service.meetingLink}</span>
          </>
        ) : s.status === 'confirmed' && s.upcoming && s.service.meetingLink ? (
          <span className="text-xs text-muted-foreground">{JOIN_LINK_LATER}</span>
        ) : null}
        {s.status === 'confirmed' && s.upcoming ? (
          <a
            href={`/bookings/${s.id}/calendar.ics`}
            download
            className={buttonClass({ size: 'sm', variant: 'ghost' })}
            aria-label={`Add to calendar: ${s.service.name}`}
          >
            Add to calendar
          </a>
        ) : null}
        {s.canCancel ? (
          <Link
            to={`?cancel=${s.id}`}
            preventScrollReset
            className={buttonClass({ size: 'sm', variant: 'outline' })}
            aria-label={`Cancel Session: ${s.service.name}`}
          >
            Cancel Session
          </Link>
        ) : null}
      </div>
    </Card>
  )
}

/**
 * What cancelling gives back, said before the client confirms
 * (docs/decisions/007-refunds-and-cancellation-policy.md).
 */
function refundText(booking: { isPaid: boolean; paid: number; refund: number }) {
  if (!booking.isPaid) return `Nothing has been charged for this session. ${CANCELLATION_POLICY}`
  if (booking.refund > 0) return `You will be refunded ${formatPrice(booking.refund)} in full.`
  return `This session starts in less than 24 hours, so the ${formatPrice(booking.paid)} paid will not be refunded.`
}

function CancelDialog({
  booking,
  timeZone,
}: {
  booking: { id: number; serviceName: string; startTime: string; isPaid: boolean; paid: number; refund: number } | null
  timeZone: string
}) {
  const action = booking ? `${PAGE}?cancel=${booking.id}` : undefined
  const pending = useIsSubmitting(action)
  return (
    <UrlDialog
      open={Boolean(booking)}
      closeTo={PAGE}
      title="Cancel Session"
      description={
        <>
          <p>Are you sure you want to cancel this booking?</p>
          {booking ? (
            <>
              <p className="mt-1 font-medium text-foreground">
                {booking.serviceName}, {formatDate(booking.startTime, timeZone)} at{' '}
                {formatTime(booking.startTime, timeZone)} {zoneAbbreviation(booking.startTime, timeZone)}
              </p>
              <p className="mt-2 font-medium text-foreground" data-testid="refund-preview">
                {refundText(booking)}
              </p>
              {booking.isPaid ? <p className="mt-1">{PAID_CANCELLATION_POLICY}</p> : null}
            </>
          ) : null}
        </>
      }
    >
      {booking ? (
        <Form method="post" action={action} className="flex justify-end gap-2">
          <input type="hidden" name="intent" value={CANCEL_INTENT} />
          <input type="hidden" name="bookingId" value={booking.id} />
          <Link to={PAGE} replace preventScrollReset className={buttonClass({ variant: 'outline' })}>
            Keep Session
          </Link>
          <SubmitButton variant="destructive" pending={pending} pendingText="Cancelling...">
            Cancel Booking
          </SubmitButton>
        </Form>
      ) : null}
    </UrlDialog>
  )
}
