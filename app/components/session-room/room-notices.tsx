import { ButtonLink, buttonClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { whoEnded, type SessionRoomData } from '~/models/sessions/room'
import { useRoomText } from './use-room-text'

/**
 * What the page says when there is no call to have here: a cancelled or unpaid booking, a
 * session that has ended, one held at the practitioner's own meeting link, and the open room
 * without JavaScript. All of it is the server's HTML, the same with JavaScript and without.
 */

/** A practitioner's meeting link, opening beside the room's page (it is another site's). */
function MeetingLink({ href, label }: { href: string; label: string }) {
  return (
    <div className="flex flex-col items-start gap-1.5">
      <a href={href} target="_blank" rel="noreferrer" className={buttonClass()}>
        {label}
      </a>
      <span className="text-xs break-all text-muted-foreground">{href}</span>
    </div>
  )
}

/** The rooms that are not open, one message each (`early` has its countdown instead). */
export function ClosedRoomNotice({
  state,
  booking,
  me,
  other,
  ended,
  meetingLink,
}: Pick<SessionRoomData, 'booking' | 'me' | 'other' | 'ended' | 'meetingLink'> & {
  state: 'cancelled' | 'unpaid' | 'ended' | 'own-link'
}) {
  const { t, say } = useRoomText()
  return (
    <Card className="space-y-4 p-6">
      {state === 'own-link' ? (
        <>
          <p className="text-lg font-medium">{t(`ownLink.${me.role}`)}</p>
          {meetingLink ? <MeetingLink href={meetingLink} label={t('join')} /> : null}
        </>
      ) : state === 'ended' && ended ? (
        // Ended in its room: by whom, and when (perhaps before its booked end).
        <div className="space-y-1">
          <p className="text-lg font-medium">{say(whoEnded({ me, other }))}</p>
          <p className="text-muted-foreground">{t('endedAt', { time: ended.time })}</p>
        </div>
      ) : (
        <p className="text-lg font-medium">
          {state === 'cancelled' ? t('cancelled') : state === 'unpaid' ? t('unpaid') : t('ended')}
        </p>
      )}
      {/* Only the client pays; the practitioner waits for them to. */}
      {state === 'unpaid' && me.role === 'client' ? (
        <ButtonLink to={`/checkout?bookingId=${booking.id}`}>{t('completePayment')}</ButtonLink>
      ) : null}
    </Card>
  )
}

/**
 * The open room for a browser without JavaScript: the call cannot run, so the page says how to
 * turn it on, and offers the practitioner's own meeting link when they have one. Inside
 * `<noscript>`, so a browser running scripts never shows it, not even before hydration.
 */
export function NoScriptRoom({ me, meetingLink }: Pick<SessionRoomData, 'me' | 'meetingLink'>) {
  const { t } = useRoomText()
  return (
    <noscript>
      <Card className="space-y-4 p-6">
        <p className="text-lg font-medium">{t('needsJavaScript')}</p>
        {meetingLink ? (
          <>
            <p>{t(`meetingLinkInstead.${me.role}`)}</p>
            <MeetingLink href={meetingLink} label={t('openMeetingLink')} />
          </>
        ) : null}
      </Card>
    </noscript>
  )
}
