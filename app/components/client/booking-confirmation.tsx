import { Trans, useTranslation } from 'react-i18next'
import { JoinSessionLink } from '~/components/booking/join-session-link'
import { useBookingWords } from '~/components/booking/use-booking-words'
import { AfterSession } from '~/components/client/after-session'
import { HoldExpiredNotice } from '~/components/client/hold-expired-notice'
import { MovedNotice } from '~/components/client/moved-notice'
import { NoShowReport } from '~/components/client/no-show-report'
import { useLanguage } from '~/components/i18n/use-formats'
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
  /** The policy as it stands for this booking now (a catalogue message). */
  refundPolicy: string | null
  calendar: { ics: string; google: string } | null
  messageHref: string | null
  /** The no-show report's last refusal (what was typed, and why), if any. */
  reportResult?: SubmissionResult<string[]> | null
}

/** Where the booking stands, in words (catalogue messages): its badge and the page's heading. */
function stateOf(b: BookingConfirmation) {
  const m = (key: string) => `booking:confirmation.${key}`
  // Marked as soon as it ended, a session may still be 'confirmed' until the sweeper completes it.
  if (b.clientNoShowAt) return { label: m('state.missed'), tone: 'warning', heading: m('heading.missed') } as const
  if (b.status === 'confirmed')
    return { label: m('state.confirmed'), tone: 'success', heading: m('heading.confirmed') } as const
  if (b.status === 'completed')
    return { label: m('state.completed'), tone: 'secondary', heading: m('heading.completed') } as const
  if (b.status === 'cancelled') {
    return {
      label: m('state.cancelled'),
      tone: 'destructive',
      heading: b.holdLapsed
        ? HOLD_EXPIRED
        : b.cancellationReason === 'practitioner'
          ? m('heading.cancelledByPractitioner')
          : m('heading.cancelled'),
    } as const
  }
  return b.awaitingPayment
    ? ({ label: m('state.awaitingPayment'), tone: 'warning', heading: m('heading.awaitingPayment') } as const)
    : ({
        label: m('state.notPaid'),
        tone: 'destructive',
        heading: b.holdLapsed ? HOLD_EXPIRED : m('heading.notPaid'),
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

/** The confirmation page of one booking: what, when, with whom, the price, the policy, and what comes next. */
export function BookingConfirmationView(props: Props) {
  const { booking: b, when, holdUntil, email, refundPolicy, calendar, messageHref, reportResult } = props
  const { t, say } = useBookingWords()
  const { t: billingT } = useTranslation('billing')
  const language = useLanguage()
  const state = stateOf(b)
  const label = say(state.label)
  const p = b.practitioner
  const ahead = b.status === 'confirmed' && b.upcoming
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <header className="space-y-2">
        <Badge tone={state.tone}>{label}</Badge>
        <h1 className="text-2xl font-bold tracking-tight">{say(state.heading)}</h1>
        <p className="text-muted-foreground">
          {p
            ? t('confirmation.serviceWith', { service: b.service.name, name: `${p.firstName} ${p.lastName}` })
            : b.service.name}
        </p>
      </header>

      {holdUntil ? (
        <Card className="space-y-3 border-accent p-5">
          <p className="font-medium">{say(awaitingPaymentNotice(holdUntil))}</p>
          <ButtonLink to={`/checkout?bookingId=${b.id}`}>{t('card.completePayment')}</ButtonLink>
        </Card>
      ) : null}

      {b.holdLapsed ? <HoldExpiredNotice bookAgainHref={bookAgainHref(b)} /> : null}

      {b.movedByPractitionerAt ? (
        <MovedNotice
          bookingId={b.id}
          serviceName={b.service.name}
          when={when}
          message={b.moveMessage}
          practitionerName={p ? `${p.firstName} ${p.lastName}` : t('confirmation.yourPractitioner')}
        />
      ) : null}

      {b.canJoin && b.joinUrl ? (
        <Card
          className="flex flex-wrap items-center justify-between gap-3 border-primary p-5"
          role="region"
          aria-label={t('confirmation.room.label')}
        >
          <p className="font-medium">{t('confirmation.room.open')}</p>
          <JoinSessionLink href={b.joinUrl} />
        </Card>
      ) : null}

      {b.intake ? (
        <Card className="p-5" role="region" aria-label={t('confirmation.intakeLabel')}>
          <IntakePrompt bookingId={b.id} state={b.intake} serviceName={b.service.name} />
        </Card>
      ) : null}

      <AfterSession booking={b} reportResult={reportResult ?? null} />

      {b.cancellationReason === 'practitioner' ? (
        <Card className="space-y-3 p-5">
          <p>{t('confirmation.theirReason', { reason: b.cancellationNote ?? '' })}</p>
          <ButtonLink to={bookAgainHref(b)}>{say(BOOK_AGAIN)}</ButtonLink>
        </Card>
      ) : null}

      <Card className="p-5">
        <h2 className="sr-only">{t('confirmation.details')}</h2>
        <dl className="space-y-4">
          <Row label={t('confirmation.what')}>
            <span className="font-semibold">{b.service.name}</span>
            <span className="block text-sm text-muted-foreground">
              {t('confirmation.videoSession', { minutes: b.service.duration })}
            </span>
          </Row>
          <Row label={t('confirmation.when')}>
            <span className="font-semibold">{when.date}</span>
            <span className="block">{when.time}</span>
          </Row>
          <Row label={t('confirmation.with')}>
            {p ? (
              <Link
                to={`/practitioners/${p.id}`}
                className="flex items-center gap-3 rounded-md hover:bg-muted/50"
                aria-label={t('confirmation.profileOf', { name: `${p.firstName} ${p.lastName}` })}
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
              t('confirmation.formerPractitioner')
            )}
          </Row>
          {bookingPriceRows(b, { t: billingT, language }).map((row) => (
            <Row key={row.label} label={say(row.label)}>
              {row.value}
            </Row>
          ))}
          <Row label={t('confirmation.status')}>{label}</Row>
        </dl>
      </Card>

      {refundPolicy ? (
        <section aria-labelledby="refund-policy" className="space-y-2">
          <h2 id="refund-policy" className="text-lg font-semibold">
            {t('confirmation.policyTitle')}
          </h2>
          <p>{say(refundPolicy)}</p>
          <div className="flex flex-wrap gap-4">
            {b.canReschedule ? (
              <Link to={`/bookings/${b.id}/reschedule`} className="text-sm underline">
                {t('confirmation.reschedule')}
              </Link>
            ) : null}
            {b.canCancel ? (
              <Link to={`/client-dashboard?cancel=${b.id}`} className="text-sm underline">
                {t('confirmation.cancel')}
              </Link>
            ) : null}
          </div>
        </section>
      ) : null}

      {calendar ? (
        <section aria-labelledby="add-to-calendar" className="space-y-2">
          <h2 id="add-to-calendar" className="text-lg font-semibold">
            {t('confirmation.calendar.title')}
          </h2>
          <div className="flex flex-wrap gap-2">
            <a href={calendar.ics} download className={buttonClass({ variant: 'outline' })}>
              {t('confirmation.calendar.ics')}
            </a>
            <a href={calendar.google} target="_blank" rel="noreferrer" className={buttonClass({ variant: 'outline' })}>
              {t('confirmation.calendar.google')}
            </a>
          </div>
        </section>
      ) : null}

      {ahead ? (
        <section aria-labelledby="what-next" className="space-y-2">
          <h2 id="what-next" className="text-lg font-semibold">
            {t('confirmation.next.title')}
          </h2>
          <ul className="list-disc space-y-2 pl-5">
            <li className="break-words">
              <Trans t={t} i18nKey="confirmation.next.sent" values={{ email }} components={{ strong: <strong /> }} />
            </li>
            {b.canJoin ? null : <li>{t('confirmation.next.joinLater', { text: say(JOIN_LINK_LATER) })}</li>}
            {messageHref && p ? (
              <li>
                {t('confirmation.next.questions')}{' '}
                <Link to={messageHref} className="underline">
                  {t('confirmation.next.message', { name: p.firstName })}
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
        {t('confirmation.goToSessions')}
      </ButtonLink>
    </div>
  )
}
