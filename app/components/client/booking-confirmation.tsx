import { AcceptNewTimeForm } from '~/components/booking/accept-new-time-form'
import { JoinSessionLink } from '~/components/booking/join-session-link'
import { AfterSession } from '~/components/client/after-session'
import { HoldExpiredNotice } from '~/components/client/hold-expired-notice'
import { NoShowReport } from '~/components/client/no-show-report'
import { IntakePrompt } from '~/components/intake/intake-prompt'
import { PLACEHOLDER_AVATAR } from '~/components/marketplace/service-card'
import { Badge } from '~/components/ui/badge'
import { buttonClass, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { imageUrlFor } from '~/lib/images'
import { bookingPriceRows } from '~/models/billing/price-lines'
import {
  awaitingPaymentNotice,
  BOOK_AGAIN,
  bookAgainHref,
  HOLD_EXPIRED,
  JOIN_LINK_LATER,
} from '~/models/booking/booking'
import type { BookingConfirmation } from '~/models/booking/confirmation.server'
import type { SubmissionResult } from '@conform-to/react'

type Props = {
  booking: BookingConfirmation
  /** The session's date and its times, in the viewer's zone. */
  when: { date: string; time: string }
  /** Until when a booking awaiting payment holds its time, in the viewer's zone. */
  holdUntil: string | null
  email: string
  refundPolicy: string | null
  calendar: { ics: string; google: string } | null
  messageHref: string | null
  /** The no-show report's last refusal (what was typed, and why), if any. */
  reportResult?: SubmissionResult<string[]> | null
}

/** Where the booking stands, in words: its badge and the page's heading. */
function stateOf(b: BookingConfirmation) {
  // Marked as soon as it ended, a session may still be 'confirmed' until the sweeper completes it.
  if (b.clientNoShowAt) return { label: 'Missed', tone: 'warning', heading: 'You missed this session' } as const
  if (b.status === 'confirmed')
    return { label: 'Confirmed', tone: 'success', heading: 'Your session is booked' } as const
  if (b.status === 'completed') return { label: 'Completed', tone: 'secondary', heading: 'Session completed' } as const
  if (b.status === 'cancelled') {
    return {
      label: 'Cancelled',
      tone: 'destructive',
      heading: b.holdLapsed
        ? HOLD_EXPIRED
        : b.cancellationReason === 'practitioner'
          ? 'Your practitioner cancelled this session'
          : 'This booking was cancelled',
    } as const
  }
  return b.awaitingPayment
    ? ({ label: 'Awaiting payment', tone: 'warning', heading: 'Complete your payment to confirm' } as const)
    : ({
        label: 'Not paid',
        tone: 'destructive',
        heading: b.holdLapsed ? HOLD_EXPIRED : 'This booking was not paid',
      } as const)
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[8rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  )
}

/**
 * The practitioner moved the session: the new time, and the client's two answers (accept it, or
 * cancel for a full refund through the dashboard's confirmation).
 */
function MovedNotice({
  bookingId,
  serviceName,
  when,
  message,
  practitionerName,
}: {
  bookingId: number
  serviceName: string
  when: { date: string; time: string }
  message: string | null
  practitionerName: string
}) {
  return (
    <Card className="space-y-3 border-accent p-5" role="region" aria-label="New time">
      <p className="font-medium">{`Your practitioner moved this session to ${when.date}, ${when.time}.`}</p>
      {message ? (
        <figure className="space-y-1">
          <figcaption className="text-sm text-muted-foreground">{`${practitionerName} wrote:`}</figcaption>
          {/* Plain text as typed: React escapes it, and its line breaks stay. */}
          <blockquote className="whitespace-pre-line border-l-4 border-accent pl-3">{message}</blockquote>
        </figure>
      ) : null}
      <p className="text-sm">If the new time does not suit you, you can cancel it for a full refund.</p>
      <div className="flex flex-wrap items-center gap-3">
        <AcceptNewTimeForm bookingId={bookingId} serviceName={serviceName} />
        <Link to={`/client-dashboard?cancel=${bookingId}`} className={buttonClass({ size: 'sm', variant: 'outline' })}>
          Cancel for a Full Refund
        </Link>
      </div>
    </Card>
  )
}

/** The confirmation page of one booking: what, when, with whom, the price, the policy, and what comes next. */
export function BookingConfirmationView(props: Props) {
  const { booking: b, when, holdUntil, email, refundPolicy, calendar, messageHref, reportResult } = props
  const state = stateOf(b)
  const p = b.practitioner
  const ahead = b.status === 'confirmed' && b.upcoming
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <header className="space-y-2">
        <Badge tone={state.tone}>{state.label}</Badge>
        <h1 className="text-2xl font-bold tracking-tight">{state.heading}</h1>
        <p className="text-muted-foreground">
          {b.service.name}
          {p ? ` with ${p.firstName} ${p.lastName}` : ''}
        </p>
      </header>

      {holdUntil ? (
        <Card className="space-y-3 border-accent p-5">
          <p className="font-medium">{awaitingPaymentNotice(holdUntil)}</p>
          <ButtonLink to={`/checkout?bookingId=${b.id}`}>Complete Payment</ButtonLink>
        </Card>
      ) : null}

      {b.holdLapsed ? <HoldExpiredNotice bookAgainHref={bookAgainHref(b)} /> : null}

      {b.movedByPractitionerAt ? (
        <MovedNotice
          bookingId={b.id}
          serviceName={b.service.name}
          when={when}
          message={b.moveMessage}
          practitionerName={p ? `${p.firstName} ${p.lastName}` : 'Your practitioner'}
        />
      ) : null}

      {b.canJoin && b.joinUrl ? (
        <Card
          className="flex flex-wrap items-center justify-between gap-3 border-primary p-5"
          role="region"
          aria-label="Session room"
        >
          <p className="font-medium">Your session room is open.</p>
          <JoinSessionLink href={b.joinUrl} />
        </Card>
      ) : null}

      {b.intake ? (
        <Card className="p-5" role="region" aria-label="Intake form">
          <IntakePrompt bookingId={b.id} state={b.intake} serviceName={b.service.name} />
        </Card>
      ) : null}

      <AfterSession booking={b} reportResult={reportResult ?? null} />

      {b.cancellationReason === 'practitioner' ? (
        <Card className="space-y-3 p-5">
          <p>{`Their reason: ${b.cancellationNote ?? ''}`}</p>
          <ButtonLink to={bookAgainHref(b)}>{BOOK_AGAIN}</ButtonLink>
        </Card>
      ) : null}

      <Card className="p-5">
        <h2 className="sr-only">Booking details</h2>
        <dl className="space-y-4">
          <Row label="What">
            <span className="font-semibold">{b.service.name}</span>
            <span className="block text-sm text-muted-foreground">{b.service.duration}-minute video session</span>
          </Row>
          <Row label="When">
            <span className="font-semibold">{when.date}</span>
            <span className="block">{when.time}</span>
          </Row>
          <Row label="With">
            {p ? (
              <Link
                to={`/practitioners/${p.id}`}
                className="flex items-center gap-3 rounded-md hover:bg-muted/50"
                aria-label={`${p.firstName} ${p.lastName}'s profile`}
              >
                <img
                  src={imageUrlFor(p.profileImageUrl, 96) ?? PLACEHOLDER_AVATAR}
                  alt=""
                  width={48}
                  height={48}
                  className="size-12 shrink-0 rounded-full bg-muted object-cover"
                />
                <span className="min-w-0">
                  <span className="block font-semibold underline">
                    {p.firstName} {p.lastName}
                  </span>
                  {p.title ? <span className="block text-sm text-muted-foreground">{p.title}</span> : null}
                </span>
              </Link>
            ) : (
              'a former practitioner'
            )}
          </Row>
          {bookingPriceRows(b).map((row) => (
            <Row key={row.label} label={row.label}>
              {row.value}
            </Row>
          ))}
          <Row label="Status">{state.label}</Row>
        </dl>
      </Card>

      {refundPolicy ? (
        <section aria-labelledby="refund-policy" className="space-y-2">
          <h2 id="refund-policy" className="text-lg font-semibold">
            Cancellation policy
          </h2>
          <p>{refundPolicy}</p>
          <div className="flex flex-wrap gap-4">
            {b.canReschedule ? (
              <Link to={`/bookings/${b.id}/reschedule`} className="text-sm underline">
                Reschedule this session
              </Link>
            ) : null}
            {b.canCancel ? (
              <Link to={`/client-dashboard?cancel=${b.id}`} className="text-sm underline">
                Cancel this session
              </Link>
            ) : null}
          </div>
        </section>
      ) : null}

      {calendar ? (
        <section aria-labelledby="add-to-calendar" className="space-y-2">
          <h2 id="add-to-calendar" className="text-lg font-semibold">
            Add to calendar
          </h2>
          <div className="flex flex-wrap gap-2">
            <a href={calendar.ics} download className={buttonClass({ variant: 'outline' })}>
              Add to calendar (.ics)
            </a>
            <a href={calendar.google} target="_blank" rel="noreferrer" className={buttonClass({ variant: 'outline' })}>
              Google Calendar
            </a>
          </div>
        </section>
      ) : null}

      {ahead ? (
        <section aria-labelledby="what-next" className="space-y-2">
          <h2 id="what-next" className="text-lg font-semibold">
            What happens next
          </h2>
          <ul className="list-disc space-y-2 pl-5">
            <li className="break-words">
              We sent a confirmation with a calendar invitation to <strong>{email}</strong>.
            </li>
            {b.canJoin ? null : <li>{JOIN_LINK_LATER} It is on your dashboard too.</li>}
            {messageHref && p ? (
              <li>
                Questions before the session?{' '}
                <Link to={messageHref} className="underline">
                  Message {p.firstName}
                </Link>
              </li>
            ) : null}
          </ul>
        </section>
      ) : null}

      <NoShowReport
        bookingId={b.id}
        canReport={b.canReportNoShow}
        reported={b.practitionerNoShowReportedAt !== null}
        lastResult={reportResult ?? null}
      />

      <ButtonLink to="/client-dashboard" variant={b.awaitingPayment || b.holdLapsed ? 'outline' : 'primary'}>
        Go to My Sessions
      </ButtonLink>
    </div>
  )
}
