import { Form } from '@remix-run/react'
import { SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { Badge } from '~/components/ui/badge'
import { Button, buttonClass, ButtonLink } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { UrlDialog } from '~/components/ui/url-dialog'
import { formatDate, formatTime, zoneAbbreviation } from '~/lib/dates'
import { CLIENT_NO_SHOW_INTENT } from '~/models/booking/no-show'
import type { AttendedStay, RecentSession } from '~/models/practice/dashboard.server'
import { CHART_PATH, OPEN_CHART_INTENT, OPEN_CHART_NEW_NOTE, OPEN_CHART_THEN } from '~/models/records/chart-links'
import { ROOM_TEXT } from '~/models/sessions/room'

function when(session: RecentSession, timeZone: string) {
  return (
    `${formatDate(session.startTime, timeZone)}, ${formatTime(session.startTime, timeZone)} – ` +
    `${formatTime(session.endTime, timeZone)} ${zoneAbbreviation(session.startTime, timeZone)}`
  )
}

/**
 * Who was in the session's video room, when, in one line: what the practitioner checks before
 * marking a client absent. Nothing for a session held at their own link.
 */
function attendanceLine(session: RecentSession, timeZone: string) {
  if (!session.attendance) return null
  const spans = (stays: AttendedStay[]) =>
    stays
      .map(
        (stay) => `${formatTime(stay.joinedAt, timeZone)} – ${stay.leftAt ? formatTime(stay.leftAt, timeZone) : 'now'}`,
      )
      .join(', ')
  const { client, practitioner } = session.attendance
  return [
    client.length
      ? `${session.clientName} in the room ${spans(client)}`
      : `${session.clientName} did not join the room`,
    practitioner.length ? `you ${spans(practitioner)}` : 'you did not join',
  ].join(' · ')
}

/**
 * "Add a note": the client's chart (made from their account the first time, as Open chart does)
 * with the new-note form open, in one click, without JavaScript too.
 */
function AddNoteForm({ session }: { session: RecentSession }) {
  return (
    <Form method="post" action={CHART_PATH}>
      <input type="hidden" name="intent" value={OPEN_CHART_INTENT} />
      <input type="hidden" name="bookingId" value={session.id} />
      <input type="hidden" name={OPEN_CHART_THEN} value={OPEN_CHART_NEW_NOTE} />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        aria-label={`Add a note: ${session.serviceName} with ${session.clientName}`}
      >
        Add a note
      </Button>
    </Form>
  )
}

/**
 * Sessions that ended in the last 48 hours, each with "Add a note" and "Client did not attend" while it may be
 * marked; the link opens the confirmation (`hrefFor(id)`, URL state, so it works without JS).
 */
export function RecentSessionsCard({
  sessions,
  timeZone,
  hrefFor,
}: {
  sessions: RecentSession[]
  timeZone: string
  hrefFor: (id: number) => string
}) {
  if (!sessions.length) return null
  return (
    <Card role="region" aria-labelledby="recent-sessions-title">
      <CardHeader>
        <CardTitle id="recent-sessions-title">Recent Sessions</CardTitle>
        <CardDescription>
          Sessions that ended in the last 48 hours: add a note to the client&apos;s chart while it is fresh. If a client
          did not attend, you can mark it here.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border">
          {sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="flex items-center gap-2 font-medium">
                  {session.serviceName}
                  {session.completed ? <Badge tone="secondary">Completed</Badge> : null}
                </p>
                <p className="text-sm text-muted-foreground">{`with ${session.clientName}`}</p>
                <p className="text-sm text-muted-foreground">
                  <time dateTime={session.startTime}>{when(session, timeZone)}</time>
                </p>
                {/* Ended in its room, perhaps before its booked end: when. */}
                {session.endedAt ? (
                  <p className="text-sm text-muted-foreground">
                    {ROOM_TEXT.endedAt(
                      `${formatTime(session.endedAt, timeZone)} ${zoneAbbreviation(session.endedAt, timeZone)}`,
                    )}
                  </p>
                ) : null}
                {session.attendance ? <p className="text-sm">{attendanceLine(session, timeZone)}</p> : null}
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {session.hasClient ? <AddNoteForm session={session} /> : null}
                {session.clientNoShowAt ? (
                  <Badge tone="warning">Client did not attend</Badge>
                ) : session.canMarkNoShow ? (
                  <ButtonLink
                    to={hrefFor(session.id)}
                    preventScrollReset
                    variant="outline"
                    size="sm"
                    aria-label={`Client did not attend: ${session.serviceName} with ${session.clientName}`}
                  >
                    Client did not attend
                  </ButtonLink>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}

/**
 * The confirmation before marking a client absent, open while the URL names the session. It
 * posts to `action` (the dashboard); the client is emailed and no refund is made.
 */
export function MarkNoShowDialog({
  session,
  timeZone,
  action,
  closeTo,
}: {
  session: RecentSession | null
  timeZone: string
  action: string
  closeTo: string
}) {
  const pending = useIsSubmitting(action)
  return (
    <UrlDialog
      open={Boolean(session)}
      closeTo={closeTo}
      title="Client did not attend"
      description={
        session ? (
          <>
            <p className="font-medium text-foreground">{`${session.serviceName} with ${session.clientName}, ${when(session, timeZone)}`}</p>
            <p className="mt-2">
              The session is marked as missed on your client&apos;s dashboard and they are emailed. Nothing is refunded,
              as the cancellation policy says, and no review can be written for it. This cannot be undone.
            </p>
          </>
        ) : null
      }
    >
      {session ? (
        <Form method="post" action={action} preventScrollReset>
          <input type="hidden" name="intent" value={CLIENT_NO_SHOW_INTENT} />
          <input type="hidden" name="bookingId" value={session.id} />
          <div data-dialog-actions className="flex justify-end gap-2">
            <Link to={closeTo} replace preventScrollReset className={buttonClass({ variant: 'outline' })}>
              Go Back
            </Link>
            <SubmitButton variant="destructive" pending={pending} pendingText="Marking...">
              Mark as Missed
            </SubmitButton>
          </div>
        </Form>
      ) : null}
    </UrlDialog>
  )
}
