import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { JoinSessionLink } from '~/components/booking/join-session-link'
import { useFormats } from '~/components/i18n/use-formats'
import { Badge } from '~/components/ui/badge'
import { Button, ButtonLink } from '~/components/ui/button'
import { inboxPath } from '~/models/messaging/inbox'
import type { DashboardSession } from '~/models/practice/dashboard.server'
import { CHART_PATH, OPEN_CHART_INTENT } from '~/models/records/chart-links'
import { shownClientName } from './client-name'

/** The dashboard's form that reminds a client to complete a session's intake form. */
export const INTAKE_REMINDER_INTENT = 'intake-reminder'

/** Paid, Unpaid (a paid service not paid yet), or Free (nothing to pay). */
function PaymentBadge({ session }: { session: DashboardSession }) {
  const { t } = useTranslation('practice')
  if (session.isPaid) return <Badge tone="success">{t('sessions.paid')}</Badge>
  if (session.isFree) return <Badge tone="secondary">{t('sessions.free')}</Badge>
  return <Badge tone="warning">{t('sessions.unpaid')}</Badge>
}

/**
 * One upcoming session on the practitioner's dashboard, with what they may do with it: join its
 * room while open, message the client, open their chart, move it, or call it off (`hrefFor`
 * gives the dashboard's address with the dialog's parameter).
 */
export function UpcomingSessionRow({
  session,
  timeZone,
  hrefFor,
}: {
  session: DashboardSession
  timeZone: string
  hrefFor: (extra: string) => string
}) {
  const { t } = useTranslation('practice')
  const formats = useFormats()
  const name = shownClientName(t, session.clientName)
  return (
    // The booking's own address in emails and calendar feeds (`sessionPageUrl`) lands on this row.
    <li id={`booking-${session.id}`} className="flex scroll-mt-20 flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium">{session.serviceName}</p>
        <p className="text-sm text-muted-foreground">{t('sessions.withClient', { name })}</p>
        <p className="text-sm text-muted-foreground">
          <time dateTime={session.startTime}>
            {formats.date(session.startTime, timeZone)}, {formats.time(session.startTime, timeZone)} –{' '}
            {formats.time(session.endTime, timeZone)} {formats.zone(session.startTime, timeZone)}
          </time>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="outline">{t(`sessions.statuses.${session.status}`)}</Badge>
        <PaymentBadge session={session} />
        {session.awaitingClient ? <Badge tone="warning">{t('sessions.newTimeSent')}</Badge> : null}
        {session.intake ? (
          <Badge tone={session.intake === 'sent' ? 'success' : 'outline'}>
            {session.intake === 'sent' ? t('sessions.intakeCompleted') : t('sessions.intakeWaiting')}
          </Badge>
        ) : null}
        {session.intake === 'waiting' && session.canCancel ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value={INTAKE_REMINDER_INTENT} />
            <input type="hidden" name="bookingId" value={session.id} />
            <Button type="submit" variant="outline" size="sm" aria-label={t('sessions.remindLabel', { name })}>
              {t('sessions.remind')}
            </Button>
          </Form>
        ) : null}
        {session.joinUrl ? <JoinSessionLink href={session.joinUrl} label={t('sessions.joinLabel', { name })} /> : null}
        {session.clientId === null ? null : (
          <ButtonLink
            to={inboxPath({ isPractitioner: true }, session.clientId)}
            variant="outline"
            size="sm"
            aria-label={t('sessions.messageLabel', { name })}
          >
            {t('sessions.message')}
          </ButtonLink>
        )}
        {session.clientId === null ? null : (
          <Form method="post" action={CHART_PATH}>
            <input type="hidden" name="intent" value={OPEN_CHART_INTENT} />
            <input type="hidden" name="bookingId" value={session.id} />
            <Button type="submit" variant="outline" size="sm" aria-label={t('sessions.openChartLabel', { name })}>
              {t('sessions.openChart')}
            </Button>
          </Form>
        )}
        {session.canCancel ? (
          <ButtonLink
            to={`/practitioner/bookings/${session.id}/reschedule`}
            variant="outline"
            size="sm"
            aria-label={t('sessions.rescheduleLabel', { name })}
          >
            {t('sessions.reschedule')}
          </ButtonLink>
        ) : null}
        {session.canCancel ? (
          <ButtonLink
            to={hrefFor(`cancel=${session.id}`)}
            preventScrollReset
            variant="outline"
            size="sm"
            aria-label={t('sessions.cancelLabel', { name })}
          >
            {t('sessions.cancel')}
          </ButtonLink>
        ) : null}
      </div>
    </li>
  )
}
