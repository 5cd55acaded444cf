import { Card } from '~/components/ui/card'
import { LockIcon } from '~/components/ui/icons'
import { Link } from '~/components/ui/link'
import { useHydrated } from '~/components/use-hydrated'
import type { SessionRoomData } from '~/models/sessions/room'
import { LiveRoom } from './live-room'
import { RoomCountdown } from './room-countdown'
import { BackIcon, ClockIcon } from './room-icons'
import { ClosedRoomNotice, NoScriptRoom } from './room-notices'
import { useServerClock, type ServerClock } from './server-clock'
import { useRoomText } from './use-room-text'

/**
 * `/sessions/:id`, a booking's video room (app/routes/sessions.$id.tsx renders it with its
 * loader's data). The frame is the server's HTML and reads the same without JavaScript: the
 * session, with whom and when, the way back, and where the room stands. Only the open room's
 * call needs JavaScript; without it the page says so and offers the practitioner's own link.
 * A page of its own, outside the areas' menus: a call wants the whole screen, and a phone's
 * most of all.
 */
export function SessionRoomPage(data: SessionRoomData) {
  const { booking, other, backTo } = data
  // Measured once per page, before the room opens: the countdown and the call's timer share it.
  const clock = useServerClock(data.now)
  const { t, say } = useRoomText()

  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 outline-none sm:px-6 sm:py-10"
    >
      <Link
        to={backTo.to}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline"
      >
        <BackIcon className="size-4" />
        {say(backTo.label)}
      </Link>
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
          {t('heading', { service: booking.serviceName, name: other.name })}
        </h1>
        <p className="flex items-center gap-2 text-muted-foreground">
          <ClockIcon className="size-4" />
          {booking.when}
        </p>
      </header>
      <RoomBody data={data} clock={clock} />
    </main>
  )
}

function RoomBody({ data, clock }: { data: SessionRoomData; clock: ServerClock }) {
  const hydrated = useHydrated()
  const { t } = useRoomText()
  switch (data.state) {
    case 'early':
      return (
        <>
          {/* Said before the room opens too: the person then has time to turn it on. */}
          <NoScriptRoom me={data.me} meetingLink={data.meetingLink} />
          <Card className="p-6">
            <RoomCountdown opensAt={data.opensAt} opensAtTime={data.opensAtTime} clock={clock} />
          </Card>
        </>
      )
    case 'open':
      return (
        <>
          <NoScriptRoom me={data.me} meetingLink={data.meetingLink} />
          {hydrated ? <LiveRoom data={data} clock={clock} /> : null}
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <LockIcon className="mt-0.5 size-4" />
            {t('mediaStaysPrivate')}
          </p>
        </>
      )
    default:
      return <ClosedRoomNotice {...data} state={data.state} />
  }
}
