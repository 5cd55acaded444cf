import { Form } from '@remix-run/react'
import { JoinSessionLink } from '~/components/booking/join-session-link'
import { Badge } from '~/components/ui/badge'
import { Button, ButtonLink } from '~/components/ui/button'
import { formatDate, formatTime, zoneAbbreviation } from '~/lib/dates'
import { inboxPath } from '~/models/messaging/inbox'
import type { DashboardSession } from '~/models/practice/dashboard.server'
import { CHART_PATH, OPEN_CHART_INTENT } from '~/models/records/chart-links'

/** The dashboard's form that reminds a client to complete a session's intake form. */
export const INTAKE_REMINDER_INTENT = 'intake-reminder'

/** Paid, Unpaid (a paid service not paid yet), or Free (nothing to pay). */
function PaymentBadge({ session }: { session: DashboardSession }) {
  if (session.isPaid) return <Badge tone="success">Paid</Badge>
  if (session.isFree) return <Badge tone="secondary">Free</Badge>
  return <Badge tone="warning">Unpaid</Badge>
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
  return (
    // The booking's own address in emails and calendar feeds (`sessionPageUrl`) lands on this row.
    <li id={`booking-${session.id}`} className="flex scroll-mt-20 flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium">{session.serviceName}</p>
        <p className="text-sm text-muted-foreground">with {session.clientName}</p>
        <p className="text-sm text-muted-foreground">
          <time dateTime={session.startTime}>
            {formatDate(session.startTime, timeZone)}, {formatTime(session.startTime, timeZone)} –{' '}
            {formatTime(session.endTime, timeZone)} {zoneAbbreviation(session.startTime, timeZone)}
          </time>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="outline">{session.status}</Badge>
        <PaymentBadge session={session} />
        {session.awaitingClient ? <Badge tone="warning">New time sent</Badge> : null}
        {session.intake ? (
          <Badge tone={session.intake === 'sent' ? 'success' : 'outline'}>
            {session.intake === 'sent' ? 'Intake: completed' : 'Intake: waiting'}
          </Badge>
        ) : null}
        {session.intake === 'waiting' && session.canCancel ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value={INTAKE_REMINDER_INTENT} />
            <input type="hidden" name="bookingId" value={session.id} />
            <Button
              type="submit"
              variant="outline"
              size="sm"
              aria-label={`Remind ${session.clientName} to complete the intake form`}
            >
              Send Intake Reminder
            </Button>
          </Form>
        ) : null}
        {session.joinUrl ? (
          <JoinSessionLink href={session.joinUrl} label={`Join session with ${session.clientName}`} />
        ) : null}
        {session.clientId === null ? null : (
          <ButtonLink
            to={inboxPath({ isPractitioner: true }, session.clientId)}
            variant="outline"
            size="sm"
            aria-label={`Message ${session.clientName}`}
          >
            Message
          </ButtonLink>
        )}
        {session.clientId === null ? null : (
          <Form method="post" action={CHART_PATH}>
            <input type="hidden" name="intent" value={OPEN_CHART_INTENT} />
            <input type="hidden" name="bookingId" value={session.id} />
            <Button type="submit" variant="outline" size="sm" aria-label={`Open chart of ${session.clientName}`}>
              Open chart
            </Button>
          </Form>
        )}
        {session.canCancel ? (
          <ButtonLink
            to={`/practitioner/bookings/${session.id}/reschedule`}
            variant="outline"
            size="sm"
            aria-label={`Reschedule session with ${session.clientName}`}
          >
            Reschedule
          </ButtonLink>
        ) : null}
        {session.canCancel ? (
          <ButtonLink
            to={hrefFor(`cancel=${session.id}`)}
            preventScrollReset
            variant="outline"
            size="sm"
            aria-label={`Cancel session with ${session.clientName}`}
          >
            Cancel
          </ButtonLink>
        ) : null}
      </div>
    </li>
  )
}
