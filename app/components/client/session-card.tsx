import { AcceptNewTimeForm } from '~/components/booking/accept-new-time-form'
import { JoinSessionLink } from '~/components/booking/join-session-link'
import { useBookingWords } from '~/components/booking/use-booking-words'
import { useFormats } from '~/components/i18n/use-formats'
import { IntakePrompt } from '~/components/intake/intake-prompt'
import { Badge } from '~/components/ui/badge'
import { buttonClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
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
  const { t, say } = useBookingWords()
  const f = useFormats()
  const service = s.service.name
  const zone = f.zone(s.startTime, timeZone)
  return (
    <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="space-y-1">
        <div className="flex items-center gap-2">
          <h3 className="font-semibold">{service}</h3>
          {s.clientNoShowAt ? (
            <Badge tone="warning">{t('card.status.missed')}</Badge>
          ) : (
            <Badge tone={STATUS_TONE[s.status]}>{t(`card.status.${s.status}`)}</Badge>
          )}
        </div>
        {/* Each line one string: React separates every interpolated part with a marker. */}
        <p className="text-sm text-muted-foreground">
          {s.practitioner
            ? t('card.with', { name: `${s.practitioner.firstName} ${s.practitioner.lastName}` })
            : t('card.withFormerPractitioner')}
        </p>
        <p className="text-sm">
          {t('card.when', {
            date: f.date(s.startTime, timeZone),
            start: f.time(s.startTime, timeZone),
            end: f.time(s.endTime, timeZone),
            zone,
            minutes: s.service.duration,
            price: s.packageHoldingId === null ? f.priceCents(s.totalAmountCents) : say(PAID_WITH_PACKAGE),
          })}
        </p>
        {s.awaitingPayment && s.holdExpiresAt ? (
          <p className="text-sm font-medium">
            {say(awaitingPaymentNotice(`${f.time(s.holdExpiresAt, timeZone)} ${f.zone(s.holdExpiresAt, timeZone)}`))}
          </p>
        ) : null}
        {s.holdLapsed ? (
          <p className="text-sm font-medium">
            {t('card.holdLapsed', { expired: say(HOLD_EXPIRED), lapsed: say(HOLD_LAPSED) })}
          </p>
        ) : null}
        {s.cancellationReason === 'practitioner' ? (
          <p className="text-sm">{t('card.cancelledByPractitioner', { reason: s.cancellationNote ?? '' })}</p>
        ) : null}
        {/* A package session's return shows in My Packages: no money moved on the booking itself. */}
        {s.status === 'cancelled' && s.packageHoldingId === null ? (
          <p className="text-sm font-medium">
            {s.refundedAmountCents > 0
              ? t('card.refunded', { amount: f.priceCents(s.refundedAmountCents) })
              : s.isPaid
                ? t('card.notRefunded')
                : t('card.nothingCharged')}
          </p>
        ) : null}
        {s.movedByPractitionerAt ? <p className="text-sm font-medium">{t('card.moved')}</p> : null}
        {s.clientNoShowAt ? <p className="text-sm">{say(MISSED_SESSION)}</p> : null}
        <IntakePrompt bookingId={s.id} state={s.intake} serviceName={service} />
        {s.notes ? <p className="text-sm text-muted-foreground">{s.notes}</p> : null}
      </div>
      <div className="flex flex-col items-start gap-2 sm:items-end">
        {s.movedByPractitionerAt ? <AcceptNewTimeForm bookingId={s.id} serviceName={service} /> : null}
        {s.awaitingPayment ? (
          <Link to={`/checkout?bookingId=${s.id}`} className={buttonClass({ size: 'sm' })}>
            {t('card.completePayment')}
          </Link>
        ) : null}
        {s.holdLapsed ? (
          <Link
            to={bookAgainHref(s)}
            className={buttonClass({ size: 'sm' })}
            aria-label={t('card.actionOf', { action: say(BOOK_AGAIN), service })}
          >
            {say(BOOK_AGAIN)}
          </Link>
        ) : null}
        {s.canJoin && s.joinUrl ? (
          <JoinSessionLink href={s.joinUrl} label={t('card.actionOf', { action: t('join.label'), service })} />
        ) : s.status === 'confirmed' && s.upcoming ? (
          <span className="text-xs text-muted-foreground">{say(JOIN_LINK_LATER)}</span>
        ) : null}
        {s.status === 'confirmed' && s.upcoming ? (
          <a
            href={`/bookings/${s.id}/calendar.ics`}
            download
            className={buttonClass({ size: 'sm', variant: 'ghost' })}
            aria-label={t('card.actionOf', { action: t('card.addToCalendar'), service })}
          >
            {t('card.addToCalendar')}
          </a>
        ) : null}
        <Link
          to={`/bookings/${s.id}`}
          className={buttonClass({ size: 'sm', variant: 'ghost' })}
          aria-label={t('card.actionOf', { action: t('card.details'), service })}
        >
          {t('card.details')}
        </Link>
        {s.canReschedule ? (
          <Link
            to={`/bookings/${s.id}/reschedule`}
            className={buttonClass({ size: 'sm', variant: 'outline' })}
            aria-label={t('card.actionOf', { action: t('card.reschedule'), service })}
          >
            {t('card.reschedule')}
          </Link>
        ) : null}
        {s.canCancel ? (
          <Link
            to={`?cancel=${s.id}`}
            preventScrollReset
            className={buttonClass({ size: 'sm', variant: 'outline' })}
            aria-label={t('card.actionOf', { action: t('card.cancelSession'), service })}
          >
            {t('card.cancelSession')}
          </Link>
        ) : null}
      </div>
    </Card>
  )
}
