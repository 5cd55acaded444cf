import { Form } from '@remix-run/react'
import { type TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { SubmitButton, useIsSubmitting } from '~/components/form-shell'
import { useFormats } from '~/components/i18n/use-formats'
import { Badge } from '~/components/ui/badge'
import { Button, buttonClass, ButtonLink } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Link } from '~/components/ui/link'
import { UrlDialog } from '~/components/ui/url-dialog'
import type { Formats } from '~/lib/i18n/formats'
import { translateMessage } from '~/lib/i18n/message'
import { CLIENT_NO_SHOW_INTENT } from '~/models/booking/no-show'
import type { AttendedStay, RecentSession } from '~/models/practice/dashboard.server'
import { CHART_PATH, OPEN_CHART_INTENT, OPEN_CHART_NEW_NOTE, OPEN_CHART_THEN } from '~/models/records/chart-links'
import { ROOM_TEXT } from '~/models/sessions/room'
import { shownClientName } from './client-name'

type PracticeT = TFunction<'practice'>

function when(session: RecentSession, timeZone: string, formats: Formats) {
  return (
    `${formats.date(session.startTime, timeZone)}, ${formats.time(session.startTime, timeZone)} – ` +
    `${formats.time(session.endTime, timeZone)} ${formats.zone(session.startTime, timeZone)}`
  )
}

const clientOf = (session: RecentSession, t: PracticeT) => shownClientName(t, session.clientName)

/**
 * Who was in the session's video room, when, in one line: what the practitioner checks before
 * marking a client absent. Nothing for a session held at their own link.
 */
function attendanceLine(session: RecentSession, timeZone: string, t: PracticeT, formats: Formats) {
  if (!session.attendance) return null
  const spans = (stays: AttendedStay[]) =>
    stays
      .map(
        (stay) =>
          `${formats.time(stay.joinedAt, timeZone)} – ${stay.leftAt ? formats.time(stay.leftAt, timeZone) : t('sessions.now')}`,
      )
      .join(', ')
  const { client, practitioner } = session.attendance
  const name = clientOf(session, t)
  return [
    client.length
      ? t('sessions.clientInRoom', { name, spans: spans(client) })
      : t('sessions.clientNotInRoom', { name }),
    practitioner.length ? t('sessions.youInRoom', { spans: spans(practitioner) }) : t('sessions.youNotInRoom'),
  ].join(' · ')
}

/**
 * "Add a note": the client's chart (made from their account the first time, as Open chart does)
 * with the new-note form open, in one click, without JavaScript too.
 */
function AddNoteForm({ session }: { session: RecentSession }) {
  const { t } = useTranslation('practice')
  return (
    <Form method="post" action={CHART_PATH}>
      <input type="hidden" name="intent" value={OPEN_CHART_INTENT} />
      <input type="hidden" name="bookingId" value={session.id} />
      <input type="hidden" name={OPEN_CHART_THEN} value={OPEN_CHART_NEW_NOTE} />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        aria-label={t('sessions.addNoteLabel', { service: session.serviceName, name: clientOf(session, t) })}
      >
        {t('sessions.addNote')}
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
  const { t } = useTranslation('practice')
  const formats = useFormats()
  if (!sessions.length) return null
  return (
    <Card role="region" aria-labelledby="recent-sessions-title">
      <CardHeader>
        <CardTitle id="recent-sessions-title">{t('sessions.recentTitle')}</CardTitle>
        <CardDescription>{t('sessions.recentDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border">
          {sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="flex items-center gap-2 font-medium">
                  {session.serviceName}
                  {session.completed ? <Badge tone="secondary">{t('sessions.completed')}</Badge> : null}
                </p>
                <p className="text-sm text-muted-foreground">
                  {t('sessions.withClient', { name: clientOf(session, t) })}
                </p>
                <p className="text-sm text-muted-foreground">
                  <time dateTime={session.startTime}>{when(session, timeZone, formats)}</time>
                </p>
                {/* Ended in its room, perhaps before its booked end: when. */}
                {session.endedAt ? (
                  <p className="text-sm text-muted-foreground">
                    {translateMessage(
                      t as unknown as TFunction,
                      ROOM_TEXT.endedAt(
                        `${formats.time(session.endedAt, timeZone)} ${formats.zone(session.endedAt, timeZone)}`,
                      ),
                    )}
                  </p>
                ) : null}
                {session.attendance ? <p className="text-sm">{attendanceLine(session, timeZone, t, formats)}</p> : null}
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {session.hasClient ? <AddNoteForm session={session} /> : null}
                {session.clientNoShowAt ? (
                  <Badge tone="warning">{t('sessions.noShow')}</Badge>
                ) : session.canMarkNoShow ? (
                  <ButtonLink
                    to={hrefFor(session.id)}
                    preventScrollReset
                    variant="outline"
                    size="sm"
                    aria-label={t('sessions.noShowLabel', { service: session.serviceName, name: clientOf(session, t) })}
                  >
                    {t('sessions.noShow')}
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
  const { t } = useTranslation('practice')
  const formats = useFormats()
  return (
    <UrlDialog
      open={Boolean(session)}
      closeTo={closeTo}
      title={t('sessions.noShow')}
      description={
        session ? (
          <>
            <p className="font-medium text-foreground">
              {t('sessions.noShowSession', {
                service: session.serviceName,
                name: clientOf(session, t),
                when: when(session, timeZone, formats),
              })}
            </p>
            <p className="mt-2">{t('sessions.noShowText')}</p>
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
              {t('sessions.goBack')}
            </Link>
            <SubmitButton variant="destructive" pending={pending} pendingText={t('sessions.marking')}>
              {t('sessions.markMissed')}
            </SubmitButton>
          </div>
        </Form>
      ) : null}
    </UrlDialog>
  )
}
