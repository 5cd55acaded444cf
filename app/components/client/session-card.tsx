import { AcceptNewTimeForm } from '~/components/booking/accept-new-time-form'
import { JoinSessionLink } from '~/components/booking/join-session-link'
import { IntakePrompt } from '~/components/intake/intake-prompt'
import { Badge } from '~/components/ui/badge'
import { buttonClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { formatDate, formatTime, zoneAbbreviation } from '~/lib/dates'
import { centsToDollars, formatPrice } from '~/lib/money'
import {
  awaitingPaymentNotice,
  BOOK_AGAIN,
  bookAgainHref,
  HOLD_EXPIRED,
  HOLD_LAPSED,
  JOIN_LINK_LATER,
} from '~/models/booking/booking'
import type { ClientSession } from '~/models/booking/client-sessions.server'
import { MISSED_SESSION } from '~/models/booking/no-show'
import { PAID_WITH_PACKAGE } from '~/models/packages/package'

/** A session as the client's dashboard lists it: the booking and what the client may do now. */
export type { ClientSession }

const STATUS_TONE = {
  pending: 'warning',
  confirmed: 'success',
  completed: 'secondary',
  cancelled: 'destructive',
} as const

/** One session: what, with whom, when, and its actions (pay, join, add to calendar, details, cancel). */
export function SessionCard({ session: s, timeZone }: { session: ClientSession; timeZone: string }) {
  return (
    <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="space-y-1">
        <div className="flex items-center gap-2">
          <h3 className="font-semibold">{s.service.name}</h3>
          {s.clientNoShowAt ? (
            <Badge tone="warning">missed</Badge>
          ) : (
            <Badge tone={STATUS_TONE[s.status]}>{s.status}</Badge>
          )}
        </div>
        {/* Each line one string: React separates every interpolated part with a marker. */}
        <p className="text-sm text-muted-foreground">
          {`with ${s.practitioner ? `${s.practitioner.firstName} ${s.practitioner.lastName}` : 'a former practitioner'}`}
        </p>
        <p className="text-sm">
          {`${formatDate(s.startTime, timeZone)} · ${formatTime(s.startTime, timeZone)} – ${formatTime(s.endTime, timeZone)} ` +
            `${zoneAbbreviation(s.startTime, timeZone)} · ${s.service.duration} minutes · ${s.packageHoldingId === null ? formatPrice(centsToDollars(s.totalAmountCents)) : PAID_WITH_PACKAGE}`}
        </p>
        {s.awaitingPayment && s.holdExpiresAt ? (
          <p className="text-sm font-medium">
            {awaitingPaymentNotice(
              `${formatTime(s.holdExpiresAt, timeZone)} ${zoneAbbreviation(s.holdExpiresAt, timeZone)}`,
            )}
          </p>
        ) : null}
        {s.holdLapsed ? <p className="text-sm font-medium">{`${HOLD_EXPIRED}. ${HOLD_LAPSED}`}</p> : null}
        {s.cancellationReason === 'practitioner' ? (
          <p className="text-sm">{`Cancelled by your practitioner: ${s.cancellationNote ?? ''}`}</p>
        ) : null}
        {/* A package session's return shows in My Packages: no money moved on the booking itself. */}
        {s.status === 'cancelled' && s.packageHoldingId === null ? (
          <p className="text-sm font-medium">
            {s.refundedAmountCents > 0
              ? `Refunded ${formatPrice(centsToDollars(s.refundedAmountCents))}`
              : s.isPaid
                ? 'Not refunded'
                : 'Nothing was charged'}
          </p>
        ) : null}
        {s.movedByPractitionerAt ? (
          <p className="text-sm font-medium">Your practitioner moved this session: accept the new time or cancel it.</p>
        ) : null}
        {s.clientNoShowAt ? <p className="text-sm">{MISSED_SESSION}</p> : null}
        <IntakePrompt bookingId={s.id} state={s.intake} serviceName={s.service.name} />
        {s.notes ? <p className="text-sm text-muted-foreground">{s.notes}</p> : null}
      </div>
      <div className="flex flex-col items-start gap-2 sm:items-end">
        {s.movedByPractitionerAt ? <AcceptNewTimeForm bookingId={s.id} serviceName={s.service.name} /> : null}
        {s.awaitingPayment ? (
          <Link to={`/checkout?bookingId=${s.id}`} className={buttonClass({ size: 'sm' })}>
            Complete Payment
          </Link>
        ) : null}
        {s.holdLapsed ? (
          <Link
            to={bookAgainHref(s)}
            className={buttonClass({ size: 'sm' })}
            aria-label={`${BOOK_AGAIN}: ${s.service.name}`}
          >
            {BOOK_AGAIN}
          </Link>
        ) : null}
        {s.canJoin && s.joinUrl ? (
          <JoinSessionLink href={s.joinUrl} label={`Join Session: ${s.service.name}`} />
        ) : s.status === 'confirmed' && s.upcoming ? (
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
        <Link
          to={`/bookings/${s.id}`}
          className={buttonClass({ size: 'sm', variant: 'ghost' })}
          aria-label={`Details: ${s.service.name}`}
        >
          Details
        </Link>
        {s.canReschedule ? (
          <Link
            to={`/bookings/${s.id}/reschedule`}
            className={buttonClass({ size: 'sm', variant: 'outline' })}
            aria-label={`Reschedule: ${s.service.name}`}
          >
            Reschedule
          </Link>
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
